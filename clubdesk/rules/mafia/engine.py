"""The Mafia game engine: validates each event of the «Маэстро» rules and moves the game state (M§1–5, M-1…M-8)."""

from __future__ import annotations

from typing import Any

from clubdesk.rules.base import ReplayEngine, expect_type
from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.mafia import discipline, voting
from clubdesk.rules.mafia.events import (
    BLACK_ROLES,
    SEATS,
    AgreementEnd,
    AwardLoss,
    BestMove,
    Deal,
    Event,
    ExtraPoints,
    Foul,
    LastWordEnd,
    Leave,
    LiftVote,
    Night,
    Nominate,
    Removal,
    SpeechEnd,
    Vote,
)
from clubdesk.rules.mafia.phases import (
    EVENT_EN,
    EVENT_RU,
    ROLE_EN,
    ROLE_RU,
    STATUS_EN,
    STATUS_RU,
    STEP_CLAUSE,
    STEP_EN,
    STEP_EVENTS,
    STEP_RU,
    TYPE_NAME,
    illegal,
    seats_text,
)
from clubdesk.rules.mafia.report import state_of
from clubdesk.rules.mafia.scoring import SCORING, best_move_tenths
from clubdesk.rules.mafia.state import DEAL, IN_GAME, KILLED, VARIANTS, GameState


class MafiaGame(GameState, ReplayEngine[Event]):
    """One 10-seat game. `apply(event)` validates then mutates; state is a function of the event log."""

    def __init__(self, players: list[str], options: dict[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self._log = []

    def _fresh(self) -> MafiaGame:
        return MafiaGame(self.players, self.options)

    # --- apply ---------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Validate the event against the current step and the rules, then change the state."""
        entry = _DISPATCH.get(type(event))
        if entry is None:
            raise InvalidEventError("unknown_event", None, f"не событие мафии: {event!r}",
                                    f"not a mafia event: {event!r}")
        handler, kind = entry
        if kind not in _ALLOWED[self.step]:
            self._refuse_out_of_order(kind)
        handler(self, event)
        self._log.append(event)

    def _refuse_out_of_order(self, kind: str) -> None:
        """Refuse an event the current step does not take, naming the step and the clause (phases.py)."""
        if kind == "night" and self.step == "agreement":
            raise illegal("no_checks_night_zero", "M§5.1", "в нулевую ночь нет выстрелов и проверок",
                          "night 0 has no shots and no checks")
        if kind == "vote" and self.step == "shootout_speech":
            raise illegal("shootout_speeches_pending", "M§4.7", f"перестрелка: ещё говорит место {self.speaker}",
                          f"shootout: seat {self.speaker} has not spoken yet")
        raise illegal("wrong_phase", STEP_CLAUSE.get(kind), f"{EVENT_RU[kind]} сейчас невозможно: {STEP_RU[self.step]}",
                      f"{EVENT_EN[kind]} is not possible now: {STEP_EN[self.step]}, day {self.day}")

    def _deal(self, ev: Deal) -> None:
        counts = {r: ev.roles.count(r) for r in DEAL}
        if counts != DEAL:
            ru = ", ".join(f"{ROLE_RU[r]} — {n}" for r, n in counts.items())
            en = ", ".join(f"{ROLE_EN[r]}: {n}" for r, n in counts.items())
            raise illegal("bad_deal", "M-1", f"в раздаче {ru}, а нужно 1 Дон, 2 мафии, 1 Шериф, 6 мирных",
                          f"the deal has {en}; it must be 1 Don, 2 Mafia, 1 Sheriff, 6 Civilians")
        self.roles = list(ev.roles)
        self.step = "agreement"

    def _agreement_end(self, ev: AgreementEnd) -> None:
        self._start_day(0)

    def _speech_end(self, ev: SpeechEnd) -> None:
        if ev.seat != self.speaker:
            raise illegal("not_speaker", "M§2.4", f"сейчас говорит место {self.speaker}, а не {ev.seat}",
                          f"seat {self.speaker} is speaking, not seat {ev.seat}")
        self._advance_speech()

    def _nominate(self, ev: Nominate) -> None:
        if ev.by != self.speaker:
            raise illegal("not_speaker", "M§4.1", f"выставляет только говорящий (место {self.speaker}), не {ev.by}",
                          f"only the speaker (seat {self.speaker}) nominates, not seat {ev.by}")
        if ev.by in self.nominated_by:
            raise illegal("one_nomination", "M§4.2", f"место {ev.by} уже выставило кандидатуру",
                          f"seat {ev.by} has already nominated")
        if self.status[ev.target - 1] != IN_GAME:
            status = self.status[ev.target - 1]
            raise illegal("target_not_in_game", "M§4.3", f"место {ev.target} не в игре ({STATUS_RU[status]})",
                          f"seat {ev.target} is not in the game ({STATUS_EN[status]})")
        if ev.target in self.nominees:
            raise illegal("already_nominated", "M§2.16", f"место {ev.target} уже выставлено",
                          f"seat {ev.target} is already nominated")
        self.nominated_by.add(ev.by)
        self.nominees.append(ev.target)

    def _vote(self, ev: Vote) -> None:
        cast: dict[int, int] = {}
        for voter, target in ev.votes:
            if self.status[voter - 1] != IN_GAME:
                raise illegal("voter_not_in_game", "M§4.4", f"место {voter} не в игре и не голосует",
                              f"seat {voter} is not in the game and cannot vote")
            if voter in cast:
                raise illegal("double_vote", "M§4.4", f"место {voter} голосует дважды", f"seat {voter} votes twice")
            if target not in self.candidates:
                raise illegal("not_a_candidate", "M§4.4",
                              f"место {target} не кандидат (кандидаты: {seats_text(self.candidates)})",
                              f"seat {target} is not a candidate (candidates: {seats_text(self.candidates)})")
            cast[voter] = target
        in_game = self.in_game
        counts = voting.tally(self.candidates, in_game, cast)
        top = voting.leaders(counts)
        self.votes.append({"day": self.day, "round": self.step, "counts": {str(k): v for k, v in counts.items()}})
        if len(top) == 1:
            self._lift(top)
        elif self.step == "vote":
            self._start_shootout(top)
        else:
            follow = voting.after_shootout(self.candidates, top, len(in_game), self.lift_two_at_four)
            if follow == "shootout":
                self._start_shootout(top)
            elif follow == "lift_vote":
                self.step = "lift_vote"
            else:
                self._start_night()

    def _lift_vote(self, ev: LiftVote) -> None:
        voters = len(self.in_game)
        if ev.votes_for > voters:
            raise illegal("too_many_votes", "M§4.7", f"за подъём {ev.votes_for}, а в игре {voters}",
                          f"{ev.votes_for} for lifting but {voters} players in the game")
        self.votes.append({"day": self.day, "round": "lift_vote", "for": ev.votes_for, "voters": voters})
        if voting.lift_passes(ev.votes_for, voters):
            self._lift(self.candidates)
        else:
            self._start_night()

    def _last_word_end(self, ev: LastWordEnd) -> None:
        if ev.seat != self.speaker:
            raise illegal("not_speaker", "M§2.4", f"последнее слово у места {self.speaker}, а не {ev.seat}",
                          f"the last word is seat {self.speaker}'s, not seat {ev.seat}'s")
        self._next_last_word()

    def _best_move(self, ev: BestMove) -> None:
        if not self._best_move_due() or ev.seat != self.speaker:
            raise illegal("no_best_move", "M-7", f"лучший ход только у убитого в первую ночь в его последнем слове "
                          f"(место {ev.seat})", f"best move belongs to the first-night victim during his last word "
                          f"(seat {ev.seat})")
        if ev.seat in ev.guesses:
            raise illegal("self_guess", "M-7", f"место {ev.seat} называет себя", f"seat {ev.seat} names himself")
        # Only a red victim scores; a black victim's guesses are kept for the protocol (M-7 says red).
        tenths = best_move_tenths(ev.guesses, self.roles) if self.team(ev.seat) == "red" else 0
        self.best_move[ev.seat] = tenths
        self.best_guesses[ev.seat] = ev.guesses

    def _night(self, ev: Night) -> None:
        black = [s for s in self.in_game if self.roles[s - 1] in BLACK_ROLES]
        shots = dict(ev.shots)
        if len(shots) != len(ev.shots):
            raise InvalidEventError("double_shot", None, "один игрок стреляет дважды", "a player shoots twice")
        for shooter, target in shots.items():
            if shooter not in black:
                raise illegal("not_a_shooter", "M§5.6", f"место {shooter} не чёрный игрок в игре",
                              f"seat {shooter} is not a black player in the game")
            if self.status[target - 1] != IN_GAME:
                raise illegal("target_not_in_game", "M§5.6", f"выстрел в место {target}, которое не в игре",
                              f"a shot at seat {target}, who is not in the game")
        don = self._check_answer("don", ev.don_check, "sheriff")
        sheriff = self._check_answer("sheriff", ev.sheriff_check, None)
        if ev.unanswered:   # M-9: made and left unanswered by the host (M§5.3–5.4)
            don = None if "don" in ev.unanswered else don
            sheriff = None if "sheriff" in ev.unanswered else sheriff
            for who in ev.unanswered:
                self.unanswered.append((self.day, who, ev.don_check if who == "don" else ev.sheriff_check))
        targets = set(shots.values())
        victim = targets.pop() if len(shots) == len(black) and len(targets) == 1 else None   # M§5.6
        self.nights.append({"night": self.day, "shots": {str(k): v for k, v in shots.items()}, "killed": victim})
        if don is not None:
            self.checks["don"][ev.don_check] = don
        if sheriff is not None:
            self.checks["sheriff"][ev.sheriff_check] = sheriff
        if victim is None:
            self._start_day(self.day)
            return
        self.status[victim - 1] = KILLED
        if self.day == 1:
            self.first_killed = victim
        if not self._check_win():
            self._start_last_words([victim], morning=True)

    def _check_answer(self, who: str, target: int | None, wanted: str | None) -> bool | None:
        """The host's answer to a check (M§5.2): Don asks «Шериф?», the Sheriff asks «чёрный?».

        Any seat may be checked (M-9), also a player who has already left and the checker's own: a refusal of his
        own seat would tell whoever sees it which seat he holds. The refusal of a checker out of the game names no
        seat for the same reason (hosts' `night_event` never sends such a check).
        """
        if target is None:
            return None
        role = "don" if who == "don" else "sheriff"
        seat = self.roles.index(role) + 1
        if self.status[seat - 1] != IN_GAME:
            raise illegal("checker_not_in_game", "M§5.2", f"{ROLE_RU[role]} не в игре и не проверяет",
                          f"the {ROLE_EN[role]} is not in the game and cannot check")
        r = self.roles[target - 1]
        return r == wanted if wanted else r in BLACK_ROLES

    def _award_loss(self, ev: AwardLoss) -> None:
        if ev.clause != "1.12":
            raise illegal("bad_clause", "M§1.12", f"поражение присуждается только по п. 1.12, не {ev.clause}",
                          f"a loss is awarded only under 1.12, not {ev.clause}")
        self._finish("red" if ev.team == "black" else "black", "M§1.12")

    def _extra_points(self, ev: ExtraPoints) -> None:
        self.extra[ev.seat - 1] += ev.tenths
        self.extra_log.append((ev.seat, ev.tenths, ev.reason))

    def state(self) -> dict[str, Any]:
        return state_of(self)


_HANDLERS: dict[type, Any] = {
    Deal: MafiaGame._deal, AgreementEnd: MafiaGame._agreement_end, SpeechEnd: MafiaGame._speech_end,
    Nominate: MafiaGame._nominate, Vote: MafiaGame._vote, LiftVote: MafiaGame._lift_vote,
    LastWordEnd: MafiaGame._last_word_end, Night: MafiaGame._night, BestMove: MafiaGame._best_move,
    Foul: discipline.foul, Removal: discipline.removal, AwardLoss: MafiaGame._award_loss,
    ExtraPoints: MafiaGame._extra_points, Leave: discipline.leave,
}


def new_game(players: list, options: dict) -> MafiaGame:
    """A game before the deal; players are 10 distinct ids, seat 1 first; options `scoring` (M-7) and the rule
    variants of M-14 (`day0_vote`, `lift_two_at_four`, `muted_may_nominate`)."""
    expect_type(players, list, "players")
    if len(players) != SEATS or len(set(map(repr, players))) != SEATS:
        raise InvalidEventError("bad_players", "M-1", f"нужно 10 разных игроков, дано {len(players)}",
                                f"10 distinct players are needed, got {len(players)}")
    for p in players:
        expect_type(p, str, "players[]")
    unknown = sorted(set(options) - {"scoring", *VARIANTS})
    if unknown:
        raise InvalidEventError("unknown_option", None, f"неизвестные опции: {unknown}", f"unknown options: {unknown}")
    if options.get("scoring", "fiim") not in SCORING:
        raise InvalidEventError("bad_option", "M-7", f"scoring: {options['scoring']!r} не из {SCORING}",
                                f"scoring: {options['scoring']!r} is not one of {SCORING}")
    for name, allowed in VARIANTS.items():
        value = options.get(name, allowed[0])
        if not any(value is a if isinstance(a, bool) else value == a for a in allowed):
            raise InvalidEventError("bad_option", "M-14", f"{name}: {value!r} не из {list(allowed)}",
                                    f"{name}: {value!r} is not one of {list(allowed)}")
    return MafiaGame(players, options)


__all__ = ["MafiaGame", "new_game", "IllegalEventError"]

_DISPATCH = {cls: (handler, TYPE_NAME[cls]) for cls, handler in _HANDLERS.items()}
# best_move is checked by its handler (only the first-night victim's last word, M-7).
_ALLOWED = {step: frozenset(kinds) | ({"best_move"} if step == "last_word" else frozenset())
            for step, kinds in STEP_EVENTS.items()}
