"""Starting the GUI: display check, language, store (with a way out of a broken file), login, main window."""

from __future__ import annotations

import os
import sys
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

    from clubdesk.ui.crash import install_gui_crash_handler

    install_gui_crash_handler(lang, quiet=bool(screenshots))  # before anything else can fail
    app, translators = make_application(lang, quiet=bool(screenshots))
    import tempfile  # here, not at the top: only the demo needs it, and every import delays the first frame

    tmp = tempfile.TemporaryDirectory(prefix="clubdesk-demo-") if demo else None
    path = Path(tmp.name) / "demo.sqlite" if tmp else Path(db) if db else None
    try:
        while True:  # a store found damaged after start is reopened on its restored backup
            outcome = _session(app, path, demo, screenshots, tmp)
            if not isinstance(outcome, Path):
                return outcome
            path = outcome
    finally:
        _close_windows(app, translators)
        if tmp:
            tmp.cleanup()


def make_application(lang: str, *, quiet: bool = False):
    """The QApplication with the club's names, language and style, the cyclic garbage collector run on its thread
    (ui/gui_collector.py); returns (app, the translators to keep)."""
    from PySide6.QtWidgets import QApplication

    from clubdesk.ui.gui_collector import install as install_gui_collector
    from clubdesk.ui.i18n import install_language, install_qt_language

    if quiet:
        _quiet_offscreen_plugin()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_gui_collector(app)  # before the first other thread starts
    app.setOrganizationName("ClubDesk")
    app.setApplicationName("ClubDesk")
    # kept until every window is gone
    english = install_language(app, lang)
    translators = [*install_qt_language(app, lang, gaps=False), *([english] if english is not None else [])]
    _later_language[:] = [lang, translators]
    return app, translators


_later_language: list = []  # [lang, the translators make_application returned]: install_qt_gaps adds to them


def install_qt_gaps() -> None:
    """The rest of Qt's strings (the file dialog's), once, right after a first window is on screen."""
    from PySide6.QtWidgets import QApplication

    from clubdesk.ui.i18n import install_qt_gaps as install

    app = QApplication.instance()
    if app is None or not _later_language:
        return
    lang, translators = _later_language
    _later_language.clear()
    gaps = install(app, lang)
    if gaps is not None:
        translators.append(gaps)  # removed with the others by _close_windows


def set_window_icon() -> None:
    """The club's icon on every window and in the task bar, once. Called right after a first window is on
    screen: loading Qt's SVG icon plugin and drawing the icon costs ~8 ms that the first frame does not wait for."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from clubdesk.resources import resource_path

    app = QApplication.instance()
    if app is not None and app.windowIcon().isNull():
        app.setWindowIcon(QIcon(str(resource_path("icons/clubdesk.svg"))))


def apply_style() -> None:
    """Set the club's style sheet on the application, once: right before the first window shows.

    Widgets built while an application style sheet is set are polished again every time they are put
    into a layout; the main window is built first and polished once, ~8 ms sooner on screen.
    """
    from PySide6.QtWidgets import QApplication

    from clubdesk.resources import resource_path

    app = QApplication.instance()
    if not app.styleSheet():
        app.setStyleSheet(resource_path("style.qss").read_text(encoding="utf-8"))


def _session(app, path: Path | None, demo: bool, screenshots: str | None, tmp) -> int | Path:
    """Open the store, log in, run the main window. Returns the exit code, or a restored backup to reopen."""
    from PySide6.QtCore import QSettings

    club = open_club(path)
    if club is None:
        return 2
    try:
        if demo:
            from clubdesk.services.demo import create_demo_club
            actor = create_demo_club(club.store, staff=True, history=True)
        else:
            club.store.warm_up_in_background()  # the check and the ORM load while the user types
            actor = _login(club)
            if isinstance(actor, Exception):
                return offer_backup(club.store.path, actor) or 2
            if actor is None:
                return 0
        settings = QSettings(str(Path(tmp.name) / "ui.ini"), QSettings.Format.IniFormat) if tmp else QSettings()
        if tmp:  # a demo's windows keep their sizes in the demo's own file, not in the club's settings
            from clubdesk.ui import windows
            windows.settings = lambda: QSettings(str(Path(tmp.name) / "ui.ini"), QSettings.Format.IniFormat)
        window = show_main_window(club, actor, settings)
        if screenshots:
            from clubdesk.ui.screenshots import render
            for shot in render(window, Path(screenshots)):
                print(shot)
            window.close()
            return 0
        window.in_event_loop = True
        code = app.exec()
        return window.reopen or code
    finally:
        _close_windows(app, [])
        club.close()


def show_main_window(club, actor, settings):
    """Show the main window; once its first frame is painted, check the store and load the ORM in a
    thread (Store.warm_up). A check that fails then offers the newest backup and reopens on it."""
    from PySide6.QtCore import QObject, Signal
    from PySide6.QtWidgets import QApplication

    from clubdesk.ui.main_window import MainWindow

    class Relay(QObject):  # carries the worker thread's verdict to the GUI thread (a queued signal)
        failed = Signal(object)

    window = MainWindow(club, actor, settings)
    relay = Relay(window)

    def on_failed(exc) -> None:
        window.reopen = offer_backup(club.store.path, exc)
        window.close()
        if window.in_event_loop:  # exit() outside app.exec() would make every later event loop return at once
            QApplication.exit(0 if window.reopen else 2)

    def report(exc) -> None:  # called in the worker thread
        if exc is not None:
            try:
                relay.failed.emit(exc)
            except RuntimeError:  # the window is already gone: nothing is left to warn
                pass

    relay.failed.connect(on_failed)
    window.after_first_paint(lambda: club.store.warm_up_in_background(report))
    window.after_first_paint(set_window_icon)
    window.after_first_paint(install_qt_gaps)
    apply_style()
    window.show()
    return window


def _close_windows(app, translators) -> None:
    """Delete every window while Python is still whole: a translator written in Python must not be asked
    to translate by widgets that Qt destroys during interpreter shutdown."""
    for widget in app.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    app.processEvents()
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    for translator in translators:
        app.removeTranslator(translator)


def _quiet_offscreen_plugin() -> None:
    """The offscreen platform says it cannot raise or resize windows; headless, that is expected noise."""
    from clubdesk.ui.crash import install_message_handler

    install_message_handler(quiet=True)


def open_club(path: Path | None):
    """The club on the store at `path` (the default file if None), opened for a fast start; a file that
    cannot be opened gets a message and, if it is damaged, the offer of its newest backup. Returns the
    Club, or None when there is nothing to open."""
    from clubdesk.services.club import Club
    from clubdesk.store.db import default_db_path, open_store

    path = path or default_db_path()
    try:
        return Club(open_store(path, deferred=True))
    except StoreError as exc:
        restored = offer_backup(path, exc)
        return Club(open_store(restored)) if restored else None


def offer_backup(path: Path, exc: StoreError) -> Path | None:
    """Say why the store cannot be used; for a damaged file offer a copy of its newest good backup (the
    damaged file stays untouched). Returns the copy to open, or None."""
    from PySide6.QtWidgets import QMessageBox

    from clubdesk.store.db import newest_good_backup, restore_newest_backup
    from clubdesk.ui.i18n import tr

    apply_style()
    box = QMessageBox(QMessageBox.Icon.Critical, tr("База данных"), exc.message())
    # Only a file that is damaged or not a database gets the offer: a read-only, locked or busy store is
    # healthy, and a backup opened instead of it would leave its newest writes behind.
    good = newest_good_backup(path) if exc.code in ("corrupt", "not_sqlite") else None
    restore = None
    if good is not None:
        box.setInformativeText(tr("Можно открыть копию последней резервной копии ({name}); "
                                  "повреждённый файл останется нетронутым.").format(name=good.name))
        restore = box.addButton(tr("Открыть резервную копию"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(tr("Закрыть"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    if restore is not None and box.clickedButton() is restore:
        return restore_newest_backup(path)
    return None


def clock_notice(store) -> str:
    """The login's line when this computer's clock was off the sync hub's at the last sync (issue 35)."""
    from clubdesk.sync.hub_facts import clock_off
    from clubdesk.ui.clock_words import clock_line

    return clock_line(clock_off(store))


def _login(club):
    """The logged-in Actor, None if the user cancelled, or the StoreError the store's check raised meanwhile."""
    from PySide6.QtCore import QTimer

    from clubdesk.ui.login import FirstAdminDialog, LoginDialog

    apply_style()
    has_accounts = bool(club.store.read("SELECT 1 FROM accounts LIMIT 1"))
    dialog = (LoginDialog(lambda: club.accounts, notice=clock_notice(club.store)) if has_accounts
              else FirstAdminDialog(lambda: club.accounts))
    QTimer.singleShot(0, set_window_icon)  # runs inside exec(), once the dialog is up
    QTimer.singleShot(0, install_qt_gaps)
    accepted = dialog.exec()
    return dialog.store_error or (dialog.actor if accepted else None)
