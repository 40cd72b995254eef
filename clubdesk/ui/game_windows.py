"""One window per game (issue 36): opening a game whose window is open raises that window; a closed window is deleted
(Qt's WA_DeleteOnClose) and with it everything only it kept — its models, undo stack, connections to the feeds and
the clock tick — instead of lying hidden for the rest of the evening, asked for the round clock twice a second.

The registry holds a window only while it is open: a closed window waits for its deferred deletion hidden, and a
game opened again in that moment gets a new window, not the one about to vanish.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget


class GameWindows:
    """key (a game id, or a game id and which of its windows) → its one open window.

    `gone(key)` is called once the window of `key` is deleted and no newer window of that key is open: what the
    window alone used (a Mafia game's controller, the engine of a finished game) goes with it."""

    def __init__(self, gone: Callable[[Hashable], None] | None = None) -> None:
        self._open: dict[Hashable, QWidget] = {}
        self._gone = gone

    def get(self, key: Hashable) -> QWidget | None:
        window = self._open.get(key)
        if window is not None and not window.isVisible():  # closed, its deletion pending: no longer the game's
            del self._open[key]
            return None
        return window

    def open(self, key: Hashable, make: Callable[[], QWidget], show: Callable[[QWidget], None] | None = None):
        """The key's open window raised, else a new one from `make()` shown (`show`: how, e.g. on the hall's
        screen) and deleted when it is closed."""
        window = self.get(key)
        if window is None:
            window = make()
            window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self._open[key] = window
            window.destroyed.connect(lambda _o=None, k=key, w=window: self._destroyed(k, w))
            (show or QWidget.show)(window)
            window.activateWindow()
            return window
        (show or QWidget.show)(window)  # minimised or on the hall's screen: back where it was
        window.raise_()
        window.activateWindow()
        return window

    def _destroyed(self, key: Hashable, window: QWidget) -> None:
        if self._open.get(key) is window:
            del self._open[key]
        if key not in self._open and self._gone is not None:
            self._gone(key)

    # a read-only mapping of the open windows (tests and the main window's warnings look at them)
    def __getitem__(self, key: Hashable) -> QWidget:
        window = self.get(key)
        if window is None:
            raise KeyError(key)
        return window

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None

    def keys(self) -> list[Hashable]:
        return [k for k in list(self._open) if self.get(k) is not None]

    def values(self) -> list[QWidget]:
        return [self._open[k] for k in self.keys()]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())
