"""Club Жук rating and tournament history, derived from finished round games."""

import pytest

from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.ratings import RatingService
from clubdesk.store.models import GameTable, Round, Stage, Tournament, TournamentEntry
from clubdesk.store.uow import UnitOfWork


def std_pot(player):
    return {"type": "shot", "player": player, "cue": "main", "potted": [{"ball": "std", "legal": True}],
            "fouls": [], "zhuk_attempt": False, "rebound": False, "removed": None}


@pytest.fixture
def club(store, admin, today):
    players = PlayerService(store, today=today)
    ids = [players.add(admin, PlayerData(f"Игрок {c}")).id for c in "АБВГД"]
    with UnitOfWork(store, admin.account_id) as uow:
        t = Tournament(name="Кубок декабря")
        uow.session.add(t)
        uow.session.flush()
        for pid in ids:
            uow.session.add(TournamentEntry(tournament_id=t.id, player_id=pid))
        st = Stage(tournament_id=t.id, number=1)
        uow.session.add(st)
        uow.session.flush()
        rounds = []
        for n in (1, 2):
            r = Round(stage_id=st.id, number=n, nominal=100 * n, minutes=10)
            uow.session.add(r)
            uow.session.flush()
            table = GameTable(number=1, round_id=r.id)
            uow.session.add(table)
            uow.session.flush()
            rounds.append(table.id)
    return ids, t.id, rounds


def play_round(games, admin, table_id, seats, shots, finish=True):
    gid = games.create(admin, "zhuk", [{"id": p} for p in seats], {"nominal": 100, "settlement": "previous"},
                       table_id=table_id)
    for p in shots:
        games.record(admin, gid, std_pot(p))
    if finish:
        games.record(admin, gid, {"type": "round_end"})
    return games.state(gid)


def test_nobody_played_everyone_is_at_1000(store):
    svc = RatingService(store)
    assert svc.ratings() == {} and svc.rating("anyone") == 1000


def test_finished_rounds_add_their_deltas_and_running_ones_do_not(store, admin, club):
    ids, _tid, tables = club
    games = GameService(store)
    first = play_round(games, admin, tables[0], ids[:3], [ids[0], ids[0]])
    play_round(games, admin, tables[1], ids[:3], [ids[0]], finish=False)
    svc = RatingService(store)
    ratings = svc.ratings()
    assert ratings == {p: 1000 + first["rating_delta"][p] for p in ids[:3]}
    assert ratings[ids[0]] > 1000 and sum(ratings.values()) == 3000  # zero-sum (Z-6)


def test_history_has_balance_after_the_last_round_and_rating_change(store, admin, club):
    ids, tid, tables = club
    games = GameService(store)
    first = play_round(games, admin, tables[0], ids[:3], [ids[0]])
    second = play_round(games, admin, tables[1], ids[:3], [ids[0]], finish=False)
    svc = RatingService(store)
    [line] = svc.history(ids[0])
    assert (line.tournament_id, line.name, line.rounds) == (tid, "Кубок декабря", 2)
    assert line.balance == second["balances"][ids[0]]
    assert line.rating_change == first["rating_delta"][ids[0]]
    [entered] = svc.history(ids[4])  # registered, no round played yet
    assert entered.rounds == 0 and entered.balance is None and entered.rating_change == 0


# --- the club's Пирамидка rating (Elo over finished matches) ----------------------------------------------

def test_pyramid_rating_follows_finished_matches_in_the_order_they_ended(store, admin):
    from clubdesk.services.games import GameService
    from clubdesk.services.matches import MatchService
    from clubdesk.services.players import PlayerData, PlayerService

    people = PlayerService(store)
    a, b, c = (people.add(admin, PlayerData(n, "", "")).id for n in ("Аверин Артём", "Борисов Борис", "Ветров Вадим"))
    matches = MatchService(store, GameService(store), people)
    first, second = matches.create(admin, a, b), matches.create(admin, a, b)
    matches.create(admin, a, c)  # still running
    matches.concede(admin, second, a)  # ends first: B wins against an equal, +16
    matches.concede(admin, first, b)   # then A wins: A expects 1 / (1 + 10^(32/400)) = 0.45408 → +17.47
    ratings = RatingService(store).pyramid_ratings()
    assert set(ratings) == {a, b}  # the running match (and C) count nowhere
    assert ratings[a] == pytest.approx(1501.470, abs=1e-3) and ratings[b] == pytest.approx(1498.530, abs=1e-3)


def test_pyramid_results_come_in_the_order_the_matches_ended_not_as_they_were_created(store, admin):
    from clubdesk.services.games import GameService
    from clubdesk.services.matches import MatchService
    from clubdesk.services.players import PlayerData, PlayerService

    people = PlayerService(store)
    ids = [people.add(admin, PlayerData(f"Игрок {i}", "", "")).id for i in range(8)]
    matches = MatchService(store, GameService(store), people)
    created = [matches.create(admin, ids[2 * i], ids[2 * i + 1]) for i in range(4)]
    for gid, i in zip(reversed(created), (3, 2, 1, 0), strict=True):
        matches.concede(admin, gid, ids[2 * i])  # the last created ends first
    assert [(r.a, r.winner) for r in RatingService(store).pyramid_results()] == [
        (ids[2 * i], ids[2 * i + 1]) for i in (3, 2, 1, 0)]
