"""What a desk learns from its hub at each sync beside the rows: how far its machine's clock is off the hub's (its
stamps then follow the hub's: docs/sync.md «Clocks»), and which desk ids may write staff accounts (the apply's
second line behind the hub's own check, hub migration h005)."""

from __future__ import annotations

import json

from clubdesk.store.db import Store
from clubdesk.sync.config import read_settings, write_settings

CLOCK_OFFSET = "clock.offset_ms"  # the correction the desk's clock applies (store/db.py reads it at open)
MEASURED_OFFSET = "sync.clock_offset_ms"  # the hub's clock minus this machine's at the last sync (the page, login)
STAFF_DESKS = "sync.staff_desks"  # desk ids allowed to write staff accounts, as the hub said at the last sync


def learn_clock(store: Store, conn) -> int:
    """Measure the hub's clock against this machine's (half the round trip either side) and, when they differ by more
    than the allowed skew, make this desk's clock follow the hub's; returns the measured offset in ms. Commits."""
    before = store.clock.machine_ms()
    hub_ms = conn.execute("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint").fetchone()[0]
    after = store.clock.machine_ms()
    conn.commit()
    offset = hub_ms - (before + after) // 2
    correction = offset if abs(offset) > store.clock.max_skew else 0
    store.clock.follow(correction)
    write_settings(store, {CLOCK_OFFSET: str(correction) if correction else None, MEASURED_OFFSET: str(offset)})
    return offset


def clock_off(store: Store) -> int | None:
    """The hub's clock minus this machine's in ms at the last sync, when more than the allowed skew; else None."""
    from clubdesk.store.hlc import max_skew_ms

    value = read_settings(store, MEASURED_OFFSET).get(MEASURED_OFFSET)
    if value is None or abs(int(value)) <= max_skew_ms():  # not store.clock: the login asks before the warm-up
        return None
    return int(value)


def learn_staff(store: Store, conn, club_id: str) -> None:
    """The club's desk ids whose login may write staff accounts. A hub before h005 says nothing (no check here)."""
    import psycopg

    try:
        with conn.transaction():
            rows = conn.execute("SELECT d.desk_id FROM desks d JOIN desk_roles r ON r.club_id = d.club_id "
                                "AND r.role_name = d.role_name WHERE d.club_id = %s AND r.staff ORDER BY 1",
                                (club_id,)).fetchall()
    except psycopg.errors.UndefinedColumn:
        return
    conn.commit()
    write_settings(store, {STAFF_DESKS: json.dumps([r[0] for r in rows])})
