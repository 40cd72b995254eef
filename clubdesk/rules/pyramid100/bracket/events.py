"""Events of a Пирамидка tournament (docs/rules/pyramid100.md «Турниры»): frozen value objects, strict JSON."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from clubdesk.rules.base import check_fields, expect_type
from clubdesk.rules.errors import InvalidEventError

METHODS = ("rating", "random")
MAX_SEED = 10 ** 12
MAX_ID = 64


@dataclass(frozen=True, slots=True)
class Enter:
    """A player entered before the draw, with his club rating then (None: not rated yet, PT§1)."""

    player: str
    rating: float | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """The draw (жеребьёвка): seeding by rating or at random, by a printed seed (PT§3)."""

    method: str
    seed: int


@dataclass(frozen=True, slots=True)
class StartGame:
    """A game of the bout is put on the table: `game` is the stored Пирамидка game's id (PT§5)."""

    bout: str
    game: str


@dataclass(frozen=True, slots=True)
class GameWon:
    """One game of a bout (a Пирамидка match) won by `winner`; `game` is the stored game's id, if any (PT§5)."""

    bout: str
    winner: str
    game: str = ""


@dataclass(frozen=True, slots=True)
class WalkOver:
    """The bout given to `winner` without (the rest of) its games: the other did not come (PT§6)."""

    bout: str
    winner: str


@dataclass(frozen=True, slots=True)
class Withdraw:
    """The player leaves the tournament: every bout of his not yet decided goes to his opponent (PT§7)."""

    player: str


@dataclass(frozen=True, slots=True)
class GameVoided:
    """A counted game of a bout taken back: its match is being corrected and will be counted again when it ends
    (PT§5). Nothing is deleted: the `game_won` it cancels stays in the log."""

    bout: str
    game: str


Event = Enter | Draw | StartGame | GameWon | WalkOver | Withdraw | GameVoided
_TYPES = {"enter": Enter, "draw": Draw, "game_started": StartGame, "game_won": GameWon, "walk_over": WalkOver,
          "withdraw": Withdraw, "game_voided": GameVoided}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def _id(value: Any, where: str) -> str:
    expect_type(value, str, where)
    if not value or len(value) > MAX_ID:
        raise InvalidEventError("bad_id", None, f"{where}: пустой или слишком длинный идентификатор",
                                f"{where}: an empty or too long id")
    return value


def parse_event(obj: Any) -> Event:
    """The event of a JSON object; anything malformed is an InvalidEventError naming the field."""
    check_fields(obj, "event", ("type",), ("player", "rating", "method", "seed", "bout", "winner", "game"))
    typ = obj["type"]
    if typ not in _TYPES:
        raise InvalidEventError("unknown_event", None, f"неизвестное событие турнира {typ!r}",
                                f"unknown tournament event {typ!r}")
    if typ == "enter":
        check_fields(obj, "enter", ("type", "player"), ("rating",))
        rating = obj.get("rating")
        if rating is not None:
            expect_type(rating, (int, float), "enter.rating")
            if not math.isfinite(rating) or not 0 <= rating <= 10_000:
                raise InvalidEventError("bad_value", None, f"enter.rating: недопустимое значение {rating!r}",
                                        f"enter.rating: invalid value {rating!r}")
            rating = float(rating)
        return Enter(_id(obj["player"], "enter.player"), rating)
    if typ == "draw":
        check_fields(obj, "draw", ("type", "method", "seed"))
        if obj["method"] not in METHODS:
            raise InvalidEventError("bad_value", None, f"draw.method: недопустимое значение {obj['method']!r}",
                                    f"draw.method: invalid value {obj['method']!r}")
        seed = expect_type(obj["seed"], int, "draw.seed")
        if not 0 <= seed < MAX_SEED:
            raise InvalidEventError("bad_value", None, f"draw.seed: недопустимое значение {seed!r}",
                                    f"draw.seed: invalid value {seed!r}")
        return Draw(obj["method"], seed)
    if typ == "game_started":
        check_fields(obj, "game_started", ("type", "bout", "game"))
        return StartGame(_id(obj["bout"], "game_started.bout"), _id(obj["game"], "game_started.game"))
    if typ == "game_won":
        check_fields(obj, "game_won", ("type", "bout", "winner"), ("game",))
        game = obj.get("game", "")
        if game:
            _id(game, "game_won.game")
        return GameWon(_id(obj["bout"], "game_won.bout"), _id(obj["winner"], "game_won.winner"), game)
    if typ == "game_voided":
        check_fields(obj, "game_voided", ("type", "bout", "game"))
        return GameVoided(_id(obj["bout"], "game_voided.bout"), _id(obj["game"], "game_voided.game"))
    if typ == "walk_over":
        check_fields(obj, "walk_over", ("type", "bout", "winner"))
        return WalkOver(_id(obj["bout"], "walk_over.bout"), _id(obj["winner"], "walk_over.winner"))
    check_fields(obj, "withdraw", ("type", "player"))
    return Withdraw(_id(obj["player"], "withdraw.player"))


def event_to_json(event: Event) -> dict:
    """The JSON object of an event (inverse of parse_event); optional fields left out at their default."""
    out: dict[str, Any] = {"type": _NAMES[type(event)]}
    for name in event.__slots__:
        value = getattr(event, name)
        if value is None or value == "":
            continue
        out[name] = value
    return out
