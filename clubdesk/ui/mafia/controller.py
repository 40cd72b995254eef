"""One game as the host runs it: records events through GameService, keeps the undo stack and the clock.

The host panel and the public display both listen to it; only the host panel reads `state` directly.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from clubdesk.errors import KnownError, SeqClash, WriteFailed
from clubdesk.rules.mafia.host import SECRET_REFUSALS
from clubdesk.services.accounts import Actor
from clubdesk.services.games import EventRefused, GameService
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.feed import feed_for
from clubdesk.ui.mafia.public import PublicView, public_view
from clubdesk.ui.mafia.timer import SpeechTimer, beep


class _Recorded(QUndoCommand):
    """An event already stored; undo appends a void event, redo records the same event again."""

    def __init__(self, controller: GameController, obj: dict) -> None:
        super().__init__(obj["type"])
        self._c, self._obj, self._first = controller, obj, True

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self._c._call(lambda: self._c._games.record(self._c._actor, self._c.game_id, self._obj))

    def undo(self) -> None:
        self._c._call(lambda: self._c._games.undo(self._c._actor, self._c.game_id, tr("отмена ведущим")))


class GameController(QObject):
    """Signals: stateChanged(dict) after every accepted change, refused(str) with the clause when refused;
    refusedInSecret(str public, str secret) instead for a refusal whose words would tell a role (`SECRET_REFUSALS`):
    the host panel shows the secret line only while the roles are held, the public one otherwise."""

    stateChanged = Signal(dict)  # noqa: N815 - Qt signal naming
    refused = Signal(str)
    refusedInSecret = Signal(str, str)  # noqa: N815 - Qt signal naming

    def __init__(self, games: GameService, actor: Actor, game_id: str, names: list[str], title: str = "",
                 clock: Callable[[], float] = time.monotonic, sound: Callable[[], None] = beep,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._games, self._actor, self.game_id = games, actor, game_id
        self.games = games  # for printing the game's protocol
        self.names, self.title = list(names), title
        self.undo_stack = QUndoStack(self)
        self.timer = SpeechTimer(clock, sound, self)
        self.state: dict = games.state(game_id)
        self._seq = games.seq(game_id)
        self._clock_key = self._key(self.state)
        self.timer.reset(self.state["timer"])
        self._feed = feed_for(games)
        self._feed.changed.connect(self._elsewhere)

    @staticmethod
    def _key(state: dict) -> tuple:
        """A new speech starts when the step, the day or the speaker changes."""
        return state["step"], state["day"], state["speaker"]

    def public(self) -> PublicView:
        return public_view(self.state, self.names)

    def record(self, obj: dict) -> bool:
        """Record one event; True when the engine took it, else `refused` says why and nothing changes."""
        if not self._call(lambda: self._games.record(self._actor, self.game_id, obj)):
            return False
        self.undo_stack.push(_Recorded(self, obj))
        return True

    def undo(self) -> None:
        """Undo the last event: through the stack for this session's events, else straight from the log."""
        if self.undo_stack.canUndo():
            self.undo_stack.undo()
        else:
            self._call(lambda: self._games.undo(self._actor, self.game_id, tr("отмена ведущим")))

    def _call(self, action: Callable[[], dict]) -> bool:
        try:
            state = action()
        except KnownError as exc:
            if isinstance(exc, WriteFailed):  # the undo history no longer matches the log (see ZhukTableWidget)
                QTimer.singleShot(0, self.undo_stack, self.undo_stack.clear)
            if isinstance(exc, SeqClash):  # another desk's events are in the log: show the game as stored
                self._apply(self._games.state(self.game_id))
            if isinstance(exc, EventRefused) and exc.rule.code in SECRET_REFUSALS:
                self.refusedInSecret.emit(tr("Не записано: причина видна только с ролями (удерживайте R)."),
                                          exc.message())
            else:
                self.refused.emit(exc.message())   # an engine refusal already names its clause
            return False
        self._apply(state)
        self._feed.changed.emit(self.game_id)  # the table page's stream (its host's phone) shows it at once
        return True

    def _elsewhere(self, game_id: str) -> None:
        """A host's phone recorded or undid an event of this game (through the same GameService): show the log as
        stored. The undo history holds this panel's events only; after another's it no longer matches the log."""
        if game_id != self.game_id or self._games.seq(game_id) == self._seq:
            return
        self.undo_stack.clear()
        self._apply(self._games.state(game_id))

    def _apply(self, state: dict) -> None:
        self.state = state
        self._seq = self._games.seq(self.game_id)
        key = self._key(state)
        if key != self._clock_key:
            self._clock_key = key
            self.timer.reset(state["timer"])
        self.stateChanged.emit(state)
