"""Mafia replay benchmark: one legal game made long by days that end without a removal.

A Mafia record is one game of ten seats, so games cannot be chained in one record. A game can be
long, though: a day whose shootout ends in a failed lift vote, followed by a missed night, removes
nobody, so it can repeat. Each such day is 10 speeches, 2 nominations, a vote, 2 shootout speeches,
a re-vote, a lift vote and a night with checks (18 events). The record ends with a real finish.
"""

from __future__ import annotations

import time

from clubdesk.rules.mafia.script import Script


def _quiet_day(s: Script) -> None:
    opener = s.game.speaker
    second = s.game.queue[(s.game.queue.index(opener) + 1) % 10]
    a, b = (5, 6) if 5 not in (opener, second) and 6 not in (opener, second) else (3, 8)
    s.speeches({opener: a, second: b})
    votes = {v: a for v in s.game.in_game[:5]}
    s.vote(votes).speeches().vote(votes).do(type="lift_vote", for_=5)
    s.night(None, shots={2: 1, 7: 3, 9: 1}, don=4, sheriff=2)


def synthetic_record(n_events: int) -> dict:
    """A legal record of about n_events events (at least one whole game)."""
    s = Script()
    while len(s.events) < n_events - 40:
        _quiet_day(s)
    s.speeches({s.game.speaker: 2}).vote({})         # one nominee: 2 lifted
    s.last_words().night(None)
    while s.game.step != "finished":
        s.speeches({s.game.speaker: 7 if 7 in s.game.in_game else 9}).vote({}).last_words()
        if s.game.step == "night":
            s.night(None)
    return s.record()


if __name__ == "__main__":
    from clubdesk.rules.record import replay
    record = synthetic_record(100_000)
    n = len(record["events"])
    t = time.process_time()     # CPU time: other processes on the machine do not count
    state = replay(record).state()
    dt = time.process_time() - t
    print(f"mafia: {n} events in {dt:.3f} s = {n / dt:,.0f} events/s; winner {state['winner']}")
