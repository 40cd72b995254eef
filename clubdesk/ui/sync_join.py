"""A desk without a hub on «Синхронизация»: a calm word that none is set up, and joining one from the GUI.

What `clubdesk sync join` does (clubdesk.sync.join.join_desk: check the desk's login and password, learn the club,
keep the password in the keyring), asked in a dialog: the hub's address, this desk's name and password, as the
hub's administrator gave them with `clubdesk sync add-desk NAME`. Issue 38 item 10.

Signals (NotJoinedPanel): joined() once the desk has joined a hub.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.roles import Actor
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import enable, error_label, grow_to_fit, ok_cancel


class NotJoinedPanel(QWidget):
    joined = Signal()

    def __init__(self, club, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club, self.actor = club, actor
        self.dialog: JoinDialog | None = None  # the last one opened (tests and the screenshots)
        self.title = QLabel(tr("Сервер синхронизации не настроен"))
        self.title.setObjectName("sectionTitle")
        self.text = QLabel(tr("Эта стойка работает сама по себе: всё записанное хранится здесь и ничего не "
                              "теряется. Если у клуба несколько стоек, подключите их к общему серверу — записи "
                              "уйдут на него и придут на другие стойки."))
        self.text.setWordWrap(True)
        self.join_button = QPushButton(tr("Подключить к серверу…"))
        self.join_button.setObjectName("primary")
        self.join_button.clicked.connect(self.open_join)
        enable(self.join_button, actor.has("admin"), tr("Стойку к серверу подключает администратор"))
        self.cli = QLabel(tr("Или в командной строке: clubdesk sync join URL --desk ИМЯ"))
        self.cli.setObjectName("muted")
        self.cli.setWordWrap(True)
        self.cli.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout()
        row.addWidget(self.join_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.text)
        layout.addLayout(row)
        layout.addWidget(self.cli)

    def open_join(self) -> JoinDialog:
        self.dialog = JoinDialog(self.club, self)
        self.dialog.accepted.connect(self._joined)
        self.dialog.open()
        return self.dialog

    def _joined(self) -> None:
        if self.dialog is not None and self.dialog.kept_in_file:  # no keyring: say where the password went
            from PySide6.QtWidgets import QMessageBox

            box = QMessageBox(QMessageBox.Icon.Information, tr("Синхронизация"), self.dialog.kept_in_file,
                              parent=self)
            box.open()
        self.joined.emit()


class JoinDialog(QDialog):
    """The hub's address, this desk's name and password; a refusal (an unreachable hub, a wrong password, another
    club's database) is one line under the form and nothing is kept."""

    def __init__(self, club, parent: QWidget | None = None) -> None:
        from clubdesk.sync.hub import DEFAULT_SCHEMA

        super().__init__(parent)
        self.club = club
        self.kept_in_file = ""  # the line saying where the password went when there is no keyring
        self.setWindowTitle(tr("Подключить к серверу"))
        self.setMinimumWidth(520)
        self.url = QLineEdit()
        self.url.setPlaceholderText("postgresql://server.club:5432/clubdesk")
        self.desk = QLineEdit()
        self.desk.setPlaceholderText(tr("например, bar_1"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.schema = QLineEdit(DEFAULT_SCHEMA)
        note = QLabel(tr("Имя и пароль стойки выдаёт администратор сервера (clubdesk sync add-desk ИМЯ). Пароль "
                         "хранится в хранилище паролей системы."))
        note.setObjectName("muted")
        note.setWordWrap(True)
        self.error = error_label()
        form = QFormLayout()
        form.addRow(tr("Адрес сервера:"), self.url)
        form.addRow(tr("Имя стойки:"), self.desk)
        form.addRow(tr("Пароль стойки:"), self.password)
        form.addRow(tr("Схема:"), self.schema)
        buttons = ok_cancel(self, tr("Подключить"), self.join)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def join(self) -> None:
        from clubdesk.sync.hub import HubAddress, check_desk_name
        from clubdesk.sync.join import join_desk

        self.error.hide()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)  # the hub may take a few seconds to answer
        try:
            name = check_desk_name(self.desk.text().strip())
            address = HubAddress.parse(self.url.text().strip(), schema=self.schema.text().strip() or "clubdesk")
            _config, kept = join_desk(self.club.store, address, name, self.password.text())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            grow_to_fit(self)  # the wrapped line must not squeeze the fields
            return
        finally:
            QApplication.restoreOverrideCursor()
        if kept is not None:
            self.kept_in_file = tr("Хранилища паролей системы нет: пароль стойки сохранён в файле {path} (его "
                                   "может читать только этот пользователь, он не зашифрован).").format(path=kept)
        self.accept()
