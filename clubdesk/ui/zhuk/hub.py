"""One live feed per club for the Жук windows: record/undo through the services, then tell every window.

Signals:
    changed(str): a game's log changed (an event recorded or voided); the game id.
    structure_changed(): tournaments, stages or seated tables changed.
    tick(): the clock ticked (twice a second); clocks and countdowns repaint. Handlers read the clocks through
        `clock()` and `running_tables()`: during a tick each is read once from the store, whoever asks.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from clubdesk.errors import SeqClash
from clubdesk.services.accounts import Actor
from clubdesk.services.tournaments import TournamentService
from clubdesk.services.tournaments_data import ClockState, TableInfo

TICK_MS = 500


class ZhukHub(QObject):
    changed = Signal(str)
    structure_changed = Signal()
    tick = Signal()

    def __init__(self, club, now: Callable[[], float] = time.time, parent: QObject | None = None,
                 autostart: bool = True) -> None:
        super().__init__(parent)
        self.club = club
        self.games = club.games
        self.tournaments = TournamentService(club.store, club.games, now=now)
        self.busy: set[str] = set()          # games with a shot being typed: the clock waits for it
        self._ending: set[str] = set()       # games whose time ran out while a shot was being typed
        self.clock_actor: Actor | None = None
        self._this_tick: dict | None = None  # what the current tick has read: round id → clock, "tables" → tables
        self._timer = QTimer(self, interval=TICK_MS)
        self._timer.timeout.connect(self.poll)
        if autostart:
            self._timer.start()

    # ---- recording ------------------------------------------------------------------------------

    def record(self, actor: Actor, game_id: str, obj: dict) -> dict:
        try:
            state = self.games.record(actor, game_id, obj)
        except SeqClash:
            self.changed.emit(game_id)  # another desk's events are in the log now: every window shows them
            raise
        self.changed.emit(game_id)
        return state

    def undo(self, actor: Actor, game_id: str, reason: str = "") -> dict:
        try:
            state = self.games.undo(actor, game_id, reason)
        except SeqClash:
            self.changed.emit(game_id)
            raise
        self.changed.emit(game_id)
        return state

    def end_round(self, actor: Actor, round_id: str) -> None:
        """Close every table of the round now, by hand (the referee's button), then tell every window."""
        self.tournaments.end_round(actor, round_id, by_hand=True)
        for t in self.tournaments.tables(round_id):
            self.changed.emit(t.game_id)
        self.structure_changed.emit()

    def end_table(self, actor: Actor, round_id: str, game_id: str) -> None:
        """Close one table of the round now, by hand; the other tables play on (the clock stops with the last)."""
        svc = self.tournaments
        svc.end_table(actor, game_id, by_hand=True)
        if svc.round_over(round_id):
            svc.stop_clock(actor, round_id)
        self.changed.emit(game_id)
        self.structure_changed.emit()

    def cancel(self, actor: Actor, game_id: str) -> None:
        """A table seated by mistake, before its first shot (GameService.cancel): it leaves every board."""
        self.games.cancel(actor, game_id)
        self.changed.emit(game_id)  # its open window turns read-only
        self.structure_changed.emit()

    def cancel_refusal(self, game_id: str):
        """Why `cancel` would refuse the table now, or None (GameService.cancel_refusal)."""
        return self.games.cancel_refusal(game_id)

    def set_referee(self, actor: Actor, game_id: str, login: str | None) -> str:
        """Put a referee account on a table (None: any referee), then redraw the cards; returns the name stored."""
        from clubdesk.services.scopes import assign_table_referee

        name = assign_table_referee(self.club.store, actor, game_id, login)
        self.structure_changed.emit()
        return name

    def notify_structure(self) -> None:
        self.structure_changed.emit()

    # ---- the clock ------------------------------------------------------------------------------

    def set_busy(self, game_id: str, busy: bool) -> None:
        """A scoring window has (or no longer has) a shot in progress; the round waits for it."""
        if busy:
            self.busy.add(game_id)
            return
        self.busy.discard(game_id)
        if game_id in self._ending:
            self._ending.discard(game_id)
            self._end_table(game_id)

    def clock(self, round_id: str) -> ClockState:
        """The round's clock. Within a tick it is read once (an ORM session and a get), not once per card, window
        and label that shows it: the tick runs on the GUI thread twice a second."""
        if self._this_tick is None:
            return self.tournaments.clock(round_id)
        c = self._this_tick.get(round_id)
        if c is None:
            c = self._this_tick[round_id] = self.tournaments.clock(round_id)
        return c

    def running_tables(self) -> list[TableInfo]:
        """TournamentService.running_tables, read once within a tick (see `clock`)."""
        if self._this_tick is None:
            return self.tournaments.running_tables()
        tables = self._this_tick.get("tables")
        if tables is None:
            tables = self._this_tick["tables"] = self.tournaments.running_tables()
        return tables

    def poll(self) -> None:
        """End the tables of every round whose time is up (Z-10), after the shot in progress; then tick."""
        self._this_tick = {}
        try:
            if self.clock_actor is not None:
                self._end_expired_rounds()
            self.tick.emit()
        finally:
            self._this_tick = None

    def _end_expired_rounds(self) -> None:
        rounds = {t.round_id: t for t in self.running_tables()}
        for round_id in rounds:
            clock = self.clock(round_id)
            if not clock.expired:
                continue
            self._this_tick = {}  # tables end and a clock stops: what this tick read is stale
            for t in self.tournaments.tables(round_id):
                if t.game_id in self.busy:
                    self._ending.add(t.game_id)
                else:
                    self._end_table(t.game_id)
            if not any(t.game_id in self.busy for t in self.tournaments.tables(round_id)):
                self.tournaments.stop_clock(self.clock_actor, round_id)
            self._this_tick = {}

    def _end_table(self, game_id: str) -> None:
        if self.games.state(game_id)["finished"]:
            return
        if self.games.read_only_reason(game_id) is not None:
            # another desk records this table (a restored backup or a copied file is another desk, docs/sync.md):
            # that desk's clock ends it and the sync brings the end here; this one only shows it
            return
        self.tournaments.end_table(self.clock_actor, game_id)
        self.changed.emit(game_id)


def hub_for(club, actor: Actor | None = None) -> ZhukHub:
    """The club's hub, made on first use; the first actor that can run the clock drives it."""
    hub = getattr(club, "_zhuk_hub", None)
    if hub is None:
        hub = ZhukHub(club)
        club._zhuk_hub = hub
    if hub.clock_actor is None and actor is not None and actor.has("desk", "referee"):
        hub.clock_actor = actor
    return hub


def install_hub(club, hub: ZhukHub) -> ZhukHub:
    """Use `hub` (e.g. one with a fake clock in a test) for this club."""
    club._zhuk_hub = hub
    return hub
