"""How a round clock reads: mm:ss left, paused, time up."""

from __future__ import annotations

from clubdesk.services.tournaments_data import ClockState
from clubdesk.ui.i18n import tr


def clock_text(c: ClockState, finished: bool = False) -> str:
    if finished:
        return tr("раунд окончен")
    if not c.started:
        return tr("{m} мин, не начат").format(m=int(c.total // 60))
    if c.remaining <= 0:
        return tr("время вышло")
    secs = int(c.remaining + 0.999)  # round up: 0:00 only when the time is really up
    text = f"{secs // 60:02d}:{secs % 60:02d}"
    return tr("{time} (пауза)").format(time=text) if c.paused else text
