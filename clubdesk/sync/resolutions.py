"""What the administrator's conflict actions do to the rows, the same on the desk that decides and on every desk
that applies the decision (docs/sync.md «Conflict actions»). Plain SQL on the caller's transaction.

- A merge is the field `players.merged_into` of the merged player (per-field LWW like any field): nothing else
  is rewritten, so both histories stay as they were written and a check-in or entry made meanwhile on a desk
  that had not heard of the merge still lands. Readers fold the merged ids into the survivor (`survivors`).
- A game branch decision is `games.branch_json` = {"desk", "fork"}: from seq `fork` on, the game's events are
  the branch of `desk`. A desk holding another branch there archives those events into `conflicts` (whole,
  resolved, so the trigger lets them leave `events`) and brings `desk`'s branch in from `conflicts`.
- Read side (`branches`, `open_conflict_count`): `conflicts` holds a branch one row per event; the administrator
  sees and decides it as one conflict.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

EVENT_FIELDS = ("game_id", "seq", "type", "payload", "recorded_at", "author_id")
# An event as every path that puts one back in `events` inserts it: a branch brought in here, a pulled event
# (`apply._apply_event`) and a run of them (`bulk_events`)
EVENT_INSERT = (f"INSERT INTO events (id, {', '.join(EVENT_FIELDS)}, hlc, desk_id) "
                f"VALUES ({', '.join('?' * (len(EVENT_FIELDS) + 3))})")


def event_values(event_id: str, fields: dict, hlc: int, desk_id: str) -> tuple:
    return (event_id, *(fields.get(k) for k in EVENT_FIELDS), hlc, desk_id)


def survivors(read: Callable[[str, tuple], list[tuple]]) -> dict[str, str]:
    """merged player id → the player it finally counts as. A cycle (two desks merged a pair each way while apart)
    resolves to the smallest id of the cycle, so every desk folds a player the same way."""
    links = dict(read("SELECT id, merged_into FROM players WHERE merged_into <> ''", ()))
    out: dict[str, str] = {}
    for start in links:
        path, p = [], start
        while p in links and p not in path:
            path.append(p)
            p = links[p]
        if p in path:  # a cycle: its smallest member survives
            cycle = path[path.index(p):]
            p = min(cycle)
        out[start] = p
    return {k: v for k, v in out.items() if k != v}


def identities(read: Callable[[str, tuple], list[tuple]], player_id: str) -> set[str]:
    """The player and every player merged into it: whose games, check-ins and entries are this player's."""
    return {player_id, *(k for k, v in survivors(read).items() if v == player_id)}


def resolve_duplicates(cur: sqlite3.Cursor, player_id: str) -> None:
    """A merge of `player_id` arrived or was made here: its duplicate_player conflicts with the survivor close."""
    survivor = cur.execute("SELECT merged_into FROM players WHERE id = ?", (player_id,)).fetchone()
    if not survivor or not survivor[0]:
        return
    a, b = sorted((player_id, survivor[0]))
    cur.execute("UPDATE conflicts SET resolved = 1, resolution = 'merged' WHERE kind = 'duplicate_player' "
                "AND entity_id = ? AND other_id = ? AND NOT resolved", (a, b))


def decision(cur: sqlite3.Cursor, game_id: str) -> dict | None:
    row = cur.execute("SELECT branch_json FROM games WHERE id = ?", (game_id,)).fetchone()
    return json.loads(row[0]) if row and row[0] else None


def archive_event(cur: sqlite3.Cursor, event: dict, how: str) -> None:
    """Keep an event whole in `conflicts` (resolved: the administrator decided), once."""
    from clubdesk.store.changelog import canonical_json
    from clubdesk.store.models import utc_now

    held = cur.execute("SELECT id FROM conflicts WHERE kind = 'game_branch' AND entity_id = ? "
                       "AND json_extract(detail_json, '$.event.id') = ?", (event["game_id"], event["id"])).fetchone()
    if held:
        cur.execute("UPDATE conflicts SET resolved = 1, resolution = ? WHERE id = ?", (how, held[0]))
        return
    cur.execute("INSERT INTO conflicts (kind, entity, entity_id, other_id, detail_json, created_at, resolved, "
                "resolution) VALUES ('game_branch', 'games', ?, ?, ?, ?, 1, ?)",
                (event["game_id"], event["desk_id"], canonical_json({"event": event}), utc_now(), how))


def follow_decision(cur: sqlite3.Cursor, game_id: str) -> bool:
    """Make this desk's events of the game what its branch decision says; True when `events` changed."""
    chosen = decision(cur, game_id)
    if chosen is None:
        return False
    desk, fork = chosen["desk"], int(chosen["fork"])
    changed = False
    # 1. Events from `fork` on that are not the chosen desk's leave `events`, archived first (the trigger checks).
    names = ("id", *EVENT_FIELDS, "hlc", "desk_id")
    for values in cur.execute(f"SELECT {', '.join(names)} FROM events WHERE game_id = ? AND seq >= ? "
                              "AND desk_id <> ? ORDER BY seq DESC", (game_id, fork, desk)).fetchall():
        event = dict(zip(names, values, strict=True))
        archive_event(cur, event, "set_aside")
        cur.execute("DELETE FROM events WHERE id = ?", (event["id"],))
        changed = True
    # 2. The chosen desk's branch comes in from `conflicts`, in seq order, as long as it follows the game's last.
    held = [json.loads(d)["event"] for (d,) in cur.execute(
        "SELECT detail_json FROM conflicts WHERE kind = 'game_branch' AND entity_id = ?", (game_id,)).fetchall()]
    have = {r[0] for r in cur.execute("SELECT id FROM events WHERE game_id = ?", (game_id,)).fetchall()}
    last = cur.execute("SELECT coalesce(max(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
    for event in sorted((e for e in held if e["desk_id"] == desk and e["id"] not in have), key=lambda e: e["seq"]):
        if event["seq"] != last + 1:
            continue
        cur.execute(EVENT_INSERT, event_values(event["id"], event, event["hlc"], event["desk_id"]))
        cur.execute("UPDATE conflicts SET resolved = 1, resolution = 'kept' WHERE kind = 'game_branch' AND "
                    "entity_id = ? AND json_extract(detail_json, '$.event.id') = ?", (game_id, event["id"]))
        last += 1
        changed = True
    # 3. Every other branch of the game is decided: set aside, kept in `conflicts`.
    cur.execute("UPDATE conflicts SET resolved = 1, resolution = 'set_aside' WHERE kind = 'game_branch' "
                "AND entity_id = ? AND NOT resolved", (game_id,))
    return changed


def set_aside_on_arrival(cur: sqlite3.Cursor, game_id: str, event: dict) -> bool:
    """An event arriving after the game's decision from a desk that no longer records the game (not the
    chosen desk, not the owner), at or after the fork: it continues a branch set aside, so it is archived."""
    chosen = decision(cur, game_id)
    if chosen is None or event["seq"] < int(chosen["fork"]) or event["desk_id"] == chosen["desk"]:
        return False
    owner = cur.execute("SELECT owner_desk_id FROM games WHERE id = ?", (game_id,)).fetchone()
    if owner and owner[0] == event["desk_id"]:
        return False
    archive_event(cur, event, "set_aside")
    return True


# ---- read side: the branches as the administrator sees them -----------------------------------------------------
# `conflicts` holds a branch one row per event (each event is archived whole, and the delete trigger looks for
# its own row); the administrator decides a branch, not an event, so readers group the rows here.


@dataclass(frozen=True)
class Branch:
    """One desk's events of one game that this desk holds aside, in seq order."""

    game_id: str
    desk_id: str  # the desk that recorded them
    conflict_id: int  # the branch's first conflicts row: the id the conflict actions and the CLI take
    events: tuple[dict, ...]  # as archived: id, game_id, seq, type, payload, recorded_at, author_id, hlc, desk_id

    @property
    def first(self) -> dict:
        return self.events[0]

    @property
    def last(self) -> dict:
        return self.events[-1]


def branches(read: Callable[[str, tuple], list[tuple]], *, archived: bool = False) -> list[Branch]:
    """The open game branches (or, `archived`, the ones set aside), one per (game, desk), oldest first."""
    which = "resolution = 'set_aside'" if archived else "NOT resolved"
    groups: dict[tuple[str, str], list[tuple[int, dict]]] = {}
    for cid, game_id, other_id, detail in read(
            f"SELECT id, entity_id, other_id, detail_json FROM conflicts WHERE kind = 'game_branch' AND {which} "
            "ORDER BY id", ()):
        event = json.loads(detail)["event"]
        groups.setdefault((game_id, event.get("desk_id") or other_id), []).append((cid, event))
    out = [Branch(game_id, desk_id, min(cid for cid, _ in rows),
                  tuple(sorted((e for _, e in rows), key=lambda e: e["seq"])))
           for (game_id, desk_id), rows in groups.items()]
    return sorted(out, key=lambda b: b.conflict_id)


def branch_count(read: Callable[[str, tuple], list[tuple]], *, archived: bool = False) -> int:
    """How many branches `branches` lists, counted in SQL (the Sync page asks on every refresh)."""
    which = "resolution = 'set_aside'" if archived else "NOT resolved"
    return read("SELECT count(*) FROM (SELECT DISTINCT entity_id, other_id FROM conflicts "
                f"WHERE kind = 'game_branch' AND {which})", ())[0][0]


def open_conflict_count(read: Callable[[str, tuple], list[tuple]]) -> int:
    """Open conflicts as the administrator counts them: each game branch once, whatever its number of events."""
    others = read("SELECT count(*) FROM conflicts WHERE NOT resolved AND kind <> 'game_branch'", ())[0][0]
    return others + branch_count(read)


def decided_at_ms(read: Callable[[str, tuple], list[tuple]], game_id: str) -> int | None:
    """When the game's branch decision in force was made (its log row's hlc, in ms), on whichever desk."""
    rows = read("SELECT max(hlc) FROM change_log WHERE entity = 'games' AND entity_id = ? "
                "AND coalesce(json_extract(payload, '$.branch_json'), '') <> ''", (game_id,))
    return rows[0][0] >> 16 if rows and rows[0][0] is not None else None
