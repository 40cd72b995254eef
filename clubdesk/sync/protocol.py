"""The sync protocol on the wire: hello, push a batch of log rows, pull a page of them.

Each call is one short PostgreSQL transaction, so a sync can stop anywhere (a crash, a cable pulled) and
the next one resumes from what the hub has committed: the hub, not the desk, says which rows it holds.
CouchDB's replication reads the same way: a checkpoint on both sides, idempotent batches.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from clubdesk.sync.errors import SyncError

if TYPE_CHECKING:
    import psycopg

# 1: hello(); log_rows keyed (club_id, desk_id, desk_seq), pulled by server_seq. A hub of a higher protocol
# may have changed any of it, so a desk speaks only to a hub of its own protocol.
PROTOCOL_VERSION = 1
# How long a push waits for the club's ingestion lock while another desk holds it (docs/sync.md «Limits»)
INGEST_LOCK_WAIT_S = 30.0
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
    """The largest desk_seq of `desk_id` the hub holds. Called on its own it commits (as `head` does): a transaction
    left open would make each push batch after it a savepoint, holding the club's ingestion lock from the first
    batch to the end of the sync and committing none of them until then."""
    from psycopg.pq import TransactionStatus

    alone = conn.info.transaction_status == TransactionStatus.IDLE
    row = conn.execute("SELECT coalesce(max(desk_seq), 0) FROM log_rows WHERE club_id = %s AND desk_id = %s",
                       (club_id, desk_id)).fetchone()
    if alone:
        conn.commit()
    return row[0]


def _ingest_lock(conn: psycopg.Connection, club_id: str) -> None:
    # One ingestion at a time per club, held to commit: server_seq values are then taken and committed in
    # increasing order, so a puller that has seen server_seq N can never later meet a smaller one.
    # The wait is bounded (INGEST_LOCK_WAIT_S): then `_append` asks the hub to end a holder past the desk limits,
    # and otherwise gives up with one line (LockNotAvailable: errors `hub_busy`); the next sync resumes. The bound
    # is longer than the hub's idle-in-transaction cut-off (hub.DESK_LIMITS): a push queued behind a hung desk
    # gets the lock in the same sync.
    conn.execute("SELECT set_config('lock_timeout', %s, true)", (f"{INGEST_LOCK_WAIT_S * 1000:.0f}ms",))
    # the hub is silent while the lock is awaited: the desk's own deadline (sync/deadline.py) waits that long more
    longer = getattr(conn, "longer", None)
    with longer(INGEST_LOCK_WAIT_S) if longer else contextlib.nullcontext():
        conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('clubdesk-ingest:' || %s, 0))", (club_id,))


def push_batch(conn: psycopg.Connection, club_id: str, desk_id: str, rows: list[dict]) -> int:
    """`push_rows` of log rows given as dicts (cursors.pending_since)."""
    return push_rows(conn, club_id, desk_id, [tuple(r[c] for c in ROW_COLUMNS) for r in rows])


def push_rows(conn: psycopg.Connection, club_id: str, desk_id: str, rows: list[tuple]) -> int:
    """`push_copy` of rows given as ROW_COLUMNS tuples (one desk's, in desk_seq order, with no hole); psycopg
    writes each row. A batch with a hole raises ValueError and sends nothing: the hub never holds a hole."""
    if not rows:
        return acked(conn, club_id, desk_id)
    for r in rows:
        if r[0] != desk_id:
            raise ValueError(f"row {r[0]}/{r[1]} pushed as desk {desk_id}")
    first = rows[0][1]
    if any(r[1] != first + k for k, r in enumerate(rows)):
        raise ValueError(f"rows of desk {desk_id} pushed with a gap after {first}")  # a bug: never a hole

    def send(copy, skip: int) -> None:
        for r in rows[skip:]:
            copy.write_row((club_id, *r))

    return _append(conn, club_id, desk_id, first, len(rows), send)


def push_copy(conn: psycopg.Connection, club_id: str, desk_id: str, first: int, count: int, data: bytes) -> int:
    """Append one desk's rows `first` … `first + count - 1` given as COPY text of (club_id, *ROW_COLUMNS), one
    UTF-8 line a row (`copy_text.pending_copy`), and commit; returns the hub's acknowledged desk_seq of the desk
    afterwards. The block goes to the server as it is."""
    if not count:
        return acked(conn, club_id, desk_id)
    if conn.info.encoding != "utf-8":  # a hub whose client encoding is not UTF-8 gets the text in its own
        data = data.decode("utf-8").encode(conn.info.encoding)

    def send(copy, skip: int) -> None:
        # escaped newlines are two characters: every b"\n" in the block ends a row
        copy.write(data if skip == 0 else data.split(b"\n", skip)[skip])

    return _append(conn, club_id, desk_id, first, count, send)


def _append(conn: psycopg.Connection, club_id: str, desk_id: str, first: int, count: int,
            send: Callable[[psycopg.Copy, int], None]) -> int:
    """`_append_locked`; when the ingestion lock does not come within INGEST_LOCK_WAIT_S, ends the session of a
    holder past the desk logins' limits (the hub's break_ingest_lock, h003) and tries once more."""
    import psycopg

    try:
        return _append_locked(conn, club_id, desk_id, first, count, send)
    except psycopg.errors.LockNotAvailable as exc:
        if not _break_ingest_lock(conn, club_id):
            # the desk's one line names them and the wait (errors.hub_busy)
            exc.holders, exc.waited_s = ingest_lock_holders(conn, club_id), INGEST_LOCK_WAIT_S
            raise
    try:
        return _append_locked(conn, club_id, desk_id, first, count, send)
    except psycopg.errors.LockNotAvailable as exc:
        exc.holders, exc.waited_s = ingest_lock_holders(conn, club_id), INGEST_LOCK_WAIT_S
        raise


def ingest_lock_holders(conn: psycopg.Connection, club_id: str) -> list[tuple[str, str | None, bool]]:
    """Who holds the club's ingestion lock now: (login, its desk name here or None, whether it is the hub's
    administrator: a member of the schema's owner). Any login may read pg_locks and the user of every session, so a
    desk can say who blocks it and the administrator knows whose login to disable. [] when the lock is free or the
    hub cannot say."""
    import psycopg

    try:
        with conn.transaction():
            return [tuple(r) for r in conn.execute(
                "WITH k AS (SELECT hashtextextended('clubdesk-ingest:' || %s, 0) AS v) "
                "SELECT a.usename, r.name, pg_has_role(a.usesysid, (SELECT n.nspowner FROM pg_namespace n "
                "WHERE n.nspname = current_schema()), 'MEMBER') FROM k, pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
                "LEFT JOIN desk_roles r ON r.role_name = a.usename "
                "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 "
                "AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database()) "
                "AND l.classid::bigint = (k.v >> 32) & 4294967295 AND l.objid::bigint = k.v & 4294967295 "
                "ORDER BY a.usename", (club_id,))]
    except psycopg.Error:
        return []


def _break_ingest_lock(conn: psycopg.Connection, club_id: str) -> int:
    """How many holders of the club's ingestion lock the hub ended: desk logins that held it idle in their
    transaction, longer than a batch may take, or outside any transaction (a login that SET its own limits off,
    which the role's settings cannot prevent). 0 on a hub before h003 (the push then gives up as it did)."""
    import psycopg

    try:
        with conn.transaction():
            return conn.execute("SELECT break_ingest_lock(%s)", (club_id,)).fetchone()[0]
    except (psycopg.errors.UndefinedFunction, psycopg.errors.InsufficientPrivilege):
        return 0


def _append_locked(conn: psycopg.Connection, club_id: str, desk_id: str, first: int, count: int,
                   send: Callable[[psycopg.Copy, int], None]) -> int:
    """Rows `first` … `first + count - 1` of `desk_id` (starting at most one past what the hub holds): under the
    club's ingestion lock read what the hub holds of the desk, skip the rows it already has (a batch re-sent
    after a crash between the hub's commit and the desk's ack: `send(copy, skip)` writes the rest) and COPY the
    rest straight into `log_rows`, then commit.

    Nothing else ingests rows of this club meanwhile and the hub's rows of a desk are gap-free, so the rows above
    the acknowledged desk_seq cannot be there: a plain COPY, no staging table and no ON CONFLICT pass (which cost
    a second write of every row: push was 2.9× a bare COPY). The hub checks the rows' desk id is one this role
    registered and that they leave no hole (hub migration h002). The lock is held while one batch crosses the
    network; pullers take no lock.
    """
    with conn.transaction():
        _ingest_lock(conn, club_id)
        # The hub's check of the rows (h002) reads them from the statement's transition table: at the default
        # 4 MB of work_mem a 10 000-row batch spilled it to disk (the check cost 9 % of the push, 4 % with this)
        conn.execute("SELECT set_config('work_mem', '32MB', true)")
        held = acked(conn, club_id, desk_id)
        if first > held + 1:
            # The hub lost rows this desk thought it had sent (a hub restored from a backup): send from held.
            return held
        skip = held + 1 - first
        if skip >= count:
            return held
        with conn.cursor().copy(f"COPY log_rows (club_id, {', '.join(ROW_COLUMNS)}) FROM STDIN") as copy:
            send(copy, skip)
        return first + count - 1


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
    # Walk the pull index in order and stop at `limit`. Right after a large push the table's statistics still say
    # a few rows, and the planner then reads every row above the cursor and sorts them (on disk) for each page:
    # 93 ms a page of 10 000 over 100 000 rows, and growing with the club. Pages are always wanted in this
    # order, so the other plans are switched off for this one query.
    conn.execute("SET LOCAL enable_sort = off")
    conn.execute("SET LOCAL enable_bitmapscan = off")
    cur = conn.cursor(binary=True).execute(
        f"SELECT server_seq, {', '.join(ROW_COLUMNS)} FROM log_rows WHERE club_id = %s AND server_seq > %s "
        "AND server_seq <= %s AND desk_id <> ALL(%s) ORDER BY server_seq LIMIT %s", (club_id, after, upto, own, limit))
    names = ("server_seq", *ROW_COLUMNS)
    # fetchall: psycopg builds the page's tuples in one call (iterating the cursor took a Python call a row)
    rows = [dict(zip(names, values, strict=True)) for values in cur.fetchall()]
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
