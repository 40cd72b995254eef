"""What the administrator's conflict actions do to the rows, the same on the desk that decides and on every desk
that applies the decision (docs/sync.md «Conflict actions»). Plain SQL on the caller's transaction.

- A merge is the field `players.merged_into` of the merged player (per-field LWW like any field): nothing else
  is rewritten, so both histories stay as they were written and a check-in or entry made meanwhile on a desk
  that had not heard of the merge still lands. Readers fold the merged ids into the survivor (`survivors`).
  `merged_into` = `REMOVED` is a player the desk removed (registered by mistake, nothing recorded of him:
  `services/player_fixes.py`): hidden as a merged one is, folded into nobody.
- A game branch decision is `games.branch_json` = {"desk", "fork", "at"}: from seq `fork` on, the game's events
  are the branch of `desk` (decided at `at`, ms; older desks wrote no `at`). A desk holding another branch there
  archives those events into `conflicts` (whole, resolved, so the trigger lets them leave `events`), each stamped
  with the decision's time (`decided_ms`), and brings `desk`'s branch in from `conflicts`.
- Read side (`branches`, `game_conflicts`, `open_conflict_count`): `conflicts` holds a branch one row per event; a
  game has one line of events, so the administrator decides a game, not a branch: which branch continues it.
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


# `players.merged_into` of a removed player: not an id, so no reader folds anything into it
REMOVED = "removed"


def survivors(read: Callable[[str, tuple], list[tuple]]) -> dict[str, str]:
    """merged player id → the player it finally counts as. A cycle (two desks merged a pair each way while apart)
    resolves to the smallest id of the cycle, so every desk folds a player the same way. A removed player is
    nobody's: what a desk that had not heard of the removal recorded of him stays his."""
    links = dict(read("SELECT id, merged_into FROM players WHERE merged_into NOT IN ('', ?)", (REMOVED,)))
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


# `detail_json` of a row set aside, stamped with its decision's (ms, fork) when one is given: (fork, ms, fork)
STAMP = ("detail_json = CASE WHEN ? IS NULL THEN detail_json ELSE json_set(detail_json, '$.decided_ms', ?, "
         "'$.decided_fork', ?) END")


def decision_ms(cur: sqlite3.Cursor, game_id: str, chosen: dict) -> int | None:
    """When the decision in force was made: its own `at`, or (a desk before `at`) its log row's hlc."""
    if chosen.get("at") is not None:
        return int(chosen["at"])
    return decided_at_ms(lambda sql, params: cur.execute(sql, params).fetchall(), game_id)


def archive_event(cur: sqlite3.Cursor, event: dict, how: str, decided: tuple[int | None, int] | None = None) -> None:
    """Keep an event whole in `conflicts` (resolved: the administrator decided), once. `decided` = (ms, fork) of
    the decision that set it aside, kept on the row (`decided_ms`, `decided_fork`): a later decision of another
    fork does not move it."""
    from clubdesk.store.changelog import canonical_json
    from clubdesk.store.models import utc_now

    ms, fork = decided if decided is not None else (None, None)
    held = cur.execute("SELECT id FROM conflicts WHERE kind = 'game_branch' AND entity_id = ? "
                       "AND json_extract(detail_json, '$.event.id') = ?", (event["game_id"], event["id"])).fetchone()
    if held:
        cur.execute(f"UPDATE conflicts SET resolved = 1, resolution = ?, {STAMP} WHERE id = ?",
                    (how, fork, ms, fork, held[0]))
        return
    detail = {"event": event, **({"decided_ms": ms, "decided_fork": fork} if fork is not None else {})}
    cur.execute("INSERT INTO conflicts (kind, entity, entity_id, other_id, detail_json, created_at, resolved, "
                "resolution) VALUES ('game_branch', 'games', ?, ?, ?, ?, 1, ?)",
                (event["game_id"], event["desk_id"], canonical_json(detail), utc_now(), how))


def on_the_line(chosen: dict, event: dict) -> bool:
    """Whether an event from the fork on is on the game's line the decision chose: one of the line's events
    (`line`: the ids the administrator saw, which may be several desks' when one desk took the game over from
    another), or the chosen desk's own after them (it records on). A decision of a desk before `line` chose the
    events of `desk`."""
    line = chosen.get("line")
    if line is None:
        return event["desk_id"] == chosen["desk"]
    return event["id"] in line or (event["desk_id"] == chosen["desk"]
                                   and event["seq"] >= int(chosen["fork"]) + len(line))


def follow_decision(cur: sqlite3.Cursor, game_id: str) -> bool:
    """Make this desk's events of the game what its branch decision says; True when `events` changed."""
    chosen = decision(cur, game_id)
    if chosen is None:
        return False
    fork = int(chosen["fork"])
    at = (decision_ms(cur, game_id, chosen), fork)
    changed = False
    # 1. Events from `fork` on that are not on the chosen line leave `events`, archived first (the trigger checks).
    names = ("id", *EVENT_FIELDS, "hlc", "desk_id")
    for values in cur.execute(f"SELECT {', '.join(names)} FROM events WHERE game_id = ? AND seq >= ? "
                              "ORDER BY seq DESC", (game_id, fork)).fetchall():
        event = dict(zip(names, values, strict=True))
        if on_the_line(chosen, event):
            continue
        archive_event(cur, event, "set_aside", at)
        cur.execute("DELETE FROM events WHERE id = ?", (event["id"],))
        changed = True
    # 2. The chosen line comes in from `conflicts`, in seq order, as long as it follows the game's last.
    held = [json.loads(d)["event"] for (d,) in cur.execute(
        "SELECT detail_json FROM conflicts WHERE kind = 'game_branch' AND entity_id = ?", (game_id,)).fetchall()]
    have = {r[0] for r in cur.execute("SELECT id FROM events WHERE game_id = ?", (game_id,)).fetchall()}
    last = cur.execute("SELECT coalesce(max(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
    for event in sorted((e for e in held if e["id"] not in have and e["seq"] >= fork and on_the_line(chosen, e)),
                        key=lambda e: e["seq"]):
        if event["seq"] != last + 1:
            continue
        cur.execute(EVENT_INSERT, event_values(event["id"], event, event["hlc"], event["desk_id"]))
        cur.execute("UPDATE conflicts SET resolved = 1, resolution = 'kept' WHERE kind = 'game_branch' AND "
                    "entity_id = ? AND json_extract(detail_json, '$.event.id') = ?", (game_id, event["id"]))
        last += 1
        changed = True
    # 3. Every other branch of the game is decided: set aside, kept in `conflicts`, with this decision's time; so are
    # the rows an earlier decision of the same fork set aside (two decisions of one question: this one is in force
    # on every desk), while those of an earlier fork keep the time of the decision that set them aside.
    cur.execute(f"UPDATE conflicts SET resolved = 1, resolution = 'set_aside', {STAMP} WHERE kind = 'game_branch' "
                "AND entity_id = ? AND (NOT resolved OR (resolution = 'set_aside' "
                "AND json_extract(detail_json, '$.decided_fork') = ?))", (fork, at[0], fork, game_id, fork))
    return changed


def set_aside_on_arrival(cur: sqlite3.Cursor, game_id: str, event: dict) -> bool:
    """An event arriving after the game's decision from a desk that no longer records the game (not the
    chosen desk, not the owner), at or after the fork: it continues a branch set aside, so it is archived."""
    chosen = decision(cur, game_id)
    if chosen is None or event["seq"] < int(chosen["fork"]) or on_the_line(chosen, event):
        return False
    owner = cur.execute("SELECT owner_desk_id FROM games WHERE id = ?", (game_id,)).fetchone()
    if owner and owner[0] == event["desk_id"]:
        return False
    # it continues a branch set aside: it takes that decision's stamp (its predecessor's), else the one in force
    before = cur.execute("SELECT json_extract(detail_json, '$.decided_ms'), json_extract(detail_json, "
                         "'$.decided_fork') FROM conflicts WHERE kind = 'game_branch' AND entity_id = ? AND "
                         "resolution = 'set_aside' AND json_extract(detail_json, '$.event.desk_id') = ? AND "
                         "json_extract(detail_json, '$.event.seq') = ?",
                         (game_id, event["desk_id"], event["seq"] - 1)).fetchone()
    stamp = tuple(before) if before and before[1] is not None else (decision_ms(cur, game_id, chosen),
                                                                     int(chosen["fork"]))
    archive_event(cur, event, "set_aside", stamp)
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
    decided_ms: int | None = None  # set aside: when the decision that set it aside was made (None: before 0.x)
    here: bool = False  # not in `conflicts`: the game's line on this desk from the fork on (`game_conflicts`)

    @property
    def first(self) -> dict:
        return self.events[0]

    @property
    def last(self) -> dict:
        return self.events[-1]


def branches(read: Callable[[str, tuple], list[tuple]], *, archived: bool = False) -> list[Branch]:
    """The open game branches, one per (game, desk), or (`archived`) the ones set aside, one per (game, desk,
    decision that set it aside); oldest first."""
    which = "resolution = 'set_aside'" if archived else "NOT resolved"
    groups: dict[tuple[str, str, int | None], list[tuple[int, dict]]] = {}
    for cid, game_id, other_id, detail in read(
            f"SELECT id, entity_id, other_id, detail_json FROM conflicts WHERE kind = 'game_branch' AND {which} "
            "ORDER BY id", ()):
        held = json.loads(detail)
        event, decided = held["event"], held.get("decided_ms") if archived else None
        groups.setdefault((game_id, event.get("desk_id") or other_id, decided), []).append((cid, event))
    out = [Branch(game_id, desk_id, min(cid for cid, _ in rows),
                  tuple(sorted((e for _, e in rows), key=lambda e: e["seq"])), decided)
           for (game_id, desk_id, decided), rows in groups.items()]
    return sorted(out, key=lambda b: b.conflict_id)


def branch_count(read: Callable[[str, tuple], list[tuple]], *, archived: bool = False) -> int:
    """How many branches `branches` lists, counted in SQL (the Sync page asks on every refresh)."""
    which = "resolution = 'set_aside'" if archived else "NOT resolved"
    decided = ", json_extract(detail_json, '$.decided_ms')" if archived else ""
    return read(f"SELECT count(*) FROM (SELECT DISTINCT entity_id, other_id{decided} FROM conflicts "
                f"WHERE kind = 'game_branch' AND {which})", ())[0][0]


def open_conflict_count(read: Callable[[str, tuple], list[tuple]]) -> int:
    """Open conflicts as the administrator counts them: each game with branches once (one decision: which branch
    continues it), whatever its number of branches and events."""
    others = read("SELECT count(*) FROM conflicts WHERE NOT resolved AND kind <> 'game_branch'", ())[0][0]
    games = read("SELECT count(DISTINCT entity_id) FROM conflicts WHERE kind = 'game_branch' AND NOT resolved",
                 ())[0][0]
    return others + games


def decided_at_ms(read: Callable[[str, tuple], list[tuple]], game_id: str) -> int | None:
    """When the game's branch decision in force was made (its log row's hlc, in ms), on whichever desk."""
    rows = read("SELECT max(hlc) FROM change_log WHERE entity = 'games' AND entity_id = ? "
                "AND id NOT IN (SELECT log_id FROM sync_quarantine) "
                "AND coalesce(json_extract(payload, '$.branch_json'), '') <> ''", (game_id,))
    return rows[0][0] >> 16 if rows and rows[0][0] is not None else None


@dataclass(frozen=True)
class GameConflict:
    """A game with open branches: one decision, which line continues it. The choices are the game's line on this
    desk from the fork on (`here`, when it has events there) and each branch held aside, as its desk holds it: a
    branch that starts after the fork (a desk took the game over from another cut-off desk and recorded on)
    carries the events it continues (`Branch.events`, several desks'; `desk_id` is the desk whose events end it)."""

    game_id: str
    fork: int  # the first seq of the branches aside: from here on the chosen line is the game's line
    here: Branch | None
    aside: tuple[Branch, ...]

    @property
    def conflict_id(self) -> int:
        """The id the page and the CLI name the game's conflict by: its first branch's."""
        return min(b.conflict_id for b in self.aside)

    @property
    def choices(self) -> tuple[Branch, ...]:
        """The lines that can continue the game: the one here and those aside that reach back to the fork (one
        whose start this desk cannot tell, a hole before it, can only be set aside)."""
        return tuple(b for b in ((self.here,) if self.here is not None else ()) + self.aside
                     if b.first["seq"] == self.fork)

    def choice(self, desk_id: str) -> Branch | None:
        """The line that `desk_id`'s events end (the line held here first)."""
        return next((b for b in self.choices if b.desk_id == desk_id), None)


def _continued(branch: Branch, others: list[Branch], here: Branch | None, fork: int) -> tuple[dict, ...]:
    """The events a branch starting after the fork continues, from the fork on: the branch aside or the line here
    holding its seq - 1 (an event names no predecessor; of several, the one recorded last before it), and what
    that one continues in turn."""
    start = branch.first["seq"]
    if start <= fork:
        return ()
    pool = [b for b in others if b is not branch] + ([here] if here is not None else [])
    before = [(e, b) for b in pool for e in b.events if e["seq"] == start - 1 and e["hlc"] <= branch.first["hlc"]]
    if not before:
        return ()
    _, b = max(before, key=lambda pair: pair[0]["hlc"])
    prefix = tuple(e for e in b.events if e["seq"] < start)
    if prefix and prefix[0]["seq"] > fork and not b.here:
        prefix = _continued(b, [o for o in others if o is not branch], here, fork) + prefix
    return prefix


def game_conflicts(read: Callable[[str, tuple], list[tuple]]) -> list[GameConflict]:
    """The games with open branches, oldest first, each with its choices (whole lines from the fork on)."""
    by_game: dict[str, list[Branch]] = {}
    for b in branches(read):
        by_game.setdefault(b.game_id, []).append(b)
    out = []
    names = ("id", *EVENT_FIELDS, "hlc", "desk_id")
    for game_id, aside in by_game.items():
        fork = min(b.first["seq"] for b in aside)
        line = [dict(zip(names, r, strict=True)) for r in read(
            f"SELECT {', '.join(names)} FROM events WHERE game_id = ? AND seq >= ? ORDER BY seq", (game_id, fork))]
        here = Branch(game_id, line[-1]["desk_id"], 0, tuple(line), here=True) if line else None
        whole = tuple(Branch(game_id, b.desk_id, b.conflict_id, _continued(b, aside, here, fork) + b.events)
                      for b in aside)
        out.append(GameConflict(game_id, fork, here, whole))
    return sorted(out, key=lambda g: g.conflict_id)
