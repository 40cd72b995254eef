"""Пирамидка 100: whole matches written out by hand, and `clubdesk replay` on hand-written records."""

from __future__ import annotations

import io
import json
from pathlib import Path

from clubdesk.commands.replay import run
from clubdesk.rules.pyramid100 import Concede
from tests.rules.test_pyramid100_support import called, miss, play, shot

RECORDS = Path(__file__).parent / "records"


def test_whole_match_with_trick_debt_double_and_cue_pots():
    """The record pyramid100-match.json, shot by shot, each step computed by hand from the seed."""
    m = play(shot("A", call=[(7, 3)], pot=[(7, 3), (12, 1)]))  # P§2/P§4: 7 counts, random 12 back
    assert m.shelves["A"] == [7] and 12 in m.table and m.to_move == "A"
    m.apply(shot("A", pot=[(15, 2, True)]))  # P§5 gentleman
    m.apply(shot("A", call=[("cue", 4)], pot=[("cue", 4)]))  # P§9: bonus 5
    assert m.shelves["A"] == [7, 15, 5] and m.in_hand == "restricted"
    m.apply(called("A", 9, 6, straight=True))  # P§15: straight single from hand — void, turn passes
    assert m.to_move == "B" and 9 in m.table and m.in_hand is None
    m.apply(shot("B", touch=True, trick="carom3"))  # P§11
    assert m.privilege and m.to_move == "B"
    m.apply(called("B", 10, 1, straight=True, touch=True))  # P§13 with the privilege
    assert m.shelves["B"] == [10] and m.state()["control_ball"] == "B"
    m.apply(shot("B", foul="miss"))  # P§18: №10 is the least ball → back to the centre
    assert m.shelves["B"] == [] and m.state()["control_ball"] == "centre" and m.to_move == "A"
    m.apply(shot("A", touch=True))  # P§12 foul: A's 5 back
    assert m.shelves["A"] == [7, 15] and m.to_move == "B"
    m.apply(shot("B", foul="push"))  # P-2: empty shelf → debt
    assert m.debts["B"] == 1
    m.apply(called("A", 14, 2))
    m.apply(shot("A", call=[(13, 1), (6, 5)], pot=[(13, 1)]))  # P§6: partial double → nothing
    assert 13 in m.table and m.to_move == "B" and m.scores["A"] == 36
    m.apply(called("B", 13, 2))  # P-2: repays the debt, 13 back, B keeps the turn
    assert m.debts["B"] == 0 and 13 in m.table and m.to_move == "B"
    m.apply(called("B", 12, 3))
    m.apply(shot("B", call=[(11, 4)], pot=[(11, 4), ("cue", 5)]))  # P§8: void, A from a free hand
    assert m.in_hand == "free" and m.to_move == "A" and 11 in m.table
    m.apply(called("A", 13, 1, straight=True))  # P§16: a straight single counts from a free hand
    assert m.scores["A"] == 49
    m.apply(called("A", 11, 6))
    st = m.state()
    assert st["finished"] and st["winner"] == "A" and st["score"] == {"A": 60, "B": 12}
    assert st["table"] == [5, 6, 8, 9, 10] and st["debts"] == {"A": 0, "B": 0}
    expected = json.loads(_replay(RECORDS / "pyramid100-match.json")[1])
    assert expected == st


def test_whole_match_through_last_ball_mode_and_back():
    m = play(*[called("A", b) for b in (5, 6, 11, 13, 15)], miss("A"),
             *[called("B", b) for b in (7, 8, 9, 12, 14)])
    assert m.mode == "last_ball" and m.scores == {"A": 50, "B": 50}
    m.apply(shot("B", touch=True))  # P§20: no foul, №10 stays where it stopped
    assert m.state()["control_spot"] == "off_spot" and m.to_move == "A"
    m.apply(shot("A", foul="miss"))  # P§20: 5 back, №10 to centre, normal mode
    assert m.mode == "normal" and m.state()["control_spot"] == "centre" and m.scores["A"] == 45
    m.apply(called("B", 5, 1))
    st = m.state()
    assert st["winner"] == "B" and st["score"] == {"A": 45, "B": 55} and st["table"] == [10]
    assert st["shelves"]["B"] == [7, 8, 9, 12, 14, 5]


def test_whole_match_of_debts_ended_by_concession():
    m = play(shot("A", foul="miss"), shot("B", foul="miss"), shot("A", foul="rebound"))
    assert m.debts == {"A": 2, "B": 1}
    m.apply(called("B", 15))  # repays B's debt, 15 back on the table
    m.apply(miss("B"))
    m.apply(shot("A", call=[(5, 1), (6, 2)], pot=[(5, 1), (6, 2)]))  # both repay A's two debts
    m.apply(called("A", 7))
    st = m.state()
    assert st["debts"] == {"A": 0, "B": 0} and st["shelves"] == {"A": [7], "B": []}
    assert st["table"] == [5, 6, 8, 9, 10, 11, 12, 13, 14, 15]
    m.apply(Concede("B"))
    assert m.state()["winner"] == "A" and m.outcome.termination == "concession"


def _replay(path: Path, *args, **kw) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = run(str(path), *args, out=out, err=err, **kw)
    return rc, out.getvalue(), err.getvalue()


def test_replay_prints_expected_final_state():
    rc, out, err = _replay(RECORDS / "pyramid100-match.json")
    st = json.loads(out)
    assert rc == 0 and err == ""
    assert st["score"] == {"A": 60, "B": 12} and st["shelves"] == {"A": [7, 15, 14, 13, 11], "B": [12]}
    assert st["table"] == [5, 6, 8, 9, 10] and st["control_ball"] == "centre" and st["winner"] == "A"
    assert {"score", "shelves", "debts", "table", "control_ball", "to_move", "in_hand", "control_privilege",
            "mode", "finished", "winner"} <= set(st)


def test_replay_trace_prints_one_state_per_event():
    rc, out, _ = _replay(RECORDS / "pyramid100-match.json", trace=True)
    lines = [json.loads(line) for line in out.splitlines()]
    assert rc == 0 and len(lines) == 16 and lines[2]["in_hand"] == "restricted" and lines[4]["control_privilege"]


def test_replay_of_illegal_record_exits_2_naming_index_and_clause():
    rc, out, err = _replay(RECORDS / "pyramid100-illegal.json", lang="en")
    error = json.loads(out)["error"]
    assert rc == 2 and error["index"] == 9 and error["clause"] == "P§7" and error["code"] == "not_your_turn"
    assert "event 9" in err and "B" in error["message"]
    rc, out, err = _replay(RECORDS / "pyramid100-illegal.json")
    assert rc == 2 and "событие 9" in err and "бьёт A" in json.loads(out)["error"]["message"]
