"""Seating tab: a seeded draw over the evening's games (M-8), the figures, swaps with their effect, tables."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.rules.mafia.seating import TABLE, Seating
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import EveningService
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import enable, error_label


def figures_text(f: dict) -> str:
    return tr("Зерно {seed} · игр у игрока: {gmin}–{gmax} · на одном месте: не больше {seat} · "
              "встречи пар: {mmin}–{mmax}").format(seed=f["seed"], gmin=f["games_min"], gmax=f["games_max"],
                                                   seat=f["seat_repeat_max"], mmin=f["meet_min"], mmax=f["meet_max"])


def figure_names() -> dict[str, str]:
    return {"games_min": tr("меньше всего игр"), "games_max": tr("больше всего игр"),
            "seat_repeat_max": tr("повторов одного места"), "seat_spread_max": tr("разброс мест"),
            "meet_min": tr("реже всего встречаются"), "meet_max": tr("чаще всего встречаются")}


class TableList(QTableWidget):
    """One table of one game as it is printed: seat number and player."""

    def __init__(self, number: int, players: tuple[str, ...], names: dict[str, str], parent=None) -> None:
        super().__init__(len(players), 2, parent)
        self.setObjectName("seatingTable")
        self.setHorizontalHeaderLabels([tr("Место"), tr("Стол {n}").format(n=number)])
        self.verticalHeader().hide()
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.horizontalHeader().setStretchLastSection(True)
        self.setColumnWidth(0, 64)
        for i, pid in enumerate(players):
            seat = QTableWidgetItem(str(i + 1))
            seat.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setItem(i, 0, seat)
            self.setItem(i, 1, QTableWidgetItem(names.get(pid, "?")))
        self.resizeRowsToContents()
        height = self.horizontalHeader().sizeHint().height() + sum(self.rowHeight(r) for r in range(self.rowCount()))
        self.setFixedHeight(height + 4)   # a printed list has no scroll bar
        self.setMaximumWidth(420)


class SeatingTab(QWidget):
    def __init__(self, service: EveningService, actor: Actor, parent=None) -> None:
        super().__init__(parent)
        self._svc, self._actor = service, actor
        self.evening_id: str | None = None
        self.seating: Seating | None = None
        self.names: dict[str, str] = {}
        self.games = QSpinBox()
        self.games.setRange(1, 20)
        self.games.setValue(4)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(tr("зерно (пусто — случайное)"))
        self.seed.setMinimumWidth(260)
        self.draw = QPushButton(tr("Рассадить"))
        self.draw.setObjectName("primary")
        self.print_button = QPushButton(tr("Печать…"))
        self.print_button.setToolTip(tr("Рассадка всех игр вечера по столам, с зерном — повесить для игроков"))
        self.figures = QLabel()
        self.figures.setObjectName("sectionTitle")
        self.figures.setWordWrap(True)
        self.warning = error_label()
        self.round = QComboBox()
        self.a, self.b = QComboBox(), QComboBox()
        self.swap = QPushButton(tr("Поменять местами…"))
        self.tables = QHBoxLayout()
        self.rest = QLabel()
        self.rest.setWordWrap(True)
        top = QHBoxLayout()
        for w in (QLabel(tr("Игр за вечер:")), self.games, self.seed, self.draw):
            top.addWidget(w)
        top.addStretch(1)
        top.addWidget(self.print_button)
        swap = QHBoxLayout()
        for w in (QLabel(tr("Игра:")), self.round, QLabel(tr("Поменять:")), self.a, QLabel("↔"), self.b, self.swap):
            swap.addWidget(w)
        swap.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.figures)
        layout.addWidget(self.warning)
        layout.addLayout(swap)
        layout.addLayout(self.tables)
        layout.addWidget(self.rest)
        layout.addStretch(1)
        self.draw.clicked.connect(self.draw_seating)
        self.print_button.clicked.connect(self.print_seating)
        self.round.currentIndexChanged.connect(self.show_round)
        self.swap.clicked.connect(self.swap_players)

    def set_evening(self, evening_id: str | None) -> None:
        self.evening_id = evening_id
        self.warning.hide()
        self.refresh()

    def refresh(self) -> None:
        self.seating = self._svc.seating(self.evening_id) if self.evening_id else None
        s = self.seating
        no_seating = tr("Рассадки ещё нет: сначала «Рассадить»")
        enable(self.print_button, s is not None, no_seating)
        enable(self.swap, s is not None, no_seating)
        self.figures.setText(figures_text(s.evenness()) if s else self._before_seating())
        if s:
            self.names = self._svc.names(sorted({p for r in s.rounds for t in r for p in t} |
                                                {p for r in s.sitting_out for p in r}))
            self.games.setValue(len(s.rounds))
            need, have = len(s.rounds[0]), self._svc.get(self.evening_id).tables
            if need > have:
                self.show_warning(tr("Для рассадки нужно столов: {need}, а у вечера {have}.").format(need=need,
                                                                                                   have=have))
        current = max(self.round.currentIndex(), 0)
        self.round.blockSignals(True)
        self.round.clear()
        for i in range(len(s.rounds) if s else 0):
            self.round.addItem(tr("Игра {n}").format(n=i + 1), i + 1)
        self.round.setCurrentIndex(min(current, self.round.count() - 1))
        self.round.blockSignals(False)
        self.show_round()

    def print_seating(self):
        from clubdesk.ui.print_preview import print_seating

        return print_seating(self, self._svc.games, self.evening_id) if self.evening_id else None

    def show_warning(self, text: str) -> None:
        self.warning.setText(text)
        self.warning.show()

    def draw_seating(self) -> None:
        text = self.seed.text().strip()
        if text and not text.isdigit():
            self.show_warning(tr("Зерно — целое число."))
            return
        try:
            self._svc.draw_seating(self._actor, self.evening_id, self.games.value(), int(text) if text else None)
        except KnownError as exc:
            self.show_warning(exc.message())
            return
        self.warning.hide()
        self.refresh()

    def _before_seating(self) -> str:
        """What to do before the first seating, from the check-ins so far (one table is ten players, M-1)."""
        n = len(self._svc.checked_in(self.evening_id)) if self.evening_id else 0
        if n == 0:
            return tr("Рассадки ещё нет: отметьте игроков на вкладке «Регистрация» и нажмите «Рассадить».")
        if n < TABLE:
            return tr("Рассадки ещё нет. Отмечено игроков: {n}; для стола нужно {table} — отметьте ещё {more}.").format(
                n=n, table=TABLE, more=TABLE - n)
        return tr("Рассадки ещё нет. Отмечено игроков: {n} — нажмите «Рассадить».").format(n=n)

    def show_round(self) -> None:
        while self.tables.count():
            item = self.tables.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.a.clear()
        self.b.clear()
        r = self.round.currentData()
        if not self.seating or r is None:
            self.rest.clear()
            return
        for t, players in enumerate(self.seating.rounds[r - 1], 1):
            self.tables.addWidget(TableList(t, players, self.names))
        self.tables.addStretch(1)
        rest = self.seating.sitting_out[r - 1]
        self.rest.setText(tr("Отдыхают: {names}").format(names=", ".join(self.names[p] for p in rest))
                          if rest else "")
        everyone = [p for t in self.seating.rounds[r - 1] for p in t] + list(rest)
        for box in (self.a, self.b):
            for p in everyone:
                box.addItem(self.names[p], p)
        self.b.setCurrentIndex(min(1, self.b.count() - 1))

    def swap_players(self) -> None:
        r, a, b = self.round.currentData(), self.a.currentData(), self.b.currentData()
        try:
            effect = self._svc.swap_effect(self.evening_id, r, a, b)
        except KnownError as exc:
            self.show_warning(exc.message())
            return
        changed = effect.changed()
        names = figure_names()
        lines = [f"{names[k]}: {old} → {new}" for k, (old, new) in changed.items()] or \
            [tr("Показатели равномерности не изменятся.")]
        ask = tr("Поменять {a} и {b} в игре {r}?").format(a=self.names[a], b=self.names[b], r=r)
        if self.confirm(ask + "\n\n" + "\n".join(lines)):
            self._svc.swap(self._actor, self.evening_id, r, a, b)
            self.refresh()

    def confirm(self, text: str) -> bool:
        """Asked before a swap; tests replace it."""
        return QMessageBox.question(self, tr("Ручная замена"), text) == QMessageBox.StandardButton.Yes
