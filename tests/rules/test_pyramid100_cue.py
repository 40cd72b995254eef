"""Пирамидка 100: the cue ball potted (P§8–10) and brought back into play from hand (P§15–17)."""

from __future__ import annotations

from tests.rules.test_pyramid100_support import called, miss, play, shot


# ---- P§8: cue ball not straight and not as called ------------------------------------------------
def test_non_straight_cue_pot_against_call_voids_called_ball_and_passes_turn():
    m = play(shot("A", call=[(7, 3)], pot=[(7, 3), ("cue", 1)]))
    assert m.shelves["A"] == [] and 7 in m.table and m.to_move == "B"
    assert m.last_shot["reason"] == "cue_not_as_called" and m.last_shot["penalty"] is None


def test_non_straight_cue_pot_costs_no_shelf_ball():
    m = play(called("A", 9), shot("A", call=[(7, 3)], pot=[("cue", 1)]))
    assert m.shelves["A"] == [9] and m.debts["A"] == 0


def test_cue_in_other_pocket_than_called_is_not_as_called():
    m = play(shot("A", call=[("cue", 2)], pot=[("cue", 3)]))
    assert m.to_move == "B" and m.in_hand == "free" and m.scores["A"] == 0


def test_cue_off_table_is_treated_like_random_cue_pot():
    m = play(shot("A", call=[(7, 3)], pot=[(7, 3)], off=["cue"]))
    assert 7 in m.table and m.to_move == "B" and m.in_hand == "free" and m.last_shot["reason"] == "cue_off_table"


def test_numbered_ball_off_table_is_respotted_without_penalty():  # P§2
    m = play(shot("A", call=[(7, 3)], pot=[(7, 3)], off=[12]))
    assert m.shelves["A"] == [7] and 12 in m.table and m.to_move == "A"


# ---- P§9: cue not straight, as called → bonus ball -----------------------------------------------
def test_called_non_straight_cue_pot_takes_least_ball_from_table_as_bonus():
    m = play(shot("A", call=[("cue", 2)], pot=[("cue", 2)]))
    assert m.shelves["A"] == [5] and m.to_move == "A" and m.in_hand == "restricted"
    assert m.last_shot["bonus"] == 5 and m.last_shot["cue_counted"] is True


def test_bonus_is_least_ball_after_respots():
    m = play(called("A", 5), called("A", 6), shot("A", call=[("cue", 2)], pot=[("cue", 2), (7, 4)]))
    assert m.shelves["A"] == [5, 6, 7] and m.to_move == "A"  # the random 7 was re-spotted, then taken


def test_straight_cue_pot_as_called_keeps_turn_without_bonus():  # decision: the bonus is for P§9 only
    m = play(shot("A", call=[("cue", 2)], pot=[("cue", 2, True)]))
    assert m.shelves["A"] == [] and m.to_move == "A" and m.in_hand == "restricted"


# ---- P§10: straight cue, no call -------------------------------------------------------------------
def test_straight_cue_without_call_is_successful_without_bonus():
    m = play(shot("A", pot=[("cue", 4, True)]))
    assert m.shelves["A"] == [] and m.to_move == "A" and m.in_hand == "restricted"
    assert m.last_shot["bonus"] is None


def test_non_straight_cue_without_call_is_random():
    m = play(shot("A", pot=[("cue", 4, False)]))
    assert m.to_move == "B" and m.in_hand == "free"


# ---- P§15: restricted hand after a correct cue pot -------------------------------------------------
def _restricted_a():
    return [shot("A", call=[("cue", 2)], pot=[("cue", 2)])]  # A: 5 as bonus, A in hand restricted


def test_single_straight_ball_from_restricted_hand_does_not_count_and_passes_turn():
    m = play(*_restricted_a(), called("A", 9, 1, straight=True))
    assert m.shelves["A"] == [5] and 9 in m.table and m.to_move == "B" and m.in_hand is None
    assert m.last_shot["reason"] == "straight_from_hand"


def test_gentleman_straight_ball_from_restricted_hand_does_not_count():
    m = play(*_restricted_a(), shot("A", pot=[(9, 1, True)]))
    assert 9 in m.table and m.to_move == "B"


def test_called_non_straight_ball_from_restricted_hand_counts():
    m = play(*_restricted_a(), called("A", 9, 1, straight=False))
    assert m.shelves["A"] == [5, 9] and m.to_move == "A" and m.in_hand is None


def test_double_call_of_straight_balls_from_restricted_hand_counts():  # "на две разные лузы"
    m = play(*_restricted_a(), shot("A", call=[(8, 1), (9, 6)], pot=[(8, 1, True), (9, 6, True)]))
    assert m.shelves["A"] == [5, 8, 9] and m.to_move == "A"


def test_straight_cue_from_restricted_hand_is_a_random_cue_pot():  # decision: opponent in hand, free
    m = play(*_restricted_a(), shot("A", pot=[("cue", 3, True)]))
    assert m.to_move == "B" and m.in_hand == "free" and m.shelves["A"] == [5]


def test_trick_from_restricted_hand_does_not_count_and_carom_touch_is_a_foul():
    m = play(*_restricted_a(), shot("A", touch=True, trick="carom3"))
    assert m.last_shot["foul"] == "control" and m.shelves["A"] == [] and m.to_move == "B"
    assert m.privilege is False


def test_rocambole_from_restricted_hand_does_not_count_but_is_no_foul():
    m = play(*_restricted_a(), shot("A", trick="rocambole3"))
    assert m.shelves["A"] == [5] and m.to_move == "B" and m.privilege is False


def test_non_straight_cue_again_from_restricted_hand_keeps_turn_and_bonus():
    m = play(*_restricted_a(), shot("A", call=[("cue", 5)], pot=[("cue", 5)]))
    assert m.shelves["A"] == [5, 6] and m.in_hand == "restricted" and m.to_move == "A"


def test_restriction_lasts_one_shot():
    m = play(*_restricted_a(), called("A", 9), called("A", 11, straight=True))
    assert m.shelves["A"] == [5, 9, 11] and m.in_hand is None


# ---- P§16: free hand after a random cue pot ---------------------------------------------------------
def test_free_hand_allows_single_straight_ball():
    m = play(shot("A", pot=[("cue", 4)]), called("B", 9, straight=True))
    assert m.shelves["B"] == [9] and m.to_move == "B" and m.in_hand is None


def test_free_hand_allows_trick():
    m = play(shot("A", pot=[("cue", 4)]), shot("B", touch=True, trick="carom3"))
    assert m.privilege is True and m.to_move == "B" and m.last_shot["foul"] is None


# ---- P§17: restricted hand for the opponent after a failed double --------------------------------
def test_opponent_from_failed_double_cannot_count_single_straight_ball():
    m = play(shot("A", call=[(6, 1), ("cue", 2)], pot=[("cue", 2)]), called("B", 9, straight=True))
    assert 9 in m.table and m.to_move == "A"


def test_opponent_from_failed_double_counts_non_straight_called_ball():
    m = play(shot("A", call=[(6, 1), ("cue", 2)], pot=[("cue", 2)]), called("B", 9), miss("B"))
    assert m.shelves["B"] == [9] and m.to_move == "A"
