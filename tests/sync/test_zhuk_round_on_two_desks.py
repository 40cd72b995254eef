"""Two desks score the two tables of one Жук round through the hub; a third desk that only pulls shows the
same standings as one desk that scored both tables itself."""

from __future__ import annotations

import shutil

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.tournaments import TournamentService
from clubdesk.services.tournaments_standings import standings
from clubdesk.store.db import open_store
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg
NAMES = ["Андреев", "Борисов", "Васильев", "Григорьев", "Дмитриев", "Егоров", "Жуков", "Зайцев"]


def shot(player: str, pots: list[str]) -> dict:
    return {"type": "shot", "player": player, "cue": "main", "potted": [{"ball": b, "legal": True} for b in pots]}


def play(games: GameService, actor, game_id: str, counts: list[int]) -> None:
    """The player to move pots counts[i] standard balls (Жук when none are left), then misses."""
    for n in counts:
        state = games.state(game_id)
        player, left = state["to_move"], state["balls"]["std"]
        pots = ["std"] * min(n, left) if left else ["zhuk"] * (n > 0 and state["balls"]["zhuk"])
        if pots:
            games.record(actor, game_id, shot(player, pots))
        if games.state(game_id)["to_move"] == player:
            games.record(actor, game_id, shot(player, []))


PLAN = {1: [[3, 0, 2], [1, 4], [0, 2, 1]], 2: [[2, 1], [0, 3, 1], [2, 2]]}  # table → chunks of turns


def test_a_round_scored_on_two_desks_gives_a_third_desk_the_standings_of_one_desk(hub, tmp_path):
    front, left, right, hall = (make_desk(hub, tmp_path, n) for n in ("front", "left", "right", "hall"))
    store = front.open()
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    ids = [PlayerService(store).add(admin, PlayerData(name=n)).id for n in NAMES]
    tournaments = TournamentService(store, GameService(store))
    tid = tournaments.create(admin, "Кубок", ids, "previous", "carry")
    tournaments.draw_stage(admin, tid, seed=7)
    rnd = tournaments.stages(tid)[0].rounds[0]
    tables = tournaments.start_round(admin, rnd.id)
    assert len(tables) == 2
    front.sync()
    front.close()
    shutil.copy(front.path, tmp_path / "single.sqlite")  # the same club, to be scored on one desk

    scorers = {1: left, 2: right}
    actors, services = {}, {}
    for number, desk in scorers.items():
        desk.sync()
        actors[number] = AccountService(desk.store).login("admin", "secret-admin")
        services[number] = GameService(desk.store)
        services[number].take_over(actors[number], tables[number - 1].game_id)
    for chunk in range(3):
        for number, desk in scorers.items():
            play(services[number], actors[number], tables[number - 1].game_id, PLAN[number][chunk])
            desk.sync()
    for desk in scorers.values():
        desk.sync()
    hall.sync()

    single = open_store(tmp_path / "single.sqlite")
    games = GameService(single)
    solo = AccountService(single).login("admin", "secret-admin")
    for number in (1, 2):
        games.take_over(solo, tables[number - 1].game_id)
        for chunk in range(3):
            play(games, solo, tables[number - 1].game_id, PLAN[number][chunk])
    expected = standings(TournamentService(single, games), tid)
    got = standings(TournamentService(hall.store, GameService(hall.store)), tid)
    assert got.overall == expected.overall and got.stages == expected.stages
    balances = [GameService(hall.store).state(t.game_id)["balances"] for t in tables]
    assert balances == [games.state(t.game_id)["balances"] for t in tables]
    events = "SELECT game_id, count(*) FROM events GROUP BY game_id ORDER BY game_id"
    assert hall.store.read(events) == single.read(events) and all(n > 10 for _, n in single.read(events))
    single.close()
    for desk in (front, left, right, hall):
        desk.close()
