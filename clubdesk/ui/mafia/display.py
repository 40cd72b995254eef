"""The public display for the room: phase, big clock, speaker, nominees, who is out, fouls; at the end the
winner and the game scores. It reads only `PublicView` (public.py), which has no role or check field.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.controller import GameController
from clubdesk.ui.mafia.public import PublicView
from clubdesk.ui.mafia.seat_card import foul_dots
from clubdesk.ui.mafia.texts import out_text, phase_text, points_text, team_text, timer_text
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.window_styles import MAFIA, style_window
from clubdesk.ui.windows import hall_controls, room_screen, show_on


class _SeatCell(QFrame):
    def __init__(self, seat: int, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("displaySeat")
        self.number = QLabel(str(seat))
        self.number.setObjectName("displaySeatNumber")
        self.name = QLabel()
        self.name.setObjectName("displaySeatName")
        self.line = QLabel()
        self.line.setObjectName("displaySeatLine")
        v = QVBoxLayout(self)
        v.setContentsMargins(6, 6, 6, 6)
        for w in (self.number, self.name, self.line):
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
            v.addWidget(w)


class PublicDisplay(QWidget):
    """A second top-level window for the room (full screen on a second screen when there is one)."""

    def __init__(self, controller: GameController, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("mafiaDisplay")
        style_window(self, MAFIA)
        self.setWindowTitle(tr("Табло — {title}").format(title=title))
        self.c = controller
        self.title = QLabel(title)
        self.title.setObjectName("displayTitle")
        self.phase = QLabel()
        self.phase.setObjectName("displayPhase")
        self.clock = QLabel()
        self.clock.setObjectName("displayClock")
        self.speaker = QLabel()
        self.speaker.setObjectName("displaySpeaker")
        self.nominees = QLabel()
        self.nominees.setObjectName("displayNominees")
        self.winner = QLabel()
        self.winner.setObjectName("displayWinner")
        for w in (self.title, self.phase, self.clock, self.speaker, self.nominees, self.winner):
            w.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cells = [_SeatCell(s) for s in range(1, 11)]
        grid = QGridLayout()
        for i, cell in enumerate(self.cells):
            grid.addWidget(cell, i // 5, i % 5)
        layout = QVBoxLayout(self)
        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        layout.addLayout(head)
        layout.addWidget(self.phase)
        layout.addWidget(self.clock, 1)
        layout.addWidget(self.speaker)
        layout.addWidget(self.nominees)
        layout.addWidget(self.winner)
        layout.addLayout(grid)
        # methods, not lambdas: Qt drops them with this window, while the controller may serve the host panel on
        controller.stateChanged.connect(self._state_changed)
        controller.timer.changed.connect(self._show_clock)
        self.show_view(controller.public())
        self.clock.setText(timer_text(controller.timer.remaining()))
        hall_controls(self, "mafiaDisplay")
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)

    def _state_changed(self, _state: dict) -> None:
        self.show_view(self.c.public())

    def _show_clock(self, seconds: int) -> None:
        self.clock.setText(timer_text(seconds))

    def show_view(self, v: PublicView) -> None:
        """Everything on screen comes from the public view."""
        self.phase.setText(phase_text(v.step, v.day))
        sp = v.speaker
        self.speaker.setText(tr("Говорит: {who}").format(who=f"{sp} · {v.seats[sp - 1].name}") if sp else "")
        # Nominees matter only while the day is nominating and voting; after the vote or the game, nothing.
        shown = v.candidates if v.step in ("vote", "revote", "shootout_speech", "lift_vote") \
            else v.nominees if v.step == "speech" else ()
        self.nominees.setText(tr("Кандидаты: {seats}").format(seats=", ".join(map(str, shown))) if shown else "")
        self.winner.setText(team_text(v.winner))
        self.winner.setVisible(v.winner is not None)
        self.clock.setVisible(v.winner is None)
        for cell, seat in zip(self.cells, v.seats, strict=True):
            cell.name.setText(seat.name)
            line = out_text(seat.out) or foul_dots(seat.fouls)
            if v.scores:
                line = tr("{points} очк.").format(points=points_text(v.scores[seat.seat - 1]))
            cell.line.setText(line)
            cell.setProperty("out", bool(seat.out))
            cell.setProperty("speaker", seat.seat == sp)
            cell.style().unpolish(cell)
            cell.style().polish(cell)

    def show_on_room_screen(self) -> None:
        """Full screen on the room's screen when there is a second one, else a window (F11: full screen)."""
        show_on(self, room_screen("mafiaDisplay"), "mafiaDisplay", full=len(QGuiApplication.screens()) > 1)
