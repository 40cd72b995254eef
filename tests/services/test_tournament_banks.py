"""Z-15: a Жук table's bank is the table's for the whole stage — it carries into the same table's next round, and
what is left when the stage ends is out of play (nobody's balance), the bank not won (issue 34 item 1)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.services.games import EventRefused, GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.tournaments import TournamentError, TournamentService
from tests.clock import FakeClock
from tests.rules.test_zhuk_properties import random_shot


@pytest.fixture
def svc(store):
    return TournamentService(store, GameService(store), now=FakeClock())


_NUMBERS = itertools.count()  # hypothesis reuses the store between examples: every player gets a new name


def _players(store, admin, n: int) -> list[str]:
    ps = PlayerService(store)
    return [ps.add(admin, PlayerData(f"Игрок Банков{next(_NUMBERS):04d}")).id for _ in range(n)]


def _foul(player: str) -> dict:
    return {"type": "shot", "player": player, "fouls": ["miss"]}


def _money(svc, tables) -> dict[int, tuple[int, int]]:
    """Table number → (Σ balances, bank) as the table's game stands."""
    out = {}
    for t in tables:
        state = svc.games.state(t.game_id)
        out[t.number] = (sum(state["balances"].values()), state["bank"])
    return out


def _seven(svc, store, admin):
    """Seven players: stage 1 seats a table of 4 (table 1) and one of 3 (table 2)."""
    tid = svc.create(admin, "Турнир с банком", _players(store, admin, 7))
    svc.draw_stage(admin, tid, seed=34)
    return tid, svc.stages(tid)[0]


# ---- Z-15: the bank carries into the same table's next round -------------------------------------------------
def test_z15_a_round_opens_with_the_bank_its_table_ended_the_previous_round_with(svc, store, admin):
    tid, stage = _seven(svc, store, admin)
    r1, r2, _ = stage.rounds
    tables = svc.start_round(admin, r1.id)
    three = next(t for t in tables if len(t.players) == 3)
    svc.games.record(admin, three.game_id, _foul(three.players[0]))        # 100 B into table 2's bank
    svc.end_round(admin, r1.id)
    before = _money(svc, tables)
    assert before[three.number] == (29_900, 100)

    after = svc.start_round(admin, r2.id)
    assert _money(svc, after) == before                       # balances + bank at the start == at the end before
    again = next(t for t in after if t.number == three.number)
    assert again.players == three.players
    assert svc.games.state(again.game_id)["bank"] == 100      # what «Столы» and the scoring window show
    assert svc.games.to_record(again.game_id)["options"]["bank"] == 100


def test_z15_a_table_whose_bank_was_empty_opens_with_the_header_it_always_had(svc, store, admin):
    _tid, stage = _seven(svc, store, admin)
    r1, r2, _ = stage.rounds
    svc.start_round(admin, r1.id)
    svc.end_round(admin, r1.id)
    for t in svc.start_round(admin, r2.id):
        assert svc.games.to_record(t.game_id)["options"] == {"nominal": 200, "settlement": "previous"}


def test_z15_the_carried_bank_is_won_with_zhuk_in_the_next_round(svc, store, admin):
    _tid, stage = _seven(svc, store, admin)
    r1, r2, _ = stage.rounds
    three = next(t for t in svc.start_round(admin, r1.id) if len(t.players) == 3)
    svc.games.record(admin, three.game_id, _foul(three.players[0]))
    svc.end_round(admin, r1.id)
    t2 = next(t for t in svc.start_round(admin, r2.id) if t.number == three.number)
    scorer = svc.games.state(t2.game_id)["to_move"]
    state = svc.games.record(admin, t2.game_id, {"type": "shot", "player": scorer,
                                                 "potted": [{"ball": "zhuk", "legal": True}]})
    assert state["bank"] == 0 and state["last_shot"]["bank_taken"] == 100


# ---- Z-15: what is left when the stage ends is out of play -----------------------------------------------------
def test_z15_the_bank_left_at_the_stage_end_is_nobodys_balance_and_counts_in_the_tournament_money(
        svc, store, admin):
    tid, stage = _seven(svc, store, admin)
    for rnd in stage.rounds:
        tables = svc.start_round(admin, rnd.id)
        if rnd.number == 3:
            three = next(t for t in tables if len(t.players) == 3)
            svc.games.record(admin, three.game_id, _foul(three.players[0]))   # 300 B left in table 2's bank
        svc.end_round(admin, rnd.id)
    banks = svc.stage_banks(stage.id)
    assert banks == {1: 0, 2: 300}
    balances = svc.stage_balances(stage.id)
    assert sum(balances.values()) + sum(banks.values()) == 70_000
    svc.draw_stage(admin, tid, seed=2)
    first = svc.stages(tid)[1].rounds[0]
    tables = svc.start_round(admin, first.id)
    assert all(svc.games.state(t.game_id)["bank"] == 0 for t in tables)      # a new stage opens empty banks
    start = {p: b for t in tables for p, b in svc.games.state(t.game_id)["balances"].items()}
    assert start == balances                                                  # the 300 B went to nobody


def test_z15_the_final_carries_its_bank_into_its_second_round(svc, store, admin):
    tid = svc.create(admin, "Турнир", _players(store, admin, 4))
    for n in (1, 2, 3):
        svc.draw_stage(admin, tid, seed=n)
        for rnd in svc.stages(tid)[-1].rounds:
            svc.start_round(admin, rnd.id)
            svc.end_round(admin, rnd.id)
    svc.draw_final(admin, tid, seed=4)
    f1, f2 = svc.stages(tid)[-1].rounds
    (table,) = svc.start_round(admin, f1.id)
    svc.games.record(admin, table.game_id, _foul(table.players[0]))           # 1000 B into the final's bank
    svc.end_round(admin, f1.id)
    (again,) = svc.start_round(admin, f2.id)
    assert svc.games.state(again.game_id)["bank"] == 1000


# ---- Z-15 invariant: money at a table is conserved across every round boundary and the stage end -------------
def _play_randomly(svc, admin, table, rng: random.Random, steps: int) -> None:
    """Feed random events (random_shot of the engine's properties) through the service; refusals store nothing."""
    for _ in range(steps):
        try:
            svc.games.record(admin, table.game_id, random_shot(svc.games.engine(table.game_id), rng))
        except EventRefused:
            pass


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from((3, 4, 7)))
def test_z15_balances_plus_banks_are_conserved_across_every_round_of_a_stage_and_its_end(
        svc, store, admin, seed, n):
    rng = random.Random(seed)
    tid = svc.create(admin, f"Турнир {seed}", _players(store, admin, n))
    svc.draw_stage(admin, tid, seed=seed)
    stage = svc.stages(tid)[-1]
    ended: dict[int, tuple[int, int]] | None = None
    for rnd in stage.rounds:
        tables = svc.start_round(admin, rnd.id)
        if ended is not None:
            assert _money(svc, tables) == ended          # each table: Σ balances and bank as the round before ended
        for t in tables:
            _play_randomly(svc, admin, t, rng, rng.randrange(5, 25))
        svc.end_round(admin, rnd.id)
        ended = _money(svc, tables)
    banks = svc.stage_banks(stage.id)
    balances = svc.stage_balances(stage.id)
    assert sum(balances.values()) + sum(banks.values()) == 10_000 * n
    assert banks == {number: bank for number, (_, bank) in ended.items()}
    try:
        svc.draw_stage(admin, tid, seed=seed)          # the survivors of Z§9, when they can be seated
    except TournamentError:
        return
    tables = svc.start_round(admin, svc.stages(tid)[-1].rounds[0].id)
    seated = _money(svc, tables)
    assert all(bank == 0 for _, bank in seated.values())   # the bank not won stays out of play
    out = sum(b for p, b in balances.items() if p in svc.stage_end(stage.id).eliminated)
    # the tournament's money: the balances (of those out too) plus the banks not won
    assert sum(money for money, _ in seated.values()) + out + sum(banks.values()) == 10_000 * n
