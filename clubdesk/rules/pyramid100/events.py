"""Пирамидка 100 events (replay.md `pyramid100`): frozen value objects and their strict JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clubdesk.rules.base import check_fields
from clubdesk.rules.errors import InvalidEventError

CUE = "cue"
CONTROL = 10
NUMBERED = frozenset(range(5, 16))  # P§1: white balls 5…15, №10 is the control ball
POCKETS = frozenset(range(1, 7))
TRICKS = ("carom3", "rocambole3")  # P§11
TRICK_RU = {"carom3": "трёхбортный карамболь на №10", "rocambole3": "трёхбортный рокамболь на №10"}
TRICK_EN = {"carom3": "three-cushion carom onto №10", "rocambole3": "three-cushion rocambole onto №10"}
FOULS = ("miss", "not_cue_ball", "touch", "rebound", "double_hit", "push")  # P§19

Ball = int | str


@dataclass(frozen=True, slots=True)
class Call:
    """One ordered ball (заказ): which ball into which pocket (P§4)."""

    ball: Ball
    pocket: int


@dataclass(frozen=True, slots=True)
class Pot:
    """A ball that fell into a pocket; `straight` = прямо-летящий (P§5)."""

    ball: Ball
    pocket: int
    straight: bool


@dataclass(frozen=True, slots=True)
class Shot:
    """The referee's facts about one shot; the engine decides what they mean (P-4).

    `centre_blocked` (optional in JSON, default false) says that when the balls stopped another ball
    covered the centre spot, so a displaced or potted №10 waits where it is (P§14).
    """

    player: str
    call: tuple[Call, ...] = ()
    potted: tuple[Pot, ...] = ()
    off_table: tuple[Ball, ...] = ()
    touched_control: bool = False
    trick: str | None = None
    foul: str | None = None
    centre_blocked: bool = False


# The frozen dataclass __init__ costs ~2 µs per shot (one object.__setattr__ per field); the replay
# fast path fills the slots through their descriptors instead (~0.9 µs) — same class, same equality.
_SET_SHOT = tuple(getattr(Shot, name).__set__ for name in Shot.__slots__)


def _make_shot(player, call, potted, off_table, touched, trick, foul, blocked) -> Shot:
    shot = object.__new__(Shot)
    s0, s1, s2, s3, s4, s5, s6, s7 = _SET_SHOT
    s0(shot, player)
    s1(shot, call)
    s2(shot, potted)
    s3(shot, off_table)
    s4(shot, touched)
    s5(shot, trick)
    s6(shot, foul)
    s7(shot, blocked)
    return shot


@dataclass(frozen=True, slots=True)
class Concede:
    """A player gives up the match; the opponent wins."""

    player: str


Event = Shot | Concede

_SHOT_OPTIONAL = ("call", "potted", "off_table", "touched_control", "trick", "foul", "centre_blocked")


def _bad(code: str, clause: str | None, ru: str, en: str) -> InvalidEventError:
    return InvalidEventError(code, clause, ru, en)


def _ball(value: Any, where: str) -> Ball:
    if value == CUE and isinstance(value, str):
        return CUE
    if type(value) is int and value in NUMBERED:
        return value
    raise _bad("bad_ball", "P§1", f"{where}: шара {value!r} нет в наборе (5…15 или \"cue\")",
               f"{where}: there is no ball {value!r} in the set (5…15 or \"cue\")")


def _pocket(value: Any, where: str) -> int:
    if type(value) is int and value in POCKETS:
        return value
    raise _bad("bad_pocket", None, f"{where}: лузы {value!r} нет (луза 1…6)",
               f"{where}: there is no pocket {value!r} (pockets are 1…6)")


def _flag(value: Any, where: str) -> bool:
    if value is True or value is False:
        return value
    raise _bad("bad_type", None, f"{where}: ожидалось true/false, а не {value!r}",
               f"{where}: true/false expected, not {value!r}")


def _list(value: Any, where: str) -> list:
    if type(value) is list:
        return value
    raise _bad("bad_type", None, f"{where}: ожидался список, а не {value!r}", f"{where}: a list expected, not {value!r}")


def _unique(balls: list, where: str) -> None:
    if len(set(balls)) != len(balls):
        listed = ", ".join(map(str, balls))
        raise _bad("ball_twice", None, f"{where}: один шар указан дважды: {listed}",
                   f"{where}: a ball is listed twice: {listed}")


_SHOT_KEYS = frozenset(("type", "player", *_SHOT_OPTIONAL))
_CALL_KEYS = frozenset(("ball", "pocket"))
_POT_KEYS = frozenset(("ball", "pocket", "straight"))
_ALL_BALLS = (*sorted(NUMBERED), CUE)
# Calls and pots are immutable values, so one shared object per (ball, pocket[, straight]) saves building them.
_CALLS = {(b, p): Call(b, p) for b in _ALL_BALLS for p in POCKETS}
_POTS = {(b, p, s): Pot(b, p, s) for b in _ALL_BALLS for p in POCKETS for s in (False, True)}
_BALL_OK = frozenset(_ALL_BALLS)
_NO_ITEMS: list = []  # default for an absent list field; never written to


def parse_event(obj: Any) -> Event:
    """Build an event from its replay.md JSON object, refusing anything malformed (InvalidEventError).

    The fast path accepts only a fully checked ordinary shot; anything else, including every error,
    goes through the plain validator, which has the last word (benchmarks: ≥100 000 events/s).
    """
    if type(obj) is dict and obj.get("type") == "shot" and obj.keys() <= _SHOT_KEYS:
        shot = _fast_shot(obj)
        if shot is not None:
            return shot
    return _parse(obj)


def _fast_shot(obj: dict) -> Shot | None:
    player = obj.get("player")
    if type(player) is not str:
        return None
    call = obj.get("call", _NO_ITEMS)
    potted = obj.get("potted", _NO_ITEMS)
    off = obj.get("off_table", _NO_ITEMS)
    if type(call) is not list or type(potted) is not list or type(off) is not list:
        return None
    calls = ()
    if call:
        if len(call) > 2:
            return None
        out = []
        for item in call:
            if type(item) is not dict or item.keys() != _CALL_KEYS:
                return None
            b, p = item["ball"], item["pocket"]
            if type(p) is not int or (type(b) is not int and type(b) is not str):
                return None
            c = _CALLS.get((b, p))
            if c is None:
                return None
            out.append(c)
        if len(out) == 2 and out[0].ball == out[1].ball:
            return None
        calls = tuple(out)
    pots = ()
    seen = []
    if potted:
        out = []
        for item in potted:
            if type(item) is not dict or item.keys() != _POT_KEYS:
                return None
            b, p, st = item["ball"], item["pocket"], item["straight"]
            if type(p) is not int or (type(b) is not int and type(b) is not str) or type(st) is not bool:
                return None
            pot = _POTS.get((b, p, st))
            if pot is None:
                return None
            out.append(pot)
            seen.append(b)
        pots = tuple(out)
    if off:
        for b in off:
            if (type(b) is not int and type(b) is not str) or b not in _BALL_OK:
                return None
        seen.extend(off)
        off = tuple(off)
    else:
        off = ()
    if len(seen) > 1 and len(set(seen)) != len(seen):
        return None
    touched = obj.get("touched_control", False)
    blocked = obj.get("centre_blocked", False)
    trick = obj.get("trick")
    foul = obj.get("foul")
    if (type(touched) is not bool or type(blocked) is not bool or (trick is not None and trick not in TRICKS)
            or (trick == "carom3" and not touched) or (foul is not None and foul not in FOULS)):
        return None
    return _make_shot(player, calls, pots, off, touched, trick, foul, blocked)


def _parse(obj: Any) -> Event:
    check_fields(obj, "event", ("type", "player"), _SHOT_OPTIONAL)
    kind = obj["type"]
    player = obj["player"]
    if type(player) is not str:
        raise _bad("bad_type", None, f"event.player: недопустимое значение {player!r}",
                   f"event.player: invalid value {player!r}")
    if kind == "concede":
        if len(obj) != 2:
            raise _bad("unknown_field", None, "сдача партии: лишние поля", "concede: unexpected fields")
        return Concede(player)
    if kind != "shot":
        raise _bad("unknown_event", None, f"неизвестный тип события {kind!r}", f"unknown event type {kind!r}")
    call = []
    for item in _list(obj.get("call", []), "call"):
        check_fields(item, "call[]", ("ball", "pocket"))
        call.append(Call(_ball(item["ball"], "call"), _pocket(item["pocket"], "call")))
    if len(call) > 2:
        raise _bad("too_many_calls", "P§6", f"заказано {len(call)} шаров, допускается не больше двух",
                   f"{len(call)} balls called, at most two (a double call) are allowed")
    _unique([c.ball for c in call], "call")
    potted = []
    for item in _list(obj.get("potted", []), "potted"):
        check_fields(item, "potted[]", ("ball", "pocket", "straight"))
        potted.append(Pot(_ball(item["ball"], "potted"), _pocket(item["pocket"], "potted"),
                          _flag(item["straight"], "potted.straight")))
    off = [_ball(b, "off_table") for b in _list(obj.get("off_table", []), "off_table")]
    _unique([p.ball for p in potted] + off, "potted/off_table")
    touched = _flag(obj.get("touched_control", False), "touched_control")
    trick = obj.get("trick")
    if trick is not None and trick not in TRICKS:
        raise _bad("bad_trick", "P§11", f"неизвестный приём {trick!r} (carom3, rocambole3)",
                   f"unknown trick {trick!r} (carom3, rocambole3)")
    if trick == "carom3" and not touched:
        raise _bad("carom_without_touch", "P§11", "карамболь по №10 без касания битком №10",
                   "a carom onto №10 reported without the cue ball touching №10")
    foul = obj.get("foul")
    if foul is not None and foul not in FOULS:
        raise _bad("bad_foul", "P§19", f"неизвестный вид штрафа {foul!r}", f"unknown foul {foul!r}")
    blocked = _flag(obj.get("centre_blocked", False), "centre_blocked")
    return Shot(player, tuple(call), tuple(potted), tuple(off), touched, trick, foul, blocked)


def event_to_json(event: Event) -> dict:
    """The replay.md JSON object of an event (inverse of parse_event)."""
    if isinstance(event, Concede):
        return {"type": "concede", "player": event.player}
    out = {"type": "shot", "player": event.player,
           "call": [{"ball": c.ball, "pocket": c.pocket} for c in event.call],
           "potted": [{"ball": p.ball, "pocket": p.pocket, "straight": p.straight} for p in event.potted],
           "off_table": list(event.off_table), "touched_control": event.touched_control,
           "trick": event.trick, "foul": event.foul}
    if event.centre_blocked:
        out["centre_blocked"] = True
    return out
