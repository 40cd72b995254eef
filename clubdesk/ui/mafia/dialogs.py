"""Small dialogs of the Mafia page: a new evening, a guest added on the spot."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from clubdesk.errors import KnownError
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import CheckInRow, EveningRow, EveningService
from clubdesk.services.players import PlayerData
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import error_label


class _Form(QDialog):
    def __init__(self, title: str, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = QFormLayout()
        self.error = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def save(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _try(self, action) -> None:
        try:
            action()
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()


class EveningDialog(_Form):
    def __init__(self, service: EveningService, actor: Actor, today: dt.date, parent=None) -> None:
        super().__init__(tr("Новый вечер мафии"), parent)
        self._svc, self._actor = service, actor
        self.saved: EveningRow | None = None
        self.date = QDateEdit(QDate(today.year, today.month, today.day))
        self.date.setCalendarPopup(True)
        self.date.setDisplayFormat("dd.MM.yyyy")
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("например, Клубный вечер"))
        self.host = QComboBox()
        self.host.addItem(tr("не назначен"), None)
        for acc_id, name in service.hosts():
            self.host.addItem(name, acc_id)
        if actor.account_id:
            self.host.setCurrentIndex(max(0, self.host.findData(actor.account_id)))
        self.tables = QSpinBox()
        self.tables.setRange(1, 10)
        self.scoring = QComboBox()
        self.scoring.addItem(tr("ФИИМ: победа, лучший ход, доп. баллы, удаления"), "fiim")
        self.scoring.addItem(tr("Только победы"), "wins")
        # M-14: variants of other clubs' rules; every default is «Маэстро».
        self.day0_vote = QComboBox()
        self.day0_vote.addItem(tr("голосуют, если выставлено больше одного (Маэстро)"), "single_skips")
        self.day0_vote.addItem(tr("не голосуют никогда"), "never")
        self.lift_two_at_four = QCheckBox(tr("при четырёх игроках двоих можно поднять"))
        self.muted_may_nominate = QCheckBox(tr("игрок с тремя фолами выставляет молча"))
        for label, w in ((tr("Дата"), self.date), (tr("Название"), self.name), (tr("Ведущий"), self.host),
                         (tr("Столов"), self.tables), (tr("Подсчёт очков"), self.scoring),
                         (tr("Нулевой день"), self.day0_vote), (tr("Варианты правил"), self.lift_two_at_four),
                         ("", self.muted_may_nominate)):
            self.form.addRow(label, w)

    def variants(self) -> dict:
        return {"day0_vote": self.day0_vote.currentData(), "lift_two_at_four": self.lift_two_at_four.isChecked(),
                "muted_may_nominate": self.muted_may_nominate.isChecked()}

    def save(self) -> None:
        def create():
            self.saved = self._svc.create(self._actor, self.date.date().toPython(), self.host.currentData(),
                                          self.tables.value(), self.name.text(), self.scoring.currentData(),
                                          self.variants())
        self._try(create)


class GuestDialog(_Form):
    def __init__(self, service: EveningService, actor: Actor, evening_id: str, parent=None) -> None:
        super().__init__(tr("Гость вечера"), parent)
        self._svc, self._actor, self._evening = service, actor, evening_id
        self.saved: CheckInRow | None = None
        self.name, self.nickname, self.phone = QLineEdit(), QLineEdit(), QLineEdit()
        for label, w in ((tr("Фамилия и имя"), self.name), (tr("Ник"), self.nickname), (tr("Телефон"), self.phone)):
            self.form.addRow(label, w)

    def save(self) -> None:
        def add():
            self.saved = self._svc.add_guest(self._actor, self._evening,
                                             PlayerData(self.name.text(), self.nickname.text(), self.phone.text()))
        self._try(add)
