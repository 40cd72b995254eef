"""Пирамидка 100: the control ball №10 (P§11–14) and the last-ball mode (P§20)."""

from __future__ import annotations

import pytest

from clubdesk.rules.errors import IllegalEventError
from tests.rules.test_pyramid100_support import called, miss, play, shot


# ---- P§11: tricks onto №10 --------------------------------------------------------------------------
@pytest.mark.parametrize("trick,touch", [("carom3", True), ("rocambole3", False)])
def test_called_trick_keeps_turn_and_grants_privilege(trick, touch):
    m = play(shot("A", touch=touch, trick=trick))
    assert m.to_move == "A" and m.privilege is True and m.last_shot["reason"] == "trick"
    assert m.state()["control_privilege"] is True


def test_privilege_lasts_for_one_shot_only():
    m = play(shot("A", trick="rocambole3"), called("A", 7))
    assert m.privilege is False and m.shelves["A"] == [7]


def test_trick_with_cue_pot_against_call_does_not_count():  # P§8 spoils the whole shot
    m = play(shot("A", trick="rocambole3", pot=[("cue", 1)]))
    assert m.privilege is False and m.to_move == "B" and m.in_hand == "free"


def test_trick_without_other_numbered_ball_is_refused():
    m = play(*_fifty_fifty())
    assert m.mode == "last_ball" and m.trick_possible() is False
    with pytest.raises(IllegalEventError) as exc:
        m.apply(shot("B", trick="rocambole3"))
    assert exc.value.code == "trick_impossible" and exc.value.clause == "P§11"


def test_trick_with_control_on_shelf_is_refused():
    m = play(called("A", 10))
    with pytest.raises(IllegalEventError) as exc:
        m.apply(shot("A", touch=True, trick="carom3"))
    assert exc.value.code in ("trick_impossible", "control_not_on_table")


# ---- P§12: touching №10 with the cue ball ----------------------------------------------------------
def test_cue_touching_control_with_other_balls_on_table_is_a_foul():
    m = play(called("A", 7), shot("A", touch=True))
    assert m.last_shot["foul"] == "control" and m.shelves["A"] == [] and 7 in m.table and m.to_move == "B"


def test_touch_during_counted_carom_is_no_foul():
    m = play(called("A", 7), shot("A", touch=True, trick="carom3"))
    assert m.shelves["A"] == [7] and m.last_shot["foul"] is None


def test_touch_on_shot_after_trick_is_no_foul():
    m = play(shot("A", trick="rocambole3"), shot("A", touch=True, call=[(6, 2)], pot=[(6, 2)]))
    assert m.shelves["A"] == [6] and m.last_shot["foul"] is None


def test_touch_allowed_helper_follows_privilege_and_mode():
    m = play(shot("A", trick="rocambole3"))
    assert m.touch_allowed() is True
    m.apply(miss("A"))
    assert m.touch_allowed() is False


def test_touch_foul_voids_counted_ball():
    m = play(shot("A", touch=True, call=[(6, 2)], pot=[(6, 2)]))
    assert m.shelves["A"] == [] and 6 in m.table and m.debts["A"] == 1


# ---- P§13: potting №10 -----------------------------------------------------------------------------
def test_control_potted_by_object_ball_counts_and_leaves_game():
    m = play(called("A", 10, 4))
    assert m.shelves["A"] == [10] and 10 not in m.table and m.state()["control_ball"] == "A"


def test_control_potted_by_cue_without_privilege_is_a_foul():
    m = play(called("A", 10, 4, touch=True))
    assert m.last_shot["foul"] == "control" and 10 in m.table and m.state()["control_ball"] == "centre"


def test_control_potted_by_cue_with_privilege_counts():
    m = play(shot("A", trick="rocambole3"), called("A", 10, 4, touch=True, straight=True))
    assert m.shelves["A"] == [10]


def test_control_returns_to_centre_when_least_ball_of_penalty():
    m = play(called("A", 10), called("A", 11), shot("A", foul="miss"))
    assert m.shelves["A"] == [11] and 10 in m.table and m.state()["control_ball"] == "centre"


def test_control_fallen_without_counting_goes_to_centre():  # P§2
    m = play(shot("A", pot=[(10, 3)]))
    assert 10 in m.table and m.state()["control_ball"] == "centre" and m.to_move == "B"


# ---- P§14: back to the centre spot, or wait while it is taken ---------------------------------------
def test_knocked_control_stays_off_spot_while_centre_is_taken():
    m = play(shot("A", trick="rocambole3", blocked=True))
    st = m.state()
    assert st["control_ball"] == "table" and st["control_spot"] == "off_spot"
    m.apply(shot("A", call=[(6, 2)], pot=[(6, 2)]))
    assert m.state()["control_spot"] == "centre"


def test_fallen_control_waits_in_pocket_while_centre_is_taken_and_cannot_be_called():
    m = play(shot("A", pot=[(10, 3)], blocked=True))
    assert m.state()["control_spot"] == "aside" and 10 not in m.callable_balls()
    with pytest.raises(IllegalEventError) as exc:
        m.apply(called("B", 10))
    assert exc.value.code == "ball_not_on_table" and exc.value.clause == "P§14"
    m.apply(shot("B", blocked=True))
    assert m.state()["control_spot"] == "aside"
    m.apply(miss("A"))
    assert m.state()["control_spot"] == "centre" and 10 in m.callable_balls()


def test_touching_control_not_on_cloth_is_refused():
    m = play(called("A", 10))
    with pytest.raises(IllegalEventError) as exc:
        m.apply(shot("A", touch=True))
    assert exc.value.code == "control_not_on_table" and exc.value.clause == "P§12"


# ---- P§20: last-ball mode --------------------------------------------------------------------------
def _fifty_fifty():
    """A pots 5, 6, 11, 13, 15 (= 50), misses; B pots 7, 8, 9, 12, 14 (= 50): only №10 is left."""
    return [*[called("A", b) for b in (5, 6, 11, 13, 15)], miss("A"),
            *[called("B", b) for b in (7, 8, 9, 12, 14)]]


def test_all_pyramid_balls_at_fifty_fifty_switch_to_last_ball_mode():
    m = play(*_fifty_fifty())
    st = m.state()
    assert st["score"] == {"A": 50, "B": 50} and st["mode"] == "last_ball" and st["table"] == [10]
    assert not st["finished"] and st["to_move"] == "B"


def test_last_ball_mode_allows_cue_touch_and_cue_pot_of_control():
    m = play(*_fifty_fifty(), called("B", 10, 2, touch=True, straight=True))
    assert m.finished and m.outcome.winner == "B" and m.scores["B"] == 60


def test_knocked_control_stays_where_it_stops_in_last_ball_mode():
    m = play(*_fifty_fifty(), shot("B", touch=True))
    assert m.state()["control_spot"] == "off_spot" and m.to_move == "A" and m.last_shot["foul"] is None


def test_penalty_in_last_ball_mode_returns_least_ball_and_control_to_centre():
    m = play(*_fifty_fifty(), shot("B", touch=True), shot("A", foul="miss"))
    st = m.state()
    assert st["mode"] == "normal" and st["table"] == [5, 10] and st["control_spot"] == "centre"
    assert st["score"] == {"A": 45, "B": 50} and st["to_move"] == "B"


def test_in_last_ball_mode_control_set_aside_comes_back_to_centre_and_a_knocked_one_stays_put():  # P§20
    m = play(*_fifty_fifty(), shot("B", pot=[(10, 3)], blocked=True))
    assert m.state()["control_spot"] == "aside"
    m.apply(miss("A"))
    assert m.state()["control_spot"] == "centre"
    m = play(*_fifty_fifty(), shot("B", touch=True), miss("A"))
    assert m.state()["control_spot"] == "off_spot"


def test_bonus_skips_control_waiting_aside_and_takes_the_least_ball_on_the_cloth():  # P§9, P§14
    m = play(shot("A", pot=[(10, 3)], blocked=True), shot("B", call=[("cue", 2)], pot=[("cue", 2)], blocked=True))
    assert m.state()["control_spot"] == "aside" and m.last_shot["bonus"] == 5


def test_penalty_in_last_ball_mode_while_the_centre_is_taken_leaves_control_off_its_spot():  # P§20, P§14
    m = play(*_fifty_fifty(), shot("B", touch=True), shot("A", foul="miss", blocked=True))
    st = m.state()
    assert st["mode"] == "normal" and st["table"] == [5, 10] and st["control_spot"] == "off_spot"


def test_touch_after_return_to_normal_mode_is_a_foul_again():
    m = play(*_fifty_fifty(), shot("B", foul="push"), shot("A", touch=True))
    assert m.last_shot["foul"] == "control"


def test_bonus_in_last_ball_mode_takes_control_and_wins():  # P§9 + P§20
    m = play(*_fifty_fifty(), shot("B", call=[("cue", 3)], pot=[("cue", 3)], touch=True))
    assert m.finished and m.shelves["B"][-1] == 10


def test_privilege_survives_restricted_hand_but_new_trick_does_not_count():  # decision 9
    m = play(shot("A", call=[("cue", 2)], pot=[("cue", 2)], trick="rocambole3"))
    assert m.privilege and m.in_hand == "restricted" and m.shelves["A"] == [5]
    m.apply(called("A", 10, 3, touch=True))  # non-straight №10 off the cue ball, privileged
    assert m.shelves["A"] == [5, 10] and m.last_shot["foul"] is None and not m.privilege


def test_straight_control_from_restricted_hand_with_privilege_does_not_count():
    m = play(shot("A", call=[("cue", 2)], pot=[("cue", 2)], trick="rocambole3"),
             called("A", 10, 3, touch=True, straight=True))
    assert 10 in m.table and m.to_move == "B" and m.last_shot["foul"] is None


def test_penalty_returning_control_while_centre_taken_puts_it_aside():
    m = play(called("A", 10), shot("A", foul="miss", blocked=True))
    assert m.state()["control_spot"] == "aside" and m.state()["control_ball"] == "table"
