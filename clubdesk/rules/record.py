"""Game records (replay.md `clubdesk-game/1`): parse, replay through the engine, serialise."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from clubdesk.rules.base import check_fields, expect_type
from clubdesk.rules.errors import InvalidEventError, RuleError
from clubdesk.rules.registry import GAMES, engine_module

FORMAT = "clubdesk-game/1"
MAX_DIGITS = 100  # an integer of a record (money, rating, seat) never needs more; Python refuses > 4300 anyway


def _refuse(code: str, ru: str, en: str) -> InvalidEventError:
    return InvalidEventError(code, None, ru, en)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        dup = next(k for k, _v in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _refuse("duplicate_key", f"ключ {dup!r} повторяется в одном объекте",
                      f"the key {dup!r} appears twice in one object")
    return obj


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _refuse("bad_number", f"число из {len(text)} цифр", f"a number of {len(text)} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _refuse("bad_number", f"число {text!r} вне допустимого", f"the number {text!r} is out of range")
    return value


def _constant(name: str) -> Any:
    raise _refuse("bad_number", f"{name} — не число JSON", f"{name} is not a JSON number")


def _check_strings(obj: Any) -> None:
    """Every string of the record (keys too) is valid Unicode text: a lone surrogate cannot be printed or stored."""
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise _refuse("bad_text", "в тексте одиночный суррогат (\\ud800…\\udfff)",
                              "the text holds a lone surrogate (\\ud800…\\udfff)") from None
        elif isinstance(x, dict):
            stack.extend(x)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)


def parse_record_text(text: str) -> Any:
    """The JSON of a record, strictly: no NaN or Infinity, no duplicate keys, no integer over MAX_DIGITS digits, no
    lone surrogates, no nesting deeper than the parser's stack. InvalidEventError (code, no clause) otherwise."""
    try:
        obj = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int, parse_float=_float,
                         parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise _refuse("unreadable", f"это не JSON: {exc.msg}, строка {exc.lineno}, столбец {exc.colno}",
                      f"not JSON: {exc.msg}, line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise _refuse("too_deep", "вложенность глубже допустимой", "nested too deeply") from None
    _check_strings(obj)
    return obj


@dataclass
class ReplayError(Exception):
    """A record that stops replaying: `index` is the 0-based event, None for the header."""

    index: int | None
    error: RuleError

    def to_json(self, lang: str = "ru") -> dict:
        return self.error.to_json(self.index, lang)


def new_engine(record: Any) -> Any:
    """Validate the record header and build the engine with no events applied."""
    check_fields(record, "record", ("format", "game", "players", "events"), ("options",))
    if record["format"] != FORMAT:
        raise InvalidEventError("bad_format", None, f"неизвестный формат записи {record['format']!r}",
                                f"unknown record format {record['format']!r}")
    module = engine_module(record["game"]) if isinstance(record["game"], str) else None
    if module is None:
        known = ", ".join(GAMES)
        raise InvalidEventError("unknown_game", None, f"неизвестная игра {record['game']!r} (есть: {known})",
                                f"unknown game {record['game']!r} (known: {known})")
    expect_type(record["players"], list, "players")
    expect_type(record["events"], list, "events")
    options = expect_type(record.get("options", {}), dict, "options")
    return module.new_game(record["players"], options)


def replay(record: Any, on_event: Callable[[int, Any], None] | None = None) -> Any:
    """Apply every event of the record; `on_event(index, engine)` runs after each accepted one."""
    try:
        engine = new_engine(record)
    except RuleError as exc:
        raise ReplayError(None, exc) from exc
    module = engine_module(record["game"])
    for index, obj in enumerate(record["events"]):
        try:
            engine.apply(module.parse_event(obj))
        except RuleError as exc:
            raise ReplayError(index, exc) from exc
        if on_event is not None:
            on_event(index, engine)
    return engine


def to_record(game: str, players: list, options: dict, events: list) -> dict:
    """The portable record of a game from its header and event objects."""
    module = engine_module(game)
    return {"format": FORMAT, "game": game, "options": options, "players": players,
            "events": [module.event_to_json(e) for e in events]}
