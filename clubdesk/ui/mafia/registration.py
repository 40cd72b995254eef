"""Check-in tab: filter the registry as you type, check a player in (bans refused with the reason), guests."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.roles import sees_private
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import EveningService
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.dialogs import GuestDialog
from clubdesk.ui.models.mafia import CheckInsModel
from clubdesk.ui.models.players import NAME, NICKNAME, PHONE, RATING, STATUS, PlayersModel
from clubdesk.ui.views import enable, error_label, table_view


class RegistrationTab(QWidget):
    def __init__(self, service: EveningService, actor: Actor, parent=None) -> None:
        super().__init__(parent)
        self._svc, self._actor = service, actor
        self.evening_id: str | None = None
        # One column for the name and the nickname, as the checked-in list beside it reads: at 1200 px a column of
        # its own for the nickname left the names «Александро…» (see the sizes below).
        self.registry = PlayersModel(service.players, self, with_ratings=False, private=sees_private(actor),
                                     nickname_in_name=True)
        self.present = CheckInsModel(self._present, self)
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Поиск в реестре: фамилия, имя, псевдоним или телефон — Enter отмечает"))
        self.search.setClearButtonEnabled(True)
        self.view = table_view(self.registry, stretch=NAME)
        self.view.hideColumn(NICKNAME)  # it is in the name column
        self.view.hideColumn(PHONE)   # phones are not needed to check a player in
        self.view.hideColumn(RATING)  # the Жук rating means nothing at a Mafia table
        self.check = QPushButton(tr("Отметить на вечере"))
        self.check.setObjectName("primary")
        self.guest = QPushButton(tr("Гость…"))
        self.message = error_label()
        self.count = QLabel()
        self.count.setObjectName("sectionTitle")
        self.present_view = table_view(self.present, stretch=1, widths={0: 40})
        self.cancel = QPushButton(tr("Отменить отметку"))
        self.cancel.setToolTip(tr("Игрок отмечен по ошибке или ушёл до рассадки"))
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.view, 1)
        row = QHBoxLayout()
        row.addWidget(self.check)
        row.addWidget(self.guest)
        row.addStretch(1)
        left.addLayout(row)
        left.addWidget(self.message)
        right = QVBoxLayout()
        right.addWidget(self.count)
        right.addWidget(self.present_view, 1)
        right.addWidget(self.cancel)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)
        self._timer = QTimer(self, singleShot=True, interval=120)
        self._timer.timeout.connect(lambda: self.registry.set_filter(self.search.text()))
        self.search.textChanged.connect(self._timer.start)
        self.search.returnPressed.connect(self.check_in_selected)
        self.check.clicked.connect(self.check_in_selected)
        self.view.doubleClicked.connect(lambda _i: self.check_in_selected())
        self.guest.clicked.connect(self.add_guest)
        self.cancel.clicked.connect(self.cancel_selected)
        self.present_view.selectionModel().selectionChanged.connect(lambda *_: self._sync_cancel())
        self.present.modelReset.connect(self._sync_cancel)
        self.registry.modelReset.connect(lambda: self.view.selectRow(0))
        self.registry.modelReset.connect(self._fit_status)
        self.registry.rowsInserted.connect(self._fit_status)  # the next page, scrolled to
        self._fit_status()

    def _fit_status(self) -> None:
        """The status column as wide as the statuses loaded: mostly «в клубе», «запрет до 31.12.2027» whole when
        such a row is there. A fixed 190 px for it, with 100 px for a nickname column, left the names of a 1200 px
        window 113 px («Александро…»)."""
        self.view.ensurePolished()  # the style sheet's font, not the default one a widget has until it is shown
        texts = {self.registry.data(self.registry.index(r, STATUS)) for r in range(self.registry.rowCount())}
        need = max((self.view.fontMetrics().horizontalAdvance(t) for t in texts if t), default=0) + 16
        self.view.setColumnWidth(STATUS, max(need, self.view.horizontalHeader().sectionSizeHint(STATUS)))

    def _present(self):
        return self._svc.checked_in(self.evening_id) if self.evening_id else []

    def set_evening(self, evening_id: str | None) -> None:
        self.evening_id = evening_id
        self.message.hide()
        self.refresh()

    def refresh(self) -> None:
        self.present.refresh()
        self.count.setText(tr("Отмечены: {n}").format(n=self.present.rowCount()))
        # the registry beside it says who is here already: a second Enter on him is no news to the desk
        self.registry.set_marked(self.present.row_at(r).player_id for r in range(self.present.rowCount()))

    def check_in_selected(self) -> None:
        self._timer.stop()
        self.registry.set_filter(self.search.text())
        rows = self.view.selectionModel().selectedRows()
        if not self.evening_id or not rows:
            self.show_message(tr("Никого не найдено: проверьте поиск или добавьте гостя («Гость…»).")
                              if self.search.text().strip() else tr("Выберите игрока в списке."), error=True)
            return
        player = self.registry.player_at(rows[0].row())
        try:
            row = self._svc.check_in(self._actor, self.evening_id, player.id)
        except KnownError as exc:
            self.show_message(exc.message(), error=True)
            return
        self.show_message(tr("{name} отмечен.").format(name=row.name), error=False)
        self.search.clear()
        self.refresh()

    def _sync_cancel(self) -> None:
        enable(self.cancel, self.present_view.selectionModel().hasSelection(),
               tr("Выберите отмеченного игрока в списке справа"))

    def cancel_selected(self) -> None:
        """Undo a check-in made by mistake; the player can be checked in again later."""
        rows = self.present_view.selectionModel().selectedRows()
        if not self.evening_id or not rows:
            return
        row = self.present.row_at(rows[0].row())
        try:
            dropped = self._svc.cancel_check_in(self._actor, self.evening_id, row.player_id)
        except KnownError as exc:
            self.show_message(exc.message(), error=True)
            return
        text = tr("{name}: отметка отменена.").format(name=row.name)
        if dropped:
            text += " " + tr("Рассадка с ним сброшена — рассадите заново.")
        self.show_message(text, error=False)
        self.refresh()

    def show_message(self, text: str, error: bool) -> None:
        self.message.setObjectName("formError" if error else "formOk")
        self.message.setText(text)
        self.message.style().unpolish(self.message)
        self.message.style().polish(self.message)
        self.message.show()

    def add_guest(self) -> None:
        if not self.evening_id:
            return
        dialog = GuestDialog(self._svc, self._actor, self.evening_id, self)
        if dialog.exec() and dialog.saved:
            text = tr("{name} отмечен.") if dialog.checked_in_instead else tr("Гость {name} отмечен.")
            self.show_message(text.format(name=dialog.saved.name), error=False)
            self.refresh()
