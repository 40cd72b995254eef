"""Game records (replay.md `clubdesk-game/1`): parse, replay through the engine, serialise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from clubdesk.rules.base import check_fields, expect_type
from clubdesk.rules.errors import InvalidEventError, RuleError
from clubdesk.rules.registry import GAMES, engine_module

FORMAT = "clubdesk-game/1"


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
