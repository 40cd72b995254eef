"""`clubdesk replay` on records worked out by hand, across the engines; header errors; unreadable input; the command
itself through `python -m clubdesk replay` (stdin, --trace, --lang, exit codes and streams)."""

import io
import json
import subprocess
import sys
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


# --- `python -m clubdesk replay` as a user runs it (a subprocess: argument parsing, stdin, exit code, streams) -------
def clubdesk(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "clubdesk", *args], input=stdin, capture_output=True,
                          encoding="utf-8", timeout=60)


LEAD_CHECK = RECORDS / "pyramid100-lead-check.json"
# After the five shots of the lead check it is A's shot (A scored 9 and goes on), so a shot by B is illegal (P§7).
TABLE_AFTER = "(score 28:0, on the table 5, 6, 8, 10, 11, 13, 14, 15)"


def illegal_record() -> str:
    record = json.loads(LEAD_CHECK.read_text(encoding="utf-8"))
    record["events"].append({"type": "shot", "player": "B", "call": [], "potted": []})
    return json.dumps(record)


def test_cli_replay_reads_the_record_from_stdin():
    r = clubdesk("replay", "-", stdin=LEAD_CHECK.read_text(encoding="utf-8"))
    assert (r.returncode, r.stderr) == (0, "")
    state = json.loads(r.stdout)
    assert state["score"] == {"A": 28, "B": 0} and state["table"] == [5, 6, 8, 10, 11, 13, 14, 15]
    assert state == json.loads(replay(LEAD_CHECK)[1])          # the same as the file, in-process


def test_cli_replay_trace_prints_the_state_after_every_event_as_json_lines():
    r = clubdesk("replay", "--trace", str(LEAD_CHECK))
    assert (r.returncode, r.stderr) == (0, "")
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert [s["score"]["A"] for s in lines] == [7, 19, 19, 19, 28]
    assert [s["debts"]["B"] for s in lines] == [0, 0, 0, 1, 1]
    assert lines[-1] == json.loads(clubdesk("replay", str(LEAD_CHECK)).stdout)


def test_cli_replay_of_an_illegal_record_exits_2_with_the_error_json_on_stdout_and_the_message_on_stderr():
    r = clubdesk("replay", "--lang", "en", "-", stdin=illegal_record())
    message = f"it is the shot of A, not of B {TABLE_AFTER} (P§7)"
    assert r.returncode == 2 and len(r.stdout.splitlines()) == 1
    assert json.loads(r.stdout) == {"error": {"index": 5, "code": "not_your_turn", "clause": "P§7", "message": message}}
    assert r.stderr == f"event 5: {message}\n"


def test_cli_replay_error_message_is_russian_by_default_and_lang_may_come_first():
    r = clubdesk("replay", "-", stdin=illegal_record())
    assert r.returncode == 2 and json.loads(r.stdout)["error"]["index"] == 5
    assert r.stderr.startswith("событие 5: сейчас бьёт A, а не B (счёт 28:0,")
    assert json.loads(r.stdout)["error"]["message"] == r.stderr.removeprefix("событие 5: ").rstrip("\n")
    r = clubdesk("--lang", "en", "replay", "-", stdin=illegal_record())
    assert r.returncode == 2 and r.stderr.startswith("event 5: it is the shot of A, not of B")


def test_cli_replay_trace_of_an_illegal_record_prints_the_states_then_the_error():
    r = clubdesk("replay", "--trace", "--lang", "en", "-", stdin=illegal_record())
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.returncode == 2 and len(lines) == 6
    assert lines[4]["to_move"] == "A" and lines[5]["error"]["code"] == "not_your_turn"
    assert r.stderr.startswith("event 5: ")
