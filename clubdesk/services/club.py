"""One open club: the store and the services over it, as the UI and CLI use them."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from clubdesk.services.players import PlayerService
from clubdesk.store.db import Store

if TYPE_CHECKING:
    from clubdesk.services.accounts import AccountService
    from clubdesk.services.games import GameService


class Club:
    """The services of one store. The registry is there at once (the first page the desk sees); accounts
    and games are built on first use, so opening the main window does not wait for the ORM to load."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.players = PlayerService(store)

    @cached_property
    def accounts(self) -> AccountService:
        from clubdesk.services.accounts import AccountService

        return AccountService(self.store)

    @cached_property
    def games(self) -> GameService:
        from clubdesk.services.games import GameService

        return GameService(self.store)

    def close(self) -> None:
        self.store.close()
