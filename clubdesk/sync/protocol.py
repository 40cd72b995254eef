"""The sync protocol on the wire: hello, push a batch of log rows, pull a page of them.

Each call is one short PostgreSQL transaction, so a sync can stop anywhere (a crash, a cable pulled) and
the next one resumes from what the hub has committed: the hub, not the desk, says which rows it holds.
CouchDB's replication reads the same way: a checkpoint on both sides, idempotent batches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from clubdesk.sync.errors import SyncError

if TYPE_CHECKING:
    import psycopg

# 1: hello(); log_rows keyed (club_id, desk_id, desk_seq), pulled by server_seq. A hub of a higher protocol
# may have changed any of it, so a desk speaks only to a hub of its own protocol.
PROTOCOL_VERSION = 1
ROW_COLUMNS = ("desk_id", "desk_seq", "hlc", "schema_version", "entity", "entity_id", "op", "payload")


@dataclass(frozen=True)
class Hello:
    hub_protocol: int
    acked: int  # the largest desk_seq of this desk the hub holds
    head: int  # the largest server_seq of the club
    desk_name: str


def check_protocol(conn: psycopg.Connection) -> int:
    """The hub's protocol, read from hub_meta (whose shape never changes); refuses one this desk cannot speak."""
    row = conn.execute("SELECT value FROM hub_meta WHERE key = 'protocol_version'").fetchone()
    hub = int(row[0])
    if hub > PROTOCOL_VERSION:
        raise SyncError(f"Сервер синхронизации новее этой версии ClubDesk (протокол {hub}, у стойки "
                        f"{PROTOCOL_VERSION}). Обновите ClubDesk; стойка работает автономно.",
                        f"The sync hub is newer than this ClubDesk (protocol {hub}, this desk {PROTOCOL_VERSION}). "
                        "Update ClubDesk; the desk goes on offline.", code="hub_newer")
    if hub < PROTOCOL_VERSION:
        raise SyncError(f"Сервер синхронизации старше этой версии ClubDesk (протокол {hub}). Обновите его: "
                        "clubdesk sync init-hub URL.",
                        f"The sync hub is older than this ClubDesk (protocol {hub}). Upgrade it: "
                        "clubdesk sync init-hub URL.", code="hub_older")
    return hub


def hello(conn: psycopg.Connection, club_id: str, desk_id: str, schema_version: int, wall_ms: int) -> Hello:
    """Register this desk id under the connection's role and learn what the hub holds of it. Commits."""
    with conn.transaction():
        check_protocol(conn)
        row = conn.execute("SELECT * FROM hello(%s, %s, %s, %s, %s)",
                           (PROTOCOL_VERSION, club_id, desk_id, schema_version, wall_ms)).fetchone()
    return Hello(*row)


def acked(conn: psycopg.Connection, club_id: str, desk_id: str) -> int:
    row = conn.execute("SELECT coalesce(max(desk_seq), 0) FROM log_rows WHERE club_id = %s AND desk_id = %s",
                       (club_id, desk_id)).fetchone()
    return row[0]


def _ingest_lock(conn: psycopg.Connection, club_id: str) -> None:
    # One ingestion at a time per club, held to commit: server_seq values are then taken and committed in
    # increasing order, so a puller that has seen server_seq N can never later meet a smaller one.
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('clubdesk-ingest:' || %s, 0))", (club_id,))


def push_batch(conn: psycopg.Connection, club_id: str, desk_id: str, rows: list[dict]) -> int:
    """Append `rows` (one desk's, in desk_seq order, starting at most one past what the hub holds) and commit;
    returns the hub's acknowledged desk_seq for that desk afterwards.

    COPY into a temporary staging table first (no lock held while the rows cross the network), then under the
    club's ingestion lock one INSERT … SELECT … ON CONFLICT DO NOTHING: a row the hub already holds (a batch
    re-sent after a crash between the hub's commit and the desk's ack) is skipped, never doubled.
    """
    if not rows:
        return acked(conn, club_id, desk_id)
    first = rows[0]["desk_seq"]
    with conn.transaction():
        conn.execute("CREATE TEMPORARY TABLE IF NOT EXISTS push_staging (desk_id text, desk_seq bigint, "
                     "hlc bigint, schema_version int, entity text, entity_id text, op text, payload text) "
                     "ON COMMIT DELETE ROWS")
        with conn.cursor().copy(f"COPY push_staging ({', '.join(ROW_COLUMNS)}) FROM STDIN") as copy:
            for r in rows:
                if r["desk_id"] != desk_id:
                    raise ValueError(f"row {r['desk_id']}/{r['desk_seq']} pushed as desk {desk_id}")
                copy.write_row((desk_id, r["desk_seq"], r["hlc"], r["schema_version"], r["entity"],
                                r["entity_id"], r["op"], r["payload"]))
        _ingest_lock(conn, club_id)
        held = acked(conn, club_id, desk_id)
        if first > held + 1:
            # The hub lost rows this desk thought it had sent (a hub restored from a backup): send from held.
            conn.execute("TRUNCATE push_staging")
            return held
        conn.execute(f"INSERT INTO log_rows (club_id, {', '.join(ROW_COLUMNS)}) "
                     f"SELECT %s, {', '.join(ROW_COLUMNS)} FROM push_staging ORDER BY desk_seq "
                     "ON CONFLICT (club_id, desk_id, desk_seq) DO NOTHING", (club_id,))
        return acked(conn, club_id, desk_id)


def head(conn: psycopg.Connection, club_id: str) -> int:
    """The club's largest committed server_seq. Every smaller one is committed too (or rolled back, never to
    appear), because ingestion is serialised: a safe watermark to pull up to and to move a cursor to."""
    row = conn.execute("SELECT coalesce(max(server_seq), 0) FROM log_rows WHERE club_id = %s", (club_id,)).fetchone()
    conn.commit()
    return row[0]


def pull_page(conn: psycopg.Connection, club_id: str, after: int, upto: int, limit: int,
              own: list[str]) -> list[dict]:
    """The club's rows with server_seq in (after, upto], in server_seq order, at most `limit`, leaving out the
    rows of this file's own desk ids (it has them; they are filtered on the server and never cross the wire).
    Fewer than `limit` rows means everything up to `upto` has been seen."""
    cur = conn.execute(
        f"SELECT server_seq, {', '.join(ROW_COLUMNS)} FROM log_rows WHERE club_id = %s AND server_seq > %s "
        "AND server_seq <= %s AND desk_id <> ALL(%s) ORDER BY server_seq LIMIT %s", (club_id, after, upto, own, limit))
    names = ("server_seq", *ROW_COLUMNS)
    rows = [dict(zip(names, values, strict=True)) for values in cur]
    conn.commit()
    return rows


def pending_down(conn: psycopg.Connection, club_id: str, after: int, own: list[str]) -> int:
    row = conn.execute("SELECT count(*) FROM log_rows WHERE club_id = %s AND server_seq > %s "
                       "AND desk_id <> ALL(%s)", (club_id, after, own)).fetchone()
    conn.commit()
    return row[0]


def table_digests(conn: psycopg.Connection, club_id: str) -> dict[str, tuple[int, str]]:
    """Per entity: how many rows the hub holds and an md5 of their keys and clocks (see `verify`)."""
    cur = conn.execute(
        "SELECT entity, count(*), md5(string_agg(desk_id || ':' || desk_seq || ':' || hlc, ',' "
        "ORDER BY desk_id COLLATE \"C\", desk_seq)) FROM log_rows WHERE club_id = %s GROUP BY entity", (club_id,))
    result = {entity: (n, digest) for entity, n, digest in cur}
    conn.commit()
    return result
