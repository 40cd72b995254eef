"""One live feed per club for the Пирамидка windows: the match window, its hall scoreboard and the «Столы» cards.

Signals:
    changed(str): a match's log changed — a shot recorded or voided in a match window here, or rows of it
        arrived by sync (the main window's refresh on arrival, as for the Жук windows); the game id.
    matches_changed(): a match was created here (the «Столы» list of running matches).

A separate feed from the Жук hub on purpose: the Жук boards and standings re-read a whole tournament on every
`ZhukHub.changed`, and a Пирамидка shot is none of their business.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from clubdesk.services.accounts import Actor
from clubdesk.services.matches import MatchService
from clubdesk.ui.game_windows import GameWindows


class PyramidFeed(QObject):
    changed = Signal(str)
    matches_changed = Signal()

    def __init__(self, club, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.club = club
        self.service = MatchService.of(club)
        self.windows = GameWindows(self._window_gone)  # game id → its one open MatchWindow, whoever opened it

    def open_match(self, actor: Actor, game_id: str, parent: QWidget | None = None):
        """The match's scoring window (one per match: the «Жеребьёвка» panel and «Столы» share it), shown and
        raised; closed, it is deleted (and stops listening to this feed)."""
        from clubdesk.ui.pyramid.match_window import MatchWindow

        return self.windows.open(game_id, lambda: MatchWindow(self.service, actor, game_id, parent, feed=self))

    def _window_gone(self, game_id: str) -> None:
        """A finished match's engine goes with its window (a running one's stays: the tablets score it)."""
        if self.service.state(game_id)["finished"]:
            self.service.games.forget({game_id})


def feed_for(club) -> PyramidFeed:
    """The club's feed, made on first use."""
    feed = getattr(club, "_pyramid_feed", None)
    if feed is None:
        feed = PyramidFeed(club)
        club._pyramid_feed = feed
    return feed
