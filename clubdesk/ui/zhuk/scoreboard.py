"""The public scoreboard: a second top-level window in big type that follows the live tables by itself."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from clubdesk.services.tournaments_standings import OUT, standings
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.zhuk_table import money
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.windows import hall_controls, room_screen, show_on
from clubdesk.ui.zhuk.board import TableBoard
from clubdesk.ui.zhuk.hub import ZhukHub

TOP = 12  # standings rows that fit the screen in big type


class ScoreboardWindow(QWidget):
    def __init__(self, hub: ZhukHub, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.hub = hub
        self.setObjectName("scoreboard")
        self.setWindowTitle(tr("Табло «Жук»"))
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        title = QLabel(tr("Турнир «Жук»"))
        title.setObjectName("boardTitle")
        self.last_minute = QLabel(tr("Последняя минута раунда"))
        self.last_minute.setObjectName("boardLastMinute")
        self.last_minute.hide()
        self.board = TableBoard(hub, columns=2, big=True)
        self.board.setObjectName("boardTables")
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.board)
        scroll.setObjectName("boardScroll")
        self.table_title = QLabel(tr("Таблица"))
        self.table_title.setObjectName("boardSubtitle")
        self.lines = QLabel()
        self.lines.setObjectName("boardStandings")
        self.lines.setTextFormat(Qt.TextFormat.RichText)
        self.lines.setAlignment(Qt.AlignmentFlag.AlignTop)
        side = QVBoxLayout()
        side.addWidget(self.table_title)
        side.addWidget(self.lines, 1)
        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addLayout(side, 1)
        layout = QVBoxLayout(self)
        head = QHBoxLayout()
        head.addWidget(title, 1)
        head.addWidget(self.last_minute)
        layout.addLayout(head)
        layout.addLayout(body, 1)
        hub.changed.connect(self._game_changed)  # a method, not a lambda: Qt drops it with the window
        hub.structure_changed.connect(self.refresh_standings)
        hub.tick.connect(self._tick)
        hall_controls(self, "scoreboard")
        self.refresh_standings()
        self._update_last_minute()
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)

    def _tick(self) -> None:
        if self.isVisible():  # not shown: no clock read for nobody; showEvent catches up
            self._update_last_minute()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._update_last_minute()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # Two columns of cards on a full-HD screen, one on a small window: cards never get cut.
        columns = 2 if event.size().width() >= 1600 else 1
        if columns != self.board.columns:
            self.board.columns = columns
            self.board.rebuild()
        super().resizeEvent(event)

    def _update_last_minute(self) -> None:
        """The hall sees the last minute of any running round, not only a red clock on the cards."""
        hub = self.hub
        clocks = [hub.clock(rid) for rid in dict.fromkeys(t.round_id for t in hub.running_tables())]
        self.last_minute.setVisible(any(c.started and 0 < c.remaining <= 60 for c in clocks))

    def _game_changed(self, _game_id: str) -> None:
        self.refresh_standings()

    def refresh_standings(self) -> None:
        running = self.hub.tournaments.running_tables()
        tid = self.hub.tournaments.round_info(running[0].round_id)[0] if running else None
        if tid is None:
            ts = self.hub.tournaments.tournaments()
            tid = ts[0].id if ts else None
        if tid is None:
            self.lines.setText("")
            return
        st = standings(self.hub.tournaments, tid)
        self.table_title.setText(self.hub.tournaments.get(tid).name)
        names = self.hub.tournaments.board_names(r.player for r in st.overall[:TOP])
        rows = []
        for r in st.overall[:TOP]:
            amount = r.amounts[3] if r.amounts[3] is not None else r.total
            colour = "#8a929c" if r.status == OUT else "#ffffff"
            rows.append(f"<tr style='color:{colour}'><td align='right'>{r.place}.</td>"
                        f"<td>&nbsp;{escape(names[r.player])}</td><td align='right'>&nbsp;{money(amount)}</td></tr>")
        self.lines.setText("<table width='100%' cellspacing='4'>" + "".join(rows) + "</table>")

    def show_on_display(self) -> None:
        """Full screen on the hall's screen when there is a second one, else a window (F11: full screen)."""
        show_on(self, room_screen("scoreboard"), "scoreboard", full=len(QGuiApplication.screens()) > 1)

