"""A hub that went back (docs/sync.md «A hub restored from an older backup»): its database restored from a dump taken
earlier, into the same server and database. Its row numbers (`server_seq`) go on from the dump's, so they are numbers
this desk's pull cursor has passed: without noticing, the desk skips the rows that now carry them and then meets a row
of a desk that does not follow its last one here (SyncGap) at every sync.

The desk tells from what the hub's rows say, not from the server's identity (the restore goes into the same
server): the hub's largest `server_seq` is below the pull cursor, or the hub's row at the number this desk last
pulled up to is not the row the desk saw there (`sync.pull_mark`), or the hub holds fewer of this desk's own rows
than it acknowledged before (the push sees that first, and sends them again from the hub's answer). Then the pull
starts again from the beginning: applying is idempotent (a row held is skipped by its desk_seq), so only the rows
the desk lacks are written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubdesk.sync import cursors
from clubdesk.sync.config import read_settings, write_settings

if TYPE_CHECKING:
    import psycopg

    from clubdesk.store.db import Store

MARK = "sync.pull_mark"  # "server_seq desk_id desk_seq": the hub's row at the pull cursor when the last pull ended


def hub_went_back(store: Store, conn: psycopg.Connection, club_id: str, head: int) -> bool:
    cursor = cursors.get_cursor(store, "pull")
    if cursor == 0:
        return False
    if head < cursor:
        return True
    mark = read_settings(store).get(MARK)
    if not mark:
        return False
    seq, desk_id, desk_seq = mark.split(" ")
    return _row_at(conn, club_id, int(seq)) != (desk_id, int(desk_seq))


def mark(store: Store, conn: psycopg.Connection, club_id: str) -> str | None:
    """After a pull: which row the hub holds at the pull cursor (the next sync checks it is still that row), as
    the value of setting MARK; the runner writes it with the sync's outcome (no transaction of its own)."""
    cursor = cursors.get_cursor(store, "pull")
    row = _row_at(conn, club_id, cursor) if cursor else None
    return f"{cursor} {row[0]} {row[1]}" if row else None


def restart_pull(store: Store) -> None:
    """The pull cursor back to the beginning. A cursor only moves forward (a trigger refuses a smaller value), so
    its row is removed, not lowered: this is the one place that may."""
    with store.write(background=True) as cur:
        cur.execute("DELETE FROM sync_cursors WHERE name = 'pull'")
    write_settings(store, {MARK: None})


def _row_at(conn: psycopg.Connection, club_id: str, server_seq: int) -> tuple[str, int] | None:
    row = conn.execute("SELECT desk_id, desk_seq FROM log_rows WHERE club_id = %s AND server_seq = %s",
                       (club_id, server_seq)).fetchone()
    conn.commit()
    return (row[0], row[1]) if row else None
