"""The Пирамидка 100 match: validates each event, then applies it (P§1–20, P-1…P-4)."""

from __future__ import annotations

from typing import Any

from clubdesk.rules.base import ReplayEngine
from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.pyramid100.events import CONTROL, CUE, NUMBERED, TRICK_EN, TRICK_RU, Concede, Event, Shot
from clubdesk.rules.pyramid100.shot import ASIDE, CENTRE, OFF_SPOT, Outcome, resolve

TOTAL = 110  # P-1: ten pyramid balls (100) plus №10
_RESERVED = frozenset(("centre", "table", CENTRE, OFF_SPOT, ASIDE))  # `control_ball` names a place or a player
_LAST_KEYS = ("player", "successful", "reason", "foul", "counted", "cue_counted", "bonus", "repaid", "penalty")

class Match(ReplayEngine[Event]):
    """A two-player match of Пирамидка 100; `players[0]` breaks (P§2)."""

    def __init__(self, players: list[str], options: dict | None = None) -> None:
        if (type(players) is not list or len(players) != 2 or not all(type(p) is str and p for p in players)
                or players[0] == players[1] or set(players) & _RESERVED):
            raise InvalidEventError("bad_players", "P§1", "нужны два разных игрока (строки-идентификаторы, "
                                    "не centre/table/off_spot/aside)", "two different players (string ids, "
                                    "not centre/table/off_spot/aside) are required")
        if options:
            names = ", ".join(map(str, options))
            raise InvalidEventError("unknown_option", None, f"у пирамидки 100 нет настроек: {names}",
                                    f"pyramid100 has no options: {names}")
        self.players: tuple[str, str] = (players[0], players[1])
        self._other = {players[0]: players[1], players[1]: players[0]}
        self.shelves: dict[str, list[int]] = {p: [] for p in players}
        self.scores: dict[str, int] = {p: 0 for p in players}
        self.debts: dict[str, int] = {p: 0 for p in players}
        self.table: set[int] = set(NUMBERED)  # №10 is here whenever it is not on a shelf
        self.control: str = CENTRE  # CENTRE / OFF_SPOT / ASIDE / a player id (his shelf)
        self.to_move: str | None = players[0]
        self.in_hand: str | None = None  # None / "restricted" (P§15, P§17) / "free" (P§16)
        self.privilege = False  # P§11–13: the shot after a counted carom/rocambole
        self.opening = True  # P§2: the break, from hand from the house
        self.outcome: Outcome | None = None
        self.last: tuple | None = None  # see last_shot
        self._log: list[Event] = []

    def _fresh(self) -> Match:
        return Match(list(self.players))

    # ---- queries -------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def mode(self) -> str:
        """P§20: "last_ball" while №10 is the only numbered ball left on the table."""
        return "last_ball" if len(self.table) == 1 and CONTROL in self.table else "normal"

    def on_cloth(self, ball: int) -> bool:
        """The ball can be played: on the table and not a №10 waiting aside (P§14)."""
        return ball in self.table and (ball != CONTROL or self.control in (CENTRE, OFF_SPOT))

    def callable_balls(self) -> tuple:
        """Balls the player to move may call now (P§4): numbered balls on the cloth and the cue ball."""
        if self.finished:
            return ()
        return (*sorted(b for b in self.table if self.on_cloth(b)), CUE)

    def trick_possible(self) -> bool:
        """A carom/rocambole onto №10 needs №10 on the cloth and another numbered ball (P§11)."""
        return not self.finished and self.on_cloth(CONTROL) and len(self.table) > 1

    def trick_counts_now(self) -> bool:
        """A called trick keeps the turn now (not after a correct cue-ball pot, P§15/P§17)."""
        return self.trick_possible() and self.in_hand != "restricted"

    def touch_allowed(self) -> bool:
        """The cue ball may touch №10 without a penalty before any trick is played (P§12, P§20)."""
        return self.privilege or self.mode == "last_ball"

    @property
    def last_shot(self) -> dict[str, Any] | None:
        """What the last event decided: success, reason code, counted balls, bonus, debt repaid, penalty."""
        if not self.last:
            return None
        return {k: list(v) if type(v) is list else v for k, v in zip(_LAST_KEYS, self.last, strict=True)}

    def penalty_ball(self, player: str) -> int | None:
        """The ball a penalty would return now (P§18), None when it would create a debt (P-2)."""
        shelf = self.shelves[player]
        return min(shelf) if shelf else None

    def state(self) -> dict:
        """The replay.md output, plus `opening`, `control_spot`, `last_shot` and `termination`."""
        control = self.control if self.control not in (CENTRE, OFF_SPOT, ASIDE) else (
            "centre" if self.control == CENTRE else "table")
        return {
            "score": dict(self.scores), "shelves": {p: list(s) for p, s in self.shelves.items()},
            "debts": dict(self.debts), "table": sorted(self.table), "control_ball": control,
            "to_move": self.to_move, "in_hand": self.in_hand, "control_privilege": self.privilege,
            "mode": self.mode, "finished": self.finished,
            "winner": self.outcome.winner if self.outcome else None,
            "termination": self.outcome.termination if self.outcome else None,
            "opening": self.opening,
            "control_spot": self.control if self.control in (CENTRE, OFF_SPOT, ASIDE) else None,
            "last_shot": self.last_shot,
        }

    def _where(self) -> tuple[str, str]:
        a, b = self.players
        score = f"{self.scores[a]}:{self.scores[b]}"
        table = ", ".join(map(str, sorted(self.table))) or "—"
        return f"(счёт {score}, на столе {table})", f"(score {score}, on the table {table})"

    def _illegal(self, code: str, clause: str, ru: str, en: str) -> IllegalEventError:
        w_ru, w_en = self._where()
        return IllegalEventError(code, clause, f"{ru} {w_ru}", f"{en} {w_en}")

    # ---- events --------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Validate the event against the current state, then apply it; refused events change nothing."""
        player = event.player
        if player not in self._other:
            raise InvalidEventError("unknown_player", None, f"игрок {player!r} не играет в этой партии",
                                    f"player {player!r} is not in this match")
        if self.outcome is not None:
            raise self._illegal("game_finished", "P§3", f"партия окончена, победил {self.outcome.winner}; "
                                f"событие игрока {player} не принимается",
                                f"the match is over, {self.outcome.winner} won; no event from {player} accepted")
        if type(event) is Concede:
            self.outcome = Outcome(self._other[player], "concession")
            self.to_move = None
            self.last = (player, False, "conceded", None, [], False, None, [], None)
        else:
            self._check_shot(event)
            resolve(self, event)
        self._log.append(event)

    def _check_shot(self, s: Shot) -> None:
        player = s.player
        if player != self.to_move:
            raise self._illegal("not_your_turn", "P§7", f"сейчас бьёт {self.to_move}, а не {player}",
                                f"it is the shot of {self.to_move}, not of {player}")
        table = self.table
        ten_ok = self.control == CENTRE or self.control == OFF_SPOT
        for group in (s.call, s.potted):
            for item in group:
                ball = item.ball
                if ball != CUE and (ball not in table or (ball == CONTROL and not ten_ok)):
                    self._not_on_table(player, ball)
        for ball in s.off_table:
            if ball != CUE and (ball not in table or (ball == CONTROL and not ten_ok)):
                self._not_on_table(player, ball)
        if s.trick is not None and not self.trick_possible():
            raise self._illegal("trick_impossible", "P§11",
                                f"{player}: {TRICK_RU[s.trick]} невозможен — нужен №10 на столе и ещё прицельный шар",
                                f"{player}: the {TRICK_EN[s.trick]} is impossible — it needs №10 on the cloth and "
                                f"another numbered ball")
        if s.touched_control and not self.on_cloth(CONTROL):
            raise self._illegal("control_not_on_table", "P§12",
                                f"{player}: касание битком №10, а №10 не на столе",
                                f"{player}: the cue ball touched №10, but №10 is not on the cloth")
        if s.centre_blocked:
            self._check_centre_blocked(s)

    def _check_centre_blocked(self, s: Shot) -> None:
        """P-7: `centre_blocked` is recorded only when №10 was displaced, fell or came back as a penalty or debt ball
        and another ball covered the centre spot; refused where none of these can have happened."""
        player, control = s.player, self.control
        if control in self.shelves:
            shelf = self.shelves[player]
            # only the shooter's own foul brings a shelved №10 back, and only when it is his least ball (P§18)
            if control == player and s.foul is not None and min(shelf) == CONTROL:
                return
            where_ru, where_en = f"на полке у {control} и в этом ударе не возвращается", \
                f"on the shelf of {control} and does not come back in this shot"
        elif (control == CENTRE and self.mode == "last_ball" and not s.touched_control
              and not any(p.ball == CONTROL for p in s.potted) and CONTROL not in s.off_table):
            # P§20: only №10 and the cue ball are left, so nothing but the cue ball can have moved №10
            where_ru, where_en = "стоит на центральной отметке, и биток его не коснулся", \
                "stands on the centre spot and the cue ball did not touch it"
        else:
            return
        raise self._illegal("centre_blocked_not_applicable", "P-7",
                            f"{player}: «центр занят» отмечается, только когда №10 сбит, упал или вернулся на стол "
                            f"штрафом или долгом, а центральную отметку занял другой шар; сейчас №10 {where_ru}",
                            f"{player}: “centre taken” is recorded only when №10 was displaced, fell or came back as "
                            f"a penalty or debt ball and another ball covered the centre spot; №10 is {where_en}")

    def _not_on_table(self, player: str, ball: int) -> None:
        if ball == CONTROL and self.control in self.shelves:
            where_ru, where_en = f"на полке у {self.control}", f"on the shelf of {self.control}"
        elif ball == CONTROL and ball in self.table:
            where_ru, where_en = "ждёт освобождения центральной отметки", "waiting for the centre spot to free"
        else:
            where_ru, where_en = "не на столе", "not on the table"
        raise self._illegal("ball_not_on_table", "P§14" if ball == CONTROL else "P§2",
                            f"{player}: шар №{ball} {where_ru}", f"{player}: ball №{ball} is {where_en}")
