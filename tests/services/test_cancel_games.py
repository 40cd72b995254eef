"""A game created by mistake is cancelled (issue 34, item 3): an event, nothing deleted; no result, no rating move;
out of lists, counts, standings and protocols; refused, with the reason, once its result counts elsewhere."""

from __future__ import annotations

import pytest

from clubdesk.errors import PermissionDenied
from clubdesk.services.cancellation import CancelRefused
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameReadOnly, GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.protocol_list import ProtocolList
from clubdesk.services.protocols import ProtocolService
from clubdesk.services.ratings import RatingService
from clubdesk.services.tournaments import TournamentService
from tests.services.test_evenings import DEAL, _play_red_win


def shot(**kw):
    return {"call": [], "potted": [], "off_table": [], "touched_control": False, "trick": None, "foul": None, **kw}


def zhuk_shot(player, *pots):
    return {"type": "shot", "player": player, "potted": [{"ball": b, "legal": True} for b in pots]}


def status(store, gid: str) -> str:
    return store.read("SELECT status FROM games WHERE id = ?", (gid,))[0][0]


def stored(store) -> tuple:
    return tuple(store.read(f"SELECT count(*) FROM {t}")[0][0] for t in ("games", "events", "change_log"))


@pytest.fixture
def games(store):
    return GameService(store)


@pytest.fixture
def people(store, admin):
    ps = PlayerService(store)
    return [ps.add(admin, PlayerData(f"Игрок Номер{i:02}", f"Ник{i:02}")).id for i in range(12)]


@pytest.fixture
def matches(store, games, today):
    return MatchService(store, games, PlayerService(store, today=today))


@pytest.fixture
def evening(store, games, admin, today, people):
    svc = EveningService(store, games, PlayerService(store, today))
    ev = svc.create(admin, today, admin.account_id, tables=1, name="Среда")
    for pid in people[:10]:
        svc.check_in(admin, ev.id, pid)
    return svc, ev.id, svc.draw_seating(admin, ev.id, 3, seed=4)


# --- Пирамидка ------------------------------------------------------------------------------------------------------

def test_a_match_with_a_typo_in_its_table_is_cancelled_without_a_result_and_kept(store, admin, matches, people):
    gid = matches.create(admin, people[0], people[1], table="Сто 6")
    matches.record_shot(admin, gid, shot())
    events = store.read("SELECT count(*) FROM events WHERE game_id = ?", (gid,))[0][0]
    matches.cancel(admin, gid, "опечатка в столе")
    assert status(store, gid) == "cancelled"
    [(typ, payload)] = store.read("SELECT type, payload FROM events WHERE game_id = ? AND seq = ?", (gid, events + 1))
    assert typ == "game_cancelled" and "опечатка в столе" in payload
    assert store.read("SELECT count(*) FROM events WHERE game_id = ?", (gid,))[0][0] == events + 1  # nothing deleted
    [row] = matches.list()
    assert row.cancelled and row.over and not row.finished and row.winner is None
    assert matches.list("running") == []
    assert RatingService(store).pyramid_results() == []
    assert [d for d in ProtocolList(store).list_documents() if d.id == gid] == []


def test_a_cancelled_match_takes_nothing_more(admin, matches, people):
    gid = matches.create(admin, people[0], people[1], table="Стол 6")
    matches.cancel(admin, gid)
    with pytest.raises(GameReadOnly, match="отменена"):
        matches.record_shot(admin, gid, shot())
    with pytest.raises(GameReadOnly, match="отменена"):
        matches.undo(admin, gid)
    with pytest.raises(CancelRefused, match="уже отменена"):
        matches.cancel(admin, gid)
    assert matches.games.read_only_reason(gid).startswith("Игра отменена")



def test_a_cancelled_game_prints_no_protocol_from_its_own_window_either(store, admin, matches, people):
    """The match window's «Печать…» (and `clubdesk print --game`) printed a cancelled match's protocol with its
    signature lines and «Победитель: не определён — партия не окончена», nothing saying it was cancelled (evening3,
    played under Xvfb): a game cancelled as created by mistake has no protocol, and the refusal says why."""
    from clubdesk.errors import KnownError

    gid = matches.create(admin, people[0], people[1], table="Сто 6")
    protocols = ProtocolService(store, matches.games)
    assert protocols.game_pdf(gid)[:4] == b"%PDF"       # before: a running match prints, as ever
    matches.cancel(admin, gid)
    with pytest.raises(KnownError, match="отменена как созданная по ошибке") as refused:
        protocols.game_pdf(gid)
    assert refused.value.code == "game_cancelled"

def test_a_finished_match_is_refused_with_the_reason_and_its_rating_stays(store, admin, matches, people):
    gid = matches.create(admin, people[0], people[1], table="Стол 6")
    matches.concede(admin, gid, people[0])
    results, before = RatingService(store).pyramid_results(), stored(store)
    with pytest.raises(CancelRefused) as refused:
        matches.cancel(admin, gid)
    assert refused.value.ru == ("Игра уже закончена и её результат учтён в рейтинге «Пирамидки»: отменить её "
                                "нельзя, можно исправить результат.")
    assert refused.value.en == ("The game is over and its result counts in the Pyramid rating: it cannot be "
                                "cancelled; correct the result instead.")
    assert "\n" not in refused.value.ru
    assert (stored(store), RatingService(store).pyramid_results()) == (before, results)
    assert status(store, gid) == "finished"


def test_a_tournament_bouts_game_is_taken_back_in_the_bracket_not_cancelled(store, admin, games, people):
    from clubdesk.services.pyramid_tournaments import PyramidTournamentService

    svc = PyramidTournamentService(store, games)
    tid = svc.create(admin, "Пирамида", people[:4], {})
    svc.draw(admin, tid, "random", seed=3)
    bout = svc.engine(tid).ready_bouts()[0]
    gid = svc.start_game(admin, tid, bout)
    with pytest.raises(CancelRefused, match=f"встречи {bout} турнира «Пирамида»"):
        games.cancel(admin, gid)
    assert status(store, gid) == "running"


# --- Mafia ---------------------------------------------------------------------------------------------------------

def test_a_phantom_mafia_game_is_cancelled_and_left_out_of_the_evening(store, admin, games, evening):
    svc, eid, seating = evening
    gid = svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    games.record(admin, gid, DEAL)
    protocols = ProtocolService(store, games)
    games.cancel(admin, gid)
    assert svc.list_games(eid) == []
    [row] = svc.list_games(eid, with_cancelled=True)
    assert row.cancelled and row.game_id == gid
    [doc] = [d for d in ProtocolList(store).list_documents() if d.kind == "evening"]
    assert doc.detail == "игр: 0"
    # its slot is free: the game of the seating is started again, and the evening counts that one only
    again = svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    assert _play_red_win(games, admin, again)["winner"] == "red"
    assert [g.game_id for g in svc.list_games(eid)] == [again]
    assert {r.games for r in svc.standings(eid)} == {1}
    [doc] = [d for d in ProtocolList(store).list_documents() if d.kind == "evening"]
    assert doc.detail == "игр: 1"
    from tests.reports.pdfcheck import text

    assert text(protocols.evening_pdf(eid)).count("Среда · игра 1 · стол 1") == 1  # not the cancelled one too


def test_a_finished_mafia_game_is_refused_with_the_reason(store, admin, games, evening):
    svc, eid, seating = evening
    gid = svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    _play_red_win(games, admin, gid)
    with pytest.raises(CancelRefused, match="учтён в итогах вечера и в сезоне"):
        games.cancel(admin, gid)
    assert [g.game_id for g in svc.list_games(eid)] == [gid]


# --- Жук -----------------------------------------------------------------------------------------------------------

@pytest.fixture
def zhuk(store, admin, games, people):
    svc = TournamentService(store, games)
    tid = svc.create(admin, "Кубок", people[:8])
    svc.draw_stage(admin, tid, seed=7)
    round_id = svc.stages(tid)[0].rounds[0].id
    return svc, tid, round_id, svc.start_round(admin, round_id)


def test_the_tables_of_a_round_started_by_mistake_are_cancelled_and_the_round_seats_again(store, admin, zhuk, people):
    svc, tid, round_id, tables = zhuk
    for t in tables:
        svc.games.cancel(admin, t.game_id)
    assert svc.tables(round_id) == [] and svc.running_tables() == [] and not svc.round_over(round_id)
    again = svc.start_round(admin, round_id)
    assert [t.number for t in again] == [t.number for t in tables]
    assert {t.game_id for t in again}.isdisjoint(t.game_id for t in tables)
    assert all(status(store, t.game_id) == "cancelled" for t in tables)
    # a cancelled table is no round played: the players' tournament histories count only the one seated again
    mine = next(t for t in again if people[0] in t.players)
    svc.games.record(admin, mine.game_id, zhuk_shot(svc.games.state(mine.game_id)["to_move"], "std"))
    assert [line.rounds for line in RatingService(store).history(people[0])] == [1]


def test_a_zhuk_table_is_refused_after_its_first_shot(store, admin, zhuk):
    svc, _tid, _round_id, tables = zhuk
    t = tables[0]
    svc.games.record(admin, t.game_id, zhuk_shot(t.players[0], "std"))
    before = stored(store)
    with pytest.raises(CancelRefused, match="уже записаны удары"):
        svc.games.cancel(admin, t.game_id)
    assert stored(store) == before


def test_a_lone_table_is_refused_while_the_round_plays_at_the_others(admin, zhuk):
    svc, _tid, _round_id, tables = zhuk
    first, second = tables
    svc.games.record(admin, first.game_id, zhuk_shot(first.players[0], "std"))
    with pytest.raises(CancelRefused, match="игроки стола 2 остались бы без раунда"):
        svc.games.cancel(admin, second.game_id)


def test_a_duplicate_table_is_cancelled_while_the_round_plays(store, admin, zhuk, monkeypatch):
    """Two desks seated the round while cut off (the guard works on one file only): the copy is cancelled."""
    import clubdesk.services.games as games_module
    from tests.services.test_one_game_per_table import _table_like

    svc, _tid, round_id, tables = zhuk
    first = tables[0]
    svc.games.record(admin, first.game_id, zhuk_shot(first.players[0], "std"))
    monkeypatch.setattr(games_module, "refuse_second_game", lambda *a: None)
    copy = svc.games.create(admin, "zhuk", [{"id": p} for p in first.players], {"nominal": 100}, "",
                            seat_table=lambda s: _table_like(s, first.id))
    svc.games.cancel(admin, copy)
    assert [t.game_id for t in svc.tables(round_id)] == [t.game_id for t in tables]
    svc.end_round(admin, round_id)
    assert svc.round_over(round_id)  # the cancelled copy is not a table still to end
    data, _meta = ProtocolService(store, svc.games).tournament_data(_tid)
    assert [t.number for t in data.stages[0].rounds[0].tables] == [t.number for t in tables]  # nor a printed one


def test_a_cancelled_table_moves_no_rating(store, admin, zhuk):
    svc, _tid, round_id, tables = zhuk
    ratings = RatingService(store).ratings()
    for t in tables:
        svc.games.cancel(admin, t.game_id)
    assert RatingService(store).ratings() == ratings
    assert RatingService(store).rounds() == []


# --- who, and what stays -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("role", ["referee", "host", "display"])
def test_only_the_desk_cancels(store, admin, matches, people, role):
    from clubdesk.services.accounts import AccountService

    actor = AccountService(store).create_account(admin, role + "1", "long-enough", (role,))
    gid = matches.create(admin, people[0], people[1])
    with pytest.raises(PermissionDenied):
        matches.cancel(actor, gid)
    desk = AccountService(store).create_account(admin, "desk1", "long-enough", ("desk",))
    matches.cancel(desk, gid)


def test_a_cancelled_game_stays_cancelled_through_a_rebuild_and_a_replay(store, admin, matches, people):
    from clubdesk.store import projections

    gid = matches.create(admin, people[0], people[1], table="Стол 6")
    matches.record_shot(admin, gid, shot())
    matches.cancel(admin, gid)
    projections.rederive(store, {gid})
    assert status(store, gid) == "cancelled"
    GameService(store).rebuild_projections()
    assert status(store, gid) == "cancelled"
    fresh = GameService(store)  # a restart: the log is read again
    assert fresh.cancelled(gid) and len(fresh.events(gid)) == 1
    assert fresh.to_record(gid)["events"] == matches.games.to_record(gid)["events"]


def test_a_cancellation_syncs_as_an_event_and_every_desk_derives_the_status(tmp_path):
    """Nothing of the sync layer knows it: the event row travels, the other desk's status is derived from it."""
    from clubdesk.services.accounts import AccountService
    from clubdesk.store.db import open_store
    from tests.store.sync_desks import send

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = open_store(tmp_path / "a" / "club.sqlite"), open_store(tmp_path / "b" / "club.sqlite")
    try:
        admin = AccountService(a).create_first_admin("admin", "secret-admin")
        ids = [PlayerService(a).add(admin, PlayerData(f"Игрок {i}")).id for i in range(2)]
        here = MatchService(a, GameService(a), PlayerService(a))
        gid = here.create(admin, *ids, table="Стол 6")
        here.record_shot(admin, gid, shot())
        send(a, b)
        there = MatchService(b, GameService(b), PlayerService(b))
        assert [m.id for m in there.list("running")] == [gid]  # shown (and cached) on b before the cancel arrives
        here.cancel(admin, gid)
        assert send(a, b).touched_games == {gid}
        assert status(b, gid) == "cancelled" and there.list("running") == [] and there.list()[0].cancelled
        assert there.games.cancelled(gid)
        assert b.read("SELECT payload FROM change_log WHERE entity = 'games' AND payload LIKE '%status%'") == []
    finally:
        a.close()
        b.close()
