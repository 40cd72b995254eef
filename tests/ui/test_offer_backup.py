"""The dialog a desk sees when its store cannot be used: the reason, and the newest backup to open instead."""

from __future__ import annotations

import hashlib

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from clubdesk.errors import StoreError
from clubdesk.store.db import backup, check_file, open_store
from clubdesk.ui import app as app_module
from tests.store.test_deferred_open import damage_tail

# The offscreen platform warns about window hints it cannot honour; they are not ours to fix.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def answer(button_text: str | None, seen: list) -> None:
    """When the message box is up: note what it says and press `button_text` (None: just look)."""
    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, press)
            return
        seen.append((box.text(), box.informativeText(), [b.text() for b in box.buttons()]))
        target = next(b for b in box.buttons() if b.text() == (button_text or "Закрыть"))
        target.click()
    QTimer.singleShot(0, press)


def refusal(path):
    store = open_store(path, deferred=True)
    try:
        with pytest.raises(StoreError) as refused:
            store.session_factory()
    finally:
        store.close()
    return refused.value


def test_damaged_store_offers_the_newest_backup_and_opens_a_copy_of_it(qtbot, club_file):
    path, _desk = club_file
    backup(path, label="evening")
    damage_tail(path)
    digest, seen = sha(path), []
    answer("Открыть резервную копию", seen)
    copy = app_module.offer_backup(path, refusal(path))
    (text, informative, buttons), = seen
    assert "повреждена" in text and "evening" in informative
    assert buttons == ["Открыть резервную копию", "Закрыть"]
    assert copy is not None and copy != path and sha(path) == digest  # the damaged file stays as it was
    check_file(copy)
    open_store(copy).close()


def test_without_a_backup_the_dialog_only_says_why(qtbot, club_file):
    path, _desk = club_file
    damage_tail(path)
    seen = []
    answer(None, seen)
    assert app_module.offer_backup(path, refusal(path)) is None
    (text, informative, buttons), = seen
    assert "повреждена" in text and informative == "" and buttons == ["Закрыть"]


def test_an_empty_newest_backup_is_passed_over_for_the_newest_good_one(qtbot, club_file):
    """A full disk once left a 0-byte copy that sorted newest: the offer crashed on it (StoreError, exit 1)."""
    from clubdesk.store.db import backup_dir

    path, _desk = club_file
    good = backup(path, label="evening")
    (backup_dir(path) / "club.backup-29991231-235959-000000-manual.sqlite").write_bytes(b"")
    damage_tail(path)
    seen = []
    answer("Открыть резервную копию", seen)
    copy = app_module.offer_backup(path, refusal(path))
    (_text, informative, _buttons), = seen
    assert good.name in informative
    check_file(copy)
    open_store(copy).close()


def test_a_store_in_use_or_read_only_gets_no_offer_to_restore_over_it(qtbot, club_file):
    """A locked or read-only file is healthy: a backup opened instead would leave its newest writes behind."""
    path, _desk = club_file
    backup(path, label="evening")
    for code in ("in_use", "read_only"):
        seen = []
        answer(None, seen)
        assert app_module.offer_backup(path, StoreError("Базой пользуется другая программа.", "In use.",
                                                        code=code)) is None
        (text, informative, buttons), = seen
        assert "повреждена" not in text and informative == "" and buttons == ["Закрыть"]
