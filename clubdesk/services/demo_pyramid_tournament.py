"""Demo part: a Пирамидка double-elimination tournament of 8 in progress (round 1 played, a game running)."""

from __future__ import annotations

from clubdesk.services.accounts import Actor
from clubdesk.services.demo import free_players
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerService
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.store.db import Store

NAME = "Кубок «Пирамиды» · декабрь"
# (bout, place that wins each game in turn): 0 = place a, 1 = place b; every game ends by a concession.
PLAYED = [("W1-1", (0, 0)), ("W1-2", (1, 0, 0)), ("W1-3", (1, 1)), ("W1-4", (0, 1, 1)),
          ("L1-1", (0, 0)), ("W2-1", (0, 1, 0))]
LIVE = "W2-2"  # its first game is on the table now


def populate(store: Store, admin: Actor) -> None:
    games = GameService(store)
    svc = PyramidTournamentService(store, games)
    matches = MatchService(store, games, PlayerService(store))
    ids = free_players(store)
    if len(ids) < 8:
        return
    tid = svc.create(admin, NAME, ids[:8], {"format": "double", "race_to": 2, "final_race_to": 3})
    svc.draw(admin, tid, "rating", seed=20261203)
    for bout, wins in PLAYED:
        for side in wins:
            b = svc.engine(tid).bouts[bout]
            gid = svc.start_game(admin, tid, bout)
            first = matches.get(gid).players[0]
            winner = (b.a, b.b)[side]
            matches.concede(admin, gid, matches.get(gid).players[1] if first == winner else first)
    gid = svc.start_game(admin, tid, LIVE)
    matches.record_shot(admin, gid, {"call": [{"ball": 7, "pocket": 3}], "potted": [{"ball": 7, "pocket": 3,
                        "straight": False}], "off_table": [], "touched_control": False, "trick": None, "foul": None})
