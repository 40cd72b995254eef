"""Жук tournament service: creation, seeded draws, rounds, the clock, eliminations, the final, standings."""

from __future__ import annotations

import csv
import io

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.rules.zhuk import tournament as zt
from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.tournaments import TournamentError, TournamentService
from clubdesk.services.tournaments_standings import export_csv, qualifiers, standings, to_csv
from tests.clock import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def svc(store, clock):
    return TournamentService(store, GameService(store), now=clock)


def _players(store, admin, n: int) -> list[str]:
    ps = PlayerService(store)
    return [ps.add(admin, PlayerData(f"Игрок Номер{i:02d}")).id for i in range(n)]


def _shot(player, *pots, **kw):
    return {"type": "shot", "player": player, "potted": [{"ball": b, "legal": True} for b in pots], **kw}


def _play_round(svc, admin, round_id, pay_to_first=0):
    """Seat and start a round; at each table the first player pots `pay_to_first` standard balls; end it."""
    tables = svc.start_round(admin, round_id)
    for t in tables:
        for _ in range(pay_to_first):
            svc.games.record(admin, t.game_id, _shot(t.players[0], "std"))
    svc.end_round(admin, round_id)
    return tables


def test_create_stores_entries_and_options(svc, store, admin):
    ids = _players(store, admin, 7)
    tid = svc.create(admin, "  Кубок   зимы ", ids, "all", "reset")
    info = svc.get(tid)
    assert (info.name, info.settlement, info.bankroll) == ("Кубок зимы", "all", "reset")
    assert sorted(info.players) == sorted(ids)


@pytest.mark.parametrize("n", [2, 5])
def test_create_refuses_a_field_that_cannot_be_seated(svc, store, admin, n):
    with pytest.raises(ValidationError) as exc:
        svc.create(admin, "Турнир", _players(store, admin, n))
    assert exc.value.field == "players"
    assert svc.tournaments() == []


def test_referee_alone_may_not_create_a_tournament(svc, store, admin):
    ids = _players(store, admin, 4)
    referee = AccountService(store).create_account(admin, "ref", "secret-ref", ("referee",))
    with pytest.raises(PermissionDenied):
        svc.create(referee, "Турнир", ids)


def test_stage_draw_uses_the_recorded_seed_and_is_rechecked_from_it(svc, store, admin):
    ids = _players(store, admin, 11)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=424242)
    stage = svc.stages(tid)[0]
    assert stage.seed == 424242
    drawn = svc.draw_of(tid, 1)
    assert drawn == zt.draw(ids, 424242)
    assert [len(t) for t in drawn] == [4, 4, 3]
    assert svc.verify_draw(tid, 1)
    assert [(r.number, r.nominal, r.minutes) for r in stage.rounds] == [(1, 100, 10), (2, 200, 15), (3, 300, 25)]


def test_start_round_seats_tables_and_creates_one_game_per_table(svc, store, admin):
    ids = _players(store, admin, 7)
    tid = svc.create(admin, "Турнир", ids, "all")
    svc.draw_stage(admin, tid, seed=7)
    r1 = svc.stages(tid)[0].rounds[0]
    tables = svc.start_round(admin, r1.id)
    assert [t.players for t in tables] == list(svc.draw_of(tid, 1))
    rec = svc.games.to_record(tables[0].game_id)
    assert rec["options"] == {"nominal": 100, "settlement": "all"}
    assert [p["balance"] for p in rec["players"]] == [10_000] * 4
    assert all(p["rating"] == 1000 for p in rec["players"])
    assert {t.game_id for t in svc.running_tables()} == {t.game_id for t in tables}


def test_next_round_waits_for_the_previous_and_carries_the_balances(svc, store, admin):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=1)
    r1, r2, _ = svc.stages(tid)[0].rounds
    (table,) = svc.start_round(admin, r1.id)
    svc.games.record(admin, table.game_id, _shot(table.players[0], "std"))
    with pytest.raises(TournamentError):
        svc.start_round(admin, r2.id)
    svc.end_round(admin, r1.id)
    balances = svc.games.state(table.game_id)["balances"]
    (t2,) = svc.start_round(admin, r2.id)
    header = svc.games.to_record(t2.game_id)["players"]
    assert {p["id"]: p["balance"] for p in header} == balances
    assert svc.games.to_record(t2.game_id)["options"]["nominal"] == 200


def test_round_clock_counts_down_pauses_and_survives_a_restart(svc, store, admin, clock):
    ids = _players(store, admin, 3)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=3)
    r1 = svc.stages(tid)[0].rounds[0]
    assert not svc.clock(r1.id).started
    svc.start_round(admin, r1.id)
    clock.t += 125
    assert svc.clock(r1.id).remaining == 600 - 125
    svc.stop_clock(admin, r1.id)
    clock.t += 1000
    assert svc.clock(r1.id).remaining == 475 and svc.clock(r1.id).paused
    svc.start_clock(admin, r1.id)
    clock.t += 75
    again = TournamentService(store, GameService(store), now=clock)  # the app restarted
    assert again.clock(r1.id).remaining == 400 and again.clock(r1.id).running
    clock.t += 500
    assert again.clock(r1.id).expired and again.clock(r1.id).remaining == 0


def test_end_round_records_round_end_on_every_table(svc, store, admin):
    ids = _players(store, admin, 8)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=5)
    r1 = svc.stages(tid)[0].rounds[0]
    tables = svc.start_round(admin, r1.id)
    svc.end_round(admin, r1.id)
    for t in tables:
        assert svc.games.to_record(t.game_id)["events"][-1] == {"type": "round_end"}
    assert svc.round_over(r1.id) and svc.running_tables() == []
    assert not svc.clock(r1.id).running


def _play_stage(svc, admin, tid, pay=0):
    stage = svc.stages(tid)[-1]
    for r in stage.rounds:
        _play_round(svc, admin, r.id, pay)
    return stage


def test_redraw_drops_players_at_zero_or_below(svc, store, admin):
    ids = _players(store, admin, 7)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=11)
    with pytest.raises(TournamentError):
        svc.draw_stage(admin, tid, seed=12)  # stage 1 is still running
    stage = svc.stages(tid)[0]
    # Drive one player to exactly 0 B with fouls: 100 fouls × 1 × 100 B into the bank (Z-5).
    tables = svc.start_round(admin, stage.rounds[0].id)
    victim = tables[0].players[0]
    game = tables[0].game_id
    fouls = 0
    while fouls < 100:
        player = svc.games.engine(game).to_move
        svc.games.record(admin, game, _shot(player, fouls=["touch"]) if player == victim else _shot(player))
        fouls += player == victim
    assert svc.games.state(game)["balances"][victim] == 0
    svc.end_round(admin, stage.rounds[0].id)
    for r in stage.rounds[1:]:
        _play_round(svc, admin, r.id)
    assert victim in svc.stage_end(stage.id).eliminated
    svc.draw_stage(admin, tid, seed=12)
    drawn2 = [p for t in svc.draw_of(tid, 2) for p in t]
    assert sorted(drawn2) == sorted(set(ids) - {victim})
    st = standings(svc, tid)
    assert st.overall[-1].player == victim and st.overall[-1].status == "out"


def test_final_takes_the_top_four_at_nominal_1000_for_two_rounds(svc, store, admin):
    ids = _players(store, admin, 8)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=21)
    _play_stage(svc, admin, tid, pay=1)
    with pytest.raises(TournamentError):
        svc.draw_final(admin, tid)
    svc.draw_stage(admin, tid, seed=22)
    _play_stage(svc, admin, tid, pay=1)
    svc.draw_stage(admin, tid, seed=23)
    _play_stage(svc, admin, tid, pay=1)
    top = qualifiers(svc, tid)
    assert len(top) == 4
    svc.draw_final(admin, tid, seed=24)
    final = svc.stages(tid)[-1]
    assert final.kind == "final" and [(r.nominal, r.minutes) for r in final.rounds] == [(1000, 30), (1000, 30)]
    (table,) = svc.start_round(admin, final.rounds[0].id)
    assert sorted(table.players) == sorted(top)
    assert svc.games.to_record(table.game_id)["options"]["nominal"] == 1000
    st = standings(svc, tid)
    assert {r.player for r in st.overall[:4]} == set(top)
    assert all(r.status == "final" for r in st.overall[:4])


def test_reset_bankroll_starts_every_stage_at_10000(svc, store, admin):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Турнир", ids, bankroll="reset")
    svc.draw_stage(admin, tid, seed=31)
    _play_stage(svc, admin, tid, pay=2)
    svc.draw_stage(admin, tid, seed=32)
    (table,) = svc.start_round(admin, svc.stages(tid)[1].rounds[0].id)
    assert {p["balance"] for p in svc.games.to_record(table.game_id)["players"]} == {10_000}


def test_standings_follow_the_live_balances_and_export_to_csv(svc, store, admin, tmp_path):
    ids = _players(store, admin, 4)
    tid = svc.create(admin, "Турнир", ids)
    svc.draw_stage(admin, tid, seed=41)
    (table,) = svc.start_round(admin, svc.stages(tid)[0].rounds[0].id)
    scorer = table.players[0]
    svc.games.record(admin, table.game_id, _shot(scorer, "std"))
    st = standings(svc, tid)
    state = svc.games.state(table.game_id)
    assert st.stages[1][0][1:] == (scorer, state["balances"][scorer])
    assert st.overall[0].player == scorer and st.overall[0].amounts[0] == 10_100
    path = tmp_path / "standings.csv"
    export_csv(svc, tid, path)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(to_csv(st)), delimiter=";"))
    assert rows[0][0] == "Место" and len(rows) == 5 and rows[1][6] == "10100"
