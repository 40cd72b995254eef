"""One sync of this desk with its hub: hello, push every desk id's new rows, pull and apply the others'.

Services never see this. The desk side is this package's too: the cursors and desk ids (`cursors`), the push's
COPY text (`copy_text`) and the apply (`apply`); the store only records the change log (docs/sync.md).
The CLI (`clubdesk sync now`) and the GUI's background worker both call `sync_once`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from clubdesk.store import migrate
from clubdesk.store.db import Store
from clubdesk.sync import apply, apply_wal, cursors, deadline, desk_lock, hub_facts, protocol, quarantine, rewind
from clubdesk.sync.config import DeskConfig, load_config, write_settings
from clubdesk.sync.copy_text import pending_copy
from clubdesk.sync.credentials import load_password
from clubdesk.sync.errors import SyncError, foreign_desk, hub_errors
from clubdesk.sync.hub import role_name

PUSH_BATCH = 10_000  # rows per hub transaction: a crash loses at most one batch's round trip, never a row
PULL_PAGE = 10_000
APPLY_CHUNK = 5000  # rows per apply_remote call: the games they touch are re-derived once per call
# The first SQLite transaction of an apply_remote call; the next ones are sized to take about APPLY_BUDGET_MS
# (a shot recorded meanwhile waits for one such transaction: well under a 16 ms frame)
APPLY_BATCH = 20
APPLY_BUDGET_MS = 4.0
# While a sync runs, the interpreter hands the GIL over every 0.5 ms instead of 5: the GUI records a shot in its
# own thread with ~10 SQLite calls, each releasing the GIL, and each could otherwise wait 5 ms to get it back
# from the sync thread (benchmarks/sync.py measures the shot p99 during a background sync)
SWITCH_INTERVAL_S = 0.0005


@dataclass
class Progress:
    phase: str  # "push" | "pull"
    done: int
    total: int


@dataclass
class SyncReport:
    pushed: int = 0
    pulled: int = 0
    applied: int = 0
    quarantined: int = 0
    conflicts: int = 0
    touched_games: set[str] = field(default_factory=set)
    seconds: float = 0.0
    rewound: bool = False  # the hub had gone back (restored from an older backup): pulled again from its first row
    pull_mark: str | None = None  # the hub's row at the pull cursor after the pull (rewind.MARK)


def schema_version() -> int:
    return int(migrate.HEAD)


def _never(_point: str) -> None:
    pass


def not_joined() -> SyncError:
    return SyncError("Стойка не подключена к серверу синхронизации: clubdesk sync join URL --desk ИМЯ.",
                     "This desk has not joined a sync hub: clubdesk sync join URL --desk NAME.", code="not_joined")


def sync_once(store: Store, *, progress: Callable[[Progress], None] | None = None,
              fault: Callable[[str], None] = _never, password: str | None = None,
              push_batch: int = PUSH_BATCH, pull_page: int = PULL_PAGE, apply_chunk: int = APPLY_CHUNK,
              apply_batch: int = APPLY_BATCH, on_wait: Callable[[], None] | None = None,
              wait_s: float = desk_lock.WAIT_S) -> SyncReport:
    """Push then pull until both are empty; records the outcome in the desk's settings.

    One sync of a desk file at a time (desk_lock): a second one — the GUI's background sync while `sync now` runs in
    a terminal — calls `on_wait()` once and waits for the first up to `wait_s`, then raises SyncError
    `sync_running` (the outcome the first one records is left alone).

    `fault(point)` is called at "before_send", "after_commit" (the hub committed, the desk not yet told) and
    "mid_apply" (between two apply_remote calls of a page): the crash tests raise there. Raises SyncError for what the
    user must act on; the desk's data is never touched by a failure.
    """
    config = load_config(store)
    if config is None:
        raise not_joined()
    with desk_lock.one_sync(store.path, wait_s=wait_s, on_wait=on_wait), _short_switch_interval():
        return _sync_once(store, config, progress, fault, password, push_batch, pull_page, apply_chunk, apply_batch)


_switch_lock = threading.Lock()
_switch_users = 0


@contextlib.contextmanager
def _short_switch_interval():
    global _switch_users
    with _switch_lock:
        if _switch_users == 0:
            _short_switch_interval.saved = sys.getswitchinterval()
            sys.setswitchinterval(min(SWITCH_INTERVAL_S, _short_switch_interval.saved))
        _switch_users += 1
    try:
        yield
    finally:
        with _switch_lock:
            _switch_users -= 1
            if _switch_users == 0:
                sys.setswitchinterval(_short_switch_interval.saved)


def _sync_once(store: Store, config: DeskConfig, progress, fault, password, push_batch: int, pull_page: int,
               apply_chunk: int, apply_batch: int) -> SyncReport:
    started = time.monotonic()
    try:
        password = password if password is not None else load_password(config.address, config.desk_name)
        with hub_errors(config.address.where):
            conn = config.address.with_user(role_name(config.desk_name)).connect(password)
            # a link gone silent ends this sync in seconds, not hours (sync/deadline.py)
            conn.set_deadlines(deadline.CALL_DEADLINE_S, deadline.SYNC_DEADLINE_S)
            try:
                report = SyncReport()
                report.rewound = _push(store, conn, config, report, progress, fault, push_batch)
                _pull(store, conn, config, report, progress, fault, pull_page, apply_chunk, apply_batch)
                from clubdesk.sync.status import club_desks, skewed_desks

                skewed, desks = skewed_desks(conn, config.club_id), club_desks(conn, config.club_id)
            finally:
                conn.close()
    except SyncError as exc:  # what was committed on either side stays; the next sync resumes from it
        write_settings(store, {"sync.last_error": exc.message("ru"), "sync.last_error_en": exc.message("en"),
                               "sync.last_error_at": _now()})
        raise
    report.seconds = time.monotonic() - started
    write_settings(store, {"sync.last_success": _now(), "sync.last_error": None, "sync.last_error_en": None,
                           "sync.last_error_at": None, "sync.pending_down": "0",
                           "sync.skewed": json.dumps(skewed, ensure_ascii=False),
                           "sync.desks": json.dumps(desks, ensure_ascii=False), rewind.MARK: report.pull_mark})
    return report


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _push(store: Store, conn, config: DeskConfig, report: SyncReport, progress, fault, batch: int) -> bool:
    """Send every desk id's rows the hub lacks, from what the hub says it holds. True when it holds fewer than it
    acknowledged before: the hub went back (restored from an older backup, sync/rewind.py)."""
    desk_id = cursors.desk_identity(store)
    hello = protocol.hello(conn, config.club_id, desk_id, schema_version(), store.clock.machine_ms())
    hub_facts.learn_clock(store, conn)  # before this sync's rows are stamped further: docs/sync.md «Clocks»
    held = {}
    for d in cursors.local_desk_ids(store):
        held[d] = hello.acked if d == desk_id else protocol.acked(conn, config.club_id, d)
        if d != desk_id and cursors.last_desk_seq(store, d) > held[d]:
            held[d] = _claim(conn, config, d)
    went_back = any(h < cursors.get_cursor(store, f"push:{d}") for d, h in held.items())
    total = sum(max(cursors.last_desk_seq(store, d) - h, 0) for d, h in held.items())
    # The next batch is read from SQLite (and escaped) in a thread of its own while this one crosses to the hub
    # and is written there: SQLite releases the GIL, so the desk's work and the hub's overlap (a push of 100 000
    # rows took 0.79 s instead of 0.99 s, one run). The hub almost always takes a batch whole; when it does not,
    # that read is dropped.
    with ThreadPoolExecutor(1, thread_name_prefix="clubdesk-push-read") as reader:
        for d, acked in held.items():
            _move_push_cursor(store, d, acked)
            ahead = reader.submit(pending_copy, store, acked, batch, config.club_id, d)
            while True:
                block = ahead.result()
                if not block.count:
                    break
                ahead = reader.submit(pending_copy, store, block.last, batch, config.club_id, d)
                fault("before_send")
                now_acked = protocol.push_copy(conn, config.club_id, d, block.first, block.count, block.data)
                fault("after_commit")
                if now_acked == acked and block.first == acked + 1:
                    raise RuntimeError(f"the hub took none of rows {acked + 1}… of desk {d}")
                report.pushed += max(now_acked - acked, 0)
                acked = now_acked
                if acked != block.last:  # the hub holds other than this batch's end (lost rows): read from it
                    ahead = reader.submit(pending_copy, store, acked, batch, config.club_id, d)
                _move_push_cursor(store, d, acked)
                if progress:
                    progress(Progress("push", report.pushed, total))
    return went_back


def _claim(conn, config: DeskConfig, desk_id: str) -> int:
    """Register an earlier desk id of this file (a restored or copied file keeps its old rows to push) under this
    desk's login, as hello does the current one: the hub takes rows only under desk ids their login registered.
    Returns what the hub holds of it."""
    import psycopg

    try:
        return protocol.hello(conn, config.club_id, desk_id, schema_version(), int(time.time() * 1000)).acked
    except psycopg.errors.InsufficientPrivilege as exc:  # another desk's login registered it
        raise foreign_desk(config.address.where, str(exc).strip().splitlines()[0]) from exc


def _move_push_cursor(store: Store, desk_id: str, acked: int) -> None:
    # The local copy of the hub's ack is for `status` only; a hub that holds less (restored) is believed.
    if acked > cursors.get_cursor(store, f"push:{desk_id}"):
        cursors.set_cursor(store, f"push:{desk_id}", acked)


def _pull(store: Store, conn, config: DeskConfig, report: SyncReport, progress, fault, page: int,
          apply_chunk: int, apply_batch: int) -> None:
    own = cursors.local_desk_ids(store)
    upto = protocol.head(conn, config.club_id)  # read after this sync's push: its own rows are below it
    # after the watermark: every desk id of a row up to it is registered, and so is its right to write staff
    hub_facts.learn_staff(store, conn, config.club_id)
    if report.rewound or rewind.hub_went_back(store, conn, config.club_id, upto):
        report.rewound = True
        rewind.restart_pull(store)
    cursor = cursors.get_cursor(store, "pull")
    total = protocol.pending_down(conn, config.club_id, cursor, own)
    # one WAL upkeep for the whole pull: a checkpoint begun at the end of one apply call runs beside the next one
    with apply_wal.Checkpoints(store) as checkpoints:
        try:
            _pull_pages(store, conn, config, report, progress, fault, page, apply_chunk, apply_batch, own, cursor,
                        upto, total, checkpoints)
        except apply.SyncGap:
            # a row that does not follow its desk's last one here: the cursor passed rows the hub numbered again
            # (it went back in a way the checks above did not see). Once per sync, from the first row.
            if report.rewound:
                raise
            report.rewound = True
            rewind.restart_pull(store)
            _pull_pages(store, conn, config, report, progress, fault, page, apply_chunk, apply_batch, own, 0,
                        upto, total, checkpoints)
    report.pull_mark = rewind.mark(store, conn, config.club_id)
    # rows kept aside that waited for a row pulled since (an event whose game came later: sync/quarantine.py)
    if quarantine.open_rows(store):
        retried = quarantine.retry(store)
        report.applied += retried.applied
        report.conflicts += retried.conflicts
        report.touched_games |= retried.touched_games


def _pull_pages(store: Store, conn, config: DeskConfig, report: SyncReport, progress, fault, page: int,
                apply_chunk: int, apply_batch: int, own: list[str], cursor: int, upto: int, total: int,
                checkpoints: apply_wal.Checkpoints) -> None:
    while True:
        rows = protocol.pull_page(conn, config.club_id, cursor, upto, page, own)
        for start in range(0, len(rows), apply_chunk):
            chunk = rows[start:start + apply_chunk]
            result = apply.apply_remote(store, chunk, batch=apply_batch, budget_ms=APPLY_BUDGET_MS,
                                        checkpoints=checkpoints)
            # the next call starts at the size this one reached, not at the first one's small APPLY_BATCH again
            apply_batch = result.batch or apply_batch
            report.pulled += len(chunk)
            report.applied += result.applied
            report.quarantined += result.quarantined
            report.conflicts += result.conflicts
            report.touched_games |= set(result.touched_games)
            if progress:
                progress(Progress("pull", report.pulled, max(total, report.pulled)))
            fault("mid_apply")
        if len(rows) < page:
            # All up to the watermark is here; what lies between the last row applied and it is this desk's
            # own, so the cursor moves past it and the next sync does not walk it again.
            if upto > cursors.get_cursor(store, "pull"):
                cursors.set_cursor(store, "pull", upto)
            return
        cursor = rows[-1]["server_seq"]
