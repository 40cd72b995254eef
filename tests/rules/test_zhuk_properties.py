"""Hypothesis invariants of the Жук engine: typed errors only, refusals change nothing, money only moves, ratings
are zero-sum, replay is deterministic and undo is replay without the last event (also across a re-rack).

The shots come from `random_shot`, a plain function of a `random.Random(seed)` and the table: hypothesis draws
the seeds, and `test_the_generator_exercises_…` runs the same function over fixed seeds to prove the streams contain
what the invariants are about — payments, bank takes, handicaps, rating moves, re-racks and the format additions.
(`st.randoms()` was not used: its numbers are skewed towards simple values, so the guard would not speak for it.)
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.rules import zhuk
from clubdesk.rules.errors import InvalidEventError, RuleError
from clubdesk.rules.record import replay
from clubdesk.rules.zhuk.events import FOULS

SEEDS = st.integers(0, 2**32 - 1)
SLOW_OK = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large]


def header_of(rng: random.Random) -> tuple:
    """3 or 4 players; balances sometimes at or below zero (Z§9); ratings far enough apart for every Z-6 tier."""
    n = rng.choice((3, 4))
    return (n, rng.choice((100, 125, 300, 1000)), rng.choice(("previous", "all")),
            [rng.choice((10_000, 10_000, 2_000, 150, 0, -400)) for _ in range(4)],
            [rng.randrange(1600, 2800) / 2 for _ in range(4)])


def record_of(header, events=()) -> dict:
    n, nominal, settlement, balances, ratings = header
    players = [{"id": f"P{i}", "balance": balances[i], "rating": ratings[i]} for i in range(n)]
    return {"format": "clubdesk-game/1", "game": "zhuk", "options": {"nominal": nominal, "settlement": settlement},
            "players": players, "events": list(events)}


def table(header):
    return replay(record_of(header))


def random_shot(g, rng: random.Random) -> dict:
    """A plausible event for the table as it stands: most are legal (so racks turn over and money moves), some are
    not (another player's turn, Жук as cue when refused, a re-rack too early, a rebound with a called ball)."""
    player = g.to_move if rng.random() < 0.9 else rng.choice(g.order)
    if g.rerack_allowed and rng.random() < 0.5 or rng.random() < 0.02:
        return {"type": "rerack", "player": player}
    cue = rng.choice(g.legal_cues()) if rng.random() < 0.9 else "zhuk"
    kinds = ["std"] * 8 * (g.std > 0) + ["zhuk"] * g.zhuk + ["main"]
    potted = [{"ball": rng.choice(kinds), "legal": rng.random() < 0.75} for _ in range(rng.choice((0, 1, 1, 1, 2, 3)))]
    fouls = rng.sample(FOULS, rng.choice((1, 1, 2))) if rng.random() < 0.15 else []
    obj = {"type": "shot", "player": player, "cue": cue, "potted": potted, "fouls": fouls,
           "zhuk_attempt": bool(g.zhuk) and rng.random() < 0.2, "rebound": rng.random() < 0.08, "removed": None}
    if any(p["ball"] == "main" and p["legal"] for p in potted) and rng.random() < 0.9:
        obj["removed"] = "std"
    if cue == "zhuk" and any(p["ball"] == "zhuk" for p in potted) and rng.random() < 0.4:
        obj["zhuk_off_main"] = True                                     # Z-12
    if "off_table" in fouls and rng.random() < 0.7:
        obj["left_table"] = rng.sample(["std", "std", "zhuk", "main"], rng.choice((1, 1, 2)))
    return obj


def play(g, rng: random.Random, steps: int, seen: Counter | None = None):
    """Feed `steps` random events; check the invariants after each; refused events must change nothing."""
    total = g.total_money
    for _ in range(steps):
        obj = random_shot(g, rng)
        before = json.dumps(g.state())
        delta_before, rack = dict(g.delta10), g.rack
        try:
            g.apply(zhuk.parse_event(obj))
        except RuleError:
            assert json.dumps(g.state()) == before                       # a refused event changes nothing
            continue
        assert g.total_money == total                                    # money only moves (Z-4, Z-5)
        assert sum(g.delta10.values()) == 0                              # rating is zero-sum (Z-6)
        assert 0 <= g.std <= 14 and g.zhuk in (0, 1) and g.bank >= 0
        if seen is not None:
            last = g.last
            seen["payment"] += bool(last.payments)
            seen["bank_taken"] += last.bank_taken > 0
            seen["penalty"] += last.penalty > 0
            seen["handicap"] += any(a % g.nominal for _, _, a in last.payments)
            seen["rating_move"] += g.delta10 != delta_before
            seen["new_rack"] += g.rack > rack
            seen["called_rerack"] += obj["type"] == "rerack"
            seen["zhuk_off_main"] += bool(obj.get("zhuk_off_main"))
            seen["left_table"] += bool(obj.get("left_table"))
    g.apply(zhuk.RoundEnd())
    assert g.total_money == total
    return g


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=SEEDS)
def test_random_rounds_raise_only_typed_errors_and_conserve_money(seed):
    rng = random.Random(seed)
    play(table(header_of(rng)), rng, 60)


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=SEEDS)
def test_replay_of_the_log_is_deterministic(seed):
    rng = random.Random(seed)
    header = header_of(rng)
    g = play(table(header), rng, 60)
    again = replay(json.loads(json.dumps(record_of(header, [zhuk.event_to_json(e) for e in g.events]))))
    assert json.dumps(again.state()) == json.dumps(g.state())


@settings(max_examples=10, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=SEEDS)
def test_undo_equals_replay_of_the_shorter_log_at_every_step(seed):
    """Undo back to the start one event at a time — across shots that cleared or re-racked the table."""
    rng = random.Random(seed)
    header = header_of(rng)
    g = play(table(header), rng, 40)
    events = [zhuk.event_to_json(e) for e in g.events]
    for n in range(len(events) - 1, -1, -1):
        g.undo()
        assert json.dumps(g.state()) == json.dumps(replay(record_of(header, events[:n])).state()), n


def test_the_generator_exercises_payments_bank_takes_handicaps_and_rating_moves():
    """The invariants above are only as good as the streams: over fixed seeds they pay balls (with a handicap),
    take the bank, move ratings, charge penalties, clear and call re-racks, and use both format additions."""
    seen: Counter = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        play(table(header_of(rng)), rng, 60, seen)
    assert all(seen[k] for k in ("payment", "bank_taken", "penalty", "handicap", "rating_move", "new_rack",
                                 "called_rerack", "zhuk_off_main", "left_table")), dict(seen)


# --- malformed events: valid shots with one field damaged -------------------------------------------------
#: Field → values that are never valid for it, and the error code each must raise.
DAMAGE = {
    "player": (st.sampled_from(["", 7, None, True, ["P0"]]), "bad_type"),
    "cue": (st.sampled_from(["std", "Main", 1, None, ""]), "bad_value"),
    "potted": (st.sampled_from([7, "std", {"ball": "std"}, True]), "bad_type"),
    "fouls": (st.sampled_from([7, "miss", {"miss": 1}, True, 0]), "bad_type"),
    "zhuk_attempt": (st.sampled_from([1, 0, "true", None]), "bad_type"),
    "rebound": (st.sampled_from([1, "false", [], None]), "bad_type"),
    "removed": (st.sampled_from(["zhuk", "main", 1, True]), "bad_value"),
    "zhuk_off_main": (st.sampled_from([1, "yes", None]), "bad_type"),
    "left_table": (st.sampled_from(["std", 1, {"std": 1}]), "bad_type"),
}


@st.composite
def damaged_shot(draw):
    """A generated valid shot with one field broken, an unknown field added, a pot or foul broken, or a required
    field dropped — with the error code the parser must give."""
    rng = random.Random(draw(SEEDS))
    obj = random_shot(table(header_of(rng)), rng)
    if obj["type"] != "shot":
        obj = {"type": "shot", "player": "P0", "potted": [], "fouls": []}
    how = draw(st.sampled_from([*DAMAGE, "extra", "drop_player", "pot", "foul", "left_ball"]))
    if how in DAMAGE:
        values, code = DAMAGE[how]
        obj[how] = draw(values)
    elif how == "extra":
        obj[draw(st.sampled_from(["comment", "legal", "Player", "zhuk"]))] = draw(st.integers())
        code = "unknown_field"
    elif how == "drop_player":
        del obj["player"]
        code = "missing_field"
    elif how == "pot":
        obj["potted"] = [*obj["potted"], draw(st.sampled_from([{"ball": "cue", "legal": True},
                                                               {"ball": "std", "legal": 1}, {"ball": "std"}]))]
        code = {"cue": "bad_value"}.get(obj["potted"][-1].get("ball")) if "legal" in obj["potted"][-1] else None
        code = code or ("bad_type" if "legal" in obj["potted"][-1] else "missing_field")
    elif how == "foul":
        obj["fouls"] = [*obj["fouls"], draw(st.sampled_from(["scratch", "", 3]))]
        code = "bad_value"
    else:
        obj["fouls"], obj["left_table"] = ["off_table"], [draw(st.sampled_from(["cue", "", 2]))]
        code = "bad_value"
    return obj, code


@given(case=damaged_shot())
@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
def test_a_damaged_shot_is_refused_with_the_code_of_its_damage(case):
    obj, code = case
    with pytest.raises(InvalidEventError) as exc:
        zhuk.parse_event(obj)
    assert exc.value.code == code, (obj, exc.value)


@given(obj=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=4))
       .filter(lambda o: not (isinstance(o, dict) and o.get("type") in ("shot", "rerack", "round_end"))))
@settings(max_examples=100, deadline=None)
def test_garbage_json_is_refused_as_malformed(obj):
    """Anything that is not an event object of a known type is an InvalidEventError, never another exception."""
    with pytest.raises(InvalidEventError):
        zhuk.parse_event(obj)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=SEEDS)
def test_event_json_round_trips(seed):
    rng = random.Random(seed)
    g = table(header_of(rng))
    for _ in range(10):
        try:
            event = zhuk.parse_event(random_shot(g, rng))
        except InvalidEventError:
            continue
        assert zhuk.parse_event(json.loads(json.dumps(zhuk.event_to_json(event)))) == event


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
@given(seed=SEEDS)
def test_long_random_rounds_conserve_money(seed):
    rng = random.Random(seed)
    play(table(header_of(rng)), rng, 400)


def test_seeded_random_walk_over_many_racks_conserves_money_and_rating():
    rng = random.Random(7)
    g = table((4, 100, "previous", [10_000, 500, 10_000, 300], [1000, 1150, 1300, 1620]))
    play(g, rng, 5000)
    assert g.rack > 20 and g.bank >= 0 and min(g.balances.values()) < 0
