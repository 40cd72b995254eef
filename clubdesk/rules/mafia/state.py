"""The state of a Mafia game and its clock: who is in, who speaks, when the day, a vote, a night end (M§2–5, M-2, M-3).

The engine (engine.py) validates each event and moves this state; the discipline (discipline.py) and the report
(report.py) act on it and read it, so the state stands apart from the engine that calls them.
"""

from __future__ import annotations

from typing import Any

from clubdesk.rules.mafia.events import BLACK_ROLES, SEATS
from clubdesk.rules.mafia.phases import PHASE_OF, STEP_EVENTS, TIMERS
from clubdesk.rules.mafia.scoring import score_tenths, team_of

DEAL = {"don": 1, "mafia": 2, "sheriff": 1, "civilian": 6}
#: Rule variants of other clubs (M-14): option → allowed values, the first being the «Маэстро» default.
VARIANTS: dict[str, tuple[Any, ...]] = {
    "day0_vote": ("single_skips", "never"),
    "lift_two_at_four": (False, True),
    "muted_may_nominate": (False, True),
}
IN_GAME, KILLED, LIFTED, REMOVED = "in_game", "killed", "lifted", "removed"


class GameState:
    """One 10-seat game's state; it changes only through the engine's `apply` (engine.MafiaGame)."""

    def __init__(self, players: list[str], options: dict[str, Any] | None = None) -> None:
        self.players = list(players)
        self.options = dict(options or {})
        self.scoring: str = self.options.get("scoring", "fiim")
        self.day0_vote: str = self.options.get("day0_vote", "single_skips")
        self.lift_two_at_four: bool = self.options.get("lift_two_at_four", False)
        self.muted_may_nominate: bool = self.options.get("muted_may_nominate", False)
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

    def scores(self) -> list[int]:
        """Score of seats 1…10 in tenths (M-7)."""
        if not self.roles:
            return [0] * SEATS
        return score_tenths(self.scoring, self.roles, self.winner, self.best_move, self.extra, self.penalised)

    # --- the clock: what follows a speech, a vote, a last word, a night ---------------------------
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

    def _start_shootout(self, tied: list[int]) -> None:
        """Tied players speak 30 s each in nomination order, then everybody re-votes among them (M§4.7)."""
        self.candidates = tied
        self.queue = list(tied)
        self.pos = -1
        self.step = "shootout_speech"
        self._advance_speech()

    def _lift(self, seats: list[int]) -> None:
        for s in seats:
            self.status[s - 1] = LIFTED
        if not self._check_win():
            self._start_last_words(seats, morning=False)

    def _start_last_words(self, seats: list[int], morning: bool) -> None:
        self.leaving = list(seats)
        self.morning = morning
        self.step = "last_word"
        self.speaker = seats[0]

    def _next_last_word(self) -> None:
        self.leaving.pop(0)
        if self.leaving:
            self.speaker = self.leaving[0]
        elif self.morning:
            self._start_day(self.day)
        else:
            self._start_night()

    def _start_night(self) -> None:
        self.day += 1
        self.step = "night"
        self.speaker = None
        self.candidates = []

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
