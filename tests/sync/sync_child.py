"""A desk that registers players and syncs in a loop until it is killed (test_kill_during_sync runs it)."""

from __future__ import annotations

import sys

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from clubdesk.sync.runner import sync_once


def main(path: str, tag: str) -> None:
    store = open_store(path)
    actor = AccountService(store).login("admin", "secret-admin")
    players = PlayerService(store)
    n = 0
    while True:
        for _ in range(15):
            players.add(actor, PlayerData(name=f"{tag} {n}"))
            n += 1
        # small batches and pages: many commits on both sides, so a kill lands between and inside them
        sync_once(store, push_batch=20, pull_page=30, apply_chunk=10, apply_batch=5)
        print(n, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
