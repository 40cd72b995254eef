"""Whole Жук rounds worked out by hand from the rules, replayed through `clubdesk replay`."""

from __future__ import annotations

import io
import json
from pathlib import Path

from clubdesk.commands.replay import run
from clubdesk.rules.record import replay

RECORDS = Path(__file__).parent / "records"


def replay_cli(name, **kw):
    out, err = io.StringIO(), io.StringIO()
    code = run(str(RECORDS / name), out=out, err=err, **kw)
    return code, out.getvalue(), err.getvalue()


# 3 players, nominal 200, settlement previous; B is 250 above A and C (Z-6: 80 % / 3 pts when B scores).
# A break 0 · B std (A pays 160) · B std+random (320) · B misses Жук (−200 bank) · C misses Жук with a
# foul (−400 bank) · A std with Жук as cue (C pays 200) · A Жук (C pays 400, bank 600 ≤ stack 9720) ·
# A свояк removes a std (C pays 200) · A misses · B std (160) · B 4 (640) · B last 4 (640, re-rack,
# order reversed C B A, B breaks) · B break with a random ball, A to move · round end.
GAME1_BALANCES = [
    (10000, 10000, 10000, 0), (9840, 10160, 10000, 0), (9520, 10480, 10000, 0), (9520, 10280, 10000, 200),
    (9520, 10280, 9600, 600), (9720, 10280, 9400, 600), (10720, 10280, 9000, 0), (10920, 10280, 8800, 0),
    (10920, 10280, 8800, 0), (10760, 10440, 8800, 0), (10120, 11080, 8800, 0), (9480, 11720, 8800, 0),
    (9480, 11720, 8800, 0), (9480, 11720, 8800, 0),
]


def test_three_player_round_by_hand_final_state():
    code, out, _ = replay_cli("zhuk-3players-previous.json")
    assert code == 0
    s = json.loads(out)
    assert s["balances"] == {"A": 9480, "B": 11720, "C": 8800} and s["bank"] == 0
    assert s["order"] == ["C", "B", "A"] and s["to_move"] == "A" and s["rack"] == 2
    assert s["balls"] == {"std": 14, "zhuk": 1}
    assert s["rating_delta"] == {"A": -16, "B": 36, "C": -20}
    assert s["finished"] is True and s["zhuk_cue_allowed"] is False


def test_three_player_round_by_hand_every_step():
    code, out, _ = replay_cli("zhuk-3players-previous.json", trace=True)
    assert code == 0
    states = [json.loads(line) for line in out.splitlines()]
    assert [(s["balances"]["A"], s["balances"]["B"], s["balances"]["C"], s["bank"]) for s in states] == GAME1_BALANCES
    assert [s["to_move"] for s in states] == list("BBBCAAAABBBBAA")


# 4 players, nominal 100, settlement all; C starts on 300 B; D is 500 above everyone (50 % / 0.5 pts).
# A scratches the break (no count, B from hand) · B std (3 × 100) · B misses · C misses Жук with a foul
# (2 × 100, C at 0) · D std (3 × 50) · D Жук (3 × 100, bank 200 taken) · D fouls (100 to the bank) ·
# A, B miss · C at −150 pots a std (3 × 100) · C misses · round end.
def test_four_player_round_with_a_negative_balance_by_hand():
    code, out, _ = replay_cli("zhuk-4players-all-negative.json")
    assert code == 0
    s = json.loads(out)
    assert s["balances"] == {"A": 9650, "B": 10050, "C": 150, "D": 10350} and s["bank"] == 100
    assert s["rating_delta"] == {"A": -11.5, "B": 8.5, "C": 8.5, "D": -5.5}
    assert s["balls"] == {"std": 11, "zhuk": 0} and s["to_move"] == "D" and s["order"] == ["A", "B", "C", "D"]


def test_money_is_conserved_through_the_four_player_round():
    record = json.loads((RECORDS / "zhuk-4players-all-negative.json").read_text(encoding="utf-8"))
    totals = []
    replay(record, lambda i, g: totals.append(sum(g.balances.values()) + g.bank))
    assert totals == [30_300] * len(record["events"])


def test_illegal_zhuk_cue_stops_the_replay_with_index_and_clause():
    code, out, err = replay_cli("zhuk-illegal-zhuk-cue.json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["index"] == 1 and error["code"] == "zhuk_cue_after_main_potted" and error["clause"] == "Z-8"
    assert "событие 1" in err


def test_illegal_record_message_in_english():
    code, out, err = replay_cli("zhuk-illegal-zhuk-cue.json", lang="en")
    assert code == 2 and "Жук as the cue is refused" in json.loads(out)["error"]["message"]
    assert err.startswith("event 1")


def test_unknown_event_field_is_an_error(tmp_path):
    record = json.loads((RECORDS / "zhuk-3players-previous.json").read_text(encoding="utf-8"))
    record["events"][0]["spin"] = "top"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run(str(path), out=out, err=err) == 2
    assert json.loads(out.getvalue())["error"] == {"index": 0, "code": "unknown_field", "clause": None,
                                                   "message": "shot: неизвестные поля: spin"}


def test_benchmark_record_is_legal_and_long():
    import importlib.util

    path = Path(__file__).parents[2] / "benchmarks" / "engine_zhuk.py"
    spec = importlib.util.spec_from_file_location("engine_zhuk", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record = module.synthetic_record(2000)
    assert len(record["events"]) == 2000
    engine = replay(record)
    assert engine.finished and engine.rack > 50
