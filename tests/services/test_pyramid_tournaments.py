"""Пирамидка tournaments through the services: every game a Пирамидка match in the store, winners advancing."""

from __future__ import annotations

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.services.games import EventRefused, GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.pyramid_tournaments import PyramidTournamentService, TournamentError
from clubdesk.services.ratings import RatingService
from tests.rules.test_pyramid100_bracket import HAND_16


@pytest.fixture
def games(store):
    return GameService(store)


@pytest.fixture
def svc(store, games):
    return PyramidTournamentService(store, games)


@pytest.fixture
def matches(store, games):
    return MatchService(store, games, PlayerService(store))


def _players(store, admin, n: int) -> list[str]:
    ps = PlayerService(store)
    return [ps.add(admin, PlayerData(f"Игрок Номер{i:02d}")).id for i in range(n)]


def play_bout(svc, matches, admin, tid, bout, winner, lost_games=1):
    """Games of the bout as Пирамидка matches ended by a concession: the other wins `lost_games` first."""
    b = svc.engine(tid).bouts[bout]
    other = b.b if winner == b.a else b.a
    for who_wins in [other] * lost_games + [winner] * b.race:
        if svc.engine(tid).bouts[bout].winner is not None:
            break
        gid = svc.start_game(admin, tid, bout)
        loser = other if who_wins == winner else winner
        matches.concede(admin, gid, loser)


def test_a_sixteen_player_double_elimination_played_through_the_services_equals_the_hand_computation(
        svc, matches, store, admin):
    ids = _players(store, admin, 16)
    tid = svc.create(admin, "Кубок пирамиды", ids, {"format": "double"})
    svc.draw(admin, tid, "random", seed=2026)
    seeding = svc.engine(tid).seeding
    p = {i + 1: pid for i, pid in enumerate(seeding)}
    for _ in range(len(HAND_16)):  # bounded: a bout that never ends fails here instead of looping
        ready = svc.engine(tid).ready_bouts()
        if not ready:
            break
        play_bout(svc, matches, admin, tid, ready[0], p[HAND_16[ready[0]][2]])
    state = svc.state(tid)
    assert {b["code"]: (b["players"][0], b["players"][1], b["winner"]) for b in state["bouts"]} == {
        c: (p[a], p[b], p[w]) for c, (a, b, w) in HAND_16.items()}
    assert state["finished"] and state["champion"] == p[1]
    # every game is a Пирамидка match in the store, rated like any other: 30 bouts of 3 games, GF and GF2 of 4
    played = sum(len(g) for g in svc.bout_games(tid).values())
    assert played == 29 * 3 + 2 * 4
    assert len(RatingService(store).pyramid_results()) == played
    assert store.read("SELECT status FROM games WHERE id = ?", (svc.get(tid).log_game_id,))[0][0] == "finished"


def test_the_break_alternates_and_a_running_game_is_reopened_not_doubled(svc, matches, store, admin):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Пирамида", ids, {})
    svc.draw(admin, tid, "rating", seed=1)
    bout = svc.engine(tid).ready_bouts()[0]
    b = svc.engine(tid).bouts[bout]
    first = svc.start_game(admin, tid, bout)
    assert svc.start_game(admin, tid, bout) == first and svc.live(tid) == {bout: first}
    assert matches.get(first).players == (b.a, b.b)
    matches.concede(admin, first, b.a)
    second = svc.start_game(admin, tid, bout)
    assert matches.get(second).players == (b.b, b.a)  # place b breaks the even games
    assert svc.engine(tid).bouts[bout].wins == [0, 1]


def test_a_result_lost_between_two_writes_is_counted_on_the_next_settle(svc, games, store, admin):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Пирамида", ids, {"race_to": 1})
    svc.draw(admin, tid, "rating", seed=1)
    bout = svc.engine(tid).ready_bouts()[0]
    gid = svc.start_game(admin, tid, bout)
    b = svc.engine(tid).bouts[bout]
    games.record(admin, gid, {"type": "concede", "player": b.b})  # straight to the store: nobody counted it
    assert svc.engine(tid).bouts[bout].winner is None
    assert svc.settle(admin, tid) == 1 and svc.settle(admin, tid) == 0
    assert svc.engine(tid).bouts[bout].winner == b.a


def test_a_counted_game_is_not_corrected_behind_the_brackets_back(svc, matches, store, admin):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Пирамида", ids, {})
    svc.draw(admin, tid, "rating", seed=1)
    bout = svc.engine(tid).ready_bouts()[0]
    gid = svc.start_game(admin, tid, bout)
    matches.concede(admin, gid, svc.engine(tid).bouts[bout].b)
    with pytest.raises(PermissionDenied, match=bout):
        matches.undo(admin, gid, "ошибка")
    with pytest.raises(TournamentError):
        svc.undo(admin, tid, "ошибка")


def test_walk_over_withdrawal_and_undo_through_the_service(svc, store, admin):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Пирамида", ids, {})
    svc.draw(admin, tid, "rating", seed=1)
    bout = svc.engine(tid).ready_bouts()[0]
    b = svc.engine(tid).bouts[bout]
    svc.walk_over(admin, tid, bout, b.a)
    assert svc.engine(tid).bouts[bout].result == "walk_over"
    svc.undo(admin, tid, "не та встреча")
    assert svc.engine(tid).bouts[bout].winner is None
    svc.withdraw(admin, tid, b.b)
    assert svc.engine(tid).bouts[bout].result == "withdrawal"
    with pytest.raises(EventRefused) as err:
        svc.withdraw(admin, tid, b.b)
    assert "PT§7" in str(err.value)


def test_a_withdrawal_before_the_draw_takes_the_entry_back(svc, store, admin):
    ids = _players(store, admin, 5)
    tid = svc.create(admin, "Пирамида", ids, {})
    svc.withdraw(admin, tid, ids[0])
    svc.draw(admin, tid, "random", seed=5)
    assert sorted(svc.engine(tid).entries) == sorted(ids[1:])


def test_the_draw_seeds_by_the_pyramid_rating_of_finished_matches(svc, matches, store, admin):
    ids = _players(store, admin, 4)
    for _ in range(2):  # ids[3] beats ids[0] twice: 1500 + 16 + …, the best rated
        matches.concede(admin, matches.create(admin, ids[3], ids[0]), ids[0])
    tid = svc.create(admin, "Пирамида", ids, {})
    svc.draw(admin, tid, "rating", seed=9)
    engine = svc.engine(tid)
    assert engine.seeding[0] == ids[3] and engine.seeding[-1] == ids[0]
    assert engine.entries[ids[3]] > 1500 > engine.entries[ids[0]]


@pytest.mark.parametrize(("n", "options"), [(1, {}), (2, {"format": "double"}), (5, {"format": "groups"})])
def test_create_refuses_a_field_too_small_for_the_format(svc, store, admin, n, options):
    with pytest.raises(ValidationError):
        svc.create(admin, "Пирамида", _players(store, admin, n), options)


def test_the_draw_is_made_once(svc, store, admin):
    tid = svc.create(admin, "Пирамида", _players(store, admin, 3), {})
    svc.draw(admin, tid, seed=1)
    with pytest.raises(TournamentError):
        svc.draw(admin, tid, seed=2)


def test_pt8_a_new_tournament_drops_its_losers_in_the_split_order_and_an_old_one_keeps_the_alternate(
        svc, store, admin):
    import json

    from clubdesk.store.models import Game

    ids = _players(store, admin, 24)
    new = svc.create(admin, "Новый", ids, {"format": "double"})
    old = svc.create(admin, "Старый", ids, {"format": "double"})
    with store.session_factory() as s, s.begin():    # as stored before issue 28: no drop order in the options
        log = s.get(Game, svc.get(old).log_game_id)
        opts = json.loads(log.options_json)
        del opts["drop_order"]
        log.options_json = json.dumps(opts)
    svc = PyramidTournamentService(store, GameService(store))
    for tid in (new, old):
        svc.draw(admin, tid, "rating", 5)
    assert svc.engine(new).options["drop_order"] == "split"
    assert svc.engine(old).options["drop_order"] == "alternate"
    assert svc.engine(new).bouts["L2-1"].spec.b == ("loser", "W2-4")   # 32 places: each half reversed
    assert svc.engine(old).bouts["L2-1"].spec.b == ("loser", "W2-8")   # the whole round reversed, as drawn then


# --- PT§5 correcting a counted bout game; the bout game and its link written so a crash loses neither -------------
@pytest.fixture
def referee(store, admin):
    from clubdesk.services.accounts import AccountService

    accounts = AccountService(store)
    accounts.create_account(admin, "marker", "secret-marker", ("referee",))
    return accounts.login("marker", "secret-marker")


def _four(svc, store, admin, **options):
    tid = svc.create(admin, "Пирамида", _players(store, admin, 4), {"race_to": 1, **options})
    svc.draw(admin, tid, "rating", seed=1)
    return tid


def test_pt5_the_referee_takes_a_counted_game_back_corrects_the_match_and_it_is_counted_again(
        svc, matches, store, admin, referee):
    tid = _four(svc, store, admin)
    bout = svc.engine(tid).ready_bouts()[0]
    b = svc.engine(tid).bouts[bout]
    gid = svc.start_game(referee, tid, bout)
    matches.concede(referee, gid, b.a)                           # the wrong player conceded
    assert svc.engine(tid).bouts[bout].winner == b.b
    with pytest.raises(ValidationError):
        svc.correct_game(referee, tid, bout, "  ")
    assert svc.correct_game(referee, tid, bout, "сдался не тот игрок") == gid
    assert svc.engine(tid).bouts[bout].winner is None and not matches.get(gid).finished
    assert svc.live(tid) == {bout: gid}
    svc.settle(referee, tid)                                     # a running match is not counted
    assert svc.engine(tid).bouts[bout].wins == [0, 0]
    matches.concede(referee, gid, b.b)                           # the correction: counted again
    assert svc.engine(tid).bouts[bout].winner == b.a
    kinds = [e["type"] for e in svc.games.events(svc.get(tid).log_game_id)]
    assert kinds[-3:] == ["game_won", "game_voided", "game_won"]
    voids = store.read("SELECT payload FROM events WHERE game_id = ? AND type = 'void'", (gid,))
    assert len(voids) == 1 and "сдался не тот игрок" in voids[0][0]  # nothing deleted, the reason kept


def test_pt5_a_counted_game_cannot_be_taken_back_once_a_later_bout_was_played(svc, matches, store, admin, referee):
    tid = _four(svc, store, admin)
    for bout in ("W1-1", "W1-2"):
        gid = svc.start_game(referee, tid, bout)
        matches.concede(referee, gid, svc.engine(tid).bouts[bout].b)
    svc.start_game(referee, tid, "W2-1")                         # the final is on the table
    with pytest.raises(EventRefused) as info:
        svc.correct_game(referee, tid, "W1-1", "ошибка")
    assert info.value.rule.code == "later_bout_played" and "W2-1" in info.value.message("ru")
    assert svc.engine(tid).bouts["W1-1"].winner is not None
    assert matches.get(svc.bout_games(tid)["W1-1"][0].game_id).finished   # the match untouched


def test_pt5_only_the_bouts_last_counted_game_is_corrected_and_not_by_the_bracket_undo(
        svc, matches, store, admin, referee):
    tid = _four(svc, store, admin, race_to=2)
    bout = "W1-1"
    with pytest.raises(TournamentError):
        svc.correct_game(referee, tid, bout, "ошибка")          # nothing counted yet
    first = svc.start_game(referee, tid, bout)
    matches.concede(referee, first, svc.engine(tid).bouts[bout].b)
    svc.start_game(referee, tid, bout)                           # game 2 running
    with pytest.raises(TournamentError, match="партия 2"):
        svc.correct_game(referee, tid, bout, "ошибка")
    with pytest.raises(PermissionDenied):                        # the bracket's undo is the organiser's
        svc.undo(referee, tid, "ошибка")


def test_pt5_a_crash_between_naming_the_bout_game_and_making_it_leaves_no_plain_match(
        svc, matches, store, admin, monkeypatch):
    from clubdesk.errors import WriteFailed
    from tests.faults import StoreFaults

    tid = _four(svc, store, admin)
    bout = svc.engine(tid).ready_bouts()[0]
    b = svc.engine(tid).bouts[bout]
    faults = StoreFaults(store, monkeypatch)
    real = svc.games.create

    def crash_on_create(*args, **kwargs):                        # the machine dies on the second write
        faults.disk_full = True
        return real(*args, **kwargs)

    monkeypatch.setattr(svc.games, "create", crash_on_create)
    with pytest.raises(WriteFailed):
        svc.start_game(admin, tid, bout)
    assert faults.failures >= 1
    assert store.read("SELECT count(*) FROM games WHERE game = 'pyramid100'") == [(0,)]   # no plain match
    monkeypatch.setattr(svc.games, "create", real)
    faults.disk_full = False
    fresh = PyramidTournamentService(store, GameService(store))   # the desk opened again
    named = fresh.engine(tid).bouts[bout].started
    assert len(named) == 1
    fresh.settle(admin, tid)                                     # the bracket opened: the match is made
    assert store.read("SELECT count(*) FROM games WHERE game = 'pyramid100'") == [(1,)]
    assert fresh.live(tid) == {bout: named[0]} and fresh.start_game(admin, tid, bout) == named[0]
    assert matches.get(named[0]).players == (b.a, b.b)
    matches.concede(admin, named[0], b.b)                       # counted (through the match window's service)
    assert PyramidTournamentService(store, GameService(store)).engine(tid).bouts[bout].winner == b.a
