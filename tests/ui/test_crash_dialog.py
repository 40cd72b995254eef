"""A bug in the GUI: logged with its traceback, a dialog names the log and copies the details; Qt's warnings
are logged too."""

import logging
import sys
import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from clubdesk import logs
from clubdesk.ui import crash

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    logger = logging.getLogger(logs.LOGGER)
    before = list(logger.handlers)
    yield tmp_path / "state"
    for handler in logger.handlers[:]:
        if handler not in before:
            handler.close()
            logger.removeHandler(handler)


def test_crash_dialog_shows_the_log_path_and_copies_it_with_the_traceback(qtbot, tmp_path):
    path = tmp_path / "clubdesk.log"
    dialog = crash.CrashDialog("Traceback (most recent call last):\nKeyError: 'seat'", path)
    qtbot.addWidget(dialog)
    assert dialog.path.text() == str(path) and dialog.path.isReadOnly()
    dialog.show()
    dialog.copy_button.click()
    assert dialog.isVisible()  # copying does not close it
    assert QApplication.clipboard().text() == f"{path}\n\nTraceback (most recent call last):\nKeyError: 'seat'"


def test_an_exception_in_a_slot_is_logged_and_shown_in_the_dialog(qtbot, state_home, monkeypatch, capsys):
    shown = []
    monkeypatch.setattr(crash.CrashDialog, "exec", lambda self: shown.append((self.path.text(),
                                                                               self.details.toPlainText())))
    previous = crash.install_message_handler()
    try:
        path = crash.install_gui_crash_handler("ru")
    finally:
        from PySide6.QtCore import qInstallMessageHandler
        qInstallMessageHandler(previous)

    def broken_slot():
        raise ValueError("a seat without a player")

    QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: bool(shown))
    assert len(shown) == 1 and shown[0][0] == str(path)
    assert "ValueError: a seat without a player" in shown[0][1] and "broken_slot" in shown[0][1]
    assert "in broken_slot" in path.read_text(encoding="utf-8")
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"ClubDesk: внутренняя ошибка (ValueError: a seat without a player); подробности в журнале {path}")


def test_qt_warnings_go_to_the_log(state_home):
    from PySide6.QtCore import qInstallMessageHandler, qWarning

    path = logs.setup_logging()
    previous = crash.install_message_handler()
    try:
        qWarning("QPainter::begin: Paint device returned engine == 0")
    finally:
        qInstallMessageHandler(previous)
    assert "WARNING clubdesk.qt [MainThread] QPainter::begin" in path.read_text(encoding="utf-8")


def test_offscreen_noise_is_dropped_when_quiet(state_home):
    from PySide6.QtCore import qInstallMessageHandler, qWarning

    path = logs.setup_logging()
    previous = crash.install_message_handler(quiet=True)
    try:
        qWarning("This plugin does not support raise()")
    finally:
        qInstallMessageHandler(previous)
    assert not path.exists() or "raise()" not in path.read_text(encoding="utf-8")
