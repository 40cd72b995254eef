"""Пирамидка decisions P-5 (the opening shot) and P-6 (debt repayment)."""

from __future__ import annotations

from tests.rules.test_pyramid100_support import called, miss, play, shot


# P-5 — the opening shot: an uncalled ball never counts ------------------------------------------------------
def test_p5_a_straight_uncalled_ball_on_the_opening_shot_does_not_count_and_is_respotted():
    m = play(shot("A", pot=[(11, 5, True)]))
    assert (m.shelves["A"], 11 in m.table, m.to_move) == ([], True, "B")
    assert m.last_shot["reason"] == "nothing"


def test_p5_a_called_ball_on_the_opening_shot_counts_as_usual():
    m = play(shot("A", call=[(11, 5)], pot=[(11, 5, True), (7, 2, True)]))
    assert (m.shelves["A"], 7 in m.table, m.to_move) == ([11], True, "A")


def test_p5_from_the_second_shot_on_the_gentlemans_rule_applies():
    m = play(miss("A"), shot("B", pot=[(11, 5, True)]))
    assert m.shelves["B"] == [11]


# P-6 — debt repayment --------------------------------------------------------------------------------------
def in_debt():
    """B fouls on an empty shelf (debt of one ball, P-2); A misses: B to move."""
    return play(miss("A"), shot("B", foul="miss"), miss("A"))


def test_p6_a_correctly_potted_ball_repays_the_debt_and_goes_back_to_the_table():
    m = in_debt()
    m.apply(called("B", 12))
    assert (m.shelves["B"], m.debts["B"], 12 in m.table, m.last_shot["repaid"]) == ([], 0, True, [12])
    assert m.to_move == "B"


def test_p6_a_bonus_ball_alone_repays_the_debt():
    m = in_debt()
    m.apply(called("B", "cue"))                 # a called non-straight cue ball: bonus = the least ball, 5 (P§9)
    assert (m.last_shot["bonus"], m.last_shot["repaid"], m.shelves["B"], m.debts["B"]) == (5, [5], [], 0)
    assert 5 in m.table


def test_p6_of_two_balls_at_once_the_lowest_repays_the_debt():
    m = in_debt()
    m.apply(shot("B", call=[(13, 2), (8, 4)], pot=[(13, 2), (8, 4)]))
    assert (m.last_shot["repaid"], m.shelves["B"], m.scores["B"]) == ([8], [13], 13)


def test_p6_the_bonus_lower_than_the_potted_ball_repays_the_debt():
    m = in_debt()
    m.apply(shot("B", call=[(9, 2), ("cue", 3)], pot=[(9, 2), ("cue", 3)]))
    assert (m.last_shot["repaid"], m.shelves["B"]) == ([5], [9])


def test_p6_two_straight_balls_without_a_call_both_count():
    m = play(miss("A"), shot("B", pot=[(6, 1, True), (8, 2, True)]))
    assert m.shelves["B"] == [6, 8]
