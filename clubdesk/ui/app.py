"""Starting the GUI: display check, language, store (with a way out of a broken file), login, main window."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from clubdesk.errors import StoreError, set_language

HEADLESS_HINT = {
    "ru": "ClubDesk: нет графического экрана — запустите программу в сеансе рабочего стола "
          "или отрисуйте окна без экрана: clubdesk --demo --screenshots DIR",
    "en": "ClubDesk: no graphical display — run it in a desktop session, "
          "or render the windows headless: clubdesk --demo --screenshots DIR",
}


def has_display() -> bool:
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def run(db: str | None, lang: str, demo: bool, screenshots: str | None) -> int:
    set_language(lang)
    if screenshots:
        if not demo:
            print("--screenshots goes with --demo", file=sys.stderr)
            return 2
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    elif not has_display():
        print(HEADLESS_HINT[lang], file=sys.stderr)
        return 2

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from clubdesk.resources import resource_path
    from clubdesk.ui.i18n import install_language

    if screenshots:
        _quiet_offscreen_plugin()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName("ClubDesk")
    app.setApplicationName("ClubDesk")
    translator = install_language(app, lang)  # kept until every window is gone
    app.setStyleSheet(resource_path("style.qss").read_text(encoding="utf-8"))

    tmp = None
    if demo:
        tmp = tempfile.TemporaryDirectory(prefix="clubdesk-demo-")
        db = str(Path(tmp.name) / "demo.sqlite")
    club = _open_club(db)
    if club is None:
        return 2
    try:
        if demo:
            from clubdesk.services.demo import create_demo_club
            actor = create_demo_club(club.store)
        else:
            actor = _login(club)
            if actor is None:
                return 0
        settings = QSettings(str(Path(tmp.name) / "ui.ini"), QSettings.Format.IniFormat) if tmp else QSettings()
        from clubdesk.ui.main_window import MainWindow
        window = MainWindow(club, actor, settings)
        if screenshots:
            from clubdesk.ui.screenshots import render
            for path in render(window, Path(screenshots)):
                print(path)
            window.close()
            return 0
        window.show()
        return app.exec()
    finally:
        _close_windows(app, translator)
        club.close()
        if tmp:
            tmp.cleanup()


def _close_windows(app, translator) -> None:
    """Delete every window while Python is still whole: a translator written in Python must not be asked
    to translate by widgets that Qt destroys during interpreter shutdown."""
    for widget in app.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    app.processEvents()
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if translator is not None:
        app.removeTranslator(translator)


def _quiet_offscreen_plugin() -> None:
    """The offscreen platform says it cannot raise or resize windows; headless, that is expected noise."""
    from PySide6.QtCore import qInstallMessageHandler

    def handler(_mode, _context, message: str) -> None:
        if not message.startswith("This plugin does not support"):
            print(message, file=sys.stderr)
    qInstallMessageHandler(handler)


def _open_club(db: str | None):
    from PySide6.QtWidgets import QMessageBox

    from clubdesk.services.club import Club
    from clubdesk.store.db import default_db_path, list_backups, open_store, restore_newest_backup
    from clubdesk.ui.i18n import tr

    path = Path(db) if db else default_db_path()
    try:
        return Club(open_store(path))
    except StoreError as exc:
        box = QMessageBox(QMessageBox.Icon.Critical, tr("База данных"), exc.message())
        backups = list_backups(path)
        restore = None
        if backups and exc.code in ("corrupt", "not_sqlite"):
            box.setInformativeText(tr("Можно открыть копию последней резервной копии ({name}); "
                                      "повреждённый файл останется нетронутым.").format(name=backups[0].name))
            restore = box.addButton(tr("Открыть резервную копию"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Закрыть"), QMessageBox.ButtonRole.RejectRole)
        box.exec()
        if restore is not None and box.clickedButton() is restore:
            return Club(open_store(restore_newest_backup(path)))
        return None


def _login(club):
    from clubdesk.ui.login import FirstAdminDialog, LoginDialog

    dialog = LoginDialog(club.accounts) if club.accounts.has_accounts() else FirstAdminDialog(club.accounts)
    return dialog.actor if dialog.exec() else None
