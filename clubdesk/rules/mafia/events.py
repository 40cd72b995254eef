"""Mafia events (replay.md, mafia): frozen value objects, strict JSON parsing and serialising."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clubdesk.rules.base import check_fields, expect_type
from clubdesk.rules.errors import InvalidEventError

SEATS = 10
ROLES = ("civilian", "sheriff", "mafia", "don")
TEAMS = ("red", "black")
BLACK_ROLES = frozenset(("mafia", "don"))


@dataclass(frozen=True, slots=True)
class Deal:
    """Night 0: the cards dealt; roles[i] is the role of seat i + 1 (M-1)."""
    roles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AgreementEnd:
    """The host ends the mafia's 60-second agreement; day 0 begins (M§1.6)."""


@dataclass(frozen=True, slots=True)
class SpeechEnd:
    """The current speaker's minute (or shootout half-minute) is over."""
    seat: int


@dataclass(frozen=True, slots=True)
class Nominate:
    """The speaker nominates a player and the host says «Принято» (M§4.1)."""
    by: int
    target: int


@dataclass(frozen=True, slots=True)
class Vote:
    """One round of voting; pairs (voter, candidate) in the recorded order; absent voters follow M§4.5."""
    votes: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class LiftVote:
    """The lift-all question after an unchanged shootout (M§4.7): how many players voted to lift."""
    votes_for: int


@dataclass(frozen=True, slots=True)
class LastWordEnd:
    """The leaving player's last word is over."""
    seat: int


@dataclass(frozen=True, slots=True)
class Night:
    """One night: black shots (shooter, target), the Don's and the Sheriff's check (M§5.2, M§5.6).

    `unanswered` names the checkers ("don", "sheriff") whose check was made but not answered (M§5.3–5.4, M-9).
    """
    shots: tuple[tuple[int, int], ...]
    don_check: int | None = None
    sheriff_check: int | None = None
    unanswered: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BestMove:
    """Лучший ход: the first-night victim names one to three seats he thinks are black (M-7)."""
    seat: int
    guesses: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Foul:
    """A warning or a sanction by clause number of the seed ("2.4"); the group decides the effect (M-6).

    `reason` is the host's optional free text beside the clause, for the protocol only.
    """
    seat: int
    clause: str
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the game of his own accord (M§4.10); treated as removed in every respect (M-12)."""
    seat: int


@dataclass(frozen=True, slots=True)
class Removal:
    """The host removes a player from the game under a group I/III clause or M§5.5."""
    seat: int
    clause: str


@dataclass(frozen=True, slots=True)
class AwardLoss:
    """The host awards a loss to a team under M§1.12."""
    team: str
    clause: str


@dataclass(frozen=True, slots=True)
class ExtraPoints:
    """Host's extra points with a written reason (M-7); points in tenths."""
    seat: int
    tenths: int
    reason: str


Event = (Deal | AgreementEnd | SpeechEnd | Nominate | Vote | LiftVote | LastWordEnd | Night | BestMove
         | Foul | Removal | AwardLoss | ExtraPoints | Leave)

CHECKERS = ("don", "sheriff")


def _bad(code: str, ru: str, en: str) -> InvalidEventError:
    return InvalidEventError(code, None, ru, en)


_SEAT_KEYS = {str(i): i for i in range(1, SEATS + 1)}


def _fields(obj: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """check_fields with a fast path for the exact key set (replay speed)."""
    if obj.keys() != set(required):
        check_fields(obj, where, required, optional)


def seat_of(value: Any, where: str) -> int:
    """A seat number 1…10 given as a JSON int."""
    if type(value) is int and 1 <= value <= SEATS:
        return value
    expect_type(value, int, where)
    if not 1 <= value <= SEATS:
        raise _bad("bad_seat", f"{where}: нет места {value} (места 1…{SEATS})",
                   f"{where}: no seat {value} (seats are 1…{SEATS})")
    return value


def seat_key(key: Any, where: str) -> int:
    """A seat number given as a JSON object key ("1"…"10")."""
    seat = _SEAT_KEYS.get(key) if isinstance(key, str) else None
    if seat is not None:
        return seat
    # ASCII digits only and short: "²".isdigit() is true but int() refuses it, and int() refuses 4 300+ digits
    if not isinstance(key, str) or len(key) > 3 or not key.isascii() or not key.isdigit() or str(int(key)) != key:
        raise _bad("bad_seat", f"{where}: ключ {key!r} не номер места", f"{where}: key {key!r} is not a seat number")
    return seat_of(int(key), where)


def _opt_seat(value: Any, where: str) -> int | None:
    return None if value is None else seat_of(value, where)


def _seat_map(obj: Any, where: str) -> tuple[tuple[int, int], ...]:
    expect_type(obj, dict, where)
    return tuple([(seat_key(k, where), seat_of(v, where)) for k, v in obj.items()])


def _clause(value: Any, where: str) -> str:
    expect_type(value, str, where)
    return value


def _parse_deal(obj: Any) -> Deal:
    check_fields(obj, "deal", ("type", "roles"))
    roles = expect_type(obj["roles"], dict, "deal.roles")
    seats = {seat_key(k, "deal.roles"): v for k, v in roles.items()}
    if sorted(seats) != list(range(1, SEATS + 1)):
        raise _bad("bad_deal", "deal.roles: нужны роли всех 10 мест", "deal.roles: all 10 seats need a role")
    for seat, role in seats.items():
        if role not in ROLES:
            raise _bad("bad_role", f"deal.roles: место {seat}: неизвестная роль {role!r}",
                       f"deal.roles: seat {seat}: unknown role {role!r}")
    return Deal(tuple(seats[s] for s in range(1, SEATS + 1)))


_NIGHT_KEYS = {"type", "shots", "don_check", "sheriff_check"}


def _parse_night(obj: Any) -> Night:
    if obj.keys() != _NIGHT_KEYS:
        check_fields(obj, "night", ("type", "shots"), ("don_check", "sheriff_check", "unanswered"))
    night = Night(_seat_map(obj["shots"], "night.shots"), _opt_seat(obj.get("don_check"), "night.don_check"),
                  _opt_seat(obj.get("sheriff_check"), "night.sheriff_check"))
    unanswered = obj.get("unanswered")
    if not unanswered:
        if unanswered is not None and unanswered != []:
            expect_type(unanswered, list, "night.unanswered")
        return night
    expect_type(unanswered, list, "night.unanswered")
    for who in unanswered:
        if who not in CHECKERS:
            raise _bad("bad_checker", f"night.unanswered: {who!r} не don и не sheriff",
                       f"night.unanswered: {who!r} is neither don nor sheriff")
    if len(set(unanswered)) != len(unanswered):
        raise _bad("bad_checker", "night.unanswered: проверка указана дважды", "night.unanswered: a check is listed twice")
    for who in unanswered:
        if obj.get(f"{who}_check") is None:
            raise _bad("unanswered_without_check", f"night.unanswered: {who} без {who}_check — нет проверки",
                       f"night.unanswered: {who} without {who}_check — no check was made")
    # Canonical order (Don first), so the event's JSON round-trips to an equal value.
    return Night(night.shots, night.don_check, night.sheriff_check, tuple(w for w in CHECKERS if w in unanswered))


def _parse_best_move(obj: Any) -> BestMove:
    check_fields(obj, "best_move", ("type", "seat", "guesses"))
    guesses = expect_type(obj["guesses"], list, "best_move.guesses")
    if not 1 <= len(guesses) <= 3:
        raise _bad("bad_guesses", "best_move.guesses: нужно от одного до трёх мест",
                   "best_move.guesses: one to three seats are needed")
    seats = tuple(seat_of(g, "best_move.guesses") for g in guesses)
    if len(set(seats)) != len(seats):
        raise _bad("bad_guesses", f"best_move.guesses: места повторяются {list(seats)}",
                   f"best_move.guesses: repeated seats {list(seats)}")
    return BestMove(seat_of(obj["seat"], "best_move.seat"), seats)


def _parse_extra(obj: Any) -> ExtraPoints:
    check_fields(obj, "extra_points", ("type", "seat", "points", "reason"))
    points = expect_type(obj["points"], (int, float), "extra_points.points")
    # bounded before any arithmetic: round(1e308 * 10) overflows and round(NaN) has no value (NaN fails the bounds)
    tenths = round(points * 10) if -1 <= points <= 1 else None
    if tenths is None or abs(points * 10 - tenths) > 1e-6:
        raise InvalidEventError("bad_points", "M-7", f"extra_points.points: {points} — нужны десятые доли в пределах "
                                "±1.0", f"extra_points.points: {points} — tenths within ±1.0 are required")
    reason = expect_type(obj["reason"], str, "extra_points.reason").strip()
    if not reason:
        raise _bad("missing_reason", "extra_points.reason: нужна причина", "extra_points.reason: a reason is required")
    return ExtraPoints(seat_of(obj["seat"], "extra_points.seat"), tenths, reason)


def _simple(cls, name: str, *fields: str):
    def parse(obj: Any):
        _fields(obj, name, keys)
        return cls(*[seat_of(obj[f], f"{name}.{f}") for f in fields])
    keys = ("type", *fields)
    return parse


def _parse_vote(obj: Any) -> Vote:
    _fields(obj, "vote", ("type", "votes"))
    return Vote(_seat_map(obj["votes"], "vote.votes"))


def _parse_lift(obj: Any) -> LiftVote:
    check_fields(obj, "lift_vote", ("type", "for"))
    n = expect_type(obj["for"], int, "lift_vote.for")
    if not 0 <= n <= SEATS:
        raise _bad("bad_count", f"lift_vote.for: {n} вне 0…10", f"lift_vote.for: {n} is outside 0…10")
    return LiftVote(n)


def _parse_foul(cls, name: str):
    def parse(obj: Any):
        check_fields(obj, name, ("type", "seat", "clause"))
        return cls(seat_of(obj["seat"], f"{name}.seat"), _clause(obj["clause"], f"{name}.clause"))
    return parse


def _parse_foul_with_reason(obj: Any) -> Foul:
    check_fields(obj, "foul", ("type", "seat", "clause"), ("reason",))
    reason = obj.get("reason")
    if reason is not None:
        reason = expect_type(reason, str, "foul.reason").strip() or None
    return Foul(seat_of(obj["seat"], "foul.seat"), _clause(obj["clause"], "foul.clause"), reason)


def _parse_award(obj: Any) -> AwardLoss:
    check_fields(obj, "award_loss", ("type", "team", "clause"))
    team = obj["team"]
    if team not in TEAMS:
        raise _bad("bad_team", f"award_loss.team: неизвестная команда {team!r}", f"award_loss.team: unknown team {team!r}")
    return AwardLoss(team, _clause(obj["clause"], "award_loss.clause"))


def _parse_agreement(obj: Any) -> AgreementEnd:
    check_fields(obj, "agreement_end", ("type",))
    return AgreementEnd()


def _parse_speech_end(obj: Any) -> SpeechEnd:
    seat = obj.get("seat")
    if len(obj) == 2 and type(seat) is int and 1 <= seat <= SEATS:   # the hot path of a replay
        return SpeechEnd(seat)
    return _simple(SpeechEnd, "speech_end", "seat")(obj)


_PARSERS = {
    "deal": _parse_deal,
    "agreement_end": _parse_agreement,
    "speech_end": _parse_speech_end,
    "nominate": _simple(Nominate, "nominate", "by", "target"),
    "vote": _parse_vote,
    "lift_vote": _parse_lift,
    "last_word_end": _simple(LastWordEnd, "last_word_end", "seat"),
    "night": _parse_night,
    "best_move": _parse_best_move,
    "foul": _parse_foul_with_reason,
    "removal": _parse_foul(Removal, "removal"),
    "award_loss": _parse_award,
    "extra_points": _parse_extra,
    "leave": _simple(Leave, "leave", "seat"),
}

EVENT_TYPES = tuple(_PARSERS)


def parse_event(obj: Any) -> Event:
    """Build an event from its JSON object; anything unknown or out of range is an InvalidEventError."""
    kind = obj.get("type") if isinstance(obj, dict) else None
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        check_fields(obj, "event", ("type",), ())  # not an object → not_an_object
        raise _bad("unknown_event", f"неизвестный тип события {kind!r}", f"unknown event type {kind!r}")
    return parser(obj)


def _seat_obj(pairs: tuple[tuple[int, int], ...]) -> dict[str, int]:
    return {str(k): v for k, v in pairs}


def event_to_json(event: Event) -> dict:
    """The JSON object of an event; parse_event(event_to_json(e)) == e."""
    match event:
        case Deal(roles):
            return {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(roles)}}
        case AgreementEnd():
            return {"type": "agreement_end"}
        case SpeechEnd(seat):
            return {"type": "speech_end", "seat": seat}
        case Nominate(by, target):
            return {"type": "nominate", "by": by, "target": target}
        case Vote(votes):
            return {"type": "vote", "votes": _seat_obj(votes)}
        case LiftVote(n):
            return {"type": "lift_vote", "for": n}
        case LastWordEnd(seat):
            return {"type": "last_word_end", "seat": seat}
        case Night(shots, don, sheriff, unanswered):
            night = {"type": "night", "shots": _seat_obj(shots), "don_check": don, "sheriff_check": sheriff}
            if unanswered:   # written only when used: a record without it reads as format 1 did
                night["unanswered"] = list(unanswered)
            return night
        case BestMove(seat, guesses):
            return {"type": "best_move", "seat": seat, "guesses": list(guesses)}
        case Foul(seat, clause, reason):
            foul = {"type": "foul", "seat": seat, "clause": clause}
            if reason is not None:
                foul["reason"] = reason
            return foul
        case Removal(seat, clause):
            return {"type": "removal", "seat": seat, "clause": clause}
        case AwardLoss(team, clause):
            return {"type": "award_loss", "team": team, "clause": clause}
        case ExtraPoints(seat, tenths, reason):
            return {"type": "extra_points", "seat": seat, "points": tenths / 10, "reason": reason}
        case Leave(seat):
            return {"type": "leave", "seat": seat}
    raise TypeError(f"not a mafia event: {event!r}")
