"""One live feed per club for the Mafia windows: a game's log changed — recorded or undone in a host panel here, or
from a host's phone on the table page (clubdesk/ui/web_panel.py).

Signals:
    changed(str): the game id. Every GameController of the game re-reads the stored state when the log is not the
        one it showed (an event from the phone), and the table page's live stream wakes for an event made here.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class MafiaFeed(QObject):
    changed = Signal(str)


def feed_for(games) -> MafiaFeed:
    """The feed of a GameService (one per club: the desk's windows and the page share it), made on first use."""
    feed = getattr(games, "_mafia_feed", None)
    if feed is None:
        feed = MafiaFeed()
        games._mafia_feed = feed
    return feed
