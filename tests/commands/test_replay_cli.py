"""`clubdesk replay` on records worked out by hand, across the engines; header errors; unreadable input."""

import io
import json
from pathlib import Path

from clubdesk.commands.replay import run

RECORDS = Path(__file__).parent / "records"


def replay(path, **kw):
    out, err = io.StringIO(), io.StringIO()
    code = run(str(path), out=out, err=err, **kw)
    return code, out.getvalue(), err.getvalue()


def test_pyramid_record_by_hand_gives_the_expected_state():
    # 7 called and potted, 12 straight without call (P§5), a called miss, B's foul on an empty shelf (debt,
    # P-2), then 9 called with a random 6 that is re-spotted without costing the turn (P§4).
    code, out, _ = replay(RECORDS / "pyramid100-lead-check.json")
    state = json.loads(out)
    assert code == 0
    assert state["score"] == {"A": 28, "B": 0}
    assert state["shelves"] == {"A": [7, 12, 9], "B": []}
    assert state["debts"] == {"A": 0, "B": 1}
    assert state["table"] == [5, 6, 8, 10, 11, 13, 14, 15]
    assert (state["to_move"], state["control_ball"], state["finished"]) == ("A", "centre", False)


def test_zhuk_record_by_hand_gives_the_expected_money_and_rating():
    # P1 pots a ball paid by P3 (previous, Z-2); P2 misses Жук: 100 to the bank (Z§5.1); P3 pots Жук:
    # 200 from P2 and the bank of 100 under his stack (Z§4.1, Z-4). Ratings ±5 and ±10 (Z§8).
    code, out, _ = replay(RECORDS / "zhuk-lead-check.json")
    state = json.loads(out)
    assert code == 0
    assert state["balances"] == {"P1": 10100, "P2": 9700, "P3": 10200}
    assert state["bank"] == 0
    assert state["rating_delta"] == {"P1": 5, "P2": -10, "P3": 5}
    assert state["balls"] == {"std": 13, "zhuk": 0}


def test_unknown_top_level_key_is_an_error_with_null_index(tmp_path):
    record = json.loads((RECORDS / "zhuk-lead-check.json").read_text())
    record["comment"] = "x"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    code, out, err = replay(path, lang="en")
    assert code == 2
    assert json.loads(out)["error"]["index"] is None
    assert "unknown fields: comment" in err


def test_unknown_game_and_unreadable_file_exit_2(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "clubdesk-game/1", "game": "chess", "players": [], "events": []}))
    code, out, _ = replay(path)
    assert code == 2 and json.loads(out)["error"]["code"] == "unknown_game"
    path.write_text("{not json")
    code, out, err = replay(path)
    assert code == 2 and json.loads(out)["error"]["code"] == "unreadable" and err


def test_trace_prints_one_state_per_event():
    code, out, _ = replay(RECORDS / "pyramid100-lead-check.json", trace=True)
    lines = out.strip().splitlines()
    assert code == 0 and len(lines) == 5
    assert [json.loads(line)["score"]["A"] for line in lines] == [7, 19, 19, 19, 28]
