"""What the Sync page and `clubdesk sync status` show, as data: pending rows both ways, the last success, conflicts,
rows waiting for a newer ClubDesk, desks whose clocks are off; and `--verify` against the hub. The words are the
showing layer's (`ui/pages/sync.py`, `commands/sync_status.py`): nothing here is told to a person."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field

from clubdesk.store.db import Store
from clubdesk.sync import apply, cursors, protocol
from clubdesk.sync.config import DeskConfig, load_config, read_settings
from clubdesk.sync.errors import hub_errors
from clubdesk.sync.hub import role_name


def max_skew_ms() -> int:
    return int(os.environ.get("CLUBDESK_MAX_CLOCK_SKEW_MS", 5 * 60 * 1000))


@dataclass
class SyncStatus:
    config: DeskConfig | None
    desk_id: str
    pending_up: int
    pending_down: int | None  # None: not known (the hub was not reached since the last change)
    last_success: str | None
    last_error: str | None  # the last sync's failure in Russian, None after a success
    last_error_en: str | None  # the same line in English
    conflicts: int
    quarantined: int
    skewed: list[tuple[str, int]] = field(default_factory=list)  # (desk name or id, ms ahead of the hub)
    desks: list[tuple[str, str]] = field(default_factory=list)  # the club's desks at the last sync: (name, seen)


def local_status(store: Store) -> SyncStatus:
    """What the desk knows without asking the hub (cheap: a few indexed reads; the GUI polls it)."""
    s = read_settings(store)
    up = sum(max(cursors.last_desk_seq(store, d) - cursors.get_cursor(store, f"push:{d}"), 0)
             for d in cursors.local_desk_ids(store))
    down = s.get("sync.pending_down")
    skewed = [(name, ms) for name, ms in json.loads(s.get("sync.skewed", "[]"))]
    desks = [(row[0], row[1]) for row in json.loads(s.get("sync.desks", "[]"))]
    return SyncStatus(load_config(store), cursors.desk_identity(store), up, int(down) if down is not None else None,
                      s.get("sync.last_success"), s.get("sync.last_error"), s.get("sync.last_error_en"),
                      count_conflicts(store), apply.quarantined(store), skewed, desks)


def count_conflicts(store: Store) -> int:
    """Open conflicts, a game branch counted once however many events it holds."""
    from clubdesk.sync.resolutions import open_conflict_count

    return open_conflict_count(store.read)


def desk_names(store: Store) -> dict[str, str]:
    """desk id → desk name: this file's own ids and the club's desks as the last sync saw them (`sync.desks`
    rows are [name, last contact, ids]; a row saved before the ids were kept has none)."""
    names = {}
    for row in json.loads(read_settings(store).get("sync.desks", "[]")):
        names.update({desk_id: row[0] for desk_id in (row[2] if len(row) > 2 else [])})
    config = load_config(store)
    if config is not None:
        names.update({desk_id: config.desk_name for desk_id in cursors.local_desk_ids(store)})
    return names


def skewed_desks(conn, club_id: str) -> list[tuple[str, int]]:
    """Desks whose clock was more than the allowed skew off the hub's at their last hello."""
    rows = conn.execute("SELECT name, desk_id, clock_skew_ms FROM desks WHERE club_id = %s AND abs(clock_skew_ms) > %s "
                        "ORDER BY name, desk_id", (club_id, max_skew_ms())).fetchall()
    conn.commit()
    return [(f"{name} ({desk_id[:8]})", ms) for name, desk_id, ms in rows]


def club_desks(conn, club_id: str) -> list[tuple[str, str, list[str]]]:
    """(name, last contact as ISO UTC, its desk ids) of every desk name of the club: the ids let a conflict name
    the desk whose branch it is."""
    rows = conn.execute("SELECT name, max(last_seen), array_agg(desk_id ORDER BY desk_id) FROM desks "
                        "WHERE club_id = %s GROUP BY name ORDER BY name", (club_id,)).fetchall()
    conn.commit()
    return [(name, seen.strftime("%Y-%m-%dT%H:%M:%SZ"), [str(d) for d in ids]) for name, seen, ids in rows]


def local_digests(store: Store) -> dict[str, tuple[int, str]]:
    """Per entity: the log rows this desk holds (its own, applied and quarantined: all are in change_log) and an
    md5 of their keys and clocks, spelled as the hub's `protocol.table_digests`."""
    rows = store.read("SELECT entity, desk_id, desk_seq, hlc FROM change_log")
    by_entity: dict[str, list[tuple[str, int, int]]] = {}
    for entity, desk_id, desk_seq, hlc in rows:
        by_entity.setdefault(entity, []).append((desk_id, desk_seq, hlc))
    result = {}
    for entity, keys in by_entity.items():
        keys.sort()
        text = ",".join(f"{d}:{s}:{h}" for d, s, h in keys)
        result[entity] = (len(keys), hashlib.md5(text.encode()).hexdigest())
    return result


def verify(store: Store, config: DeskConfig, password: str) -> list[tuple[str, int, int, bool]]:
    """(entity, rows on this desk, rows on the hub, equal) per entity; equal only after a full sync both ways."""
    with hub_errors(config.address.where), config.address.with_user(role_name(config.desk_name)).connect(password) as c:
        hub = protocol.table_digests(c, config.club_id)
    mine = local_digests(store)
    return [(e, mine.get(e, (0, ""))[0], hub.get(e, (0, ""))[0], mine.get(e) == hub.get(e))
            for e in sorted(set(mine) | set(hub))]
