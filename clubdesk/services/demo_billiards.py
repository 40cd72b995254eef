"""Demo part: a Жук tournament in progress — stage 1, two tables of 4 running, some shots recorded."""

from __future__ import annotations

import time

from sqlalchemy import select

from clubdesk.services.accounts import Actor
from clubdesk.services.games import GameService
from clubdesk.services.tournaments import TournamentService
from clubdesk.store.db import Store
from clubdesk.store.models import Player

SEED = 20261202
STARTED_AGO = 250  # seconds: the demo round clock shows about 5:50 left

# What each player to move does, in turn: a pot keeps the series, anything else passes the turn.
_SCRIPT = ["std", "std", "miss", "std", "foul", "miss", "std", "std", "std", "zhuk_try", "miss", "std",
           "random", "miss", "std", "foul", "std", "miss"]


def _event(kind: str, player: str) -> dict:
    shot = {"type": "shot", "player": player}
    if kind == "std":
        return {**shot, "potted": [{"ball": "std", "legal": True}]}
    if kind == "random":
        return {**shot, "potted": [{"ball": "std", "legal": False}]}
    if kind == "foul":
        return {**shot, "fouls": ["touch"]}
    if kind == "zhuk_try":
        return {**shot, "zhuk_attempt": True}
    return shot


def populate(store: Store, admin: Actor) -> str:
    """Create the demo tournament; returns its id."""
    with store.session_factory() as s:
        ids = list(s.scalars(select(Player.id).where(Player.status == "active").order_by(Player.name).limit(8)))
    games = GameService(store)
    svc = TournamentService(store, games, now=lambda: time.time() - STARTED_AGO)
    tid = svc.create(admin, "Кубок декабря", ids, "previous", "carry")
    svc.draw_stage(admin, tid, seed=SEED)
    round1 = svc.stages(tid)[0].rounds[0]
    for n, table in enumerate(svc.start_round(admin, round1.id)):
        for kind in _SCRIPT[n * 3:] + _SCRIPT[:n * 3]:
            games.record(admin, table.game_id, _event(kind, games.state(table.game_id)["to_move"]))
    return tid
