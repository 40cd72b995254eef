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
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk import phones
from clubdesk.errors import KnownError, ValidationError
from clubdesk.roles import Actor
from clubdesk.services.players import PlayerData, PlayerRow, PlayerService, PossibleDuplicate
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import error_label, grow_to_fit


class PlayerDialog(QDialog):
    def __init__(self, service: PlayerService, actor: Actor, player: PlayerRow | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._service, self._actor, self._player = service, actor, player
        self.saved: PlayerRow | None = None
        self.open_instead: PlayerRow | None = None  # the desk chose to open the player this one duplicates
        self.setWindowTitle(tr("Изменить игрока") if player else tr("Новый игрок"))
        self.setMinimumWidth(440)

        # The name in its parts (the boards show «Иванов П.»); the first name may carry a patronymic.
        self.surname = QLineEdit()
        self.surname.setPlaceholderText(tr("например, Иванов"))
        self.first_name = QLineEdit()
        self.first_name.setPlaceholderText(tr("например, Пётр или Пётр Ильич"))
        self.nickname = QLineEdit()
        self.phone = QLineEdit()
        self.phone.setPlaceholderText("+7 916 123-45-67")
        self.birthday = QLineEdit()
        self.birthday.setPlaceholderText(tr("дд.мм.гггг, если известна"))
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
        # A possible duplicate is a question, not an error: who it may be, open him, or save another person.
        self.duplicate = QWidget()
        self.duplicate_text = QLabel()
        self.duplicate_text.setWordWrap(True)
        self.open_existing = QPushButton()
        self.save_anyway = QPushButton(tr("Это другой человек — сохранить"))
        # Saving another person is a deliberate click (or Space on it), never the Enter that saved the form: a tired
        # second Enter stored an identical second player (issue 34 item 5). Enter opens the player already there.
        self.save_anyway.setAutoDefault(False)
        dup_buttons = QVBoxLayout()  # one above the other: side by side both names were cut
        dup_buttons.addWidget(self.open_existing)
        dup_buttons.addWidget(self.save_anyway)
        dup_layout = QVBoxLayout(self.duplicate)
        dup_layout.setContentsMargins(0, 0, 0, 0)
        dup_layout.addWidget(self.duplicate_text)
        dup_layout.addLayout(dup_buttons)
        self.duplicate.hide()
        self._duplicates: list[PlayerRow] = []

        form = QFormLayout()
        form.addRow(tr("Фамилия"), self.surname)
        form.addRow(tr("Имя"), self.first_name)
        form.addRow(tr("Псевдоним"), self.nickname)
        form.addRow(tr("Телефон"), self.phone)
        form.addRow(tr("Дата рождения"), self.birthday)
        form.addRow(tr("Заметки"), self.notes)
        form.addRow("", self.guest)
        form.addRow("", self.banned)
        form.addRow(tr("Причина"), self.ban_reason)
        form.addRow(tr("До"), self.ban_until)
        form.addRow("", self.ban_forever)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText(tr("Сохранить"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.duplicate)
        layout.addWidget(buttons)
        self.open_existing.clicked.connect(self._open_existing)
        self.save_anyway.clicked.connect(lambda: self.save(duplicate_ok=True))

        self.banned.toggled.connect(self._sync_ban_fields)
        self.ban_forever.toggled.connect(self._sync_ban_fields)
        self._fields = {"surname": self.surname, "first_name": self.first_name, "nickname": self.nickname, "phone": self.phone, "birthday": self.birthday,
                        "ban_reason": self.ban_reason, "ban_until": self.ban_until}
        self._load(player)
        self._loaded = self._typed()  # what Escape or «Отмена» would lose is what differs from it
        self.confirm_discard = self._ask_discard  # tests replace it

    def _load(self, p: PlayerRow | None) -> None:
        today = self._service.today()
        until = p.ban_until if p and p.ban_until else today + dt.timedelta(days=30)
        self.ban_until.setDate(QDate(until.year, until.month, until.day))
        if p:
            self.surname.setText(p.surname)
            self.first_name.setText(p.first_name)
            self.nickname.setText(p.nickname)
            self.phone.setText(phones.readable(p.phone))
            self.birthday.setText(f"{p.birthday:%d.%m.%Y}" if p.birthday else "")
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

    def birthday_date(self) -> dt.date | None:
        text = self.birthday.text().strip()
        if not text:
            return None
        try:
            return dt.datetime.strptime(text, "%d.%m.%Y").date()
        except ValueError:
            raise ValidationError("birthday", f"Дата рождения «{text[:20]}»: нужна дата вида 31.12.1990.",
                                  f"Date of birth '{text[:20]}': a date like 31.12.1990 is needed.") from None

    def data(self) -> PlayerData:
        until = None
        if self.banned.isChecked() and not self.ban_forever.isChecked():
            until = self.ban_until.date().toPython()
        phone = self.phone.text()
        if self._player and phone == phones.readable(self._player.phone):
            phone = self._player.phone  # shown spaced, stored as it was
        return PlayerData("", self.nickname.text(), phone, self.notes.toPlainText(), self.banned.isChecked(),
                          self.ban_reason.text(), until, self.birthday_date(), self.surname.text(),
                          self.first_name.text())

    def save(self, duplicate_ok: bool = False) -> None:
        self.duplicate.hide()
        self.error.hide()
        try:
            if self._player:
                self.saved = self._service.update(self._actor, self._player.id, self.data(),
                                                  duplicate_ok=duplicate_ok)
                if self._player.is_guest and not self.guest.isChecked():
                    self.saved = self._service.register_guest(self._actor, self._player.id)
            else:
                self.saved = self._service.add(self._actor, self.data(), duplicate_ok=duplicate_ok)
        except PossibleDuplicate as exc:
            self.show_duplicates(exc)
            return
        except ValidationError as exc:
            self.show_error(exc.message(), exc.field)
            return
        except KnownError as exc:
            self.show_error(exc.message(), None)
            return
        self.accept()

    def show_duplicates(self, exc: PossibleDuplicate) -> None:
        self._duplicates = [p for p, _why in exc.matches]
        self.duplicate_text.setText(exc.message())
        first = self._duplicates[0]
        self.open_existing.setText(tr("Открыть игрока «{name}»").format(name=first.name))
        self.duplicate.show()
        grow_to_fit(self)
        # as the guest dialog does: Enter on the question answers «open him», which stores nothing (an Enter back
        # in a field is the form's «Сохранить», which asks again)
        self.open_existing.setFocus()

    def _open_existing(self) -> None:
        self.open_instead = self._duplicates[0] if self._duplicates else None
        self.reject()  # nothing typed is lost: the player already there is opened instead

    def _typed(self) -> tuple:
        return (*(w.text() for w in (self.surname, self.first_name, self.nickname, self.phone, self.birthday,
                                     self.ban_reason)), self.notes.toPlainText(), self.banned.isChecked(),
                self.ban_forever.isChecked(), self.ban_until.date(), self.guest.isChecked())

    # A person's Escape, «Отмена» or the window's × asks first when something is typed (issue 38 item 8); a close
    # the program makes (reject(), close() from code, a test's teardown) never does: nobody is there to answer.
    def cancel(self) -> None:
        if self._typed() == self._loaded or self.confirm_discard():
            self.reject()

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        from PySide6.QtCore import Qt

        if event.key() == Qt.Key.Key_Escape and not event.modifiers():
            self.cancel()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.spontaneous() and self._typed() != self._loaded and not self.confirm_discard():
            event.ignore()
            return
        super().closeEvent(event)

    def _ask_discard(self) -> bool:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, self.windowTitle(),
                          tr("Введённое не сохранено. Закрыть без сохранения?"), parent=self)
        close = box.addButton(tr("Закрыть без сохранения"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(box.addButton(tr("Вернуться к вводу"), QMessageBox.ButtonRole.RejectRole))
        box.exec()
        return box.clickedButton() is close

    def show_error(self, text: str, field: str | None) -> None:
        self.error.setText(text)
        self.error.show()
        grow_to_fit(self)
        widget = self._fields.get(field or "")
        if widget is not None:
            widget.setFocus()
