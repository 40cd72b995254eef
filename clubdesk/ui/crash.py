"""A bug in the GUI: the traceback goes to the log (clubdesk.logs), Qt's own warnings too, and the user gets a
dialog naming the log file with a button that copies the path and the traceback for whoever fixes it."""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from clubdesk.logs import install_crash_handler
from clubdesk.ui.i18n import tr

_showing = threading.Lock()  # one dialog at a time: a crash while one is open is only logged


class CrashDialog(QDialog):
    """The log's path (selectable), the traceback, «Копировать» (path and traceback to the clipboard), «Закрыть»."""

    def __init__(self, text: str, path: Path, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Ошибка ClubDesk"))
        self.path = QLineEdit(str(path))
        self.path.setReadOnly(True)
        self.details = QPlainTextEdit(text)
        self.details.setReadOnly(True)
        buttons = QDialogButtonBox()
        self.copy_button = QPushButton(tr("Копировать"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(tr("Закрыть"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.rejected.connect(self.reject)
        self.copy_button.clicked.connect(self.copy)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("В ClubDesk произошла внутренняя ошибка. Подробности записаны в журнал:")))
        layout.addWidget(self.path)
        layout.addWidget(self.details)
        layout.addWidget(buttons)
        self.resize(640, 360)

    def copy(self) -> None:
        QApplication.clipboard().setText(f"{self.path.text()}\n\n{self.details.toPlainText()}")


def show_crash_dialog(_line: str, text: str, path: Path) -> None:
    app = QApplication.instance()
    if app is None or threading.current_thread() is not threading.main_thread():
        return
    if not _showing.acquire(blocking=False):
        return
    try:
        CrashDialog(text, path).exec()
    finally:
        _showing.release()


def install_message_handler(quiet: bool = False):
    """Qt's warnings and errors also go to the log (a plugin that failed to load is found there afterwards).
    Returns the handler it replaced."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    logger = logging.getLogger("clubdesk.qt")
    levels = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
              QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg: logging.ERROR,
              QtMsgType.QtFatalMsg: logging.CRITICAL}

    def handler(mode, _context, message: str) -> None:
        if quiet and message.startswith("This plugin does not support"):
            return  # the offscreen platform cannot raise or resize windows; headless, that is expected noise
        logger.log(levels.get(mode, logging.WARNING), "%s", message)
        print(message, file=sys.stderr)

    return qInstallMessageHandler(handler)


def install_gui_crash_handler(lang: str, quiet: bool = False) -> Path:
    """The excepthook with the dialog, and Qt's messages into the log; returns the log's path."""
    from clubdesk import __version__

    install_message_handler(quiet)
    path = install_crash_handler(lang, show=show_crash_dialog)
    logging.getLogger("clubdesk").info("ClubDesk %s started (%s)", __version__, " ".join(sys.argv[1:]) or "window")
    return path
