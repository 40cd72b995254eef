"""The new Жук tournament dialog: name, participants picked from the registry with a filter, options."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from clubdesk.services.accounts import Actor
from clubdesk.services.players import PlayerService
from clubdesk.services.tournaments import TournamentService
from clubdesk.ui.i18n import tr
from clubdesk.ui.participants_dialog import ParticipantsDialog
from clubdesk.ui.windows import remember


class NewTournamentDialog(ParticipantsDialog):
    def __init__(self, service: TournamentService, players: PlayerService, actor: Actor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service, self.actor = service, actor
        self.created: str | None = None
        self.setWindowTitle(tr("Новый турнир «Жук»"))
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("например, Кубок декабря"))
        self.settlement = QComboBox()
        self.settlement.addItem(tr("платит предыдущий игрок"), "previous")
        self.settlement.addItem(tr("платят все остальные"), "all")
        self.bankroll = QComboBox()
        self.bankroll.addItem(tr("баланс переносится в следующий этап"), "carry")
        self.bankroll.addItem(tr("каждый этап с 10 000 B"), "reset")
        form = QFormLayout()
        form.addRow(tr("Название:"), self.name)
        form.addRow(tr("Расчёт за шар:"), self.settlement)
        form.addRow(tr("Банкролл:"), self.bankroll)
        currency = QLabel(tr("B — «баги», игровая валюта «Жука» (Z§1): у каждого игрока на старте 10 000 B."))
        currency.setObjectName("muted")
        currency.setWordWrap(True)
        form.addRow("", currency)  # where a club first meets the unit (issue 38 item 9)
        self._build(players, form)
        self._update_count()
        self.setObjectName("newTournament")
        remember(self, QSize(620, 640))

    def _update_count(self) -> None:
        n = len(self.model.checked)
        self.count.setText(tr("Выбрано участников: {n} (столы по 4, затем по 3; нельзя 1, 2 и 5)").format(n=n))

    def create(self) -> None:
        self._create_with(lambda ids: self.service.create(self.actor, self.name.text(), ids,
                                                          self.settlement.currentData(), self.bankroll.currentData()))
