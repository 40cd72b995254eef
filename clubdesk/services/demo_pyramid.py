"""Demo part: a finished and a running Пирамидка 100 match between demo players, recorded shot by shot."""

from __future__ import annotations

from clubdesk.services.accounts import Actor
from clubdesk.services.demo import free_players
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerService
from clubdesk.services.scopes import active_referees
from clubdesk.store.db import Store


def _shot(call=(), potted=(), touched=False, trick=None, foul=None) -> dict:
    """A shot in the record's terms; `call` and `potted` as (ball, pocket[, straight]) tuples."""
    return {"call": [{"ball": b, "pocket": p} for b, p in call],
            "potted": [{"ball": b, "pocket": p, "straight": s} for b, p, s in potted],
            "off_table": [], "touched_control": touched, "trick": trick, "foul": foul}


# (who, shot): 0 = the breaker, 1 = the opponent. Adapted from tests/rules/records/pyramid100-match.json.
MATCH = [
    (0, _shot([(7, 3)], [(7, 3, False), (12, 1, False)])),
    (0, _shot(potted=[(15, 2, True)])),
    (0, _shot([("cue", 4)], [("cue", 4, False)])),
    (0, _shot([(9, 6)], [(9, 6, True)])),
    (1, _shot(touched=True, trick="carom3")),
    (1, _shot([(10, 1)], [(10, 1, True)], touched=True)),
    (1, _shot(foul="miss")),
    (0, _shot(touched=True)),
    (1, _shot(foul="push")),
    (0, _shot([(14, 2)], [(14, 2, False)])),
    (0, _shot([(13, 1), (6, 5)], [(13, 1, False)])),
    (1, _shot([(13, 2)], [(13, 2, False)])),
    (1, _shot([(12, 3)], [(12, 3, False)])),
    (1, _shot([(11, 4)], [(11, 4, False), ("cue", 5, False)])),
    (0, _shot([(13, 1)], [(13, 1, True)])),
    (0, _shot([(11, 6)], [(11, 6, False)])),
]
RUNNING = 10  # the running match stops after this many shots: shelves, a debt repaid, №10 on a shelf


def populate(store: Store, admin: Actor) -> None:
    """One finished match (to 51+) on table 1 and one in progress on table 3, of players at no other table."""
    players = PlayerService(store)
    svc = MatchService(store, GameService(store), players)
    ids = free_players(store)
    if len(ids) < 4:
        return
    # the demo staff's referee, when the demo has its staff: a referee is picked from the accounts (issue 34 item 4)
    referee = "orlov" if any(r.login == "orlov" for r in active_referees(store)) else None
    finished = svc.create(admin, ids[0], ids[1], table="Стол 1", referee_login=referee)
    running = svc.create(admin, ids[2], ids[3], table="Стол 3")  # tables 1 and 2 hold the Жук round
    for gid, pair, shots in ((finished, ids[0:2], MATCH), (running, ids[2:4], MATCH[:RUNNING])):
        for who, shot in shots:
            assert svc.engine(gid).to_move == pair[who]  # the table above is a real match
            svc.record_shot(admin, gid, shot)
