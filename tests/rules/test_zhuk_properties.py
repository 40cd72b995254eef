"""Hypothesis invariants of the Жук engine: typed errors only, money only moves, ratings are zero-sum."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.rules import zhuk
from clubdesk.rules.errors import RuleError

BALL = st.sampled_from(["std"] * 6 + ["zhuk", "main"])
POT = st.fixed_dictionaries({"ball": BALL, "legal": st.sampled_from([True, True, True, False])})
FOULS = st.lists(st.sampled_from(["miss", "rebound", "off_table", "touch", "double_hit", "push"]),
                 min_size=1, max_size=2, unique=True)


@st.composite
def shot_json(draw, player):
    """Mostly plausible shots (so most are accepted and the rack turns over), with every field sometimes odd."""
    potted = draw(st.lists(POT, max_size=3))
    main_counted = any(p["ball"] == "main" and p["legal"] for p in potted)
    removed = draw(st.sampled_from(["std"] * 8 + [None]) if main_counted else st.sampled_from([None] * 8 + ["std"]))
    return {"type": "shot", "player": draw(player), "cue": draw(st.sampled_from(["main"] * 5 + ["zhuk"])),
            "potted": potted, "fouls": draw(st.sampled_from([[]] * 6 + [None])) or draw(FOULS),
            "zhuk_attempt": draw(st.sampled_from([False] * 4 + [True])),
            "rebound": draw(st.sampled_from([False] * 6 + [True])), "removed": removed}


SLOW_OK = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large]
HEADER = st.tuples(
    st.integers(3, 4), st.sampled_from([100, 125, 300, 1000]), st.sampled_from(["previous", "all"]),
    st.lists(st.integers(-500, 20_000), min_size=4, max_size=4),
    st.lists(st.integers(1600, 2400).map(lambda r: r / 2), min_size=4, max_size=4))


def table(header):
    n, nominal, settlement, balances, ratings = header
    players = [{"id": f"P{i}", "balance": balances[i], "rating": ratings[i]} for i in range(n)]
    return zhuk.new_game(players, {"nominal": nominal, "settlement": settlement})


def play(data, g, steps):
    total = g.total_money
    accepted = 0
    for _ in range(steps):
        wrong = data.draw(st.integers(0, 9)) == 0
        player = st.sampled_from(g.order) if wrong else st.just(g.to_move)
        if data.draw(st.sampled_from(["shot"] * 15 + ["rerack"])) == "rerack":
            obj = {"type": "rerack", "player": g.to_move}
        else:
            obj = data.draw(shot_json(player))
        before = g.state()
        try:
            g.apply(zhuk.parse_event(obj))
        except RuleError:
            assert g.state() == before  # a refused event changes nothing
            continue
        accepted += 1
        assert g.total_money == total
        assert sum(g.delta10.values()) == 0
        assert 0 <= g.std <= 14 and g.zhuk in (0, 1)
    g.apply(zhuk.RoundEnd())
    assert g.total_money == total
    return accepted


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW_OK)
@given(header=HEADER, data=st.data())
def test_random_rounds_raise_only_typed_errors_and_conserve_money(header, data):
    g = table(header)
    play(data, g, 40)


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW_OK)
@given(header=HEADER, data=st.data())
def test_undo_equals_replay_of_the_shorter_log(header, data):
    g = table(header)
    play(data, g, 20)
    if g.events:
        events = g.events
        g.undo()
        fresh = table(header)
        for e in events[:-1]:
            fresh.apply(e)
        assert g.state() == fresh.state()


@given(obj=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=4)))
@settings(max_examples=200, deadline=None)
def test_garbage_json_raises_only_typed_errors(obj):
    try:
        zhuk.parse_event(obj)
    except RuleError:
        pass


@given(header=HEADER, data=st.data())
@settings(max_examples=40, deadline=None)
def test_event_json_round_trips(header, data):
    obj = data.draw(shot_json(st.just("P0")))
    event = zhuk.parse_event(obj)
    assert zhuk.parse_event(zhuk.event_to_json(event)) == event


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
@given(header=HEADER, data=st.data())
def test_long_random_rounds_conserve_money(header, data):
    play(data, table(header), 200)


def test_seeded_random_walk_over_many_racks_conserves_money_and_rating():
    rng = random.Random(7)
    g = table((4, 100, "previous", [10_000, 500, 10_000, 300], [1000, 1150, 1300, 1620]))
    total = g.total_money
    for _ in range(5000):
        obj = {"type": "shot", "player": g.to_move, "cue": rng.choice(g.legal_cues()),
               "potted": [{"ball": rng.choice("ssssz" if g.zhuk else "s").replace("s", "std").replace("z", "zhuk"),
                           "legal": rng.random() < 0.8} for _ in range(rng.choice((0, 1, 1, 2)))],
               "fouls": ["touch"] if rng.random() < 0.1 else [], "zhuk_attempt": bool(g.zhuk) and rng.random() < 0.1}
        if g.rerack_allowed and rng.random() < 0.5:
            obj = {"type": "rerack", "player": g.to_move}
        try:
            g.apply(zhuk.parse_event(obj))
        except RuleError as exc:
            assert exc.code in ("too_many_balls", "duplicate_ball")
        assert g.total_money == total and sum(g.delta10.values()) == 0
    assert g.rack > 20 and g.bank > 0 and min(g.balances.values()) < 0
