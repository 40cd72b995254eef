"""Every window fits the screen it opens on (a 1366×768 laptop included), opens inside it and comes back at the
size and place it was left; the hall boards go full screen with F11 on the screen the desk picks.

Sizes are kept per window (its objectName) in QSettings under `windows/`; `settings` is replaced in tests.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

from clubdesk.ui.i18n import tr

TITLE_BAR = 32   # room left for the window manager's title bar and frame before the window is shown
settings: Callable[[], QSettings] = QSettings


def available(window: QWidget) -> QRect:
    """The free area (without panels and task bars) of the screen the window is on, or the primary screen."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def fit(window: QWidget, default: QSize, area: QRect | None = None) -> None:
    """Size the window as it was left (else `default`), no bigger than the free area, and place it inside."""
    area = area or available(window)
    store = settings()
    key = f"windows/{window.objectName()}"
    size = store.value(f"{key}/size", default)
    pos = store.value(f"{key}/pos")
    room = QSize(area.width(), area.height() - TITLE_BAR)
    size = QSize(size).boundedTo(room).expandedTo(window.minimumSize())
    window.resize(size)
    frame = QRect(QPoint(pos) if pos is not None else QPoint(), QSize(size.width(), size.height() + TITLE_BAR))
    if pos is None or not area.contains(frame):
        frame.moveCenter(area.center())
        frame.moveTop(max(area.top(), frame.top()))
        frame.moveLeft(max(area.left(), frame.left()))
    window.move(frame.topLeft())


class _Keeper(QObject):
    """Saves a window's size and place when it is hidden or closed (not while full screen: that is no size)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.Close, QEvent.Type.Hide) and isinstance(watched, QWidget) \
                and not watched.isFullScreen() and not watched.isMinimized():
            store = settings()
            key = f"windows/{watched.objectName()}"
            size = watched.normalGeometry().size() if watched.isMaximized() else watched.size()
            store.setValue(f"{key}/size", size)
            store.setValue(f"{key}/pos", watched.pos())
        return False


def remember(window: QWidget, default: QSize) -> None:
    """`fit` the window now and keep its size and place from now on."""
    assert window.objectName(), "a remembered window needs an objectName (its settings key)"
    fit(window, default)
    keeper = _Keeper(window)
    window.installEventFilter(keeper)


# --- the hall boards ---------------------------------------------------------------------------------------

def room_screen(key: str) -> QScreen:
    """The screen the desk last chose for this board, else the second screen, else the only one."""
    screens = QGuiApplication.screens()
    chosen = settings().value(f"boards/{key}/screen")
    for s in screens:
        if s.name() == chosen:
            return s
    return screens[1] if len(screens) > 1 else screens[0]


def show_on(window: QWidget, screen: QScreen, key: str, full: bool) -> None:
    """Show the board on `screen` (remembered for next time), full screen or as a window that fits it."""
    settings().setValue(f"boards/{key}/screen", screen.name())
    if window.isFullScreen():
        window.showNormal()
    window.setScreen(screen)
    area = screen.availableGeometry()
    if full:
        window.setGeometry(screen.geometry())
        window.showFullScreen()
    else:
        fit(window, QSize(1280, 720), area)
        window.show()


class _F11(QObject):
    """F11 on the board or anything in it (a key its child does not use comes up to the window)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_F11:
            toggle_full_screen(watched)
            return True
        return False


def toggle_full_screen(window: QWidget) -> None:
    if window.isFullScreen():
        window.showNormal()
    else:
        window.showFullScreen()


def hall_controls(window: QWidget, key: str) -> None:
    """F11 toggles full screen; the right-click menu offers it and every connected screen."""
    window.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    full = QAction(tr("Во весь экран (F11)"), window)
    full.triggered.connect(lambda: toggle_full_screen(window))
    window.addAction(full)
    window.installEventFilter(_F11(window))
    window.full_screen_action = full
    window.screen_actions = []
    for i, screen in enumerate(QGuiApplication.screens(), 1):
        size = screen.geometry().size()
        action = QAction(tr("Показать на экране {n}: {name} ({w}×{h})").format(
            n=i, name=screen.name(), w=size.width(), h=size.height()), window)
        action.triggered.connect(lambda _c=False, s=screen: show_on(window, s, key, full=True))
        window.addAction(action)
        window.screen_actions.append(action)
