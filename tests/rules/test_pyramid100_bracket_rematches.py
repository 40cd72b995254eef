"""PT§8 drop order: the losers of each winners' round are laid over the losers' bracket so that rematches come late.

The rematch rate (clubdesk.rules.pyramid100.bracket.rematches): the share of the losers' bracket bouts played
whose two players already met, over simulated tournaments (random seeding, fair-coin bouts, a fixed seed).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.rules.errors import InvalidEventError
from clubdesk.rules.pyramid100.bracket import Draw, Enter, WalkOver, new_game
from clubdesk.rules.pyramid100.bracket.rematches import common_tool_plan, play_once, rematch_rate, rematches
from clubdesk.rules.pyramid100.bracket.structure import double, drop_plan


def drops(specs, round_code):
    """The winners' bout whose loser drops into each bout of a losers' round, in bout order."""
    return [s.b[1] for s in specs if s.round == round_code]


# --- PT§8 the split order and the stored tournaments' alternate order ----------------------------------------
def test_pt8_split_order_of_32_lays_each_half_of_the_w2_losers_reversed_in_place():
    specs = double(32, "split")
    assert drops(specs, "L2") == ["W2-4", "W2-3", "W2-2", "W2-1", "W2-8", "W2-7", "W2-6", "W2-5"]
    assert drops(specs, "L4") == ["W3-4", "W3-3", "W3-2", "W3-1"]
    assert drops(specs, "L6") == ["W4-1", "W4-2"]


def test_pt8_alternate_order_of_tournaments_made_before_it_is_unchanged():
    specs = double(32, "alternate")
    assert drops(specs, "L2") == [f"W2-{i}" for i in range(8, 0, -1)]
    assert drops(specs, "L4") == ["W3-1", "W3-2", "W3-3", "W3-4"]
    assert drops(specs, "L6") == ["W4-2", "W4-1"]
    assert double(32) == specs                      # the default of a structure without an order


def test_pt8_a_tournament_stored_without_a_drop_order_keeps_the_alternate_bracket():
    old, new = new_game([], {"format": "double"}), new_game([], {"format": "double", "drop_order": "split"})
    for t in (old, new):
        for i in range(32):
            t.apply(Enter(f"p{i:02d}", None))
        t.apply(Draw("random", 7))
    assert old.options["drop_order"] == "alternate" and new.options["drop_order"] == "split"
    assert [b.spec for b in old.bouts.values()][:-2] == double(32, "alternate")[:-2]
    assert [b.spec for b in new.bouts.values()] == double(32, "split")
    assert old.bouts["L2-1"].spec.b == ("loser", "W2-8") and new.bouts["L2-1"].spec.b == ("loser", "W2-4")


def test_pt8_an_unknown_drop_order_is_refused_naming_the_clause():
    with pytest.raises(InvalidEventError) as info:
        new_game([], {"format": "double", "drop_order": "zigzag"})
    assert (info.value.code, info.value.clause) == ("bad_value", "PT§8")


def test_pt8_up_to_eight_places_both_orders_are_the_same_and_at_sixteen_too():
    for n in (3, 4, 5, 8, 12, 16):
        assert double(n, "split") == double(n, "alternate")
    assert drop_plan(128, "split") == ["reverse", "half_shift", "reverse_half_shift", "reverse", "natural", "natural"]


# --- the simulation is the engine's bracket --------------------------------------------------------------------
@pytest.mark.parametrize("n", [5, 13, 32])
def test_the_rematch_simulation_plays_the_same_bouts_as_the_engine(n):
    rng = random.Random(n)
    t = new_game([], {"format": "double", "drop_order": "split"})
    for i in range(n):
        t.apply(Enter(f"p{i:02d}", None))
    t.apply(Draw("random", 5))
    seen, winners = [], {}
    while t.ready_bouts():
        b = t.bouts[t.ready_bouts()[0]]
        if b.spec.round in ("GF", "GF2"):
            break
        seen.append((b.spec.code, b.a, b.b))
        winners[b.spec.code] = rng.choice([b.a, b.b])
        t.apply(WalkOver(b.spec.code, winners[b.spec.code]))
    played = play_once(double(n, "split"), t.seeding, lambda code, a, b: winners[code])
    assert sorted(played) == sorted(seen)


# --- the rematch rate ----------------------------------------------------------------------------------------
#: n → (alternate, split, the common tools' order), 400 tournaments from seed 28 (docs/rules/pyramid100.md PT§8).
TABLE = {8: (0.106, 0.106, 0.106), 12: (0.075, 0.075, 0.104), 16: (0.053, 0.053, 0.076),
         24: (0.049, 0.034, 0.037), 32: (0.037, 0.024, 0.025), 48: (0.039, 0.016, 0.022),
         64: (0.032, 0.011, 0.018)}


@pytest.mark.parametrize("n", sorted(TABLE))
def test_pt8_rematch_rate_table(n):
    got = (rematch_rate(n, "alternate"), rematch_rate(n), rematch_rate(n, plan=common_tool_plan(n)))
    assert tuple(round(x, 3) for x in got) == TABLE[n]


def test_the_rematch_rate_counts_only_losers_bracket_bouts_of_players_who_met():
    total, again = rematches(4, runs=1, seed=1)
    # 4 places: L1 (the W1 losers, strangers) and L2 (L1's winner against the W2 loser, who beat one of them).
    assert total == 2 and again in (0, 1)
    assert 0 < rematches(4, runs=200)[1] < 200
    # 3 places: L1 is a bye (not counted), L2 a rematch when the winner of 2 v 3 then loses W2 to seed 1.
    assert rematches(3, runs=200)[0] == 200 and 0.4 < rematch_rate(3) < 0.6


@settings(max_examples=10, deadline=None)
@given(n=st.integers(4, 64))
def test_pt8_split_order_makes_no_more_rematches_than_the_common_tools_nor_the_old_order(n):
    split = rematch_rate(n)
    assert split <= rematch_rate(n, plan=common_tool_plan(n))
    assert split <= rematch_rate(n, "alternate")


@pytest.mark.slow
def test_pt8_split_order_makes_no_more_rematches_than_the_common_tools_at_every_field_from_4_to_64():
    for n in range(4, 65):
        split = rematch_rate(n)
        assert split <= rematch_rate(n, plan=common_tool_plan(n)), n
        assert split <= rematch_rate(n, "alternate"), n
