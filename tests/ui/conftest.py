"""UI fixtures: a club with demo players, and a QSettings file per test."""

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture
def club(store):
    from clubdesk.services.club import Club

    return Club(store)


@pytest.fixture
def demo_admin(club):
    from clubdesk.services.demo import create_demo_club

    return create_demo_club(club.store, players=40)


@pytest.fixture(autouse=True)
def window_sizes(tmp_path, monkeypatch):
    """Windows remember their sizes in a file of the test's own (never the user's settings, never the last test's)."""
    from clubdesk.ui import windows

    path = str(tmp_path / "windows.ini")
    monkeypatch.setattr(windows, "settings", lambda: QSettings(path, QSettings.Format.IniFormat))
    return path


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)


def type_text(widget, text: str) -> None:
    """Type Unicode text key by key (QTest.keyClicks asserts on non-ASCII characters)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))
