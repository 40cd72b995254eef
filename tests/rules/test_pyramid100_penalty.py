"""Пирамидка 100: penalties and shelf debts (P§18–19, P-2), the end (P§3), concession, refusals, undo."""

from __future__ import annotations

import pytest

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.pyramid100 import FOULS, Concede, new_game, parse_event
from tests.rules.test_pyramid100_support import called, miss, play, shot


# ---- P§18: the least ball goes back ------------------------------------------------------------------
def test_penalty_returns_lowest_ball_from_shelf():
    m = play(called("A", 12), called("A", 7), called("A", 14), shot("A", foul="miss"))
    assert m.shelves["A"] == [12, 14] and 7 in m.table and m.scores["A"] == 26 and m.to_move == "B"
    assert m.penalty_ball("A") == 12


def test_penalty_on_foul_voids_balls_potted_in_that_shot():
    m = play(called("A", 9), shot("A", foul="push", call=[(7, 1)], pot=[(7, 1)]))
    assert m.shelves["A"] == [] and {7, 9} <= m.table


def test_foul_with_cue_potted_gives_opponent_free_hand():
    m = play(shot("A", foul="double_hit", pot=[("cue", 2)]))
    assert m.to_move == "B" and m.in_hand == "free"


# ---- P-2: shelf debt ----------------------------------------------------------------------------------
def test_penalty_on_empty_shelf_creates_a_debt():
    m = play(shot("A", foul="miss"))
    assert m.debts["A"] == 1 and m.state()["debts"] == {"A": 1, "B": 0} and m.last_shot["penalty"] == "debt"


def test_debts_accumulate():
    m = play(shot("A", foul="miss"), shot("B", foul="miss"), shot("A", foul="rebound"))
    assert m.debts == {"A": 2, "B": 1}


def test_next_correctly_potted_ball_repays_debt_and_goes_back_to_table():
    m = play(shot("A", foul="miss"), miss("B"), called("A", 13))
    assert m.debts["A"] == 0 and m.shelves["A"] == [] and 13 in m.table
    assert m.to_move == "A" and m.last_shot["repaid"] == [13]  # the shot was still successful


def test_double_pot_with_debt_repays_with_least_ball_and_keeps_other():
    m = play(shot("A", foul="miss"), miss("B"), shot("A", call=[(13, 1), (6, 2)], pot=[(13, 1), (6, 2)]))
    assert m.shelves["A"] == [13] and 6 in m.table and m.debts["A"] == 0


def test_bonus_ball_repays_debt():  # decision: every ball due to the shelf repays first
    m = play(shot("A", foul="miss"), miss("B"), shot("A", call=[("cue", 1)], pot=[("cue", 1)]))
    assert m.shelves["A"] == [] and m.debts["A"] == 0 and 5 in m.table


def test_control_repaying_debt_goes_to_centre():
    m = play(shot("A", foul="miss"), miss("B"), called("A", 10))
    assert m.state()["control_ball"] == "centre" and m.debts["A"] == 0


def test_control_repaying_debt_waits_aside_while_the_centre_is_taken():  # P-2, P§14
    m = play(shot("A", foul="miss"), miss("B"), called("A", 10, blocked=True))
    assert m.state()["control_spot"] == "aside" and m.debts["A"] == 0


def test_a_foul_by_the_holder_of_control_takes_his_least_ball_and_leaves_control_on_his_shelf():  # P§18
    m = play(called("A", 10), called("A", 5), shot("A", foul="push"))
    assert m.last_shot["penalty"] == 5 and m.shelves["A"] == [10] and m.state()["control_ball"] == "A"


# ---- P§19: every foul kind -----------------------------------------------------------------------------
@pytest.mark.parametrize("foul", FOULS)
def test_every_foul_kind_costs_the_least_ball(foul):
    m = play(called("A", 8), called("A", 6), shot("A", foul=foul))
    assert m.shelves["A"] == [8] and m.to_move == "B" and m.last_shot["foul"] == foul


def test_unknown_foul_is_malformed():
    with pytest.raises(InvalidEventError) as exc:
        parse_event({"type": "shot", "player": "A", "foul": "jump"})
    assert exc.value.code == "bad_foul"


# ---- P§3: the end ---------------------------------------------------------------------------------
def test_match_ends_the_moment_a_player_passes_fifty():
    m = play(*[called("A", b) for b in (15, 14, 13)])
    assert not m.finished and m.scores["A"] == 42
    m.apply(called("A", 9))
    assert m.finished and m.outcome.winner == "A" and m.outcome.termination == "score"
    st = m.state()
    assert st["winner"] == "A" and st["finished"] is True and st["to_move"] is None


def test_exactly_fifty_does_not_end_the_match():
    m = play(*[called("A", b) for b in (15, 14, 13, 8)])
    assert m.scores["A"] == 50 and not m.finished


def test_any_event_after_the_end_is_refused():
    m = play(*[called("A", b) for b in (15, 14, 13, 9)])
    for event in (miss("A"), miss("B"), Concede("B")):
        with pytest.raises(IllegalEventError) as exc:
            m.apply(event)
        assert exc.value.code == "game_finished" and exc.value.clause == "P§3"
    assert exc.value.ru.startswith("партия окончена, победил A; событие игрока B не принимается (счёт 51:0")
    assert exc.value.en.startswith("the match is over, A won; no event from B accepted")


# ---- concession --------------------------------------------------------------------------------------
@pytest.mark.parametrize("who,winner", [("A", "B"), ("B", "A")])
def test_concession_by_either_player_gives_the_match_to_the_other(who, winner):
    m = play(called("A", 5))
    m.apply(parse_event({"type": "concede", "player": who}))
    assert m.state()["winner"] == winner and m.outcome.termination == "concession"
    assert m.last_shot == {"player": who, "successful": False, "reason": "conceded", "foul": None, "counted": [],
                           "cue_counted": False, "bonus": None, "repaid": [], "penalty": None}


# ---- refusals ---------------------------------------------------------------------------------------
def test_shot_by_player_not_to_move_is_refused_naming_both():
    m = new_game(["A", "B"])
    with pytest.raises(IllegalEventError) as exc:
        m.apply(miss("B"))
    assert exc.value.code == "not_your_turn" and exc.value.clause == "P§7"
    assert "A" in exc.value.ru and "B" in exc.value.en and "score 0:0" in exc.value.en


def test_ball_not_on_table_is_refused():
    m = play(called("A", 7))
    with pytest.raises(IllegalEventError) as exc:
        m.apply(called("A", 7))
    assert exc.value.code == "ball_not_on_table" and "№7" in exc.value.ru and "№7" in exc.value.en


@pytest.mark.parametrize("obj,code", [
    ({"type": "shot", "player": "A", "call": [{"ball": 7, "pocket": 7}]}, "bad_pocket"),
    ({"type": "shot", "player": "A", "potted": [{"ball": 7, "pocket": 0, "straight": True}]}, "bad_pocket"),
    ({"type": "shot", "player": "A", "call": [{"ball": 4, "pocket": 1}]}, "bad_ball"),
    ({"type": "shot", "player": "A", "off_table": [16]}, "bad_ball"),
    ({"type": "shot", "player": "A", "potted": [{"ball": 7, "pocket": 1, "straight": True}], "off_table": [7]},
     "ball_twice"),
    ({"type": "shot", "player": "A", "trick": "carom5"}, "bad_trick"),
    ({"type": "shot", "player": "A", "trick": "carom3", "touched_control": False}, "carom_without_touch"),
    ({"type": "shot", "player": "A", "colour": "red"}, "unknown_field"),
    ({"type": "shot", "player": "A", "touched_control": 1}, "bad_type"),
    ({"type": "shot", "player": "A", "call": [{"ball": True, "pocket": 1}]}, "bad_ball"),
    ({"type": "break", "player": "A"}, "unknown_event"),
    ({"type": "concede", "player": "A", "foul": None}, "unknown_field"),
    ({"type": "shot"}, "missing_field"),
])
def test_malformed_events_are_refused(obj, code):
    with pytest.raises(InvalidEventError) as exc:
        parse_event(obj)
    assert exc.value.code == code


def test_unknown_player_is_refused():
    with pytest.raises(InvalidEventError) as exc:
        new_game(["A", "B"]).apply(miss("C"))
    assert exc.value.code == "unknown_player"
    assert (exc.value.ru, exc.value.en) == ("игрок 'C' не играет в этой партии", "player 'C' is not in this match")


@pytest.mark.parametrize("players", [["A"], ["A", "A"], ["A", 2], ["A", "B", "C"]])
def test_bad_header_is_refused(players):
    with pytest.raises(InvalidEventError):
        new_game(players)


def test_refused_event_changes_nothing():
    m = play(called("A", 7))
    before = m.state()
    with pytest.raises(IllegalEventError):
        m.apply(called("A", 7))
    assert m.state() == before and len(m.events) == 1


# ---- undo by replay -----------------------------------------------------------------------------------
def test_undo_restores_state_before_last_event():
    m = play(called("A", 7))
    before = m.state()
    m.apply(shot("A", foul="miss"))
    assert m.undo() == shot("A", foul="miss")
    assert m.state() == before


def test_legal_helpers_for_ui():
    m = play(called("A", 7))
    assert 7 not in m.callable_balls() and "cue" in m.callable_balls()
    assert m.trick_possible() and m.trick_counts_now()
    m.apply(shot("A", call=[("cue", 1)], pot=[("cue", 1)]))
    assert m.trick_possible() and not m.trick_counts_now()
