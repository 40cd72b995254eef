"""The host's speech clock: counts down the engine's timer(), paused and resumed with the space bar.

The clock is injected (a function returning seconds), so tests drive it without waiting; a QTimer
only polls it. It beeps once at 10 s left and once at 0.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

WARN_AT = 10
POLL_MS = 100


def beep() -> None:
    QApplication.beep()


class SpeechTimer(QObject):
    """Signals: changed(int seconds left or -1 when untimed), warned(), expired()."""

    changed = Signal(int)
    warned = Signal()
    expired = Signal()

    def __init__(self, clock: Callable[[], float] = time.monotonic, sound: Callable[[], None] = beep,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._clock, self._sound = clock, sound
        self._total: int | None = None
        self._left = 0.0
        self._started_at: float | None = None
        self._warned = self._expired = False
        self._poll = QTimer(self, interval=POLL_MS)
        self._poll.timeout.connect(self.tick)

    @property
    def running(self) -> bool:
        return self._started_at is not None

    @property
    def total(self) -> int | None:
        return self._total

    def reset(self, seconds: int | None) -> None:
        """A new speech (or an untimed step when None): full time, stopped."""
        self._poll.stop()
        self._total, self._left, self._started_at = seconds, float(seconds or 0), None
        self._warned = self._expired = False
        self.changed.emit(self.remaining())

    def remaining(self) -> int:
        """Whole seconds left, rounded up (a display shows 1 until the very end); -1 when untimed."""
        if self._total is None:
            return -1
        left = self._left - (self._clock() - self._started_at if self._started_at is not None else 0)
        return max(0, int(-(-left // 1)))

    def toggle(self) -> None:
        """Start or pause (the space bar)."""
        if self._total is None:
            return
        if self.running:
            self._left -= self._clock() - self._started_at
            self._started_at = None
            self._poll.stop()
        elif self.remaining() > 0:
            self._started_at = self._clock()
            self._poll.start()
        self.changed.emit(self.remaining())

    def tick(self) -> None:
        """Poll the clock: emit the seconds left and sound the warnings once each."""
        left = self.remaining()
        if self.running and left <= WARN_AT and not self._warned and left > 0:
            self._warned = True
            self._sound()
            self.warned.emit()
        if self.running and left == 0 and not self._expired:
            self._expired = True
            self._left, self._started_at = 0.0, None
            self._poll.stop()
            self._sound()
            self.expired.emit()
        self.changed.emit(left)
