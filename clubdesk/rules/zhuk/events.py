"""Жук events and the table header: frozen values, strict JSON parsing (replay.md, zhuk)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clubdesk.rules.errors import InvalidEventError

BALLS = ("std", "zhuk", "main")
CUES = ("main", "zhuk")
# Pyramid fouls the referee may report (replay.md); the Жук-specific faults are judged by the engine.
FOULS = ("miss", "rebound", "off_table", "touch", "double_hit", "push")
SETTLEMENTS = ("previous", "all")
START_BALANCE = 10_000
START_RATING = 1000


@dataclass(frozen=True, slots=True)
class Pot:
    """One ball that fell: `legal` = called or a clean cut (Z§3)."""

    ball: str
    legal: bool


@dataclass(frozen=True, slots=True)
class Shot:
    """One shot as the referee saw it; the engine decides what it is worth (Z§3–5, Z-2…Z-9)."""

    player: str
    cue: str = "main"
    potted: tuple[Pot, ...] = ()
    fouls: tuple[str, ...] = ()
    zhuk_attempt: bool = False
    rebound: bool = False
    removed: str | None = None
    zhuk_off_main: bool = False        # with Жук as cue, Жук fell off the main cue ball (Z§4.2, Z-12)
    left_table: tuple[str, ...] = ()   # balls that left the table with an `off_table` foul (re-spot, from hand)


@dataclass(frozen=True, slots=True)
class Rerack:
    """The player to move calls a new rack with only Жук and the main cue left (Z§7, Z-7)."""

    player: str


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """The round's clock ran out; the table session is closed (Z-10)."""


Event = Shot | Rerack | RoundEnd


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table: id, balance in B before the round, rating fixed at the round start (Z-6)."""

    id: str
    balance: int = START_BALANCE
    rating10: int = START_RATING * 10


def _bad(code: str, ru: str, en: str) -> InvalidEventError:
    return InvalidEventError(code, None, ru, en)


def _obj(obj: Any, where: str, required: frozenset, allowed: frozenset) -> dict:
    # Hand-rolled instead of base.check_fields: parse_event sits on the replay hot path.
    if type(obj) is not dict:
        raise _bad("not_an_object", f"{where}: ожидался объект JSON", f"{where}: a JSON object was expected")
    keys = obj.keys()
    if not keys <= allowed:
        names = ", ".join(sorted(map(str, keys - allowed)))
        raise _bad("unknown_field", f"{where}: неизвестные поля: {names}", f"{where}: unknown fields: {names}")
    if not required <= keys:
        names = ", ".join(sorted(required - keys))
        raise _bad("missing_field", f"{where}: нет обязательных полей: {names}", f"{where}: missing fields: {names}")
    return obj


def _value(value: Any, where: str, choices: tuple) -> Any:
    if type(value) is not str or value not in choices:
        raise _bad("bad_value", f"{where}: недопустимое значение {value!r} (допустимо: {', '.join(choices)})",
                   f"{where}: invalid value {value!r} (allowed: {', '.join(choices)})")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise _bad("bad_type", f"{where}: ожидалось true/false, получено {value!r}",
                   f"{where}: true/false expected, got {value!r}")
    return value


def _player(value: Any, where: str) -> str:
    if type(value) is not str or not value:
        raise _bad("bad_type", f"{where}: ожидался id игрока, получено {value!r}",
                   f"{where}: a player id was expected, got {value!r}")
    return value


_SHOT_REQ = frozenset(("type", "player"))
_SHOT_ALL = frozenset(("type", "player", "cue", "potted", "fouls", "zhuk_attempt", "rebound", "removed",
                      "zhuk_off_main", "left_table"))
_POT = frozenset(("ball", "legal"))
_RERACK = frozenset(("type", "player"))
_END = frozenset(("type",))
_POT_CACHE = {(b, leg): Pot(b, leg) for b in BALLS for leg in (False, True)}


def parse_event(obj: Any) -> Event:
    """The event for one JSON object of a record; InvalidEventError for anything malformed."""
    if type(obj) is not dict:
        raise _bad("not_an_object", "событие: ожидался объект JSON", "event: a JSON object was expected")
    kind = obj.get("type")
    if kind == "shot":
        _obj(obj, "shot", _SHOT_REQ, _SHOT_ALL)
        potted = obj.get("potted", ())
        if type(potted) is not list and potted != ():
            raise _bad("bad_type", "shot.potted: ожидался список", "shot.potted: a list was expected")
        pots = []
        for i, p in enumerate(potted):
            pot = None
            # Fast path for a well-formed pot; anything else falls through to the checks that name the field.
            if type(p) is dict and len(p) == 2 and type(p.get("legal")) is bool and type(p.get("ball")) is str:
                pot = _POT_CACHE.get((p.get("ball"), p["legal"]))
            if pot is None:
                where = f"shot.potted[{i}]"
                _obj(p, where, _POT, _POT)
                pot = _POT_CACHE[(_value(p["ball"], where + ".ball", BALLS), _bool(p["legal"], where + ".legal"))]
            pots.append(pot)
        fouls = obj.get("fouls", ())
        if fouls:
            if type(fouls) is not list:
                raise _bad("bad_type", "shot.fouls: ожидался список", "shot.fouls: a list was expected")
            for f in fouls:
                _value(f, "shot.fouls", FOULS)
            if len(set(fouls)) != len(fouls):
                raise _bad("duplicate_foul", "shot.fouls: нарушение указано дважды",
                           "shot.fouls: a foul is listed twice")
        elif fouls != () and fouls != []:
            raise _bad("bad_type", "shot.fouls: ожидался список", "shot.fouls: a list was expected")
        removed = obj.get("removed")
        if removed is not None:
            _value(removed, "shot.removed", ("std",))
        player = obj["player"]
        if type(player) is not str or not player:
            _player(player, "shot.player")
        cue = obj.get("cue", "main")
        if cue != "main" and cue != "zhuk":
            _value(cue, "shot.cue", CUES)
        attempt = obj.get("zhuk_attempt", False)
        if attempt is not True and attempt is not False:
            _bool(attempt, "shot.zhuk_attempt")
        rebound = obj.get("rebound", False)
        if rebound is not True and rebound is not False:
            _bool(rebound, "shot.rebound")
        shot = Shot(player, cue, tuple(pots), tuple(fouls) if fouls else (), attempt, rebound, removed)
        if len(obj) > 8 or "zhuk_off_main" in obj or "left_table" in obj:   # format additions (rare: off the hot path)
            shot = _with_additions(obj, shot)
        return shot
    if kind == "rerack":
        _obj(obj, "rerack", _RERACK, _RERACK)
        return Rerack(_player(obj["player"], "rerack.player"))
    if kind == "round_end":
        _obj(obj, "round_end", _END, _END)
        return RoundEnd()
    raise _bad("unknown_event", f"неизвестный тип события {kind!r} (есть: shot, rerack, round_end)",
               f"unknown event type {kind!r} (known: shot, rerack, round_end)")


def _with_additions(obj: dict, shot: Shot) -> Shot:
    """`zhuk_off_main` and `left_table` (replay.md, additions to format 1), checked against the rest of the shot."""
    off_main = obj.get("zhuk_off_main", False)
    if off_main is not True and off_main is not False:
        _bool(off_main, "shot.zhuk_off_main")
    if off_main and (shot.cue != "zhuk" or not any(p.ball == "zhuk" for p in shot.potted)):
        raise _bad("off_main_without_zhuk_cue", "shot.zhuk_off_main: нужен удар Жуком-битком и упавший Жук",
                   "shot.zhuk_off_main: needs Zhuk as the cue and Zhuk among the potted balls")
    left = obj.get("left_table", [])
    if type(left) is not list:
        raise _bad("bad_type", "shot.left_table: ожидался список", "shot.left_table: a list was expected")
    for ball in left:
        _value(ball, "shot.left_table", BALLS)
    if left and "off_table" not in shot.fouls:
        raise _bad("left_table_without_foul", "shot.left_table: шары покидают стол только с нарушением off_table",
                   "shot.left_table: balls leave the table only with an off_table foul")
    if left.count("zhuk") > 1 or left.count("main") > 1:
        raise _bad("duplicate_ball", "shot.left_table: Жук или биток указан дважды",
                   "shot.left_table: Zhuk or the main cue is listed twice")
    for pot in shot.potted:
        if pot.ball != "std" and pot.ball in left:
            raise _bad("duplicate_ball", f"shot.left_table: {pot.ball} и упал в лузу, и вылетел со стола",
                       f"shot.left_table: {pot.ball} both fell in a pocket and left the table")
    return Shot(shot.player, shot.cue, shot.potted, shot.fouls, shot.zhuk_attempt, shot.rebound, shot.removed,
                off_main, tuple(sorted(left, key=BALLS.index)))


def event_to_json(event: Event) -> dict:
    """The JSON object of an event (inverse of parse_event, every field of format 1 written out; the additions
    only when used, so a record without them reads as before)."""
    if isinstance(event, Shot):
        obj = {"type": "shot", "player": event.player, "cue": event.cue,
               "potted": [{"ball": p.ball, "legal": p.legal} for p in event.potted],
               "fouls": list(event.fouls), "zhuk_attempt": event.zhuk_attempt,
               "rebound": event.rebound, "removed": event.removed}
        if event.zhuk_off_main:
            obj["zhuk_off_main"] = True
        if event.left_table:
            obj["left_table"] = list(event.left_table)
        return obj
    if isinstance(event, Rerack):
        return {"type": "rerack", "player": event.player}
    if isinstance(event, RoundEnd):
        return {"type": "round_end"}
    raise TypeError(f"not a zhuk event: {event!r}")


RATING_BOUND = 1_000_000
NOMINAL_BOUND = 1_000_000  # B; the club's tournament nominals are 100…1000 (Z-10)
BALANCE_BOUND = 10**12  # B; a bankroll is 10 000 (Z-10): a whole season of rounds stays far below


def rating_to10(value: Any, where: str) -> int:
    """A rating given as a JSON number in 0.5 steps (Z§8) as an integer ×10."""
    # bounded first: 1e308 * 2 is infinite, and no club rating comes near a million
    if type(value) not in (int, float) or not -RATING_BOUND <= value <= RATING_BOUND or value * 2 != int(value * 2):
        raise _bad("bad_rating", f"{where}: рейтинг {value!r} должен быть числом с шагом 0.5",
                   f"{where}: rating {value!r} must be a number in 0.5 steps")
    return int(round(value * 10))


def from10(value10: int) -> int | float:
    """An integer ×10 as the JSON number a person reads: 45 → 4.5, 50 → 5."""
    return value10 // 10 if value10 % 10 == 0 else value10 / 10


_SEAT = frozenset(("id", "balance", "rating"))
_SEAT_REQ = frozenset(("id",))
_OPTIONS = frozenset(("nominal", "settlement", "bank"))


def parse_header(players: Any, options: Any) -> tuple[tuple[Seat, ...], int, str, int]:
    """Seats in turn order, the round nominal, the settlement option (Z§1, Z-1, Z-2) and the bank the round opens
    with: what the same table's bank held when the stage's previous round ended (Z-15; 0 for a stage's first)."""
    if type(players) is not list or not 3 <= len(players) <= 4:
        raise _bad("bad_table_size", "за столом Жука 3 или 4 игрока (Z§1)", "a Zhuk table seats 3 or 4 players (Z§1)")
    seats = []
    for i, p in enumerate(players):
        where = f"players[{i}]"
        _obj(p, where, _SEAT_REQ, _SEAT)
        balance = p.get("balance", START_BALANCE)
        if type(balance) is not int or not -BALANCE_BOUND <= balance <= BALANCE_BOUND:
            raise _bad("bad_type", f"{where}.balance: ожидалось целое число B в пределах ±{BALANCE_BOUND}",
                       f"{where}.balance: whole B within ±{BALANCE_BOUND} expected")
        seats.append(Seat(_player(p["id"], where + ".id"), balance,
                          rating_to10(p.get("rating", START_RATING), where + ".rating")))
    if len({s.id for s in seats}) != len(seats):
        raise _bad("duplicate_player", "игрок указан за столом дважды", "a player is seated twice")
    if type(options) is not dict:
        raise _bad("not_an_object", "options: ожидался объект JSON", "options: a JSON object was expected")
    _obj(options, "options", frozenset(), _OPTIONS)
    nominal = options.get("nominal", 100)
    # bounded like a rating: a 100-digit nominal made every price of the protocol too wide for its page
    if type(nominal) is not int or not 0 < nominal <= NOMINAL_BOUND:
        raise _bad("bad_nominal", f"options.nominal: номинал {nominal!r} должен быть целым от 1 до {NOMINAL_BOUND}",
                   f"options.nominal: nominal {nominal!r} must be a whole number from 1 to {NOMINAL_BOUND}")
    settlement = _value(options.get("settlement", "previous"), "options.settlement", SETTLEMENTS)
    bank = options.get("bank", 0)
    if type(bank) is not int or not 0 <= bank <= BALANCE_BOUND:   # Z-15: carried, so bounded as a balance
        raise _bad("bad_bank", f"options.bank: банк {bank!r} должен быть целым от 0 до {BALANCE_BOUND} B",
                   f"options.bank: bank {bank!r} must be a whole number from 0 to {BALANCE_BOUND} B")
    return tuple(seats), nominal, settlement, bank
