"""Cards of running Жук tables: players in turn order with balances, bank, who moves, the clock, the nominal."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QMenu, QVBoxLayout, QWidget

from clubdesk.services.tournaments_data import TableInfo
from clubdesk.ui.cancel_game import action_text
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.zhuk_table import money
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.zhuk.clock import clock_text
from clubdesk.ui.zhuk.hub import ZhukHub


def _restyle(w: QWidget) -> None:
    w.style().unpolish(w)
    w.style().polish(w)


class TableCard(QFrame):
    """One table; the desk's card (not `big`) names its referee and has a right-click menu.

    Signals: clicked(TableInfo), referee_requested(TableInfo) («Судья стола…» from the menu),
    cancel_requested(TableInfo) («Отменить игру (создана по ошибке)…», before the table's first shot)."""

    clicked = Signal(object)
    referee_requested = Signal(object)
    cancel_requested = Signal(object)

    def __init__(self, hub: ZhukHub, table: TableInfo, big: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub, self.table = hub, table
        self.setObjectName("zhukCardBig" if big else "zhukCard")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        tid, info = hub.tournaments.round_info(table.round_id)
        # a public board names players as every board does (clubdesk.names.board_name)
        self.names = (hub.tournaments.board_names if big else hub.tournaments.names)(table.players)
        self.head = QLabel(tr("Стол {n}").format(n=table.number))
        self.head.setObjectName("cardHead")
        self.sub = QLabel(tr("Этап {s}, раунд {r} · номинал {nominal} B").format(
            s=info.stage, r=info.number, nominal=money(info.nominal)) if info.stage < 4 else
            tr("Финал, раунд {r} · номинал {nominal} B").format(r=info.number, nominal=money(info.nominal)))
        self.sub.setObjectName("cardSub")
        self.clock = QLabel()
        self.clock.setObjectName("cardClock")
        self.grid = QGridLayout()
        self.grid.setColumnStretch(1, 1)
        self.rows: list[tuple[QLabel, QLabel, QLabel]] = []
        for i in range(len(table.players)):
            labels = (QLabel(), QLabel(), QLabel())
            labels[1].setObjectName("cardPlayer")
            labels[2].setObjectName("cardMoney")
            labels[2].setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for col, lab in enumerate(labels):
                self.grid.addWidget(lab, i, col)
            self.rows.append(labels)
        self.bank = QLabel()
        self.bank.setObjectName("cardBank")
        top = QGridLayout()
        top.addWidget(self.head, 0, 0)
        top.addWidget(self.clock, 0, 1, Qt.AlignmentFlag.AlignRight)
        top.addWidget(self.sub, 1, 0, 1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(self.grid)
        layout.addWidget(self.bank)
        self.referee: QLabel | None = None
        if not big:  # the hall sees no staff names; the desk sees who scores the table from a tablet
            self.referee = QLabel(tr("Судья: {name}").format(name=table.referee) if table.referee
                                  else tr("Судья: любой"))
            self.referee.setObjectName("cardSub")
            layout.addWidget(self.referee)
            self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            self.customContextMenuRequested.connect(self._menu)
        self.refresh()
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)

    def refresh(self) -> None:
        s = self.hub.games.state(self.table.game_id)
        for (mark, name, bal), pid in zip(self.rows, s["order"], strict=True):
            moving = pid == s["to_move"] and not s["finished"]
            mark.setText("▶" if moving else "")
            name.setText(self.names.get(pid, pid))
            name.setProperty("moving", moving)
            bal.setText(money(s["balances"][pid]))
            bal.setProperty("negative", s["balances"][pid] <= 0)
            _restyle(name)
            _restyle(bal)
        self.bank.setText(tr("Банк: {bank} B").format(bank=money(s["bank"])))
        self.finished = s["finished"]
        self.refresh_clock()

    def refresh_clock(self) -> None:
        c = self.hub.clock(self.table.round_id)
        self.clock.setText(clock_text(c, self.finished))
        warning = c.started and c.remaining <= 60 and not self.finished
        if self.clock.property("warning") != warning:  # re-polished only when the style changes, not every tick
            self.clock.setProperty("warning", warning)
            _restyle(self.clock)

    def menu(self) -> QMenu:
        menu = QMenu(self)
        menu.addAction(tr("Открыть стол"), lambda: self.clicked.emit(self.table))
        menu.addAction(tr("Судья стола…"), lambda: self.referee_requested.emit(self.table))
        cancel = menu.addAction(action_text(), lambda: self.cancel_requested.emit(self.table))
        cancel.setEnabled(not self.hub.games.events(self.table.game_id))  # after the first shot it plays on
        return menu

    def _menu(self, pos) -> None:
        self.menu().exec(self.mapToGlobal(pos))

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton:  # the right button opens the menu, not the table
            self.clicked.emit(self.table)
        super().mousePressEvent(event)


class TableBoard(QWidget):
    """All running tables as cards, rebuilt when tables start or end, refreshed on every recorded event.

    Signals: table_clicked(TableInfo), referee_requested(TableInfo), cancel_requested(TableInfo).
    """

    table_clicked = Signal(object)
    referee_requested = Signal(object)
    cancel_requested = Signal(object)

    def __init__(self, hub: ZhukHub, columns: int = 3, big: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub, self.columns, self.big = hub, columns, big
        self.cards: dict[str, TableCard] = {}
        self.grid = QGridLayout(self)
        self.grid.setSpacing(14)
        self.empty = QLabel(tr("Сейчас нет идущих столов «Жук». Начните раунд на странице «Жеребьёвка»."))
        self.empty.setObjectName("muted")
        self.empty.setWordWrap(True)
        hub.changed.connect(self._on_changed)
        hub.structure_changed.connect(self.rebuild)
        hub.tick.connect(self._tick)
        self.rebuild()

    def rebuild(self) -> None:
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None and w is not self.empty:
                w.deleteLater()
        self.cards = {}
        tables = self.hub.tournaments.running_tables()
        for i, t in enumerate(tables):
            card = TableCard(self.hub, t, self.big)
            card.clicked.connect(self.table_clicked)
            card.referee_requested.connect(self.referee_requested)
            card.cancel_requested.connect(self.cancel_requested)
            self.cards[t.game_id] = card
            self.grid.addWidget(card, i // self.columns, i % self.columns, Qt.AlignmentFlag.AlignTop)
        self.empty.setVisible(not tables)
        if not tables:
            self.grid.addWidget(self.empty, 0, 0)
        for c in range(self.columns):
            self.grid.setColumnStretch(c, 1)
        self.grid.setRowStretch(max(1, (len(tables) + self.columns - 1) // self.columns), 1)

    def _on_changed(self, game_id: str) -> None:
        card = self.cards.get(game_id)
        if card is None:
            self.rebuild()
            return
        card.refresh()

    def _tick(self) -> None:
        if not self.isVisible():  # a page or board out of sight reads no clock; it catches up when shown
            return
        for card in self.cards.values():
            card.refresh_clock()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        for card in self.cards.values():
            card.refresh_clock()
        super().showEvent(event)
