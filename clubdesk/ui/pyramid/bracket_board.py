"""The hall board of a Пирамидка tournament: its bracket as wide as the screen, the live bouts highlighted (F11)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from clubdesk.reports.bracket_layout import layout
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.ui.pyramid.bracket_view import BracketView
from clubdesk.ui.pyramid.bracket_words import labels
from clubdesk.ui.windows import hall_controls, room_screen, show_on

REFRESH_MS = 3000


class BracketBoard(QWidget):
    def __init__(self, service: PyramidTournamentService, tournament_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pyramidBracketBoard")
        self.svc, self.tid = service, tournament_id
        self.setWindowTitle(service.get(tournament_id).name)
        self.title = QLabel(service.get(tournament_id).name)
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # a name is text, never markup
        self.title.setObjectName("boardTitle")
        # the hall titles' gold, its own: style_zhuk.qss's #boardTitle is on the Жук windows only
        self.title.setStyleSheet("font-size: 22pt; font-weight: bold; padding: 6px; color: #e0a526;")
        self.view = BracketView()
        self.view.canvas.base_pt = 9.5
        layout_ = QVBoxLayout(self)
        layout_.addWidget(self.title)
        layout_.addWidget(self.view, 1)
        hall_controls(self, "pyramid_bracket")
        self._timer = QTimer(self, interval=REFRESH_MS)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()
        self.refresh()

    def refresh(self) -> None:
        info = self.svc.get(self.tid)
        drawing = layout(self.svc.state(self.tid), self.svc.board_names(info.players), self.svc.live(self.tid),
                         labels())
        self.view.canvas.set_drawing(drawing)
        self.view.fit()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.view.fit()

    def show_on_display(self) -> None:
        """Full screen on the hall's screen when there is a second one, else a window (F11: full screen)."""
        show_on(self, room_screen("pyramid_bracket"), "pyramid_bracket", full=len(QGuiApplication.screens()) > 1)

