"""Whole Жук rounds worked out by hand from the rules, replayed through `clubdesk replay`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

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


def trace(name):
    """The state after every event of a record, through `clubdesk replay --trace`."""
    code, out, _ = replay_cli(name, trace=True)
    assert code == 0
    return [json.loads(line) for line in out.splitlines()]


def money_rows(states, players):
    return [(*(s["balances"][p] for p in players), s["bank"]) for s in states]


# 4 players A B C D, nominal 300, settlement previous (the one before the scorer pays, Z-2). B is 150 above the
# others: when B scores, 90 % and 4 pts a ball (Z-6); anyone scoring against B gets 100 % and 5. D starts on 500.
#  1 A breaks and pots a std: D (before A) pays 300                      A +5, D −5
#  2 A fouls (touch): 300 to the bank (Z-5)
#  3 B, Жук as cue, pots 2 std (Z§4.2): A pays 2 × 270 = 540            B +8, A −8
#  4 B, Жук as cue, pots nothing: 300 to the bank (Z§4.3, Z§5.2); C to move
#  5 C pots a std and a legal свояк, takes a std off (Z-3): 2 × 300 from B; 14−3 = 11 → 9 std left   C +10, B −10
#  6 C from hand misses Жук (Z§5.1): 300 to the bank (900)
#  7 D (200 B) pots Жук: C pays 600; D takes 200 of the bank, his stack before the shot (Z-4): bank 700   D +10, C −10
#  8 D misses
#  9 A pots 4 std: D pays 1200 (D goes below zero)                     A +20, D −20
# 10 A pots 3 std and 2 random ones, which count with them (Z-9): D pays 1500; rack cleared (Жук gone):
#    rack 2, order reversed D C B A, A breaks (Z-7)                      A +25, D −25
# 11 A breaks and pots a std: now B is before A and pays 300 (A is the lower-rated, 100 %)   A +5, B −5
# 12 A misses: next after A in D C B A is D
# 13 D at −1700 misses Жук: no penalty (Z§9)
# 14 C misses Жук with the ball off the table: 2 × 300 (Z§5.3), bank 1300
# 15 B pots Жук at random: no count, Жук back on its spot (Z-9)
# 16 A pots Жук: B pays 600, A takes the whole bank of 1300 (his stack 12 460)   A +10, B −10
# 17 round end.        Ratings: A 5−8+20+25+5+10 = 57, B 8−10−5−10 = −17, C 10−10 = 0, D −5+10−20−25 = −40.
ROUND_4P_PREVIOUS = [
    (10300, 10000, 10000, 200, 0), (10000, 10000, 10000, 200, 300), (9460, 10540, 10000, 200, 300),
    (9460, 10240, 10000, 200, 600), (9460, 9640, 10600, 200, 600), (9460, 9640, 10300, 200, 900),
    (9460, 9640, 9700, 1000, 700), (9460, 9640, 9700, 1000, 700), (10660, 9640, 9700, -200, 700),
    (12160, 9640, 9700, -1700, 700), (12460, 9340, 9700, -1700, 700), (12460, 9340, 9700, -1700, 700),
    (12460, 9340, 9700, -1700, 700), (12460, 9340, 9100, -1700, 1300), (12460, 9340, 9100, -1700, 1300),
    (14360, 8740, 9100, -1700, 0), (14360, 8740, 9100, -1700, 0),
]


def test_four_player_round_with_previous_settlement_and_a_reversed_order_by_hand():
    states = trace("zhuk-4players-previous-reversal.json")
    assert money_rows(states, "ABCD") == ROUND_4P_PREVIOUS
    assert [s["to_move"] for s in states] == list("ABBCCDDAAAADCBAAA")
    assert [s["balls"]["std"] for s in states][:11] == [13, 13, 11, 11, 9, 9, 9, 9, 5, 14, 13]
    assert [s["zhuk_on_spot"] for s in states][13:16] == [False, True, False]
    end = states[-1]
    assert end["balances"] == {"A": 14360, "B": 8740, "C": 9100, "D": -1700} and end["bank"] == 0
    assert (end["order"], end["rack"], end["balls"]) == (["D", "C", "B", "A"], 2, {"std": 13, "zhuk": 0})
    assert end["rating_delta"] == {"A": 57, "B": -17, "C": 0, "D": -40} and end["finished"] is True


# 4 players A B C D, nominal 500, settlement all (everyone else pays, Z-2); ratings 1000, 1250, 1350, 1450, so the
# higher-rated scorer is paid (Z-6): B from A 80 % = 400 / 3 pts; C from A 70 % = 350 / 2, from B 90 % = 450 / 4;
# D from A 60 % = 300 / 1, from B 80 % = 400 / 3, from C 90 % = 450 / 4; every other pair 500 / 5. C starts on 400.
#  1 A breaks, nothing falls            2 B plays a rebound with the main cue: no penalty
#  3 C, Жук as cue, pots a std: A 350 + B 450 + D 500 = 1300            C +11, A −2, B −4, D −5
#  4 C plays a rebound with Жук: always a penalty, 500 (Z§4.3)
#  5 D, Жук as cue, pots a std and the main cue: forbidden (Z§4.2), the std does not count, 500 to the bank, A to move
#  6 A from hand pots 3 std: 1500 from each of B, C, D (C goes below zero)   A +45, B C D −15
#  7 A misses Жук with a foul: 2 × 500 (Z§5.3), bank 2000
#  8 B pots 4 std and a random one (Z-9), 5 balls: A 2000, C 2500, D 2500   B +65, A −15, C D −25
#  9 B pots the last 5 std: the same again; only Жук and the main cue are left
# 10 B calls a new rack (Z§7): order reversed D C B A, B breaks, the bank stays
# 11 B breaks, nothing falls: next after B is A
# 12 A pots Жук: 1000 from each of B, C, D; A takes the whole bank of 2000 (stack 9150)   A +30, B C D −10
# 13 A misses: D to move          14 D pots 2 std: A 600, B 800, C 900   D +16, A −2, B −6, C −8
# 15 round end.   Ratings: A −2+45−15−15+30−2 = 41, B −4−15+65+65−10−6 = 95, C 11−15−25−25−10−8 = −72,
#                 D −5−15−25−25−10+16 = −64.
ROUND_4P_ALL = [
    (10000, 10000, 400, 10000, 0), (10000, 10000, 400, 10000, 0), (9650, 9550, 1700, 9500, 0),
    (9650, 9550, 1200, 9500, 500), (9650, 9550, 1200, 9000, 1000), (14150, 8050, -300, 7500, 1000),
    (13150, 8050, -300, 7500, 2000), (11150, 15050, -2800, 5000, 2000), (9150, 22050, -5300, 2500, 2000),
    (9150, 22050, -5300, 2500, 2000), (9150, 22050, -5300, 2500, 2000), (14150, 21050, -6300, 1500, 0),
    (14150, 21050, -6300, 1500, 0), (13550, 20250, -7200, 3800, 0), (13550, 20250, -7200, 3800, 0),
]


def test_four_player_round_with_all_settlement_handicap_tiers_and_a_called_rerack_by_hand():
    states = trace("zhuk-4players-all-handicap-rerack.json")
    assert money_rows(states, "ABCD") == ROUND_4P_ALL
    assert [s["to_move"] for s in states] == list("BCCDAABBBBAADDD")
    assert states[2]["last_shot"]["payments"] == [{"from": "A", "to": "C", "amount": 350},
                                                  {"from": "B", "to": "C", "amount": 450},
                                                  {"from": "D", "to": "C", "amount": 500}]
    assert (states[4]["balls"], states[4]["in_hand"]) == ({"std": 13, "zhuk": 1}, True)
    assert (states[8]["balls"], states[8]["rerack_allowed"]) == ({"std": 0, "zhuk": 1}, True)
    assert (states[9]["order"], states[9]["rack"], states[9]["break"]) == (["D", "C", "B", "A"], 2, True)
    end = states[-1]
    assert end["balances"] == {"A": 13550, "B": 20250, "C": -7200, "D": 3800} and end["bank"] == 0
    assert (end["balls"], end["rack"], end["to_move"]) == ({"std": 12, "zhuk": 0}, 2, "D")
    assert end["rating_delta"] == {"A": 41, "B": 95, "C": -72, "D": -64}


# 3 players A B C, nominal 700, settlement all; B is 100 above A and C (90 % = 630 / 4 pts when B scores);
# C starts on 300 B.
#  1 A breaks, nothing falls
#  2 B pots 2 std: 1260 from each of A and C (C goes below zero)      B +16, A −8, C −8
#  3 B pots a std with a foul (double hit): the ball does not count, 700 to the bank; C to move
#  4 C at −960 misses Жук: no penalty (Z§9)
#  5 A pots 6 std: 4200 from each of B and C                            A +60, B −30, C −30
#  6 A misses Жук with a foul: 2 × 700 (Z§5.3), bank 2100
#  7 B pots 4 std and 2 random ones, 6 balls: 3780 from each of A and C; no std left    B +48, A −24, C −24
#  8 B misses
#  9 C pots a legal свояк with no std left: it counts as a ball, nothing to take off (decision 12): 700 from each
#    of A and B (C is the lower-rated)                                   C +10, A −5, B −5
# 10 C from hand pots Жук, the last ball: 1400 from each of A and B; at −7540 he takes nothing from the bank
#    (Z§9); rack cleared: order reversed C B A, C breaks (Z§7)          C +20, A −10, B −10
# 11 C breaks and pots a std: 700 from each                             C +10, A −5, B −5
# 12 C misses: B to move
# 13 B, Жук as cue, pots Жук: 1260 from each of A and C, and the whole bank of 2100 (stack 12 380)   B +16, A C −8
# 14 round end.   Ratings: A −8+60−24−5−10−5−8 = 0, B 16−30+48−5−10−5+16 = 30, C −8−30−24+10+20+10−8 = −30.
ROUND_3P_ALL = [
    (10000, 10000, 300, 0), (8740, 12520, -960, 0), (8740, 11820, -960, 700), (8740, 11820, -960, 700),
    (17140, 7620, -5160, 700), (15740, 7620, -5160, 2100), (11960, 15180, -8940, 2100),
    (11960, 15180, -8940, 2100), (11260, 14480, -7540, 2100), (9860, 13080, -4740, 2100),
    (9160, 12380, -3340, 2100), (9160, 12380, -3340, 2100), (7900, 17000, -4600, 0), (7900, 17000, -4600, 0),
]


def test_three_player_round_with_all_settlement_and_zhuk_as_the_last_ball_by_hand():
    states = trace("zhuk-3players-all-last-ball.json")
    assert money_rows(states, "ABC") == ROUND_3P_ALL
    assert [s["to_move"] for s in states] == list("BBCAABBCCCCBBB")
    assert [s["balls"]["std"] for s in states] == [14, 12, 12, 12, 6, 6, 0, 0, 0, 14, 13, 13, 13, 13]
    assert states[8]["last_shot"]["counted"] == {"std": 0, "zhuk": 0, "main": 1} and states[8]["in_hand"] is True
    assert (states[9]["order"], states[9]["rack"], states[9]["last_shot"]["bank_taken"]) == (["C", "B", "A"], 2, 0)
    end = states[-1]
    assert end["balances"] == {"A": 7900, "B": 17000, "C": -4600} and end["bank"] == 0
    assert (end["balls"], end["order"], end["to_move"]) == ({"std": 13, "zhuk": 0}, ["C", "B", "A"], "B")
    assert end["rating_delta"] == {"A": 0, "B": 30, "C": -30} and end["finished"] is True


@pytest.mark.parametrize("name", ["zhuk-4players-previous-reversal.json", "zhuk-4players-all-handicap-rerack.json",
                                  "zhuk-3players-all-last-ball.json"])
def test_money_is_conserved_and_ratings_sum_to_zero_through_the_hand_worked_rounds(name):
    record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    start = sum(p["balance"] for p in record["players"])
    states = trace(name)
    assert {sum(s["balances"].values()) + s["bank"] for s in states} == {start}
    assert all(sum(s["rating_delta"].values()) == 0 for s in states)


def test_illegal_zhuk_cue_stops_the_replay_with_index_and_clause():
    code, out, err = replay_cli("zhuk-illegal-zhuk-cue.json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["index"] == 1 and error["code"] == "zhuk_cue_after_main_potted" and error["clause"] == "Z-8"
    assert "событие 1" in err


def test_illegal_record_message_in_english():
    code, out, err = replay_cli("zhuk-illegal-zhuk-cue.json", lang="en")
    assert code == 2 and "Zhuk as the cue is refused" in json.loads(out)["error"]["message"]
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
