"""Пирамидка 100: set-up, the strict call, the gentleman's addition, the double call, the series (P§1–7)."""

from __future__ import annotations

import pytest

from clubdesk.rules.pyramid100 import new_game
from tests.rules.test_pyramid100_support import called, miss, play, shot


# ---- P§1, P§2, P-1: set-up -----------------------------------------------------------------------
def test_new_match_has_eleven_balls_worth_110_and_control_on_centre():
    st = new_game(["A", "B"]).state()
    assert st["table"] == list(range(5, 16)) and sum(st["table"]) == 110
    assert st["control_ball"] == "centre" and st["to_move"] == "A" and st["opening"] is True
    assert st["mode"] == "normal" and st["in_hand"] is None and st["winner"] is None


def test_first_player_breaks_and_opening_flag_clears_after_break():
    m = play(miss("A"))
    assert m.state()["opening"] is False and m.to_move == "B"


def test_random_ball_on_break_does_not_count_and_is_respotted():  # P§2
    m = play(shot("A", pot=[(7, 2)]))
    assert m.table == set(range(5, 16)) and m.scores["A"] == 0 and m.to_move == "B"


def test_called_ball_on_break_counts():  # P§2 speaks only of the random ball
    m = play(called("A", 12, 4))
    assert m.shelves["A"] == [12] and m.to_move == "A"


# ---- P§4: strict call ----------------------------------------------------------------------------
def test_called_ball_in_called_pocket_counts_and_keeps_turn():
    m = play(called("A", 7, 3))
    assert m.shelves["A"] == [7] and 7 not in m.table and m.to_move == "A"


def test_called_ball_in_other_pocket_does_not_count_and_turn_passes():
    m = play(shot("A", call=[(7, 3)], pot=[(7, 4)]))
    assert m.shelves["A"] == [] and 7 in m.table and m.to_move == "B"


def test_uncalled_non_straight_ball_is_respotted():
    m = play(shot("A", call=[(7, 3)], pot=[(9, 1)]))
    assert 9 in m.table and m.scores["A"] == 0 and m.to_move == "B"


def test_random_extra_ball_is_respotted_but_turn_stays():
    m = play(shot("A", call=[(7, 3)], pot=[(7, 3), (9, 1)]))
    assert m.shelves["A"] == [7] and 9 in m.table and m.to_move == "A"
    assert m.last_shot["successful"] is True


# ---- P§5: gentleman's addition -------------------------------------------------------------------
def test_straight_object_ball_without_call_counts_as_called():  # from the second shot on (P-5)
    m = play(miss("A"), shot("B", pot=[(11, 5, True)]))
    assert m.shelves["B"] == [11] and m.to_move == "B"


def test_non_straight_object_ball_without_call_does_not_count():
    m = play(shot("A", pot=[(11, 5, False)]))
    assert m.shelves["A"] == [] and m.to_move == "B"


def test_straight_ball_against_declared_call_is_respotted():
    m = play(shot("A", call=[(7, 3)], pot=[(11, 5, True)]))
    assert 11 in m.table and m.scores["A"] == 0 and m.to_move == "B"


def test_straight_ball_against_call_beside_counted_called_ball_keeps_turn():
    m = play(shot("A", call=[(7, 3)], pot=[(7, 3), (11, 5, True)]))
    assert m.shelves["A"] == [7] and 11 in m.table and m.to_move == "A"


def test_straight_cue_against_declared_call_voids_called_ball_without_penalty():
    m = play(called("A", 5), shot("A", call=[(7, 3)], pot=[(7, 3), ("cue", 2, True)]))
    assert m.shelves["A"] == [5] and 7 in m.table and m.to_move == "B"
    assert m.in_hand == "free" and m.last_shot["penalty"] is None


def test_two_straight_balls_without_call_both_count():  # P-6: both are "as called" (after the opening, P-5)
    m = play(miss("A"), shot("B", pot=[(6, 1, True), (8, 2, True)]))
    assert m.shelves["B"] == [6, 8] and m.to_move == "B"


# ---- P§6: double call ----------------------------------------------------------------------------
def test_double_call_fully_played_counts_both():
    m = play(shot("A", call=[(6, 1), (8, 2)], pot=[(6, 1), (8, 2)]))
    assert sorted(m.shelves["A"]) == [6, 8] and m.to_move == "A"


def test_double_call_with_one_object_ball_counts_nothing_and_respots_it():
    m = play(shot("A", call=[(6, 1), (8, 2)], pot=[(6, 1)]))
    assert m.shelves["A"] == [] and 6 in m.table and m.to_move == "B" and m.in_hand is None
    assert m.last_shot["reason"] == "double_failed"


def test_double_call_with_only_cue_played_gives_opponent_restricted_hand():  # P§6, P§17
    m = play(shot("A", call=[(6, 1), ("cue", 2)], pot=[("cue", 2)]))
    assert m.to_move == "B" and m.in_hand == "restricted" and m.scores["A"] == 0


def test_double_call_with_object_only_when_cue_was_called_respots_it():
    m = play(shot("A", call=[(6, 1), ("cue", 2)], pot=[(6, 1)]))
    assert 6 in m.table and m.to_move == "B" and m.in_hand is None


def test_double_call_object_and_cue_fully_played_counts_with_bonus():  # P§6 + P§9
    m = play(shot("A", call=[(6, 1), ("cue", 2)], pot=[(6, 1), ("cue", 2)]))
    assert m.shelves["A"] == [6, 5] and m.to_move == "A" and m.in_hand == "restricted"


def test_three_called_balls_are_refused_as_malformed():
    from clubdesk.rules.errors import InvalidEventError
    from clubdesk.rules.pyramid100 import parse_event
    with pytest.raises(InvalidEventError) as exc:
        parse_event({"type": "shot", "player": "A",
                     "call": [{"ball": 5, "pocket": 1}, {"ball": 6, "pocket": 2}, {"ball": 7, "pocket": 3}]})
    assert exc.value.code == "too_many_calls" and exc.value.clause == "P§6"


# ---- P§7: series ---------------------------------------------------------------------------------
def test_series_continues_until_first_unsuccessful_shot():
    m = play(called("A", 5), called("A", 6), called("A", 7), miss("A"), called("B", 8))
    assert m.shelves == {"A": [5, 6, 7], "B": [8]} and m.to_move == "B"


def test_unsuccessful_shot_without_foul_passes_turn_without_penalty():
    m = play(called("A", 5), miss("A"))
    assert m.shelves["A"] == [5] and m.to_move == "B" and m.last_shot["penalty"] is None


def test_a_failed_double_call_with_a_called_trick_keeps_the_turn_unless_the_cue_ball_fell():  # P§6, P§11, P§17
    m = play(miss("A"), miss("B"), shot("A", call=[(7, 1), ("cue", 2)], trick="rocambole3"))
    assert m.last_shot["successful"] and m.last_shot["cue_counted"] is False and m.to_move == "A"
    m = play(miss("A"), miss("B"), shot("A", call=[(7, 1), ("cue", 2)], pot=[("cue", 2)], trick="rocambole3"))
    assert not m.last_shot["successful"] and m.to_move == "B" and m.in_hand == "restricted"
