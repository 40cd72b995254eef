"""Replay speed of the Жук engine: one long round with many re-racks (benchmarks/engines.py replays it)."""

from __future__ import annotations

import sys
import time

from clubdesk.rules import zhuk
from clubdesk.rules.errors import RuleError
from clubdesk.rules.record import FORMAT, replay

# A mix of what a referee reports: misses, series of pots, random balls, свояки, fouls, Жук attempts,
# Жук as cue. Cycled through; the engine picks the player to move, so the record is legal by construction.
_TEMPLATES = [
    {"potted": []},
    {"potted": [{"ball": "std", "legal": True}]},
    {"potted": [{"ball": "std", "legal": True}, {"ball": "std", "legal": False}]},
    {"potted": [{"ball": "std", "legal": True}]},
    {"potted": [], "zhuk_attempt": True},
    {"potted": [{"ball": "std", "legal": True}], "cue": "zhuk"},
    {"potted": [{"ball": "main", "legal": True}], "removed": "std"},
    {"potted": [{"ball": "std", "legal": True}]},
    {"potted": [{"ball": "std", "legal": False}], "fouls": ["touch"]},
    {"potted": [{"ball": "zhuk", "legal": True}]},
    {"potted": [], "zhuk_attempt": True, "fouls": ["off_table"]},
    {"potted": [{"ball": "std", "legal": True}]},
]
_PLAYERS = [{"id": "P1", "balance": 10_000, "rating": 1000}, {"id": "P2", "balance": 10_000, "rating": 1180},
            {"id": "P3", "balance": 10_000, "rating": 1420}, {"id": "P4", "balance": 10_000, "rating": 1650}]
_OPTIONS = {"nominal": 100, "settlement": "all"}


def synthetic_record(n_events: int) -> dict:
    """A legal Жук record of exactly n_events events (the last is round_end): one very long round."""
    g = zhuk.new_game(_PLAYERS, _OPTIONS)
    events: list[dict] = []
    i = 0
    while len(events) < n_events - 1:
        template = _TEMPLATES[i % len(_TEMPLATES)]
        i += 1
        if g.rerack_allowed and i % 2:
            obj = {"type": "rerack", "player": g.to_move}
        else:
            obj = {"type": "shot", "player": g.to_move, **template}
        try:
            g.apply(zhuk.parse_event(obj))
        except RuleError:
            continue  # e.g. Жук as cue refused right now, Жук already potted: take the next template
        events.append(obj)
    events.append({"type": "round_end"})
    return {"format": FORMAT, "game": "zhuk", "options": dict(_OPTIONS), "players": list(_PLAYERS),
            "events": events}


def main(n: int = 200_000) -> None:
    record = synthetic_record(n)
    start, cpu = time.perf_counter(), time.process_time()
    engine = replay(record)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"zhuk: {n} events in {elapsed:.3f} s wall = {n / elapsed:,.0f} events/s; "
          f"CPU {cpu:.3f} s = {n / cpu:,.0f} events/s (racks: {engine.rack})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200_000)
