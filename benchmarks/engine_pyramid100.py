"""Synthetic Пирамидка 100 record for benchmarks/engines.py: a long legal match of foul-and-penalty exchanges.

One match ends at more than 50 points (P§3), so it is short by nature; penalties (P§18) put balls back
on the table, which lets the same 21-shot cycle — calls, gentleman's pots, a cue-ball bonus, a void
straight from hand, a carom with the №10 privilege, a P§12 foul, a debt and its repayment, a partial
double, a P§8 cue pot, a blocked centre spot — repeat as often as wanted. A four-shot winning run ends it.
"""

from __future__ import annotations


def _shot(player, call=(), pot=(), touch=False, trick=None, foul=None, blocked=False) -> dict:
    obj = {"type": "shot", "player": player,
           "call": [{"ball": b, "pocket": k} for b, k in call],
           "potted": [{"ball": b, "pocket": k, "straight": s} for b, k, s in pot],
           "off_table": [], "touched_control": touch, "trick": trick, "foul": foul}
    if blocked:
        obj["centre_blocked"] = True
    return obj


def _called(player, ball, pocket=1, straight=False, touch=False) -> dict:
    return _shot(player, call=[(ball, pocket)], pot=[(ball, pocket, straight)], touch=touch)


# From: full table, A to move, nothing in hand, no debts — and back to exactly that.
CYCLE = (
    _shot("A", call=[(7, 3)], pot=[(7, 3, False), (12, 1, False)]),  # 7 counts, random 12 re-spotted
    _shot("A", pot=[(15, 2, True)]),  # P§5
    _shot("A", call=[("cue", 4)], pot=[("cue", 4, False)]),  # P§9 bonus 5
    _called("A", 9, 6, straight=True),  # P§15 void, turn passes
    _shot("B", touch=True, trick="carom3"),  # P§11
    _called("B", 10, 1, straight=True, touch=True),  # P§13 privilege
    _shot("B", foul="miss"),  # №10 back to the centre
    _shot("A", touch=True),  # P§12 foul, 5 back
    _shot("B", foul="push"),  # P-2 debt
    _called("A", 14, 2),
    _shot("A", call=[(13, 1), (6, 5)], pot=[(13, 1, False)]),  # P§6 partial double
    _called("B", 13, 2),  # repays the debt
    _called("B", 12, 3),
    _shot("B", call=[(11, 4)], pot=[(11, 4, False), ("cue", 5, False)]),  # P§8, A in hand free
    _shot("A", foul="miss"),  # 7 back
    _shot("B", foul="rebound"),  # 12 back
    _shot("A", foul="miss"),  # 14 back
    _shot("B", trick="rocambole3", blocked=True),  # №10 off its spot (P§14)
    _shot("B"),  # №10 back on the centre spot
    _shot("A", foul="double_hit"),  # 15 back
    _shot("B"),
)
FINISH = (_called("A", 15), _called("A", 14), _called("A", 13), _called("A", 9))


def synthetic_record(n_events: int) -> dict:
    """A legal record of about `n_events` events (whole cycles plus the four-shot finish)."""
    cycles = max(0, (n_events - len(FINISH)) // len(CYCLE))
    events = [*CYCLE * cycles, *FINISH]
    return {"format": "clubdesk-game/1", "game": "pyramid100", "options": {}, "players": ["A", "B"],
            "events": events}


if __name__ == "__main__":
    import time

    from clubdesk.rules.record import replay

    record = synthetic_record(200_000)
    start = time.perf_counter()
    engine = replay(record)
    elapsed = time.perf_counter() - start
    print(f"pyramid100: {len(record['events'])} events in {elapsed:.2f} s = "
          f"{len(record['events']) / elapsed:,.0f} events/s; winner {engine.state()['winner']}")
