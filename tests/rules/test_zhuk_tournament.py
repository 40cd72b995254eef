"""Жук tournament pure functions (Z§6, Z§7 draw, Z§8 club rating, Z§9 eliminations, Z-10)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.zhuk import tournament as t

# Z§6.2, Z§6.3, Z-10 — schedule ----------------------------------------------------------------------

def test_schedule_has_three_stages_of_three_rounds_and_a_final_of_two_halves():
    rounds = t.schedule()
    assert [(r.stage, r.minutes, r.nominal) for r in rounds] == [
        (1, 10, 100), (1, 15, 200), (1, 25, 300), (2, 10, 400), (2, 15, 500), (2, 25, 600),
        (3, 10, 700), (3, 15, 800), (3, 25, 900), (4, 30, 1000), (4, 30, 1000)]


# Z-10 — draw ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,sizes", [(3, (3,)), (4, (4,)), (6, (3, 3)), (7, (4, 3)), (9, (3, 3, 3)),
                                     (10, (4, 3, 3)), (13, (4, 3, 3, 3)), (16, (4, 4, 4, 4))])
def test_tables_are_filled_with_4_then_3(n, sizes):
    assert t.table_sizes(n) == sizes


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_draw_refuses_counts_that_need_a_table_of_2_or_5(n):
    with pytest.raises(IllegalEventError) as exc:
        t.draw([f"P{i}" for i in range(n)], 1)
    assert exc.value.code == "draw_impossible" and exc.value.clause == "Z-10"


def test_same_seed_same_draw_whatever_the_input_order():
    ids = [f"P{i:02}" for i in range(11)]
    assert t.draw(ids, "stage-1") == t.draw(list(reversed(ids)), "stage-1")


def test_redraw_with_another_seed_changes_the_tables():
    ids = [f"P{i:02}" for i in range(12)]
    assert t.draw(ids, 1) != t.draw(ids, 2)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(3, 60).filter(lambda n: n != 5), seed=st.integers(0, 2**32))
def test_draw_is_reproducible_and_never_seats_2_or_5(n, seed):
    ids = [f"P{i}" for i in range(n)]
    tables = t.draw(ids, seed)
    assert tables == t.draw(ids, seed)
    assert all(len(table) in (3, 4) for table in tables)
    assert sorted(p for table in tables for p in table) == sorted(ids)
    assert list(map(len, tables)) == sorted(map(len, tables), reverse=True)


# Z§9 — eliminations, Z-10 bankroll -----------------------------------------------------------------

def test_balance_of_zero_or_less_at_stage_end_is_out():
    end = t.stage_end({"A": 100, "B": 0, "C": -50, "D": 1})
    assert end.survivors == ("A", "D") and end.eliminated == ("B", "C")


def test_bankroll_carry_keeps_the_balance_and_reset_starts_at_10000():
    prev = {"A": 12_000, "B": 3_000}
    assert t.stage_start_balances(prev, ["A", "B"], "carry") == prev
    assert t.stage_start_balances(prev, ["A", "B"], "reset") == {"A": 10_000, "B": 10_000}


def test_reset_ranks_by_the_sum_of_stage_results_and_carry_by_the_last_balance():
    stages = [{"A": 12_000, "B": 9_000}, {"A": 8_000, "B": 12_000}]
    assert t.ranking_totals(stages, "reset") == {"A": 20_000, "B": 21_000}
    assert t.ranking_totals(stages, "carry") == {"A": 8_000, "B": 12_000}


def test_carry_is_the_bankroll_when_none_is_named_and_ranks_by_the_last_of_three_stages():
    prev = {"A": 12_000}
    assert t.stage_start_balances(prev, ["A", "B"]) == {"A": 12_000, "B": 10_000}   # a newcomer starts at 10 000
    stages = [{"A": 1}, {"A": 2}, {"A": 3}]
    assert t.ranking_totals(stages) == {"A": 3} and t.ranking_totals([]) == {}


def test_an_unknown_bankroll_is_refused_naming_the_value():
    with pytest.raises(InvalidEventError) as exc:
        t.stage_start_balances({}, ["A"], "keep")
    assert (exc.value.code, exc.value.clause) == ("bad_value", None)
    assert exc.value.ru == "bankroll: недопустимое значение 'keep'"
    assert exc.value.en == "bankroll: invalid value 'keep'"


# Z§6.3 — standings and final -----------------------------------------------------------------------

def test_final_takes_the_top_four_among_players_still_in():
    totals = {"A": 15_000, "B": 14_000, "C": 13_000, "D": 12_000, "E": 11_000, "F": 16_000}
    assert t.final_players(totals, eliminated=["F"]) == ("A", "B", "C", "D")


def test_money_ties_are_split_by_club_rating_then_id():
    table = t.standings({"A": 100, "B": 100, "C": 100}, ratings={"C": 1010})
    assert [(place, p) for place, p, _ in table] == [(1, "C"), (2, "A"), (3, "B")]
    table = t.standings({"C": 100, "B": 100, "A": 100})   # the id, not the order they were given in
    assert [p for _, p, _ in table] == ["A", "B", "C"]


def test_a_money_tie_for_fourth_place_in_the_final_goes_to_the_higher_club_rating():
    totals = {"A": 15_000, "B": 14_000, "C": 13_000, "D": 12_000, "E": 12_000}
    assert t.final_players(totals, ratings={"E": 1005}) == ("A", "B", "C", "E")


# Z§8, Z-6 — club rating ----------------------------------------------------------------------------

def test_club_rating_starts_at_1000_and_adds_each_rounds_deltas():
    ratings = t.club_ratings([{"A": 4.5, "B": -4.5}, {"A": -0.5, "C": 0.5}])
    assert ratings == {"A": 1004, "B": 995.5, "C": 1000.5}


def test_round_deltas_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(IllegalEventError) as exc:
        t.apply_round({}, {"A": 5, "B": -4.5})
    assert (exc.value.code, exc.value.clause) == ("rating_not_zero_sum", "Z-6")
    assert exc.value.ru == "изменения рейтинга за раунд не дают в сумме ноль"
    assert exc.value.en == "the round's rating deltas do not sum to zero"


def test_a_rating_or_a_delta_off_the_half_point_steps_is_refused_naming_the_player():
    with pytest.raises(InvalidEventError) as exc:
        t.apply_round({}, {"A": 0.3, "B": -0.3})
    assert exc.value.en.startswith("rating_delta.A: ")
    with pytest.raises(InvalidEventError) as exc:
        t.apply_round({"B": 1000.25}, {})
    assert exc.value.en.startswith("rating.B: ")
