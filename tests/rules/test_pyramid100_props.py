"""Пирамидка 100 invariants over random event streams (P-1, P-2, undo by replay, JSON round trip)."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.engine_pyramid100 import synthetic_record
from clubdesk.rules.errors import RuleError
from clubdesk.rules.pyramid100 import FOULS, TRICKS, event_to_json, new_game, parse_event
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


events = st.lists(st.one_of(shot_objects(), shot_objects(), shot_objects(),
                            st.fixed_dictionaries({"type": st.just("concede"), "player": st.sampled_from("AB")})),
                  max_size=60)


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


@settings(max_examples=150, deadline=None)
@given(events)
def test_random_streams_raise_only_typed_errors_and_keep_110_points(objs):
    _drive(objs)


@settings(max_examples=60, deadline=None)
@given(events)
def test_replay_of_log_equals_step_by_step_state(objs):
    m = _drive(objs)
    record = {"format": "clubdesk-game/1", "game": "pyramid100", "options": {}, "players": ["A", "B"],
              "events": [event_to_json(e) for e in m.events]}
    assert replay(json.loads(json.dumps(record))).state() == m.state()


@settings(max_examples=40, deadline=None)
@given(events)
def test_undo_equals_replay_without_last_event(objs):
    m = _drive(objs)
    if not m.events:
        return
    shorter = new_game(["A", "B"])
    for e in m.events[:-1]:
        shorter.apply(e)
    m.undo()
    assert m.state() == shorter.state()


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
