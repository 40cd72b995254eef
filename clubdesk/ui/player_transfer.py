"""«Игроки» → «Импорт и экспорт…» (issue 39): the button's menu — a file imported through the preview
(`ui/player_import.py`), the registry exported, an import of this desk undone."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, language
from clubdesk.services.player_imports import ImportService
from clubdesk.ui.i18n import tr
from clubdesk.ui.player_import import ImportDialog
from clubdesk.ui.views import error_label


class UndoImportDialog(QDialog):
    """The imports made on this desk, the newest first; the chosen one undone after a question."""

    def __init__(self, service: ImportService, actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._service, self._actor = service, actor
        self.undone = None
        self.setWindowTitle(tr("Отменить импорт"))
        self.list = QListWidget()
        for r in service.history():
            text = tr("{at} — {file}: добавлено {added}, обновлено {updated} ({login})").format(
                at=r.at[:16].replace("T", " "), file=r.source, added=r.added, updated=r.updated, login=r.login)
            if r.undone_at:
                text += " — " + tr("отменён")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, r.id)
            if r.undone_at:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)
        self.error = error_label()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.undo_button = self.buttons.addButton(tr("Отменить выбранный импорт"), QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Импорт отменяется целиком, пока его новые игроки нигде не записаны: они убираются из "
                                   "реестра на всех стойках, изменённые поля возвращаются.")))
        layout.addWidget(self.list, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.buttons.rejected.connect(self.reject)
        self.undo_button.clicked.connect(self.undo)

    def undo(self) -> None:
        item = self.list.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return
        if not ask(self, tr("Отменить импорт «{text}»?").format(text=item.text())):
            return
        try:
            self.undone = self._service.undo(self._actor, item.data(Qt.ItemDataRole.UserRole))
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()


# ---- the page's button: tests replace ask, run_dialog, file_name and say -----------------------------------------------------------------
def ask(parent: QWidget, text: str) -> bool:
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    return QMessageBox.question(parent, tr("Игроки"), text, buttons, QMessageBox.StandardButton.No) == \
        QMessageBox.StandardButton.Yes


def run_dialog(dialog: QDialog) -> bool:
    return bool(dialog.exec())


def file_name(parent: QWidget, save: bool) -> str:
    from clubdesk.ui.print_preview import documents_folder, in_documents

    pattern = tr("Таблицы (*.xlsx *.csv)")
    if save:
        return QFileDialog.getSaveFileName(parent, tr("Экспорт игроков"), str(in_documents(tr("игроки"), ".xlsx")),
                                           pattern)[0]
    return QFileDialog.getOpenFileName(parent, tr("Импорт игроков"), str(documents_folder()), pattern)[0]


def transfer_menu(page) -> QMenu:
    """The menu of the players page's «Импорт и экспорт» button; `page` has `_service`, `_actor`, `model`."""
    menu = QMenu(page)
    menu.addAction(tr("Импорт из Excel или CSV…"), lambda: import_players(page))
    menu.addAction(tr("Экспорт в Excel или CSV…"), lambda: export_players(page))
    menu.addAction(tr("Отменить импорт…"), lambda: undo_import(page))
    return menu


def _service(page) -> ImportService:
    return ImportService(page._service.store, page._service.today())  # noqa: SLF001 - the page's own registry


def say(page, text: str) -> None:
    QMessageBox.information(page, tr("Игроки"), text)


def import_players(page) -> ImportDialog | None:
    path = file_name(page, save=False)
    if not path:
        return None
    try:
        dialog = ImportDialog(_service(page), page._actor, Path(path), page)  # noqa: SLF001
    except KnownError as exc:
        say(page, exc.message())
        return None
    if run_dialog(dialog) and dialog.result is not None:
        page.model.refresh()
    return dialog


def export_players(page) -> int | None:
    path = file_name(page, save=True)
    if not path:
        return None
    if Path(path).suffix.casefold() not in (".xlsx", ".csv"):
        path += ".xlsx"
    try:
        n = _service(page).export(page._actor, Path(path), language())  # noqa: SLF001
    except KnownError as exc:
        say(page, exc.message())
        return None
    say(page, tr("Выгружено игроков: {n} — {file}").format(n=n, file=path))
    return n


def undo_import(page) -> UndoImportDialog:
    dialog = UndoImportDialog(_service(page), page._actor, page)  # noqa: SLF001
    if run_dialog(dialog) and dialog.undone is not None:
        page.model.refresh()
    return dialog
