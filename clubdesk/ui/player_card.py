"""A player's card: contacts, club Жук rating, tournament history with the balance per tournament."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.players import PlayerRow
from clubdesk.services.ratings import RatingService, TournamentLine
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import RowTableModel
from clubdesk.ui.models.players import rating_text
from clubdesk.ui.plain import plain_text_labels

Index = QModelIndex | QPersistentModelIndex
T_NAME, T_STATUS, T_ROUNDS, T_BALANCE, T_RATING = range(5)


def history_headers() -> list[str]:
    return [tr("Турнир"), tr("Статус"), tr("Раундов"), tr("Баланс, B"), tr("Рейтинг ±")]


class HistoryModel(RowTableModel):
    """The player's tournaments, newest first."""

    def headers(self) -> list[str]:
        return history_headers()

    def __init__(self, lines: list[TournamentLine], parent=None) -> None:
        super().__init__(parent)
        self._rows = list(lines)

    def cell(self, line, row: int, col: int, role: int):
        if role == Qt.ItemDataRole.DisplayRole:
            if col == T_NAME:
                return line.name
            if col == T_STATUS:
                return tr("окончен") if line.status == "finished" else tr("идёт")
            if col == T_ROUNDS:
                return str(line.rounds)
            if col == T_BALANCE:
                return "—" if line.balance is None else f"{line.balance:,}".replace(",", "\u202f")
            change = line.rating_change
            return ("+" if change > 0 else "") + rating_text(change)
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= T_ROUNDS:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None


class PlayerCard(QDialog):
    """Read-only: what the registry knows about one player, derived from the rounds he played."""

    def __init__(self, ratings: RatingService, player: PlayerRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Карточка игрока: {name}").format(name=player.name))
        self.setMinimumSize(620, 420)
        rounds = ratings.rounds()
        self.rating = ratings.ratings(rounds).get(player.id, 1000)
        self.history = HistoryModel(ratings.history(player.id), self)

        name = QLabel(player.name)
        name.setObjectName("pageTitle")
        form = QFormLayout()
        form.addRow(tr("Ник"), QLabel(player.nickname or "—"))
        form.addRow(tr("Телефон"), QLabel(player.phone or "—"))
        self.rating_label = QLabel(rating_text(self.rating))
        self.rating_label.setObjectName("cardRating")
        self.rating_label.setStyleSheet("font-size: 15pt; font-weight: 700;")
        form.addRow(tr("Клубный рейтинг «Жук»"), self.rating_label)
        played = sum(1 for r in rounds if r.finished and player.id in r.rating_delta)
        form.addRow(tr("Сыграно раундов"), QLabel(str(played)))
        results = ratings.pyramid_results()
        matches = sum(1 for m in results if player.id in (m.a, m.b))
        self.pyramid_rating = ratings.pyramid_ratings(results).get(player.id) if matches else None
        self.pyramid_label = QLabel(tr("{rating} (матчей: {n})").format(rating=round(self.pyramid_rating), n=matches)
                                    if matches else tr("матчей пока нет"))
        form.addRow(tr("Рейтинг «Пирамидка»"), self.pyramid_label)
        if player.status == "banned":
            ban = QLabel(tr("Запрет посещения: {reason}").format(reason=player.ban_reason))
            ban.setObjectName("formError")
            form.addRow("", ban)

        view = QTableView()
        view.setModel(self.history)
        view.verticalHeader().hide()
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        empty = QLabel(tr("Турниров пока нет."))
        empty.setObjectName("muted")
        empty.setVisible(self.history.rowCount() == 0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(tr("Закрыть"))  # Qt's own text is English
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(name)
        layout.addLayout(form)
        layout.addWidget(QLabel(tr("Турниры")))
        layout.addWidget(view, 1)
        layout.addWidget(empty)
        layout.addWidget(buttons)
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)
