"""The demo club's past, for the GUI and CLI demo (`create_demo_club(history=True)`): a finished Жук stage of an
earlier cup, a few finished Пирамидка matches, and five earlier Mafia evenings — so the players' cards have ratings
to draw and the Mafia season table has a season."""

from __future__ import annotations

from sqlalchemy import select

from clubdesk.services.accounts import Actor
from clubdesk.services.demo_billiards import _SCRIPT, _event
from clubdesk.services.demo_mafia import populate_season
from clubdesk.services.demo_pyramid import MATCH
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerService
from clubdesk.services.tournaments import TournamentService
from clubdesk.store.db import Store
from clubdesk.store.models import Player

SEED = 20261103


def _zhuk_stage(store: Store, admin: Actor, ids: list[str]) -> str:
    """«Кубок ноября»: its first stage's three rounds played (the demo script, turned per round and table) and
    ended, so the club ratings moved three times."""
    games = GameService(store)
    svc = TournamentService(store, games)
    tid = svc.create(admin, "Кубок ноября", ids, "previous", "carry")
    svc.draw_stage(admin, tid, seed=SEED)
    for r, rnd in enumerate(svc.stages(tid)[0].rounds):
        for n, table in enumerate(svc.start_round(admin, rnd.id)):
            turn = (n * 3 + r * 5) % len(_SCRIPT)
            for kind in _SCRIPT[turn:] + _SCRIPT[:turn]:
                games.record(admin, table.game_id, _event(kind, games.state(table.game_id)["to_move"]))
        svc.end_round(admin, rnd.id, by_hand=True)
    return tid


def _pyramid_matches(store: Store, admin: Actor, ids: list[str]) -> None:
    """Four more finished matches, the demo match replayed between other pairs (its breaker wins)."""
    svc = MatchService(store, GameService(store), PlayerService(store))
    for first, second in ((0, 2), (1, 3), (2, 0), (0, 3)):
        gid = svc.create(admin, ids[first], ids[second], table="Стол 1")
        for _who, shot in MATCH:
            svc.record_shot(admin, gid, shot)


def populate(store: Store, admin: Actor) -> None:
    with store.session_factory() as s:
        ids = list(s.scalars(select(Player.id).where(Player.status == "active").order_by(Player.name).limit(8)))
    _zhuk_stage(store, admin, ids)
    _pyramid_matches(store, admin, ids)
    populate_season(store, admin)
