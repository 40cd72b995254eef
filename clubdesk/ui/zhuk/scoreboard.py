"""The public scoreboard: a second top-level window in big type that follows the live tables by itself.

A TV cannot scroll: every running table and the standings are shown whole at any window size, in as many columns and
as big a type (up to the style sheet's) as fit (issue 38 item 1)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QVBoxLayout, QWidget

from clubdesk.services.tournaments_standings import OUT, standings
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.zhuk_table import money
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.window_styles import ZHUK, style_window
from clubdesk.ui.windows import hall_controls, room_screen, show_on
from clubdesk.ui.zhuk.board import TableBoard
from clubdesk.ui.zhuk.hub import ZhukHub

TOP = 12  # standings rows that fit the screen in big type
MIN_SCALE = 0.3  # below ~6 pt nobody reads it anyway: the last resort, never met at 1366×768 with 8 tables
SPACING = 14  # between cards at full type (TableBoard's own)


def _pt(size: float, scale: float) -> str:
    return f"font-size: {size * scale:.1f}pt"


def _card_style(scale: float) -> str:
    """resources/style_zhuk.qss's hall card sizes times `scale` (set on the cards' parent, it wins over the window's
    sheet: a nearer ancestor's sheet wins over a farther one's, whatever their rules' specificity)."""
    pt = lambda size: _pt(size, scale)  # noqa: E731
    return (f"#zhukCardBig {{ padding: {round(10 * scale)}px; }}"
            f"#zhukCardBig QLabel {{ {pt(20)}; }}"
            f"#zhukCardBig #cardHead {{ {pt(26)}; }}"
            f"#zhukCardBig #cardClock {{ {pt(30)}; }}"
            f"#zhukCardBig #cardSub, #zhukCardBig #cardBank {{ {pt(16)}; }}"
            f"#boardTables #muted {{ {pt(20)}; }}")


def _side_style(scale: float) -> str:
    return f"#boardSubtitle {{ {_pt(22, scale)}; }} #boardStandings {{ {_pt(20, scale)}; }}"


def _hint(widget: QWidget):
    """The size hint for the type just set: nested layouts keep their old one until the event loop runs."""
    widget.ensurePolished()
    for layout in widget.findChildren(QLayout):
        layout.invalidate()
    return widget.sizeHint()


def _fits(widget: QWidget, room) -> bool:
    need = _hint(widget)
    return need.width() <= room.width() and need.height() <= room.height()


class _FitTables(QWidget):
    """The tables' cards laid out in this area whole: the columns and the type scale that give the biggest type."""

    def __init__(self, board: TableBoard) -> None:
        super().__init__()
        self.board, self.scale = board, 1.0
        board.setParent(self)  # not in a layout: the cards' size never becomes the window's minimum

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.refit()

    def refit(self) -> None:
        self.board.setGeometry(self.rect())
        cards = list(self.board.cards.values())
        if not cards:
            return
        columns, scale = self._best(cards)
        if columns != self.board.columns:
            self.board.columns = columns
            self.board.rebuild()  # new cards take this area's style sheet
        while True:
            self._apply(scale)
            if scale <= MIN_SCALE or _fits(self.board, self.size()):
                break
            scale = max(MIN_SCALE, scale * 0.95)  # borders and margins do not shrink with the type
        self.board.setGeometry(self.rect())

    def _best(self, cards: list) -> tuple[int, float]:
        """The column count whose estimated scale is biggest (more columns on a tie: a TV is wide)."""
        hints = [_hint(card) for card in cards]
        w = max(h.width() for h in hints) / self.scale
        best = (1, 0.0)
        for columns in range(1, len(cards) + 1):
            rows = [hints[i:i + columns] for i in range(0, len(hints), columns)]
            height = sum(max(h.height() for h in row) for row in rows) / self.scale
            scale = min(1.0, (self.width() - (columns - 1) * SPACING) / (columns * w),
                        (self.height() - (len(rows) - 1) * SPACING) / height)
            if scale >= best[1]:
                best = (columns, scale)
        return best[0], max(MIN_SCALE, best[1])

    def _apply(self, scale: float) -> None:
        if scale != self.scale or not self.styleSheet():
            self.scale = scale
            self.setStyleSheet(_card_style(scale))
            self.board.grid.setSpacing(round(SPACING * scale))


class _FitSide(QWidget):
    """The standings column, its type as big as fits this area (up to the style sheet's)."""

    def __init__(self, inner: QWidget) -> None:
        super().__init__()
        self.inner, self.scale = inner, 1.0
        inner.setParent(self)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.refit()

    def refit(self) -> None:
        self.inner.setGeometry(self.rect())
        self._apply(self.scale)
        need = _hint(self.inner)
        scale = min(1.0, self.scale * self.width() / max(1, need.width()),
                    self.scale * self.height() / max(1, need.height()))
        while True:
            self._apply(max(MIN_SCALE, scale))
            if scale <= MIN_SCALE or _fits(self.inner, self.size()):
                break
            scale *= 0.95

    def _apply(self, scale: float) -> None:
        if scale != self.scale or not self.styleSheet():
            self.scale = scale
            self.setStyleSheet(_side_style(scale))


class ScoreboardWindow(QWidget):
    def __init__(self, hub: ZhukHub, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.hub = hub
        self.setObjectName("scoreboard")
        style_window(self, ZHUK)
        self.setWindowTitle(tr("Табло «Жук»"))
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        title = QLabel(tr("Турнир «Жук»"))
        title.setObjectName("boardTitle")
        self.last_minute = QLabel(tr("Последняя минута раунда"))
        self.last_minute.setObjectName("boardLastMinute")
        self.last_minute.hide()
        self.board = TableBoard(hub, columns=2, big=True)
        self.board.setObjectName("boardTables")
        self.tables = _FitTables(self.board)
        self.table_title = QLabel(tr("Таблица"))
        self.table_title.setObjectName("boardSubtitle")
        self.lines = QLabel()
        self.lines.setObjectName("boardStandings")
        self.lines.setTextFormat(Qt.TextFormat.RichText)
        self.lines.setAlignment(Qt.AlignmentFlag.AlignTop)
        inner = QWidget()
        side = QVBoxLayout(inner)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.table_title)
        side.addWidget(self.lines, 1)
        self.side = _FitSide(inner)
        body = QHBoxLayout()
        body.addWidget(self.tables, 3)
        body.addWidget(self.side, 1)
        layout = QVBoxLayout(self)
        head = QHBoxLayout()
        head.addWidget(title, 1)
        head.addWidget(self.last_minute)
        layout.addLayout(head)
        layout.addLayout(body, 1)
        # methods, not lambdas: Qt drops them with the window; connected after the board's, so they see its cards
        hub.changed.connect(self._game_changed)
        hub.structure_changed.connect(self._structure_changed)
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

    def _update_last_minute(self) -> None:
        """The hall sees the last minute of any running round, not only a red clock on the cards."""
        hub = self.hub
        clocks = [hub.clock(rid) for rid in dict.fromkeys(t.round_id for t in hub.running_tables())]
        self.last_minute.setVisible(any(c.started and 0 < c.remaining <= 60 for c in clocks))

    def _game_changed(self, _game_id: str) -> None:
        self.refresh_standings()
        if not _fits(self.board, self.tables.size()):  # a balance grew a digit
            self.tables.refit()

    def _structure_changed(self) -> None:
        self.refresh_standings()
        self.tables.refit()

    def refresh_standings(self) -> None:
        running = self.hub.tournaments.running_tables()
        tid = self.hub.tournaments.round_info(running[0].round_id)[0] if running else None
        if tid is None:
            ts = self.hub.tournaments.tournaments()
            tid = ts[0].id if ts else None
        if tid is None:
            self.lines.setText("")
            self.side.refit()
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
        self.side.refit()

    def show_on_display(self) -> None:
        """Full screen on the hall's screen when there is a second one, else a window (F11: full screen)."""
        show_on(self, room_screen("scoreboard"), "scoreboard", full=len(QGuiApplication.screens()) > 1)

