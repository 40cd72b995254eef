"""One open club: the store and the services over it, as the UI and CLI use them."""

from __future__ import annotations

from dataclasses import dataclass, field

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerService
from clubdesk.store.db import Store


@dataclass
class Club:
    store: Store
    accounts: AccountService = field(init=False)
    players: PlayerService = field(init=False)
    games: GameService = field(init=False)

    def __post_init__(self) -> None:
        self.accounts = AccountService(self.store)
        self.players = PlayerService(self.store)
        self.games = GameService(self.store)

    def close(self) -> None:
        self.store.close()
