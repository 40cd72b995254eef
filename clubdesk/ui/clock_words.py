"""The one line that tells a desk its computer's clock is off the sync hub's (issue 35): on the Sync page and at
login. Its stamps already follow the hub's (docs/sync.md «Clocks»); the line asks for the clock to be set right."""

from __future__ import annotations

from clubdesk.ui.i18n import tr


def span(ms: int) -> str:
    minutes = round(abs(ms) / 60_000)  # the measure is off by the round trip: 2 d 23 h 59.99 min is 3 d
    days, hours, mins = minutes // 1440, minutes % 1440 // 60, minutes % 60
    if days:
        return tr("{days} дн. {hours} ч").format(days=days, hours=hours)
    if hours:
        return tr("{hours} ч {minutes} мин").format(hours=hours, minutes=mins)
    return tr("{minutes} мин").format(minutes=mins)


def clock_line(offset_ms: int | None) -> str:
    """`offset_ms`: the hub's clock minus this computer's at the last sync (hub_facts.clock_off); "" when in order."""
    if offset_ms is None:
        return ""
    text = (tr("Часы этого компьютера спешат на {span} относительно сервера синхронизации: записи стойка помечает "
               "временем сервера, но исправьте время компьютера.") if offset_ms < 0 else
            tr("Часы этого компьютера отстают на {span} от сервера синхронизации: записи стойка помечает временем "
               "сервера, но исправьте время компьютера."))
    return text.format(span=span(offset_ms))
