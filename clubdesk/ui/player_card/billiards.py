"""The card's billiards tab: club Жук rating, rounds played, the Пирамидка rating, the tournaments with the balance
per tournament, and both ratings drawn result by result."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.histories import pyramid_chart, zhuk_chart
from clubdesk.services.players import PlayerRow
from clubdesk.services.ratings import RatingService, TournamentLine
from clubdesk.ui.charts import ChartView
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import RowTableModel
from clubdesk.ui.models.players import rating_text

Index = QModelIndex | QPersistentModelIndex
T_NAME, T_STATUS, T_ROUNDS, T_BALANCE, T_RATING = range(5)


def history_headers() -> list[str]:
    return [tr("Турнир"), tr("Статус"), tr("Раундов"), tr("Баланс, B"), tr("Рейтинг ±")]


def status_text(line: TournamentLine) -> str:
    return tr("окончен") if line.status == "finished" else tr("идёт")


def balance_text(line: TournamentLine) -> str:
    return "—" if line.balance is None else f"{line.balance:,}".replace(",", "\u202f")


def change_text(line: TournamentLine) -> str:
    change = line.rating_change
    return ("+" if change > 0 else "") + rating_text(change)


class HistoryModel(RowTableModel):
    """The player's tournaments, newest first."""

    def headers(self) -> list[str]:
        return history_headers()

    def __init__(self, lines: list[TournamentLine], parent=None) -> None:
        super().__init__(parent)
        self._rows = list(lines)

    def cell(self, line, row: int, col: int, role: int):
        if role == Qt.ItemDataRole.DisplayRole:
            return (line.name, status_text(line), str(line.rounds), balance_text(line), change_text(line))[col]
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= T_ROUNDS:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None


class BilliardsTab(QWidget):
    """Read-only: what the rounds and matches the player played say about him."""

    def __init__(self, ratings: RatingService, player: PlayerRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        rounds = ratings.rounds()
        self.rating = ratings.ratings(rounds).get(player.id, 1000)
        self.history = HistoryModel(ratings.history(player.id), self)
        self.zhuk_points = ratings.zhuk_history(player.id, rounds)
        self.pyramid_points = ratings.pyramid_history(player.id)

        form = QFormLayout()
        self.rating_label = QLabel(rating_text(self.rating))
        self.rating_label.setObjectName("cardRating")
        self.rating_label.setStyleSheet("font-size: 15pt; font-weight: 700;")
        form.addRow(tr("Клубный рейтинг «Жук»"), self.rating_label)
        played = sum(1 for r in rounds if r.finished and player.id in r.rating_delta)
        form.addRow(tr("Сыграно раундов"), QLabel(str(played)))
        matches = len(self.pyramid_points)
        self.pyramid_rating = self.pyramid_points[-1].value if matches else None
        self.pyramid_label = QLabel(tr("{rating} (матчей: {n})").format(rating=round(self.pyramid_rating), n=matches)
                                    if matches else tr("матчей пока нет"))
        form.addRow(tr("Рейтинг «Пирамидка»"), self.pyramid_label)

        view = QTableView()
        view.setModel(self.history)
        view.verticalHeader().hide()
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        empty = QLabel(tr("Турниров пока нет."))
        empty.setObjectName("muted")
        empty.setVisible(self.history.rowCount() == 0)
        self.zhuk_chart = ChartView(zhuk_chart(self.zhuk_points))
        self.pyramid_chart = ChartView(pyramid_chart(self.pyramid_points))
        charts = QHBoxLayout()
        charts.addWidget(self.zhuk_chart, 3)
        charts.addWidget(self.pyramid_chart, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(tr("Турниры")))
        layout.addWidget(view, 1)
        layout.addWidget(empty)
        layout.addLayout(charts, 2)
