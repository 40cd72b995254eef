"""Pulled game events planned in bulk (`bulk_apply.plan_batch`): the events that simply continue their game's line
are inserted with one `executemany`; any other goes through `merge._apply_event`, row by row, which decides
branches, archives and conflicts (docs/sync.md «Game events»).

An event continues the line when: it is not held here yet, its game has no decision about branches
(`games.branch_json`, here or among the batch's rows), no open branch of its desk is kept aside, and its seq is one
past the game's last (as held, or as planned earlier in the batch). Once one event of a game goes row by row, every
later event of that game in the batch does too: the row-by-row path then reads what the earlier ones did.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from clubdesk.sync import resolutions

IN_LIMIT = 500  # ids per IN (…): under SQLite's 999 host parameters of old builds


def chunks(items: list, n: int = IN_LIMIT) -> Iterator[list]:
    for i in range(0, len(items), n):
        yield items[i:i + n]


class EventPlanner:
    """Decides, event by event in the batch's order, what `write_batch` will do with each."""

    def __init__(self, cur: sqlite3.Cursor, event_ids: list[str]) -> None:
        self.cur = cur
        self.held = _held(cur, event_ids)
        self.last: dict[str, int | None] = {}  # game → last seq as planned; None: the game goes row by row
        self.branches: dict[str, set[str]] = {}  # game → desks whose branch of it is kept aside, unresolved
        self.decided: set[str] = set()  # games whose branch decision is among the batch's rows
        self.run: list[tuple] = []  # EVENT_INSERT parameters of the events continuing their lines, not yet a step
        self.run_games: set[str] = set()

    def plan(self, row: dict, fields: dict, steps: list[tuple]) -> None:
        event_id, game_id, seq = row["entity_id"], fields["game_id"], fields["seq"]
        if event_id in self.held:
            return  # held already (the row-by-row path does nothing with it either)
        last = self._last(game_id)
        if last is None or seq != last + 1 or row["desk_id"] in self.branches[game_id]:
            self.flush(steps)
            steps.append(("event", row, fields))
            self.last[game_id] = None
            return
        self.held.add(event_id)
        self.last[game_id] = seq
        self.run.append(resolutions.event_values(event_id, fields, row["hlc"], row["desk_id"]))
        self.run_games.add(game_id)

    def decide(self, game_id: str) -> None:
        """A decision about the game's branches is among the batch's rows: its later events go row by row."""
        self.decided.add(game_id)
        self.last[game_id] = None
        self.branches.setdefault(game_id, set())

    def flush(self, steps: list[tuple]) -> None:
        """The run planned so far becomes a step (before a step that must see its events in the table)."""
        if self.run:
            steps.append(("events", self.run, self.run_games))
            self.run, self.run_games = [], set()

    def _last(self, game_id: str) -> int | None:
        if game_id in self.last:
            return self.last[game_id]
        if game_id in self.decided or resolutions.decision(self.cur, game_id) is not None:
            last = None  # a decision about branches: archive or keep, decided event by event
        else:
            last = self.cur.execute("SELECT coalesce(max(seq), 0) FROM events WHERE game_id = ?",
                                    (game_id,)).fetchone()[0]
        self.branches[game_id] = {r[0] for r in self.cur.execute(
            "SELECT DISTINCT other_id FROM conflicts WHERE kind = 'game_branch' AND entity_id = ? AND resolved = 0",
            (game_id,))}
        self.last[game_id] = last
        return last


def write_run(cur: sqlite3.Cursor, params: list[tuple], games: set[str], result) -> None:
    cur.executemany(resolutions.EVENT_INSERT, params)
    result.touched_games.update(games)


def _held(cur: sqlite3.Cursor, ids: list[str]) -> set[str]:
    held: set[str] = set()
    for part in chunks(ids):
        held.update(r[0] for r in cur.execute(f"SELECT id FROM events WHERE id IN ({','.join('?' * len(part))})",
                                              part))
    return held
