"""Пирамидка 100 invariants over random event streams (P-1, P-2, undo by replay, JSON round trip).

Long matches (40–120 shots) come from `long_match_shot`, a plain function of a `random.Random(seed)`: hypothesis
draws the seeds and the lengths, and a guard runs the same function over fixed seeds to prove the matches are won,
run into debts and reach the last-ball mode. Concession is tested on its own (it ended 40 % of the old streams at
once); free-form shot objects still probe the parser and the refusals.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.engine_pyramid100 import synthetic_record
from clubdesk.rules.errors import RuleError
from clubdesk.rules.pyramid100 import CONTROL, FOULS, TRICKS, event_to_json, new_game, parse_event
from clubdesk.rules.record import replay
from tests.rules.test_pyramid100_support import assert_accounted

balls = st.sampled_from([*range(5, 16), "cue"])
pockets = st.integers(1, 6)


@st.composite
def shot_objects(draw):
    """A JSON shot that is well formed most of the time; the engine judges if it is legal now."""
    call = draw(st.lists(st.fixed_dictionaries({"ball": balls, "pocket": pockets}), max_size=2,
                         unique_by=lambda c: c["ball"]))
    potted = draw(st.lists(st.fixed_dictionaries({"ball": balls, "pocket": pockets, "straight": st.booleans()}),
                           max_size=3, unique_by=lambda p: p["ball"]))
    # Bias pots towards the calls so that many shots count.
    if call and draw(st.booleans()):
        potted = [{"ball": c["ball"], "pocket": c["pocket"], "straight": draw(st.booleans())} for c in call]
    taken = {p["ball"] for p in potted}
    off = draw(st.lists(balls.filter(lambda b: b not in taken), max_size=1, unique=True))
    trick = draw(st.sampled_from([None, None, None, *TRICKS]))
    touched = trick == "carom3" or draw(st.integers(0, 5)) == 0
    return {"type": "shot", "player": draw(st.sampled_from(["A", "B", "A", "B", "C"])), "call": call,
            "potted": potted, "off_table": off, "touched_control": touched, "trick": trick,
            "foul": draw(st.sampled_from([None] * 6 + list(FOULS))),
            "centre_blocked": draw(st.integers(0, 9)) == 0}


def long_match_shot(m, rng: random.Random) -> dict:
    """A plausible shot for the match as it stands — mostly called balls that go as called, aimed at a score of
    exactly 50 (so 50:50 and the last-ball mode of P§20 occur), with misses, fouls on empty shelves (debts, P-2),
    straight uncalled balls (P§5, P-5), cue-ball pots (P§9 bonus, P§15), tricks and touches of №10."""
    me = m.to_move
    on_cloth = [b for b in m.callable_balls() if b != "cue"]
    pocket = rng.randint(1, 6)
    roll = rng.random()
    obj = {"type": "shot", "player": me if rng.random() < 0.97 else m._other[me], "call": [], "potted": [],
           "off_table": [], "touched_control": False, "trick": None, "foul": None, "centre_blocked": False}
    if roll < 0.4 or not on_cloth:
        return obj                                                          # a miss, no penalty
    if roll < 0.52:
        obj["foul"] = rng.choice(FOULS)                                     # P§18 / P-2
        return obj
    room = 50 - m.scores[me]
    # Aim at exactly 50: a ball that leaves the rest of the room reachable from the other balls on the cloth.
    pool = [b for b in on_cloth if b != CONTROL]
    fitting = [b for b in pool if b <= room and _reachable(room - b, [x for x in pool if x != b])]
    if not fitting and rng.random() < 0.8:
        return obj                                                          # a safety: nothing fits, play a miss
    ball = max(fitting) if fitting and rng.random() < 0.8 else rng.choice(on_cloth)
    if roll < 0.6:                                                          # straight, no call (P§5, P-5)
        obj["potted"] = [{"ball": ball, "pocket": pocket, "straight": True}]
    elif roll < 0.67:                                                       # called cue ball: bonus (P§9)
        obj["call"] = [{"ball": "cue", "pocket": pocket}]
        obj["potted"] = [{"ball": "cue", "pocket": pocket, "straight": False}]
    elif roll < 0.71 and m.trick_possible():                                # P§11 trick onto №10
        obj["trick"] = rng.choice(TRICKS)
        obj["touched_control"] = obj["trick"] == "carom3"
    elif roll < 0.75:                                                       # a double call (P§6)
        other = rng.choice(on_cloth)
        obj["call"] = [{"ball": ball, "pocket": pocket}] + ([{"ball": other, "pocket": 7 - pocket}]
                                                            if other != ball else [])
        obj["potted"] = [{"ball": c["ball"], "pocket": c["pocket"], "straight": False} for c in obj["call"]]
    else:
        obj["call"] = [{"ball": ball, "pocket": pocket}]
        obj["potted"] = [{"ball": ball, "pocket": pocket if rng.random() < 0.8 else 7 - pocket,
                          "straight": rng.random() < 0.3}]
    obj["touched_control"] = obj["touched_control"] or rng.random() < 0.04
    obj["centre_blocked"] = rng.random() < 0.03
    return obj


def _reachable(target: int, balls: list[int]) -> bool:
    """Some of `balls` sum to `target` (a subset sum over at most ten balls)."""
    sums = 1
    for b in balls:
        sums |= sums << b
    return bool(sums >> target & 1)


def long_match(seed: int, shots: int, seen: Counter | None = None):
    """Play up to `shots` generated shots (or until the match is won); every accepted one keeps P-1 and P-2."""
    rng = random.Random(seed)
    m = new_game(["A", "B"])
    for _ in range(shots):
        if m.finished:
            break
        obj = long_match_shot(m, rng)
        before = json.dumps(m.state())
        try:
            m.apply(parse_event(obj))
        except RuleError:
            assert json.dumps(m.state()) == before                     # a refused shot changes nothing
            continue
        assert_accounted(m)
        if seen is not None:
            last = m.last_shot
            seen["debt"] += last["penalty"] == "debt"
            seen["repaid"] += bool(last["repaid"])
            seen["bonus_repaid"] += last["bonus"] is not None and last["bonus"] in last["repaid"]
            seen["last_ball"] += m.mode == "last_ball"
            seen["restricted"] += m.in_hand == "restricted"
            seen["trick"] += last["reason"] == "trick"
            seen["opening_uncalled"] += len(m.events) == 1 and bool(obj["potted"]) and not obj["call"]
    if seen is not None:
        seen["win"] += m.finished
        seen["shots"] += len(m.events)
    return m


SEEDS = st.integers(0, 2**32 - 1)
LENGTHS = st.integers(40, 120)


@settings(max_examples=80, deadline=None)
@given(SEEDS, LENGTHS)
def test_long_matches_raise_only_typed_errors_and_keep_110_points(seed, shots):
    long_match(seed, shots)


@settings(max_examples=30, deadline=None)
@given(SEEDS, LENGTHS)
def test_replay_of_log_equals_step_by_step_state(seed, shots):
    m = long_match(seed, shots)
    record = {"format": "clubdesk-game/1", "game": "pyramid100", "options": {}, "players": ["A", "B"],
              "events": [event_to_json(e) for e in m.events]}
    assert replay(json.loads(json.dumps(record))).state() == m.state()


@settings(max_examples=10, deadline=None)
@given(SEEDS, LENGTHS)
def test_undo_equals_replay_without_last_event_at_every_step(seed, shots):
    """Undo back to the opening shot one event at a time (across debts, bonuses and the last-ball mode)."""
    m = long_match(seed, shots)
    events = list(m.events)
    for n in range(len(events) - 1, -1, -1):
        shorter = new_game(["A", "B"])
        for e in events[:n]:
            shorter.apply(e)
        m.undo()
        assert m.state() == shorter.state(), n


def test_the_long_matches_reach_wins_debts_and_the_last_ball_mode():
    """The invariants above are only proved for what the matches contain: over fixed seeds they are long, are
    won on score, create and repay debts (also by a bonus ball, P-6), reach the last-ball mode (P§20), play from
    a restricted hand, count tricks and open with an uncalled ball (P-5)."""
    seen: Counter = Counter()
    for seed in range(40):
        long_match(seed, 120, seen)
    assert seen["shots"] / 40 >= 20, dict(seen)
    assert all(seen[k] for k in ("win", "debt", "repaid", "bonus_repaid", "last_ball", "restricted", "trick",
                                 "opening_uncalled")), dict(seen)


# --- concession, apart ---------------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(SEEDS, st.integers(0, 60), st.sampled_from("AB"))
def test_a_concession_at_any_point_gives_the_match_to_the_other_player(seed, shots, who):
    m = long_match(seed, shots)
    if m.finished:
        return
    before = m.state()
    m.apply(parse_event({"type": "concede", "player": who}))
    st_ = m.state()
    assert (st_["winner"], st_["termination"], st_["to_move"]) == ("B" if who == "A" else "A", "concession", None)
    assert {k: st_[k] for k in ("score", "shelves", "debts", "table")} == \
        {k: before[k] for k in ("score", "shelves", "debts", "table")}      # the balls stay where they were
    with pytest.raises(RuleError):
        m.apply(parse_event({"type": "concede", "player": who}))
    m.undo()
    assert m.state() == before


events = st.lists(shot_objects(), max_size=60)


def _drive(objs):
    """Feed the objects to a match, to-move player substituted so most shots are in turn."""
    m = new_game(["A", "B"])
    for obj in objs:
        if obj["type"] == "shot" and obj["player"] != "C" and m.to_move:
            obj = {**obj, "player": m.to_move}
        try:
            event = parse_event(obj)
            m.apply(event)
        except RuleError:
            continue
        assert_accounted(m)
        assert event_to_json(parse_event(event_to_json(event))) == event_to_json(event)
        assert parse_event(json.loads(json.dumps(event_to_json(event)))) == event
    return m


@settings(max_examples=60, deadline=None)
@given(events)
def test_random_shot_objects_raise_only_typed_errors_and_keep_110_points(objs):
    _drive(objs)


@settings(max_examples=40, deadline=None)
@given(events)
def test_refused_events_leave_state_untouched(objs):
    m = new_game(["A", "B"])
    for obj in objs:
        before = m.state()
        try:
            m.apply(parse_event(obj))
        except RuleError:
            assert m.state() == before


def test_synthetic_record_is_long_and_legal():
    record = synthetic_record(3000)
    engine = replay(record)
    assert abs(len(record["events"]) - 3000) < 50
    assert_accounted(engine)
    assert engine.finished


def _slow_selected() -> bool:
    """The soak runs only when asked for (`-m slow`), since nothing deselects `slow` by default."""
    return any("slow" in arg for arg in sys.argv)


@pytest.mark.slow
@pytest.mark.skipif(not _slow_selected(), reason="soak run: opt in with -m slow")
@settings(max_examples=3000, deadline=None)
@given(events)
def test_soak_random_streams(objs):
    _drive(objs)


junk = st.one_of(st.none(), st.booleans(), st.integers(-1, 17), st.floats(4, 16), st.text(max_size=3),
                 st.just("cue"), st.lists(st.integers(5, 15), max_size=2))


@st.composite
def mangled_shots(draw):
    """A shot object with one field replaced by junk, or a junk field added."""
    obj = draw(shot_objects())
    key = draw(st.sampled_from([*obj, "extra"]))
    if key in ("call", "potted") and obj[key] and draw(st.booleans()):
        item = dict(obj[key][0])
        item[draw(st.sampled_from([*item, "x"]))] = draw(junk)
        obj[key] = [item, *obj[key][1:]]
    else:
        obj[key] = draw(junk)
    return obj


@settings(max_examples=300, deadline=None)
@given(st.one_of(shot_objects(), mangled_shots()))
def test_fast_parse_path_agrees_with_plain_validator(obj):
    from clubdesk.rules.pyramid100.events import _parse
    try:
        plain = _parse(obj)
    except RuleError as exc:
        plain = exc.code
    try:
        fast = parse_event(obj)
    except RuleError as exc:
        fast = exc.code
    assert fast == plain
