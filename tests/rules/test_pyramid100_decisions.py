"""Пирамидка 100: decisions P-3 (where a ball put back goes), P-4 (the referee reports facts, the engine decides) and
P-7 (when the referee may record that the centre spot is taken)."""

from __future__ import annotations

import json

import pytest

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.pyramid100 import parse_event
from tests.rules.test_pyramid100_control import _fifty_fifty
from tests.rules.test_pyramid100_support import called, miss, play, shot

ALL_BALLS = (5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "cue")


# ---- P-3: a ball put back goes to the foot spot area; №10 to the centre spot if free, else it waits --------------
def test_p3_balls_that_do_not_count_are_back_on_the_cloth_for_the_next_shot():
    # 7 went into another pocket than called (P§4), 12 and №10 fell at random: none counts, all go back.
    m = play(shot("A", call=[(7, 1)], pot=[(7, 2), (12, 3), (10, 4)]))
    st = m.state()
    assert st["table"] == list(range(5, 16)) and st["control_spot"] == "centre" and st["to_move"] == "B"
    assert m.callable_balls() == ALL_BALLS
    m.apply(called("B", 12, 3))
    assert m.shelves["B"] == [12]


def test_p3_with_the_centre_spot_taken_only_control_waits_the_numbered_balls_are_back():
    m = play(shot("A", call=[(7, 1)], pot=[(7, 2), (12, 3), (10, 4)], blocked=True))
    assert m.state()["control_spot"] == "aside" and 10 in m.table
    assert m.callable_balls() == tuple(b for b in ALL_BALLS if b != 10)      # 7 and 12 at once, №10 not
    m.apply(called("B", 12, 3))                                              # the spot is free when it stops
    assert m.shelves["B"] == [12] and m.state()["control_spot"] == "centre" and 10 in m.callable_balls()


def test_p3_a_penalty_control_ball_waits_aside_while_the_spot_is_taken_then_goes_to_the_centre():
    m = play(called("A", 10), called("A", 11), shot("A", foul="miss", blocked=True))   # least shelf ball: №10
    st = m.state()
    assert (st["shelves"]["A"], st["control_ball"], st["control_spot"]) == ([11], "table", "aside")
    assert 10 not in m.callable_balls()
    m.apply(miss("B"))
    assert m.state()["control_spot"] == "centre" and 10 in m.callable_balls()


# ---- P-4: the referee reports facts, the engine decides ----------------------------------------------------------
@pytest.mark.parametrize("decision", ["counted", "penalty", "bonus", "debt", "to_move", "in_hand", "score", "winner"])
def test_p4_a_shot_cannot_carry_a_decision(decision):
    obj = {"type": "shot", "player": "A", "call": [{"ball": 7, "pocket": 1}],
           "potted": [{"ball": 7, "pocket": 1, "straight": False}], decision: 7}
    with pytest.raises(InvalidEventError) as exc:
        parse_event(obj)
    assert exc.value.code == "unknown_field" and decision in exc.value.en


def test_p4_the_same_facts_are_decided_by_the_position():
    # A straight 7 as called: in open play it counts and A goes on ...
    m = play(called("A", 7, straight=True))
    assert (m.shelves["A"], m.to_move) == ([7], "A")
    # ... after A's own correct cue-ball pot (restricted hand, P§15) it does not count and the turn passes.
    m = play(shot("A", call=[("cue", 2)], pot=[("cue", 2)]), called("A", 7, straight=True))
    assert (m.shelves["A"], 7 in m.table, m.to_move, m.last_shot["reason"]) == ([5], True, "B", "straight_from_hand")
    # A miss: with balls on the shelf the least goes back (P§18); on an empty shelf it becomes a debt (P-2).
    m = play(called("A", 12), called("A", 7), shot("A", foul="miss"))
    assert (m.shelves["A"], m.debts["A"], m.last_shot["penalty"]) == ([12], 0, 7)
    m = play(shot("A", foul="miss"))
    assert (m.shelves["A"], m.debts["A"], m.last_shot["penalty"]) == ([], 1, "debt")


def test_p4_one_shot_of_facts_and_every_decision_the_engine_takes_from_it():
    # B owes a ball (P-2), then calls 9 into pocket 2 and the cue ball into pocket 3 and both go as called.
    m = play(miss("A"), shot("B", foul="miss"), miss("A"),
             shot("B", call=[(9, 2), ("cue", 3)], pot=[(9, 2), ("cue", 3)]))
    # Double call fulfilled (P§6): 9 counts; the non-straight cue ball earns the least ball, 5 (P§9); the
    # lowest ball due to the shelf, the bonus 5, repays the debt and goes back (P-2, P-6); B goes on from a
    # restricted hand (P§15).
    assert m.last_shot == {"player": "B", "successful": True, "reason": "counted", "foul": None, "counted": [9],
                           "cue_counted": True, "bonus": 5, "repaid": [5], "penalty": None}
    st = m.state()
    assert (st["shelves"]["B"], st["score"]["B"], st["debts"]["B"]) == ([9], 9, 0)
    assert st["table"] == [5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
    assert (st["to_move"], st["in_hand"], st["control_privilege"]) == ("B", "restricted", False)


# ---- P-7: `centre_blocked` is the referee's fact only when №10 moved and another ball covers the spot --------------
def refused_blocked(m, s):
    """The shot with `centre_blocked` is refused under P-7 and changes nothing."""
    before = json.dumps(m.state())
    with pytest.raises(IllegalEventError) as exc:
        m.apply(s)
    assert (exc.value.code, exc.value.clause) == ("centre_blocked_not_applicable", "P-7")
    assert json.dumps(m.state()) == before
    return exc.value


def test_p7_the_centre_taken_is_refused_while_control_is_on_the_opponents_shelf():
    m = play(called("A", 10), miss("A"))
    exc = refused_blocked(m, shot("B", call=[(7, 1)], pot=[(7, 1)], blocked=True))
    assert "№10 на полке у A" in exc.message("ru") and "№10 is on the shelf of A" in exc.message("en")
    m.apply(called("B", 7))
    assert m.state()["control_ball"] == "A"


def test_p7_the_centre_taken_is_refused_on_the_holders_shot_that_brings_no_control_back():
    refused_blocked(play(called("A", 10)), shot("A", call=[(7, 1)], pot=[(7, 1)], blocked=True))   # no foul
    refused_blocked(play(called("A", 5), called("A", 10)), shot("A", foul="miss", blocked=True))   # 5 goes back


def test_p7_the_holders_foul_bringing_control_back_may_find_the_centre_taken():
    m = play(called("A", 10), shot("A", foul="miss", blocked=True))
    assert m.state()["control_spot"] == "aside" and m.state()["control_ball"] == "table"


def test_p7_in_last_ball_mode_control_untouched_on_its_spot_cannot_have_left_it():
    m = play(*_fifty_fifty())
    exc = refused_blocked(m, shot("B", blocked=True))
    assert "биток его не коснулся" in exc.message("ru")
    m.apply(shot("B", touch=True, blocked=True))                              # the cue ball knocked it: allowed
    assert m.state()["control_spot"] == "off_spot"


def test_p7_control_on_the_cloth_outside_last_ball_mode_may_be_knocked_by_any_ball():
    m = play(shot("A", call=[(7, 1)], pot=[(7, 1)], blocked=True))          # an object ball knocked №10
    assert m.state()["control_spot"] == "off_spot"


def test_p7_control_waiting_aside_in_last_ball_mode_stays_aside_until_the_spot_frees():
    m = play(*_fifty_fifty(), shot("B", pot=[(10, 3)], blocked=True))        # №10 fell at random, spot taken
    assert m.state()["control_spot"] == "aside"
    m.apply(shot("A", blocked=True))                                          # still taken: it waits in the pocket
    assert m.state()["control_spot"] == "aside" and 10 not in m.callable_balls()
    m.apply(miss("B"))                                                        # the spot is free: back to the centre
    assert m.state()["control_spot"] == "centre"
