"""The player's card: name, contacts and ban, a billiards tab and a Mafia tab, «Печать…» (the card as PDF)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.phones import readable
from clubdesk.services.mafia_card import PlayerMafia
from clubdesk.services.players import PlayerRow
from clubdesk.services.ratings import RatingService
from clubdesk.ui.i18n import tr
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.player_card.billiards import BilliardsTab
from clubdesk.ui.player_card.mafia import MafiaTab
from clubdesk.ui.windows import remember


def mafia_service(ratings: RatingService) -> PlayerMafia:
    """The Mafia figures over the same store as the ratings."""
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.games import GameService
    from clubdesk.services.players import PlayerService

    store = ratings.store
    return PlayerMafia(EveningService(store, GameService(store), PlayerService(store)))


class PlayerCard(QDialog):
    """Read-only: what the registry knows about one player, derived from the games he played."""

    def __init__(self, ratings: RatingService, player: PlayerRow, parent: QWidget | None = None,
                 mafia: PlayerMafia | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Карточка игрока: {name}").format(name=player.name))
        self.setObjectName("playerCard")
        self.setMinimumSize(760, 560)
        self.player, self.ratings = player, ratings
        self.mafia_service = mafia or mafia_service(ratings)
        self.billiards = BilliardsTab(ratings, player)
        self.mafia_card = self.mafia_service.card(player.id, self.mafia_service.evenings.players.today())
        self.mafia = MafiaTab(self.mafia_card)
        # what the earlier single-page card offered, still read by its callers and tests
        self.rating, self.history = self.billiards.rating, self.billiards.history
        self.rating_label, self.pyramid_label = self.billiards.rating_label, self.billiards.pyramid_label
        self.pyramid_rating = self.billiards.pyramid_rating

        name = QLabel(player.name)
        name.setObjectName("pageTitle")
        form = QFormLayout()
        form.addRow(tr("Псевдоним"), QLabel(player.nickname or "—"))
        form.addRow(tr("Телефон"), QLabel(readable(player.phone) or "—"))
        if player.status == "banned":
            ban = QLabel(tr("Запрет посещения: {reason}").format(reason=player.ban_reason))
            ban.setObjectName("formError")
            form.addRow("", ban)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.billiards, tr("Бильярд"))
        self.tabs.addTab(self.mafia, tr("Мафия"))
        self.print_button = QPushButton(tr("Печать…"))
        self.print_button.setToolTip(tr("Карточка с рейтингами, сезонами и графиками: просмотр, печать, PDF"))
        self.print_button.clicked.connect(self.print_card)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(tr("Закрыть"))  # Qt's own text is English
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(name)
        layout.addLayout(form)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        remember(self, QSize(980, 720))  # fits a 1366×768 screen; the desk's own size comes back next time
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)

    def pdf(self, lang: str | None = None) -> bytes:
        from clubdesk.errors import language
        from clubdesk.services.player_report import PlayerReport

        return PlayerReport(self.ratings, self.mafia_service).pdf(self.player, lang or language())

    def print_card(self) -> None:
        from clubdesk.ui.print_preview import preview_pdf

        preview_pdf(self, self.pdf(), tr("Карточка игрока"))
