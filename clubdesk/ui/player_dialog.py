"""Add or edit a player: a form that hands its data to the service and shows what it refuses."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, ValidationError
from clubdesk.roles import Actor
from clubdesk.services.players import PlayerData, PlayerRow, PlayerService
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import error_label


class PlayerDialog(QDialog):
    def __init__(self, service: PlayerService, actor: Actor, player: PlayerRow | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._service, self._actor, self._player = service, actor, player
        self.saved: PlayerRow | None = None
        self.setWindowTitle(tr("Изменить игрока") if player else tr("Новый игрок"))
        self.setMinimumWidth(440)

        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("например, Иванов Пётр"))  # surname first: the boards show «Иванов П.»
        self.nickname = QLineEdit()
        self.phone = QLineEdit()
        self.phone.setPlaceholderText("+7 916 123-45-67")
        self.notes = QPlainTextEdit()
        self.notes.setFixedHeight(70)
        self.banned = QCheckBox(tr("Запрет посещения клуба"))
        self.guest = QCheckBox(tr("Гость вечера — ещё не зарегистрирован в клубе"))
        self.guest.setToolTip(tr("Снимите, чтобы зарегистрировать гостя в клубе"))
        self.guest.setChecked(bool(player and player.is_guest))
        self.guest.setVisible(bool(player and player.is_guest))
        self.ban_reason = QLineEdit()
        self.ban_reason.setPlaceholderText(tr("например: 3.3 — оскорбление игроков"))
        self.ban_forever = QCheckBox(tr("бессрочно"))
        self.ban_until = QDateEdit()
        self.ban_until.setCalendarPopup(True)
        self.ban_until.setDisplayFormat("dd.MM.yyyy")
        self.error = error_label()

        form = QFormLayout()
        form.addRow(tr("Фамилия и имя"), self.name)
        form.addRow(tr("Ник"), self.nickname)
        form.addRow(tr("Телефон"), self.phone)
        form.addRow(tr("Заметки"), self.notes)
        form.addRow("", self.guest)
        form.addRow("", self.banned)
        form.addRow(tr("Причина"), self.ban_reason)
        form.addRow(tr("До"), self.ban_until)
        form.addRow("", self.ban_forever)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Save).setText(tr("Сохранить"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

        self.banned.toggled.connect(self._sync_ban_fields)
        self.ban_forever.toggled.connect(self._sync_ban_fields)
        self._fields = {"name": self.name, "nickname": self.nickname, "phone": self.phone,
                        "ban_reason": self.ban_reason, "ban_until": self.ban_until}
        self._load(player)

    def _load(self, p: PlayerRow | None) -> None:
        today = self._service.today()
        until = p.ban_until if p and p.ban_until else today + dt.timedelta(days=30)
        self.ban_until.setDate(QDate(until.year, until.month, until.day))
        if p:
            self.name.setText(p.name)
            self.nickname.setText(p.nickname)
            self.phone.setText(p.phone)
            self.notes.setPlainText(p.notes)
            self.banned.setChecked(p.status == "banned")
            self.ban_reason.setText(p.ban_reason)
            self.ban_forever.setChecked(p.status == "banned" and p.ban_until is None)
        self._sync_ban_fields()

    def _sync_ban_fields(self) -> None:
        on = self.banned.isChecked()
        self.ban_reason.setEnabled(on)
        self.ban_forever.setEnabled(on)
        self.ban_until.setEnabled(on and not self.ban_forever.isChecked())

    def data(self) -> PlayerData:
        until = None
        if self.banned.isChecked() and not self.ban_forever.isChecked():
            until = self.ban_until.date().toPython()
        return PlayerData(self.name.text(), self.nickname.text(), self.phone.text(), self.notes.toPlainText(),
                          self.banned.isChecked(), self.ban_reason.text(), until)

    def save(self) -> None:
        try:
            if self._player:
                self.saved = self._service.update(self._actor, self._player.id, self.data())
                if self._player.is_guest and not self.guest.isChecked():
                    self.saved = self._service.register_guest(self._actor, self._player.id)
            else:
                self.saved = self._service.add(self._actor, self.data())
        except ValidationError as exc:
            self.show_error(exc.message(), exc.field)
            return
        except KnownError as exc:
            self.show_error(exc.message(), None)
            return
        self.accept()

    def show_error(self, text: str, field: str | None) -> None:
        self.error.setText(text)
        self.error.show()
        widget = self._fields.get(field or "")
        if widget is not None:
            widget.setFocus()
