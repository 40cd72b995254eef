"""Small dialogs of the Mafia page: a new evening, a guest added on the spot (or the registry player he is)."""

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
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, ValidationError
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import CheckInRow, EveningRow, EveningService
from clubdesk.services.guests import GuestMatchesPlayer
from clubdesk.services.players import PlayerData, PlayerRow
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import error_label, grow_to_fit


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
    """A guest typed at the door. One the registry already holds (the same phone, nickname or name) is named, with
    a button that checks that player in instead; the guest is added only on «Это другой человек…»."""

    def __init__(self, service: EveningService, actor: Actor, evening_id: str, parent=None) -> None:
        super().__init__(tr("Гость вечера"), parent)
        self._svc, self._actor, self._evening = service, actor, evening_id
        self.saved: CheckInRow | None = None
        self.checked_in_instead = False  # the desk checked the registered player in, not a guest
        self.surname, self.first_name, self.nickname, self.phone = QLineEdit(), QLineEdit(), QLineEdit(), QLineEdit()
        self.surname.setPlaceholderText(tr("например, Иванов"))
        self.first_name.setPlaceholderText(tr("например, Пётр"))
        for label, w in ((tr("Фамилия"), self.surname), (tr("Имя"), self.first_name),
                         (tr("Псевдоним"), self.nickname), (tr("Телефон"), self.phone)):
            self.form.addRow(label, w)
        self._fields = {"surname": self.surname, "first_name": self.first_name, "nickname": self.nickname,
                        "phone": self.phone}
        # Who the guest may be: a question, not an error, under the form.
        self.match = QWidget()
        self.match_text = QLabel()
        self.match_text.setWordWrap(True)
        self.check_in_match = QPushButton()
        self.add_anyway = QPushButton(tr("Это другой человек — добавить гостем"))
        match_layout = QVBoxLayout(self.match)
        match_layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.match_text, self.check_in_match, self.add_anyway):
            match_layout.addWidget(w)
        self.match.hide()
        self.layout().insertWidget(2, self.match)
        self._matched: PlayerRow | None = None
        self.check_in_match.clicked.connect(self._check_in_match)
        self.add_anyway.clicked.connect(lambda: self._add(anyway=True))

    def data(self) -> PlayerData:
        return PlayerData(nickname=self.nickname.text(), phone=self.phone.text(), surname=self.surname.text(),
                          first_name=self.first_name.text())

    def save(self) -> None:
        self._add(anyway=False)

    def _add(self, anyway: bool) -> None:
        self.match.hide()
        self.error.hide()
        try:
            self.saved = self._svc.add_guest(self._actor, self._evening, self.data(), anyway=anyway)
        except GuestMatchesPlayer as exc:
            self._show_match(exc)
            return
        except ValidationError as exc:
            self._refused(exc.message(), exc.field)
            return
        except KnownError as exc:
            self._refused(exc.message(), None)
            return
        self.accept()

    def _show_match(self, exc: GuestMatchesPlayer) -> None:
        self._matched = exc.matches[0][0]
        self.match_text.setText(exc.message())
        self.check_in_match.setText(tr("Отметить «{name}»").format(name=self._matched.name))
        self.match.show()
        grow_to_fit(self)
        self.check_in_match.setFocus()

    def _check_in_match(self) -> None:
        if self._matched is None:
            return
        try:
            self.saved = self._svc.check_in(self._actor, self._evening, self._matched.id)
        except KnownError as exc:
            self.match.hide()
            self._refused(exc.message(), None)
            return
        self.checked_in_instead = True
        self.accept()

    def _refused(self, text: str, field: str | None) -> None:
        self.error.setText(text)
        self.error.show()
        grow_to_fit(self)
        widget = self._fields.get(field or "")
        if widget is not None:
            widget.setFocus()
