"""The Пирамидка hall scoreboard (табло): one match in big type for the players and the hall, following it by itself.

Opened from the match window («Табло в зал»); F11 and the right-click menu choose full screen and the
screen, as on the other hall scoreboards (ui/windows.hall_controls). It shows what the engine says after each
event — score, who is at the table, balls left, debts, the last shots — and follows `changed(game_id)` of the
club's PyramidFeed (a shot here, an undo, rows arrived by sync). Names are the boards' names
(clubdesk.names.board_name) and plain text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.services.matches import MatchService, ShotLine, line_after
from clubdesk.ui.i18n import tr
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.pyramid import text
from clubdesk.ui.pyramid.style import BOARD_STYLE
from clubdesk.ui.windows import hall_controls, room_screen, show_on

KEY = "pyramidScoreboard"  # the settings key of its screen, and its objectName (#pyramidScoreboard in style)
LAST = 5  # shots listed under the score


class _Side(QFrame):
    """One player: board name, the score in huge type, shelf and debt; lit while it is his shot."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pyramidBoardSide")
        self.name = QLabel(name)
        self.name.setObjectName("pyramidBoardName")
        self.turn = QLabel()
        self.turn.setObjectName("pyramidBoardTurn")
        self.score = QLabel("0")
        self.score.setObjectName("pyramidBoardScore")
        self.score.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.shelf = QLabel()
        self.shelf.setObjectName("pyramidBoardShelf")
        self.shelf.setWordWrap(True)
        self.debt = QLabel()
        self.debt.setObjectName("pyramidBoardDebt")
        top = QHBoxLayout()
        top.addWidget(self.name, 1)
        top.addWidget(self.turn)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.score, 1)
        layout.addWidget(self.shelf)
        layout.addWidget(self.debt)
        self.active = None

    def show_state(self, score: int, shelf: list, debt: int, moving: bool, winner: bool) -> None:
        self.score.setText(str(score))
        self.shelf.setText(tr("Полка: {balls}").format(balls=" ".join(text.ball(b) for b in shelf) or "—"))
        self.debt.setText(tr("Долг: {n}").format(n=debt) if debt else "")
        self.turn.setText(tr("ПОБЕДА") if winner else tr("бьёт") if moving else "")
        active = moving or winner
        if active != self.active:  # re-polished only when the look changes
            self.active = active
            self.setProperty("active", active)
            self.name.setProperty("active", active)
            for w in (self, self.name):
                w.style().unpolish(w)
                w.style().polish(w)


class PyramidScoreboardWindow(QWidget):
    """`source` has `changed(str)`: the club's PyramidFeed, or the match window itself when it has none."""

    def __init__(self, service: MatchService, game_id: str, source, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName(KEY)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(BOARD_STYLE)
        self._service, self.game_id = service, game_id
        match = service.get(game_id)
        self.players = match.players
        self.names = service.board_names(match.players)
        self.setWindowTitle(tr("Табло «Пирамидка»: {a} — {b}").format(a=self.names[self.players[0]],
                                                                       b=self.names[self.players[1]]))
        self.title = QLabel(tr("Пирамидка 100 · {table}").format(table=match.table) if match.table
                            else tr("Пирамидка 100"))
        self.title.setObjectName("pyramidBoardTitle")
        self.status = QLabel()
        self.status.setObjectName("pyramidBoardStatus")
        self.sides = [_Side(self.names[p]) for p in self.players]
        self.table_line = QLabel()
        self.table_line.setObjectName("pyramidBoardTable")
        self.table_line.setWordWrap(True)
        shots_title = QLabel(tr("Последние удары"))
        shots_title.setObjectName("pyramidBoardSubtitle")
        self.shot_labels = [QLabel() for _ in range(LAST)]
        shots = QGridLayout()
        for i, label in enumerate(self.shot_labels):
            label.setObjectName("pyramidBoardShot")
            shots.addWidget(label, i, 0)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.status)
        sides = QHBoxLayout()
        sides.setSpacing(24)
        for side in self.sides:
            sides.addWidget(side, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(28, 20, 28, 20)
        layout.addLayout(head)
        layout.addLayout(sides, 3)
        layout.addWidget(self.table_line)
        layout.addWidget(shots_title)
        layout.addLayout(shots)
        layout.addStretch(1)
        self._lines: list[ShotLine] = []
        source.changed.connect(self._on_changed)
        hall_controls(self, KEY)
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)
        self.refresh()

    def _on_changed(self, game_id: str) -> None:
        if game_id == self.game_id:
            self.refresh()

    def refresh(self) -> None:
        """Everything from the engine's state now; the shot lines follow the log by one when they can."""
        s = self._service.state(self.game_id)
        self._follow(s)
        for pid, side in zip(self.players, self.sides, strict=True):
            side.show_state(s["score"][pid], s["shelves"][pid], s["debts"][pid],
                            s["to_move"] == pid and not s["finished"], s["winner"] == pid)
        self.table_line.setText(text.table_line(s["table"]))
        if s["finished"]:
            how = tr("сдача") if s["termination"] == "concession" else tr("больше 50 очков")
            status = tr("Победа: {name} ({how})").format(name=self.names[s["winner"]], how=how)
        elif s["opening"]:
            status = tr("Разбой")
        elif s["mode"] == "last_ball":
            status = tr("Последний шар — №10")
        else:
            status = ""
        self.status.setText(status)
        last = self._lines[-LAST:]
        start = len(self._lines) - len(last)
        for i, label in enumerate(self.shot_labels):
            label.setText(self._shot_text(start + i, last[i]) if i < len(last) else "")

    def _follow(self, state: dict) -> None:
        """One line per counted event, like the match window's log: appended or dropped by one per change,
        replayed from the record only when the log changed otherwise (a sync, a window opened late)."""
        events = self._service.games.events(self.game_id)  # the stored dicts, shared: identity says "same event"
        lines = self._lines
        if len(events) == len(lines) + 1 and (not lines or events[-2] is lines[-1].event):
            lines.append(line_after(events[-1], state))
        elif len(events) == len(lines) - 1 and (not events or events[-1] is lines[-2].event):
            lines.pop()
        elif len(events) != len(lines) or (events and events[-1] is not lines[-1].event):
            self._lines = self._service.history(self.game_id)

    def _shot_text(self, index: int, line: ShotLine) -> str:
        who = self.names.get(line.event.get("player"), "")
        a, b = self.players
        return tr("{n}. {name}: {shot} → {result} ({a}:{b})").format(
            n=index + 1, name=who, shot=text.describe(line.event), result=text.result(line.result),
            a=line.score[a], b=line.score[b])

    def show_on_display(self) -> None:
        """Full screen on the hall's screen when there is a second one, else a window (F11: full screen)."""
        show_on(self, room_screen(KEY), KEY, full=len(QGuiApplication.screens()) > 1)
