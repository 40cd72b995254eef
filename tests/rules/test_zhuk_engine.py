"""Жук table engine, one group per clause of zhuk-rules.ru.txt (Z§) and rules-decisions.md (Z-)."""

from __future__ import annotations

import pytest

from clubdesk.rules import zhuk
from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.zhuk.settlement import bank_share, handicap, scaled


def game(n=3, nominal=100, settlement="previous", balances=None, ratings=None):
    players = [{"id": p, "balance": (balances or {}).get(p, 10_000), "rating": (ratings or {}).get(p, 1000)}
               for p in "ABCD"[:n]]
    return zhuk.new_game(players, {"nominal": nominal, "settlement": settlement})


def shot(g, player, *pots, cue="main", fouls=(), attempt=False, rebound=False, removed=None):
    """`pots`: "std", "zhuk", "main" for a called/clean ball, with a trailing "?" for a random one."""
    potted = [{"ball": p.rstrip("?"), "legal": not p.endswith("?")} for p in pots]
    g.apply(zhuk.parse_event({"type": "shot", "player": player, "cue": cue, "potted": potted,
                              "fouls": list(fouls), "zhuk_attempt": attempt, "rebound": rebound,
                              "removed": removed}))
    return g.last


def opened(n=3, **kw):
    """A round after A's empty break, so B is to move with Жук as cue allowed."""
    g = game(n, **kw)
    shot(g, "A")
    return g


def money(g):
    return sum(g.balances.values()) + g.bank


def refused(code, fn, *args, **kw):
    with pytest.raises(IllegalEventError) as exc:
        fn(*args, **kw)
    assert exc.value.code == code
    return exc.value


# Z§1, Z-1 — table and rack ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 5])
def test_table_of_2_or_5_is_refused(n):
    with pytest.raises(InvalidEventError) as exc:
        zhuk.new_game([{"id": f"P{i}"} for i in range(n)], {})
    assert exc.value.code == "bad_table_size"


def test_rack_holds_14_standard_balls_and_zhuk_and_starts_at_10000():
    s = game(4).state()
    assert s["balls"] == {"std": 14, "zhuk": 1}
    assert s["balances"] == dict.fromkeys("ABCD", 10_000) and s["bank"] == 0 and s["rack"] == 1


def test_more_standard_balls_than_on_the_table_is_refused():
    g = game()
    for _ in range(13):
        shot(g, "A", "std")
    e = refused("too_many_balls", shot, g, "A", "std", "std")
    assert e.en == "A: 2 standard balls potted but 1 on the table"


# Z-2 — who pays --------------------------------------------------------------------------------------

def test_previous_settlement_the_player_before_the_scorer_pays():
    g = opened()
    r = shot(g, "B", "std")
    assert r.payments == (("A", "B", 100),)
    assert g.balances == {"A": 9900, "B": 10100, "C": 10000}


def test_all_settlement_every_other_player_pays_and_rates_per_pair():
    g = opened(4, settlement="all")
    shot(g, "B", "std")
    assert g.balances == {"A": 9900, "B": 10300, "C": 9900, "D": 9900}
    assert g.state()["rating_delta"] == {"A": -5, "B": 15, "C": -5, "D": -5}


# Z§4.1, Z-4 — Жук and the bank -----------------------------------------------------------------------

def test_zhuk_pays_twice_the_nominal_and_10_rating_points():
    g = opened()
    shot(g, "B", "zhuk")
    assert g.balances["B"] == 10_200 and g.balances["A"] == 9_800
    assert g.state()["rating_delta"] == {"A": -10, "B": 10, "C": 0}


def test_zhuk_scorer_takes_the_bank_up_to_his_stack_before_the_shot():
    g = opened(balances={"B": 150})   # A's break missed; B to move with 150 B
    shot(g, "B", fouls=["miss"])        # B 150 → 50, bank 100
    shot(g, "C", fouls=["touch"])       # bank 200
    shot(g, "A", fouls=["push"])        # bank 300
    r = shot(g, "B", "zhuk")            # stack 50: takes 50 of the bank, A pays 200
    assert r.bank_taken == 50
    assert g.bank == 250 and g.balances["B"] == 50 + 200 + 50


def test_zhuk_scorer_with_a_larger_stack_empties_the_bank():
    g = opened()
    shot(g, "B", fouls=["miss"])
    r = shot(g, "C", "zhuk")
    assert r.bank_taken == 100 and g.bank == 0 and g.balances["C"] == 10_300


def test_zhuk_scorer_takes_the_bank_to_the_last_b_of_his_stack_and_nothing_at_zero():
    """Z-4, Z§9 at their edges: a stack of 1 B takes 1 B, a bank of 1 B is taken whole, a stack of 0 takes nothing."""
    assert bank_share(bank=300, stack=1) == 1
    assert bank_share(bank=1, stack=500) == 1
    assert bank_share(bank=300, stack=300) == 300
    assert bank_share(bank=300, stack=0) == 0 and bank_share(bank=0, stack=500) == 0


def test_rack_ended_with_a_standard_ball_leaves_the_bank():
    g = opened()
    shot(g, "B", fouls=["miss"])            # bank 100
    shot(g, "C", "zhuk")                     # takes it
    shot(g, "C", fouls=["miss"])             # bank 100 again, A to move
    for _ in range(14):
        shot(g, "A", "std")
    assert g.rack == 2 and g.bank == 100


# Z-3 — main cue potted legally ----------------------------------------------------------------------

def test_legal_main_cue_pot_counts_as_a_ball_and_removes_one_standard():
    g = opened()
    r = shot(g, "B", "main", removed="std")
    assert r.counted["main"] == 1 and g.balances["B"] == 10_100 and g.std == 13
    assert g.to_move == "B" and g.in_hand and not g.zhuk_cue_allowed


def test_legal_main_cue_pot_without_removal_is_refused():
    e = refused("removal_required", shot, opened(), "B", "main")
    assert e.clause == "Z-3"
    assert e.ru == "B: за свояка снимается один стандартный шар со стола — укажите, что шар снят"
    assert e.en == "B: a legal main-cue pot takes one standard ball off the table — say it was taken off"


def test_main_cue_pot_with_the_last_standard_ball_on_the_table_takes_it_off():
    g = game()
    for _ in range(13):
        shot(g, "A", "std")
    refused("removal_required", shot, g, "A", "main")
    shot(g, "A", "main", removed="std")
    assert g.std == 0


def test_removal_without_a_counted_main_cue_pot_is_refused():
    e = refused("removal_not_allowed", shot, opened(), "B", "std", removed="std")
    assert e.clause == "Z-3"
    assert e.ru == "B: шар снимается со стола только за засчитанного свояка при шарах на столе"
    assert e.en == "B: a ball is taken off only for a counted main-cue pot with balls left"


@pytest.mark.parametrize("ball", ["zhuk", "main"])
def test_zhuk_or_the_main_cue_listed_twice_in_one_shot_is_malformed(ball):
    with pytest.raises(InvalidEventError) as exc:
        shot(opened(), "B", ball, ball, removed="std" if ball == "main" else None)
    assert exc.value.code == "duplicate_ball" and exc.value.en.startswith("B: ")


def test_random_main_cue_pot_does_not_count_and_passes_the_turn_from_hand():
    g = opened()
    r = shot(g, "B", "main?")
    assert r.counted == {"std": 0, "zhuk": 0, "main": 0} and r.penalty == 0
    assert g.to_move == "C" and g.in_hand


# Z§3, Z-9 — random balls -----------------------------------------------------------------------------

def test_random_ball_alone_is_respotted_and_passes_the_turn():
    g = opened()
    shot(g, "B", "std?")
    assert g.std == 14 and g.to_move == "C" and g.balances["B"] == 10_000


def test_random_ball_with_a_correct_ball_counts_too():
    g = opened()
    r = shot(g, "B", "std", "std?")
    assert r.counted["std"] == 2 and g.std == 12 and g.balances["B"] == 10_200


def test_random_zhuk_is_respotted_and_refused_as_cue_on_the_next_shot():
    g = opened()
    shot(g, "B", "zhuk?")
    assert g.zhuk == 1 and g.zhuk_spotted and g.to_move == "C"
    refused("zhuk_cue_on_spot", shot, g, "C", "std", cue="zhuk")


# Z§5, Z-5 — penalties --------------------------------------------------------------------------------

def test_foul_costs_one_nominal_into_the_bank_and_voids_the_pots():
    g = opened()
    r = shot(g, "B", "std", fouls=["off_table"])
    assert r.penalty == 100 and r.counted["std"] == 0 and g.std == 14
    assert g.bank == 100 and g.balances["B"] == 9_900 and g.to_move == "C"


def test_missed_zhuk_attempt_costs_one_nominal():
    g = opened()
    assert shot(g, "B", attempt=True).penalty == 100


def test_missed_zhuk_attempt_with_a_pyramid_foul_costs_double():
    g = opened()
    assert shot(g, "B", attempt=True, fouls=["off_table"]).penalty == 200
    assert g.bank == 200


def test_zhuk_attempt_that_pots_a_ball_costs_nothing():
    g = opened()
    assert shot(g, "B", "std", attempt=True).penalty == 0


def test_penalty_is_flat_whatever_the_handicap():
    g = opened(ratings={"B": 1600})
    assert shot(g, "B", fouls=["miss"]).penalty == 100


# Z§4.2, Z-8 — Жук as cue -----------------------------------------------------------------------------

def test_zhuk_as_cue_pots_standard_balls_and_keeps_the_series():
    g = opened()
    r = shot(g, "B", "std", cue="zhuk")
    assert r.counted["std"] == 1 and r.penalty == 0 and g.to_move == "B"


def test_zhuk_as_cue_potting_itself_counts_double_and_takes_the_bank():
    g = opened()
    shot(g, "B", fouls=["miss"])
    r = shot(g, "C", "zhuk", cue="zhuk")
    assert r.counted["zhuk"] == 1 and r.bank_taken == 100 and g.zhuk == 0 and g.balances["C"] == 10_300


def test_zhuk_as_cue_potting_the_main_cue_costs_a_penalty_and_the_turn():
    g = opened()
    r = shot(g, "B", "std", "main", cue="zhuk")
    assert r.penalty == 100 and r.counted["std"] == 0 and g.to_move == "C" and g.in_hand


def test_zhuk_off_the_main_cue_costs_a_penalty_and_is_respotted():
    g = opened()
    g.apply(zhuk.parse_event({"type": "shot", "player": "B", "cue": "zhuk", "potted": [{"ball": "zhuk", "legal": False}],
                              "zhuk_off_main": True}))
    r = g.last
    assert r.penalty == 100 and g.zhuk == 1 and g.zhuk_spotted and g.to_move == "C"


def test_zhuk_as_cue_refused_on_the_break():
    refused("zhuk_cue_on_break", shot, game(), "A", cue="zhuk")


def test_zhuk_as_cue_refused_after_the_main_cue_fell():
    g = opened()
    shot(g, "B", "main?")
    refused("zhuk_cue_after_main_potted", shot, g, "C", cue="zhuk")
    assert g.legal_cues() == ("main",)


def test_zhuk_as_cue_refused_when_zhuk_is_potted():
    g = opened()
    shot(g, "B", "zhuk")
    refused("zhuk_not_on_table", shot, g, "B", cue="zhuk")
    refused("zhuk_not_on_table", shot, g, "B", attempt=True)


# Z§4.3, Z§5.2 — rebound and no result with Жук ------------------------------------------------------

def test_zhuk_as_cue_without_result_costs_a_penalty():
    g = opened()
    assert shot(g, "B", cue="zhuk").penalty == 100


def test_rebound_with_zhuk_always_costs_a_penalty():
    g = opened()
    assert shot(g, "B", cue="zhuk", rebound=True).penalty == 100


def test_rebound_with_the_main_cue_is_free():
    g = opened()
    r = shot(g, "B", rebound=True)
    assert r.penalty == 0 and g.to_move == "C"


def test_rebound_with_a_called_pot_is_malformed():
    with pytest.raises(InvalidEventError):
        shot(opened(), "B", "std", rebound=True)


# Z§9 — negative balance ------------------------------------------------------------------------------

def test_negative_balance_refuses_zhuk_as_cue():
    g = opened(balances={"B": 0})
    refused("zhuk_cue_negative_balance", shot, g, "B", cue="zhuk")
    assert not g.state()["zhuk_cue_allowed"]


def test_negative_balance_pays_no_zhuk_miss_penalty_but_pays_fouls():
    g = opened(balances={"B": -50})
    assert shot(g, "B", attempt=True).penalty == 0
    shot(g, "C")
    shot(g, "A")
    assert shot(g, "B", attempt=True, fouls=["touch"]).penalty == 100
    assert g.balances["B"] == -150


def test_negative_balance_takes_no_bank_but_zhuk_still_pays_double():
    g = opened(balances={"B": -100})
    shot(g, "B", fouls=["miss"])        # bank 100, B at -200
    shot(g, "C")
    shot(g, "A")
    r = shot(g, "B", "zhuk")
    assert r.bank_taken == 0 and g.bank == 100 and g.balances["B"] == 0


def test_zhuk_miss_penalty_stops_at_a_balance_of_exactly_zero_and_still_applies_at_one():
    assert shot(opened(balances={"B": 0}), "B", attempt=True).penalty == 0
    assert shot(opened(balances={"B": 1}), "B", attempt=True).penalty == 100


def test_payer_may_go_below_zero():
    g = opened(balances={"A": 50})
    shot(g, "B", "std")
    assert g.balances["A"] == -50


# Z§7, Z-7 — turn order, series, re-rack --------------------------------------------------------------

def test_shot_out_of_turn_is_refused():
    e = refused("not_your_turn", shot, game(), "B")
    assert e.clause == "Z-7"
    assert e.ru == "удар: ход игрока A, а не B" and e.en == "shot: it is the turn of A, not of B"


def test_unknown_player_is_refused():
    refused("not_at_table", shot, game(), "Z")


def test_a_miss_passes_the_turn_round_the_table():
    g = game(4)
    for p in "ABCDA":
        shot(g, p)
    assert g.to_move == "B"


def test_cleared_rack_reverses_the_order_and_the_last_potter_breaks():
    g = opened(4)
    for _ in range(14):
        shot(g, "B", "std")
    r = shot(g, "B", "zhuk")
    assert r.reracked and g.rack == 2 and g.order == ["D", "C", "B", "A"] and g.to_move == "B"
    assert (g.std, g.zhuk) == (14, 1)
    assert g.payers_of("B") == ["C"]   # after the reverse C sits before B
    assert g.break_shot and not g.zhuk_cue_allowed


def test_rerack_allowed_only_with_zhuk_and_the_main_cue_left():
    g = opened()
    refused("rerack_not_allowed", g.apply, zhuk.Rerack("B"))
    for _ in range(14):
        shot(g, "B", "std")
    assert g.rerack_allowed
    refused("not_your_turn", g.apply, zhuk.Rerack("C"))
    g.apply(zhuk.Rerack("B"))
    assert g.rack == 2 and g.order == ["C", "B", "A"] and g.to_move == "B" and g.std == 14


# Z§8, Z-6 — handicap and rating ----------------------------------------------------------------------

@pytest.mark.parametrize("gap,percent,points10", [
    (0, 100, 50), (99.5, 100, 50), (100, 90, 40), (199.5, 90, 40), (200, 80, 30), (300, 70, 20),
    (400, 60, 10), (499, 60, 10), (500, 50, 5), (2000, 50, 5)])
def test_handicap_tiers_by_rating_gap(gap, percent, points10):
    hc = handicap(int(10 * (1000 + gap)), 10_000)
    assert (hc.percent, hc.points10) == (percent, points10)


def test_lower_rated_scorer_always_gets_full_price():
    assert handicap(10_000, 16_000) == handicap(10_000, 10_000)


def test_stronger_scorer_is_paid_half_and_rated_half_a_point():
    g = opened(ratings={"B": 1600})
    shot(g, "B", "std")
    assert g.balances["B"] == 10_050 and g.balances["A"] == 9_950
    assert g.state()["rating_delta"] == {"A": -0.5, "B": 0.5, "C": 0}


def test_handicap_payment_rounds_half_up_and_the_payer_pays_what_the_scorer_gets():
    assert scaled(125, 90) == 113 and scaled(125, 50) == 63 and scaled(100, 70) == 70
    g = opened(nominal=125, ratings={"B": 1100})
    shot(g, "B", "std")
    assert g.balances["B"] - 10_000 == 10_000 - g.balances["A"] == 113


def test_handicap_is_fixed_from_the_ratings_at_round_start():
    g = opened(ratings={"B": 1600})
    for _ in range(3):
        shot(g, "B", "std")
    assert g.handicap("B", "A").percent == 50   # deltas do not move the round's tiers


def test_rating_deltas_sum_to_zero():
    g = opened(4, settlement="all", ratings={"B": 1350, "C": 1100})
    shot(g, "B", "std")
    shot(g, "B", "zhuk")
    assert sum(g.delta10.values()) == 0


# Z-10 — round end, undo ------------------------------------------------------------------------------

def test_nothing_is_accepted_after_round_end():
    g = opened()
    g.apply(zhuk.RoundEnd())
    assert g.state()["finished"]
    refused("round_finished", shot, g, "B")
    refused("round_finished", g.apply, zhuk.RoundEnd())


def test_undo_replays_all_but_the_last_event():
    g = opened()
    shot(g, "B", "std")
    before = g.state()
    shot(g, "B", "zhuk")
    assert g.undo() == zhuk.parse_event({"type": "shot", "player": "B", "potted": [{"ball": "zhuk", "legal": True}]})
    assert g.state() == before and money(g) == 30_000
