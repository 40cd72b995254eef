"""Жук decisions Z-11…Z-16 and the format additions `zhuk_off_main`, `left_table` and `options.bank`."""

from __future__ import annotations

import pytest

from clubdesk.rules import zhuk
from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.record import replay
from tests.rules.test_zhuk_engine import game, money, opened, refused, shot


def apply(g, player, potted=(), **fields):
    """A shot with the format additions; `potted` as in test_zhuk_engine.shot ("zhuk?" = random)."""
    pots = [{"ball": p.rstrip("?"), "legal": not p.endswith("?")} for p in potted]
    g.apply(zhuk.parse_event({"type": "shot", "player": player, "potted": pots, **fields}))
    return g.last


def only_zhuk_left(g):
    """Clear the 14 standard balls with legal pots by the player to move (series kept)."""
    while g.std:
        shot(g, g.to_move, "std")
    return g


# Z-11 — the called re-rack's breaker ------------------------------------------------------------------

def test_z11_the_player_who_calls_the_rerack_breaks_and_the_order_reverses():
    g = only_zhuk_left(opened(4))          # B cleared the standard balls and is still to move
    assert g.to_move == "B" and g.rerack_allowed
    g.apply(zhuk.Rerack("B"))
    assert (g.to_move, g.order, g.rack, g.in_hand) == ("B", ["D", "C", "B", "A"], 2, True)
    assert g.last.reracked and g.break_shot


def test_z11_only_the_player_to_move_may_call_the_rerack():
    g = only_zhuk_left(opened(4))
    refused("not_your_turn", g.apply, zhuk.Rerack("C"))


# Z-12 — Жук falling when Жук is the cue ----------------------------------------------------------------

def test_z12_zhuk_cue_falling_called_counts_as_zhuk_potted_with_the_bank():
    g = opened()
    shot(g, "B", fouls=["touch"])          # 100 to the bank; C to move
    r = shot(g, "C", "zhuk", cue="zhuk")
    assert r.counted["zhuk"] == 1 and r.penalty == 0 and r.bank_taken == 100 and g.zhuk == 0


def test_z12_zhuk_cue_falling_at_random_beside_a_correct_ball_counts_too():
    g = opened()
    r = shot(g, "B", "std", "zhuk?", cue="zhuk")
    assert (r.counted["std"], r.counted["zhuk"], r.penalty, r.turn_kept) == (1, 1, 0, True)
    assert r.payments == (("A", "B", 300),)          # 1 std + Жук (2 ×) paid by the previous player


def test_z12_zhuk_cue_falling_at_random_alone_is_respotted_without_result():
    g = opened()
    r = shot(g, "B", "zhuk?", cue="zhuk")           # no result with Жук as cue: Z§4.3 penalty (Z-14)
    assert (r.counted["zhuk"], r.penalty, g.zhuk, g.zhuk_spotted, g.to_move) == (0, 100, 1, True, "C")


def test_z12_zhuk_off_the_main_cue_is_a_penalty_even_beside_a_correct_ball():
    g = opened()
    r = apply(g, "B", ["std", "zhuk"], cue="zhuk", zhuk_off_main=True)
    assert (r.counted["std"], r.counted["zhuk"], r.penalty, g.zhuk, g.to_move) == (0, 0, 100, 1, "C")
    assert g.zhuk_spotted


def test_z12_zhuk_off_main_needs_zhuk_as_cue_and_zhuk_potted():
    for fields in ({"cue": "main", "potted": [{"ball": "zhuk", "legal": False}]}, {"cue": "zhuk", "potted": []}):
        with pytest.raises(InvalidEventError) as exc:
            zhuk.parse_event({"type": "shot", "player": "B", "zhuk_off_main": True, **fields})
        assert exc.value.code == "off_main_without_zhuk_cue"


# Z-13 — the one shot after a re-spot --------------------------------------------------------------------

def test_z13_zhuk_may_not_be_the_cue_on_the_one_shot_after_the_respot():
    g = opened()
    shot(g, "B", "zhuk?")                            # random Жук re-spotted; C to move
    refused("zhuk_cue_on_spot", shot, g, "C", cue="zhuk")
    shot(g, "C")                                     # C plays the main cue: the shot after the re-spot
    assert g.zhuk_cue_allowed and g.to_move == "A"
    shot(g, "A", "std", cue="zhuk")                  # from the next shot on Жук may be the cue
    assert g.last.counted["std"] == 1


# Z-14 — points the seed leaves implicit ------------------------------------------------------------------

def test_z14_a_foul_voids_every_ball_potted_in_the_same_shot():
    g = opened()
    r = shot(g, "B", "std", "zhuk", fouls=["touch"])
    assert (r.counted, r.payments, g.std, g.zhuk) == ({"std": 0, "zhuk": 0, "main": 0}, (), 14, 1)


def test_z14_a_random_main_cue_alone_costs_nothing_and_the_next_shot_is_from_hand():
    g = opened()
    before = dict(g.balances)
    r = shot(g, "B", "main?")
    assert (r.penalty, g.balances, g.to_move, g.in_hand) == (0, before, "C", True)


def test_z14_a_zhuk_cue_shot_whose_only_pot_is_a_random_ball_is_a_shot_without_result():
    g = opened()
    r = shot(g, "B", "std?", cue="zhuk")
    assert (r.counted["std"], r.penalty, g.to_move) == (0, 100, "C")


def test_z14_with_settlement_all_every_paying_pair_moves_its_own_rating_points():
    g = opened(4, settlement="all", ratings={"A": 1000, "B": 1000, "C": 1150, "D": 1600})
    shot(g, "B", "std")
    # B scores against A (gap 0: 5), C (B is lower-rated: 5), D (lower-rated: 5) — each pair its own points.
    assert g.delta10 == {"A": -50, "B": 150, "C": -50, "D": -50}
    g = opened(4, settlement="all", ratings={"A": 1000, "B": 1550, "C": 1300, "D": 1420})
    shot(g, "B", "std")
    # B higher-rated: against A gap 550 → 0.5, C gap 250 → 3, D gap 130 → 4 (Z-6 tiers).
    assert g.delta10 == {"A": -5, "B": 75, "C": -30, "D": -40}


# Z-15 — the bank carried from the stage's previous round --------------------------------------------------

def carried(bank, n=3, balances=None):
    players = [{"id": p, "balance": (balances or {}).get(p, 10_000)} for p in "ABCD"[:n]]
    return zhuk.new_game(players, {"nominal": 100, "settlement": "previous", "bank": bank})


def test_z15_a_round_opens_with_the_bank_of_its_header_and_counts_it_in_the_money():
    g = carried(100)
    assert g.bank == 100 and g.state()["bank"] == 100 and g.state()["opening_bank"] == 100
    assert money(g) == g.total_money == 30_100


def test_z15_the_carried_bank_goes_to_the_zhuk_scorer_up_to_his_stack():
    g = carried(500, balances={"A": 300})
    r = apply(g, "A", ["zhuk"])                                # A's stack before the shot is 300 (Z-4)
    assert r.bank_taken == 300 and g.bank == 200 and g.total_money == 20_800


def test_z15_undo_back_to_the_start_keeps_the_opening_bank():
    g = carried(100)
    shot(g, "A", fouls=["miss"])
    g.undo()
    assert g.bank == 100 and g.opening_bank == 100


def test_z15_replay_of_a_record_with_an_opening_bank_is_deterministic():
    record = {"format": "clubdesk-game/1", "game": "zhuk", "options": {"nominal": 100, "bank": 250},
              "players": [{"id": p} for p in "ABC"],
              "events": [{"type": "shot", "player": "A", "potted": [{"ball": "zhuk", "legal": True}]}]}
    assert replay(record).state() == replay(record).state()
    assert replay(record).bank == 0 and replay(record).balances["A"] == 10_450


def test_z15_a_header_without_a_bank_opens_empty():
    assert game().bank == 0 and game().state()["opening_bank"] == 0


@pytest.mark.parametrize("bank", [-100, 1.5, True, "100", None])
def test_z15_an_opening_bank_that_is_not_whole_b_of_at_least_0_is_malformed(bank):
    with pytest.raises(InvalidEventError) as exc:
        zhuk.new_game([{"id": p} for p in "ABC"], {"nominal": 100, "bank": bank})
    assert exc.value.code == "bad_bank"


# Z-16 — the break is an ordinary shot -------------------------------------------------------------------------

def test_z16_a_legal_standard_ball_on_the_break_counts_is_paid_and_keeps_the_turn():
    g = game()
    r = shot(g, "A", "std")
    assert r.counted["std"] == 1 and r.payments == (("C", "A", 100),) and r.turn_kept and g.to_move == "A"
    assert g.std == 13 and not g.break_shot


def test_z16_every_legal_ball_of_the_break_counts_and_a_random_one_with_them():
    g = game()
    r = shot(g, "A", "std", "std", "std?")                     # Z-9: the random ball counts beside the legal ones
    assert r.counted["std"] == 3 and r.payments == (("C", "A", 300),) and g.to_move == "A"


def test_z16_a_legal_zhuk_on_the_break_counts_as_on_any_shot():
    g = carried(200)
    r = shot(g, "A", "zhuk")
    assert r.counted["zhuk"] == 1 and r.payments == (("C", "A", 200),) and r.bank_taken == 200 and r.turn_kept


def test_z16_the_break_of_a_new_rack_is_an_ordinary_shot_too():
    g = only_zhuk_left(opened())
    shot(g, g.to_move, "zhuk")                                 # rack cleared: B breaks the new one (Z-7)
    assert g.break_shot and g.to_move == "B"
    r = shot(g, "B", "std")
    assert r.counted["std"] == 1 and r.turn_kept and g.to_move == "B"


def test_z16_zhuk_may_not_be_the_cue_on_the_break():
    exc = refused("zhuk_cue_on_break", shot, game(), "A", cue="zhuk")
    assert exc.clause == "Z-16"


# Format addition: left_table ------------------------------------------------------------------------------

def test_left_table_main_sends_the_next_shot_from_hand():
    g = opened()
    apply(g, "B", fouls=["off_table"], left_table=["main"])
    assert (g.to_move, g.in_hand, g.legal_cues()) == ("C", True, ("main",))


def test_left_table_zhuk_respots_it_for_one_shot():
    g = opened()
    apply(g, "B", fouls=["off_table"], left_table=["zhuk"])
    assert g.zhuk == 1 and g.zhuk_spotted and not g.in_hand
    refused("zhuk_cue_on_spot", shot, g, "C", cue="zhuk")


def test_left_table_standard_balls_are_respotted_and_counted_against_the_table():
    g = opened()
    apply(g, "B", fouls=["off_table"], left_table=["std", "std"])
    assert g.std == 14 and money(g) == 30_000 and g.bank == 100
    only_zhuk_left(g)
    refused("too_many_balls", apply, g, g.to_move, fouls=["off_table"], left_table=["std"])


def test_left_table_without_an_off_table_foul_is_malformed():
    with pytest.raises(InvalidEventError) as exc:
        zhuk.parse_event({"type": "shot", "player": "A", "left_table": ["std"]})
    assert exc.value.code == "left_table_without_foul"


def test_left_table_zhuk_when_zhuk_is_potted_is_refused():
    g = opened()
    shot(g, "B", "zhuk")
    with pytest.raises(IllegalEventError) as exc:
        apply(g, "B", fouls=["off_table"], left_table=["zhuk"])
    assert exc.value.code == "zhuk_not_on_table"


@pytest.mark.parametrize("obj", [
    {"type": "shot", "player": "A", "cue": "zhuk", "potted": [{"ball": "zhuk", "legal": False}], "fouls": [],
     "zhuk_attempt": False, "rebound": False, "removed": None, "zhuk_off_main": True},
    {"type": "shot", "player": "A", "cue": "main", "potted": [], "fouls": ["off_table"], "zhuk_attempt": True,
     "rebound": False, "removed": None, "left_table": ["std", "zhuk", "main"]},
])
def test_format_additions_round_trip_through_json(obj):
    assert zhuk.event_to_json(zhuk.parse_event(obj)) == obj


def test_old_shots_serialise_without_the_new_fields():
    obj = zhuk.event_to_json(zhuk.parse_event({"type": "shot", "player": "A"}))
    assert "zhuk_off_main" not in obj and "left_table" not in obj
