"""The Mafia game engine: the phase machine of the «Маэстро» rules (M§1–5, M-1…M-8)."""

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
    PHASE_OF,
    ROLE_EN,
    ROLE_RU,
    STATUS_EN,
    STATUS_RU,
    STEP_CLAUSE,
    STEP_EN,
    STEP_EVENTS,
    STEP_RU,
    TIMERS,
    TYPE_NAME,
    illegal,
    seats_text,
)
from clubdesk.rules.mafia.scoring import SCORING, best_move_tenths, score_tenths, team_of

DEAL = {"don": 1, "mafia": 2, "sheriff": 1, "civilian": 6}
#: Rule variants of other clubs (M-14): option → allowed values, the first being the «Маэстро» default.
VARIANTS: dict[str, tuple[Any, ...]] = {
    "day0_vote": ("single_skips", "never"),
    "lift_two_at_four": (False, True),
    "muted_may_nominate": (False, True),
}
IN_GAME, KILLED, LIFTED, REMOVED = "in_game", "killed", "lifted", "removed"


class MafiaGame(ReplayEngine[Event]):
    """One 10-seat game. `apply(event)` validates then mutates; state is a function of the event log."""

    def __init__(self, players: list[str], options: dict[str, Any] | None = None) -> None:
        self.players = list(players)
        self.options = dict(options or {})
        self.scoring: str = self.options.get("scoring", "fiim")
        self.day0_vote: str = self.options.get("day0_vote", "single_skips")
        self.lift_two_at_four: bool = self.options.get("lift_two_at_four", False)
        self.muted_may_nominate: bool = self.options.get("muted_may_nominate", False)
        self._log = []
        self.roles: list[str] = []
        self.status = [IN_GAME] * SEATS
        self.fouls = [0] * SEATS
        self.mute_day: list[int | None] = [None] * SEATS
        self.step = "deal"
        self.day = 0
        self.opener = 1
        self.queue: list[int] = []
        self.pos = 0
        self.speaker: int | None = None
        self.nominees: list[int] = []
        self.nominated_by: set[int] = set()
        self.candidates: list[int] = []
        self.leaving: list[int] = []          # last-word queue
        self.morning = False                  # the last word is the night victim's
        self.vote_cancelled = False           # M§5.9: a removal cancels the next vote
        self.checks: dict[str, dict[int, bool]] = {"don": {}, "sheriff": {}}
        self.unanswered: list[tuple[int, str, int]] = []   # (night, checker, seat) made but not answered (M-9)
        self.foul_reasons: list[tuple[int, str, str]] = []  # (seat, clause, host's free text)
        self.first_killed: int | None = None
        self.best_move: dict[int, int] = {}
        self.best_guesses: dict[int, tuple[int, ...]] = {}
        self.extra = [0] * SEATS
        self.extra_log: list[tuple[int, int, str]] = []
        self.removals: list[tuple[int, str]] = []
        self.penalised: list[int] = []
        self.bans: list[tuple[int, str]] = []
        self.votes: list[dict[str, Any]] = []
        self.nights: list[dict[str, Any]] = []
        self.winner: str | None = None
        self.win_reason: str | None = None

    def _fresh(self) -> MafiaGame:
        return MafiaGame(self.players, self.options)

    # --- queries -------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return PHASE_OF[self.step]

    @property
    def in_game(self) -> list[int]:
        return [s for s in range(1, SEATS + 1) if self.status[s - 1] == IN_GAME]

    def team(self, seat: int) -> str:
        return team_of(self.roles[seat - 1])

    def muted_today(self) -> list[int]:
        """Seats that skip their speeches on the current day (M§5.7), or speak silently (M-14 muted_may_nominate)."""
        return [s for s in self.in_game if self.mute_day[s - 1] == self.day]

    def variants(self) -> dict[str, Any]:
        """The M-14 options that differ from the «Маэстро» default (the protocol prints them)."""
        return {k: self.options[k] for k, allowed in VARIANTS.items() if self.options.get(k, allowed[0]) != allowed[0]}

    def timer(self) -> int | None:
        """Seconds the UI clock runs for the current step (M§1.6, M§2.5, M§2.6, M§5.4); None when untimed."""
        return TIMERS.get(self.step)

    def legal_types(self) -> tuple[str, ...]:
        """Event types the host may record now (UI greys out the rest)."""
        if self.step == "last_word" and self._best_move_due():
            return (*STEP_EVENTS["last_word"], "best_move")
        return STEP_EVENTS[self.step]

    def nominable(self) -> list[int]:
        """Seats the current speaker may still nominate (M§4.2, M§4.3, M§2.16)."""
        if self.step != "speech" or self.speaker in self.nominated_by:
            return []
        return [s for s in self.in_game if s not in self.nominees]

    def _best_move_due(self) -> bool:
        return (self.morning and self.speaker == self.first_killed and self.speaker not in self.best_move)

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

    # --- day -----------------------------------------------------------------------------------
    def _start_day(self, day: int) -> None:
        """Day 0 opens at seat 1, each later day at the next seat in the game after the last opener (M-3)."""
        if day > 0:
            self.opener = self._next_in_game(self.opener)
        elif self.status[0] != IN_GAME:
            self.opener = self._next_in_game(1)
        self.day = day
        self.nominees = []
        self.nominated_by = set()
        start = self.opener
        self.queue = [(start - 1 + i) % SEATS + 1 for i in range(SEATS)]
        self.pos = -1
        self.step = "speech"
        self._advance_speech()

    def _next_in_game(self, seat: int) -> int:
        for i in range(1, SEATS + 1):
            s = (seat - 1 + i) % SEATS + 1
            if self.status[s - 1] == IN_GAME:
                return s
        return seat

    def _can_speak(self, seat: int) -> bool:
        if self.status[seat - 1] != IN_GAME:
            return False
        # M§5.7: a muted player's turn is skipped; M-14 muted_may_nominate: his day turn comes, silent.
        return self.mute_day[seat - 1] != self.day or (self.muted_may_nominate and self.step == "speech")

    def _advance_speech(self) -> None:
        queue, pos = self.queue, self.pos + 1
        while pos < len(queue) and not self._can_speak(queue[pos]):
            pos += 1
        self.pos = pos
        if pos < len(queue):
            self.speaker = queue[pos]
            return
        self.speaker = None
        if self.step == "speech":
            self._end_speeches()
        else:
            self.step = "revote"

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

    def _end_speeches(self) -> None:
        """No vote without nominees, after a removal (M§5.9, M-10), or on day 0 with one nominee (M§4.11) —
        or with any nominees under the M-14 variant `day0_vote: never`."""
        day0_skips = self.day == 0 and (len(self.nominees) == 1 or self.day0_vote == "never")
        if self.vote_cancelled or not self.nominees or day0_skips:
            self.vote_cancelled = False
            self._start_night()
            return
        self.candidates = list(self.nominees)
        self.step = "vote"

    # --- votes ---------------------------------------------------------------------------------
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

    def _start_shootout(self, tied: list[int]) -> None:
        """Tied players speak 30 s each in nomination order, then everybody re-votes among them (M§4.7)."""
        self.candidates = tied
        self.queue = list(tied)
        self.pos = -1
        self.step = "shootout_speech"
        self._advance_speech()

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

    def _lift(self, seats: list[int]) -> None:
        for s in seats:
            self.status[s - 1] = LIFTED
        if not self._check_win():
            self._start_last_words(seats, morning=False)

    # --- last words ----------------------------------------------------------------------------
    def _start_last_words(self, seats: list[int], morning: bool) -> None:
        self.leaving = list(seats)
        self.morning = morning
        self.step = "last_word"
        self.speaker = seats[0]

    def _last_word_end(self, ev: LastWordEnd) -> None:
        if ev.seat != self.speaker:
            raise illegal("not_speaker", "M§2.4", f"последнее слово у места {self.speaker}, а не {ev.seat}",
                          f"the last word is seat {self.speaker}'s, not seat {ev.seat}'s")
        self._next_last_word()

    def _next_last_word(self) -> None:
        self.leaving.pop(0)
        if self.leaving:
            self.speaker = self.leaving[0]
        elif self.morning:
            self._start_day(self.day)
        else:
            self._start_night()

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

    # --- night ---------------------------------------------------------------------------------
    def _start_night(self) -> None:
        self.day += 1
        self.step = "night"
        self.speaker = None
        self.candidates = []

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

    # --- outcome -------------------------------------------------------------------------------
    def _check_win(self) -> bool:
        """Red wins when no black is in the game; black when blacks are at least as many as reds (M-2)."""
        black = sum(1 for s in self.in_game if self.roles[s - 1] in BLACK_ROLES)
        red = len(self.in_game) - black
        if black == 0:
            return self._finish("red", "M-2")
        if black >= red:
            return self._finish("black", "M-2")
        return False

    def _finish(self, winner: str, reason: str) -> bool:
        self.winner = winner
        self.win_reason = reason
        self.step = "finished"
        self.speaker = None
        return True

    def _award_loss(self, ev: AwardLoss) -> None:
        if ev.clause != "1.12":
            raise illegal("bad_clause", "M§1.12", f"поражение присуждается только по п. 1.12, не {ev.clause}",
                          f"a loss is awarded only under 1.12, not {ev.clause}")
        self._finish("red" if ev.team == "black" else "black", "M§1.12")

    def _extra_points(self, ev: ExtraPoints) -> None:
        self.extra[ev.seat - 1] += ev.tenths
        self.extra_log.append((ev.seat, ev.tenths, ev.reason))

    def scores(self) -> list[int]:
        """Score of seats 1…10 in tenths (M-7)."""
        if not self.roles:
            return [0] * SEATS
        return score_tenths(self.scoring, self.roles, self.winner, self.best_move, self.extra, self.penalised)

    def state(self) -> dict[str, Any]:
        from clubdesk.rules.mafia.report import state_of
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
