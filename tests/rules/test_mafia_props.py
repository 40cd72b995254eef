"""Mafia invariants under random host input (hypothesis): typed errors only, seat partition, winner, determinism."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.rules.errors import RuleError
from clubdesk.rules.mafia import parse_event
from clubdesk.rules.mafia.events import BLACK_ROLES
from clubdesk.rules.mafia.script import PLAYERS, ROLES, Script
from clubdesk.rules.record import replay

CLAUSES = ["2.4", "2.3", "1.8", "3.3", "4.2", "1.10", "9.9"]


def candidate(game, r: list[int]) -> dict:
    """A plausible (often legal, sometimes not) host event drawn from the integers in r."""
    seat = r[1] % 10 + 1
    other = r[2] % 10 + 1
    speaker = game.speaker or seat
    kind = r[0] % 20
    if kind < 6:
        return {"type": "speech_end", "seat": speaker if r[1] % 7 else seat}
    if kind < 8:
        return {"type": "nominate", "by": speaker, "target": other}
    if kind < 10:
        return {"type": "vote", "votes": {str(seat): other}}
    if kind == 10:
        return {"type": "lift_vote", "for": r[1] % 11}
    if kind < 13:
        return {"type": "last_word_end", "seat": speaker}
    if kind < 15:
        black = [s for s in game.in_game if game.roles and game.roles[s - 1] in BLACK_ROLES]
        target = other if r[2] % 3 else seat
        shots = {str(s): target for s in black} if r[1] % 4 else {str(seat): other}
        return {"type": "night", "shots": shots, "sheriff_check": other if r[1] % 2 else None}
    if kind == 15:
        return {"type": "best_move", "seat": speaker, "guesses": [seat, other, r[0] % 10 + 1]}
    if kind < 19:
        return {"type": "foul", "seat": seat, "clause": CLAUSES[r[2] % len(CLAUSES)]}
    return {"type": "removal", "seat": seat, "clause": "1.2" if r[2] % 5 else "2.4"}


def play(numbers: list[int]) -> Script:
    s = Script()
    for i in range(0, len(numbers) - 2, 3):
        try:
            s.do(**candidate(s.game, numbers[i:i + 3]))
        except RuleError:
            continue
        check_invariants(s.game)
    return s


def check_invariants(game) -> None:
    st_ = game.state()
    groups = [st_["alive"], st_["killed"], st_["lifted"], st_["removed"]]
    assert sorted(sum(groups, [])) == list(range(1, 11))          # each seat exactly one of the four
    black = sum(1 for s in st_["alive"] if ROLES[s - 1] in BLACK_ROLES)
    red = len(st_["alive"]) - black
    if black == 0 or black >= red:
        assert st_["phase"] == "finished" and st_["winner"] in ("red", "black")
    if st_["phase"] == "finished":
        assert st_["winner"] is not None
    if st_["speaker"] is not None and st_["phase"] in ("day", "shootout"):
        assert st_["speaker"] in st_["alive"]


numbers = st.lists(st.integers(min_value=0, max_value=999), min_size=30, max_size=600)


@settings(max_examples=150, deadline=None)
@given(numbers)
def test_random_host_input_raises_only_typed_errors_and_keeps_invariants(nums):
    play(nums)


@settings(max_examples=60, deadline=None)
@given(numbers)
def test_replay_of_the_accepted_log_is_deterministic(nums):
    s = play(nums)
    again = replay(s.record())
    assert json.dumps(again.state()) == json.dumps(s.game.state())
    assert [parse_event(e) for e in s.events] == list(s.game.events)


@settings(max_examples=40, deadline=None)
@given(numbers)
def test_undo_equals_replaying_one_event_less(nums):
    s = play(nums)
    if len(s.events) < 3:
        return
    shorter = replay({**s.record(), "events": s.events[:-1]})
    s.game.undo()
    assert json.dumps(s.game.state()) == json.dumps(shorter.state())


def test_players_fixture_is_ten_seats():
    assert len(PLAYERS) == 10
