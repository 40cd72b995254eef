"""`--screenshots DIR`: render every page of the main window to PNG, headless."""

from __future__ import annotations

import ctypes
import gc
import time
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication

from clubdesk.optional import optional_module
from clubdesk.ui.main_window import PAGES, MainWindow, page_module

SIZE = (1280, 800)
FILE_NAMES = {"live": "live-tables"}  # the page key → the file name the issues ask for


def render(window: MainWindow, out_dir: Path) -> list[Path]:
    """Write `main.png` (the window as it opens) and `<page>.png` for every sidebar page."""
    out_dir.mkdir(parents=True, exist_ok=True)
    window.resize(*SIZE)
    window.show()
    settle(window)
    # Pages whose picture needs more than the demo club (the Sync page: two desks and a conflict) stage it
    # first: each such page module has `prepare_screenshot(window)`.
    for page in PAGES:
        module = page_module(page)
        prepare = getattr(module, "prepare_screenshot", None) if module else None
        if prepare is not None:
            prepare(window)
    written = []
    for name, page in [("main", "players"), *[(FILE_NAMES.get(p, p), p) for p in PAGES]]:
        window.show_page(page)
        QApplication.processEvents()
        path = out_dir / f"{name}.png"
        if not window.grab().save(str(path)):
            raise OSError(f"cannot write {path}")
        written.append(path)
    # Pages with more windows than the page itself (host panel, public displays) render those too,
    # and so do the areas listed in EXTRA_MODULES: each has `extra_screenshots(window, out_dir) -> [Path]`.
    for page in PAGES:
        module = page_module(page)
        extra = getattr(module, "extra_screenshots", None) if module else None
        if extra is not None:
            window.show_page(page)
            QApplication.processEvents()
            with windows_freed():
                written.extend(extra(window, out_dir))
    for name in EXTRA_MODULES:
        module = optional_module(name)
        if module is not None:
            with windows_freed():
                written.extend(module.extra_screenshots(window, out_dir))
    return written


@contextmanager
def windows_freed():
    """The windows a page opened for its pictures and closed are deleted once it is done, not kept to the end:
    the peak memory of rendering every window is that of one page's windows at a time (issue 36). The page's
    own hidden widgets (combo box lists, labels it shows later) were made before and are left alone."""
    before = set(QApplication.topLevelWidgets())
    yield
    for w in QApplication.topLevelWidgets():
        if w not in before and not w.isVisible() and w.windowType() in (Qt.WindowType.Window, Qt.WindowType.Dialog):
            w.deleteLater()
    QApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    _trim()


def _trim() -> None:
    """Give the freed heap back to the system (glibc keeps it otherwise, and the next page's peak adds to it)."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


EXTRA_MODULES = ("clubdesk.ui.pyramid.screens",)


def settle(window: MainWindow, timeout: float = 30.0) -> None:
    """Let what start-up defers past the first frame (store check and ORM load, ratings) finish."""
    deadline = time.monotonic() + timeout
    QApplication.processEvents()
    while not window.club.store.ready and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.005)
    for _ in range(3):
        QApplication.processEvents()

