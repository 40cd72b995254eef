"""Hold-to-reveal: the host's secrets are on screen only while a mouse button or the R key is held down.

A QPushButton's own pressed/released pair is not enough: when the layout moves the button away from under a
still cursor, the release lands outside it and Qt only un-downs the button without emitting `released` —
the roles then stayed on screen into the vote. Here any release ends the hold: on the button, anywhere in
the application (an event filter while held), the key, losing the focus or the window.

Signals: held(bool) — True when the hold starts, False when it ends (once each).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QPushButton

HOLD_KEY = Qt.Key.Key_R
# The same key under the Russian (ЙЦУКЕН) layout: Qt names it by its letter, «К». A desk that has just typed Cyrillic
# names is on that layout, and R held there showed nothing (evening3, played under Xvfb).
HOLD_KEYS = (HOLD_KEY, 0x041A)


def is_hold_key(event) -> bool:
    return event.key() in HOLD_KEYS and not event.isAutoRepeat()


class RevealButton(QPushButton):
    held = Signal(bool)

    def __init__(self, text: str, parent=None) -> None:
        super().__init__(text, parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the panel (space runs the clock)
        self.holding = False

    # --- the hold ----------------------------------------------------------------------------------
    def start(self) -> None:
        if not self.holding:
            self.holding = True
            app = QApplication.instance()
            app.installEventFilter(self)
            app.applicationStateChanged.connect(self._app_state)
            self.setDown(True)
            self.held.emit(True)

    def stop(self) -> None:
        if self.holding:
            self.holding = False
            app = QApplication.instance()
            app.removeEventFilter(self)
            app.applicationStateChanged.disconnect(self._app_state)
            self.setDown(False)
            self.held.emit(False)

    def _app_state(self, state) -> None:
        if state != Qt.ApplicationState.ApplicationActive:
            self.stop()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if kind == QEvent.Type.MouseButtonRelease or kind == QEvent.Type.WindowDeactivate and watched is self.window():
            self.stop()
        elif kind == QEvent.Type.KeyRelease and is_hold_key(event):
            self.stop()
        return False

    # --- the mouse on the button itself ----------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton:
            self.start()
        event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.stop()  # wherever the cursor is now
        event.accept()

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 - Qt override
        # Sliding the hand off the held button hides too; back on it while still pressed shows again.
        if event.buttons() & Qt.MouseButton.LeftButton:
            if self.rect().contains(event.position().toPoint()):
                self.start()
            else:
                self.stop()
        event.accept()

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.stop()
        super().hideEvent(event)

    # --- the R key (forwarded by the panel) --------------------------------------------------------------
    def key_press(self, event) -> bool:
        if is_hold_key(event) and not event.modifiers():
            self.start()
            return True
        return False
