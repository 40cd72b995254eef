"""Every numeric field of every game's events and headers is a bounded number or an InvalidEventError (issue 37.4):
an event from the table page or a stored payload can hold what Python's json reads — NaN, ±Infinity, 1e308, a
100-digit integer — and arithmetic on it ended in OverflowError («points»: 1e308) or ValueError (round(NaN)).
Records are stricter still (rules/record.py refuses NaN and Infinity before any engine sees them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubdesk.rules import mafia, pyramid100, zhuk
from clubdesk.rules.errors import InvalidEventError
from clubdesk.rules.mafia.events import parse_event as mafia_event

HUGE = (float("nan"), float("inf"), float("-inf"), 1e308, -1e308, 10**99, -(10**99))
RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("points", [*HUGE, 1.05, -1.1, 2])
def test_m7_extra_points_out_of_range_are_refused_with_the_clause(points):
    with pytest.raises(InvalidEventError) as refused:
        mafia_event({"type": "extra_points", "seat": 3, "points": points, "reason": "речь"})
    assert refused.value.code == "bad_points" and refused.value.clause == "M-7"


@pytest.mark.parametrize("points", [1, -1, 0.3, -0.7, 0])
def test_m7_extra_points_in_tenths_within_one_are_taken(points):
    assert mafia_event({"type": "extra_points", "seat": 3, "points": points, "reason": "речь"}).tenths == round(points * 10)


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("event", [
    {"type": "lift_vote", "for": "@"}, {"type": "nominate", "by": "@", "target": 2}, {"type": "leave", "seat": "@"},
    {"type": "vote", "votes": {"2": "@"}}, {"type": "night", "shots": {"1": "@"}},
    {"type": "best_move", "seat": 1, "guesses": ["@"]}, {"type": "foul", "seat": "@", "clause": "2.4"}])
def test_every_mafia_seat_and_count_out_of_range_is_refused(event, value):
    obj = json.loads(json.dumps(event).replace('"@"', "0"))
    _put(obj, value)
    with pytest.raises(InvalidEventError):
        mafia_event(obj)


def _put(obj, value) -> None:
    """Replace the placeholder 0 in `obj` by `value`."""
    for key, v in list(obj.items()) if isinstance(obj, dict) else enumerate(obj):
        if v == 0 and not isinstance(v, bool):
            obj[key] = value
        elif isinstance(v, dict | list):
            _put(v, value)


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("field", ["nominal", "rating", "balance"])
def test_a_zhuk_header_number_out_of_range_is_refused(field, value):
    players = [{"id": p} for p in ("A", "B", "C")]
    options = {"nominal": 100}
    if field == "nominal":
        options["nominal"] = value
    else:
        players[0][field] = value
    with pytest.raises(InvalidEventError):
        zhuk.new_game(players, options)


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("where", ["call.ball", "call.pocket", "potted.ball", "potted.pocket"])
def test_a_pyramid_ball_or_pocket_out_of_range_is_refused(where, value):
    shot = json.loads((RECORDS / "pyramid100-match.json").read_text(encoding="utf-8"))["events"][0]
    part, field = where.split(".")
    shot[part][0][field] = value
    with pytest.raises(InvalidEventError):
        pyramid100.parse_event(shot)


def test_the_engines_accept_the_same_events_in_range():
    """The refusals above are of the values, not of the events: each is taken with a number in range."""
    assert mafia_event({"type": "lift_vote", "for": 3}).votes_for == 3
    assert zhuk.new_game([{"id": p, "rating": 1000.5} for p in "ABC"], {"nominal": 1_000_000})
    shot = json.loads((RECORDS / "pyramid100-match.json").read_text(encoding="utf-8"))["events"][0]
    assert pyramid100.parse_event(shot)
    assert mafia.new_game([f"P{i}" for i in range(10)], {})
