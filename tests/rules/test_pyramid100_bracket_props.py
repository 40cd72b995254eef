"""Пирамидка tournament invariants over random tournaments (PT§5–8, replay), with a guard on what is reached.

A tournament is played by `play`, a plain function of a `random.Random(seed)`: hypothesis draws the seeds, and a
guard runs the same function over fixed seeds to prove the streams reach byes, walk-overs, withdrawals, the grand
final and the bracket reset — an invariant never tested on them would say nothing.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.rules.pyramid100.bracket import (
    Draw,
    Enter,
    GameWon,
    StartGame,
    Tournament,
    WalkOver,
    Withdraw,
    event_to_json,
    new_game,
    parse_event,
)


def play(seed: int) -> tuple[Tournament, list]:
    """A whole tournament: a random format and field, then games, walk-overs (5 %) and withdrawals (2 %)."""
    rng = random.Random(seed)
    fmt = rng.choice(["single", "double", "double", "groups"])
    options = {"format": fmt, "race_to": rng.randint(1, 3)}
    if fmt == "groups":
        options.update(groups=rng.randint(1, 3), advance=rng.randint(1, 2))
    least = {"single": 2, "double": 3}.get(fmt, options.get("groups", 1) * (options.get("advance", 1) + 1))
    n = rng.randint(max(least, 2), 20)
    t = new_game([], options)
    events: list = []

    def do(e) -> None:
        t.apply(e)
        events.append(e)

    for i in range(n):
        do(Enter(f"p{i}", rng.choice([None, float(rng.randint(1300, 1700))])))
    do(Draw(rng.choice(["rating", "random"]), rng.randrange(10 ** 9)))
    while not t.finished:
        ready = t.ready_bouts()
        roll = rng.random()
        if roll < 0.02 or not ready:
            left = [p for p in t.entries if p not in t.eliminated]
            do(Withdraw(rng.choice(left)))
            continue
        bout = t.bouts[rng.choice(ready)]
        side = rng.choice([bout.a, bout.b])
        if roll < 0.07:
            do(WalkOver(bout.spec.code, side))
        elif roll < 0.5:  # a stored game put on the table for the bout, then its result
            game = f"g{len(events)}"
            do(StartGame(bout.spec.code, game))
            do(GameWon(bout.spec.code, side, game))
        else:
            do(GameWon(bout.spec.code, side))
    return t, events


def check(t: Tournament, events: list) -> None:
    lives = 2 if t.format == "double" else 1
    losers = Counter(b.loser for b in t.bouts.values() if b.loser and b.result != "bye" and b.spec.round != "G")
    champion = t.champion
    # Every entry but the champion is out exactly once (a dict holds one reason a player), the champion never.
    assert set(t.eliminated) == set(t.entries) - {champion}
    for player in t.entries:
        assert losers[player] <= lives  # SE: one bout lost at most; DE: two
        if player not in t.withdrawn and player != champion and t.eliminated[player] != "G":
            assert losers[player] == lives  # out by losses: exactly as many as the format allows
    if champion is not None:
        assert losers[champion] <= lives - 1
    replayed = new_game([], t.options)
    for e in events:
        replayed.apply(parse_event(event_to_json(e)))
    assert replayed.state() == t.state()  # the state is the replay of the log, through its JSON


def check_running(t: Tournament) -> None:
    """Outside the groups (where every bout is open at once) nobody has two bouts to play, nobody out plays on."""
    busy = [p for c in t.ready_bouts() if t.bouts[c].spec.round != "G" for p in (t.bouts[c].a, t.bouts[c].b)]
    assert len(busy) == len(set(busy))
    assert not set(busy) & set(t.eliminated)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 32))
def test_random_tournaments_keep_their_invariants(seed):
    t, events = play(seed)
    check(t, events)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(1, 60))
def test_undo_equals_the_replay_without_the_last_event_at_any_point(seed, cut):
    _t, events = play(seed)
    events = events[:cut]
    t = new_game([], _t.options)
    for e in events:
        t.apply(e)
        check_running(t)
    if len(events) > 1:
        t.undo()
        fresh = new_game([], _t.options)
        for e in events[:-1]:
            fresh.apply(e)
        assert t.state() == fresh.state()


def test_guard_the_generator_reaches_byes_walk_overs_withdrawals_and_the_grand_final():
    seen = Counter()
    for seed in range(120):
        t, events = play(seed)
        check(t, events)
        seen[t.format] += 1
        seen["bye"] += any(b.result == "bye" for b in t.bouts.values())
        seen["walk_over"] += any(isinstance(e, WalkOver) for e in events)
        seen["withdrawal"] += any(isinstance(e, Withdraw) for e in events)
        seen["withdrawal_in_a_bout"] += any(b.result == "withdrawal" for b in t.bouts.values())
        if t.format == "double":
            seen["grand_final"] += t.bouts["GF"].result == "played"
            seen["reset"] += t.bouts["GF2"].result == "played"
        if t.format == "groups":
            seen["play_off"] += any(b.result == "played" for b in t.bouts.values() if b.spec.round != "G")
    assert min(seen[k] for k in ("single", "double", "groups", "bye", "walk_over", "withdrawal",
                                 "withdrawal_in_a_bout", "grand_final", "reset", "play_off")) >= 3, seen
