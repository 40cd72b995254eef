"""Pulled rows a desk cannot apply (docs/sync.md «Rows a desk cannot apply»): each is checked before it is applied,
and one that fails is kept aside with its reason instead of stopping the pull for good.

A row whose payload is not JSON, not a JSON object, holds a nested value or an event without its game and seq, or
that refers to a row this desk does not hold (an event of a game not here, a check-in of a player not here: SQLite's
foreign keys) is stored in `change_log` as it came — its desk's sequence stays gap-free, so the rows after it
apply — with its log id in `sync_quarantine` (so no fold and no apply reads it) and a `conflicts` row of kind
`quarantined_row` saying why (`detail_json`: log_id, reason, text; for an event, its game). Later events of a game
with an event kept aside wait with it: applied before it, they would look like a branch.

After every pull the rows kept aside are tried again in their log order (`retry`): a row that waited for another
(an event whose game came in a later page or from another desk, as after a hub restored from an older backup) is
applied then. The administrator can retry one or discard it (`discard`: the conflict is closed as `discarded`; the
row stays in the log, never applied — nothing recorded is deleted).
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

import orjson

from clubdesk.store.changelog import _PLAIN, LOG_INSERT_ORIGIN, _fast_loads, canonical_json, parse_payload
from clubdesk.sync.errors import RowRefused
from clubdesk.sync.merge import ApplyResult, _apply_data

if TYPE_CHECKING:
    from clubdesk.store.db import Store

KIND = "quarantined_row"
# Why a row was kept aside. MISSING_ROW passes on a later try once the row it needs arrives, REFUSED may (a row
# SQLite refused as a new row's insert may apply as an update once that row is here); a payload that is not a JSON
# object of plain values never becomes one (a desk's row is never rewritten): only the administrator's discard
# closes those. Every open one is tried after each pull all the same: one parse each.
NOT_JSON, NOT_OBJECT, BAD_FIELD, MISSING_ROW, REFUSED = "not_json", "not_object", "bad_field", "missing_row", "refused"
# A staff account from a desk the hub has not allowed to manage staff (errors.RowRefused): a retry applies it once
# the administrator gives that desk the right (`add-desk NAME --staff`) and a sync has told this desk so.
NOT_ALLOWED = "not_allowed"
# What a row's own values can raise once it passed `check_payload`: SQLite refusing it (a broken foreign key, NOT
# NULL, UNIQUE), a value SQLite cannot store (an integer past 64 bits, a lone surrogate), or a field of the wrong
# JSON type where the merge reads it (a number for a name). A batch that raises one is halved down to the row
# (apply.apply_remote), which is kept aside with the error's text: a row from another desk never stops the pull,
# whoever is at fault. The desk's own failures (a full disk: WriteFailed; SyncGap) are not among them.
# (Not ValueError at large: a sync cursor moving back raises one, and that is the desk's own bug.)
ROW_ERRORS = (sqlite3.IntegrityError, sqlite3.DataError, sqlite3.InterfaceError, OverflowError, UnicodeEncodeError,
              TypeError, KeyError, AttributeError, RowRefused)
_SCALAR = frozenset({str, int, bool, float, type(None)})


def check_payload(entity: str, text: Any) -> tuple[Any, tuple[str, str] | None]:
    """(payload, None) for a payload the apply can read; (None, (reason, words)) otherwise. As cheap as the parse
    itself for the common payload (a dict of scalars): one set test on top of it."""
    try:  # parse_payload's own fast path: orjson, a dict of plain values
        payload = _fast_loads(text)
    except orjson.JSONDecodeError:
        payload = None
    else:
        if type(payload) is dict and _PLAIN.issuperset(map(type, payload.values())):
            return (payload, None) if entity != "events" else _event(payload)
    try:
        payload = parse_payload(text)
    except (ValueError, TypeError) as exc:  # orjson's and json's decode errors are ValueErrors
        return None, (NOT_JSON, _first_line(exc))
    if type(payload) is not dict:
        return None, (NOT_OBJECT, type(payload).__name__)
    if not _SCALAR.issuperset(map(type, payload.values())):
        nested = next(k for k, v in payload.items() if type(v) not in _SCALAR)
        return None, (BAD_FIELD, f"{nested}: {type(payload[nested]).__name__}")
    return (payload, None) if entity != "events" else _event(payload)


def _event(payload: dict) -> tuple[Any, tuple[str, str] | None]:
    """An event names its game and its place in it: the apply reads both before anything else."""
    game, seq = payload.get("game_id"), payload.get("seq")
    if type(game) is not str or not game or type(seq) is not int or seq < 1:
        return None, (BAD_FIELD, f"game_id={game!r}, seq={seq!r}")
    return payload, None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def reason_of(exc: BaseException) -> tuple[str, str]:
    """The reason a row's write failed (ROW_ERRORS)."""
    if isinstance(exc, RowRefused):   # the desk's own second line (a staff account from a desk without the right)
        return NOT_ALLOWED, exc.message("en")
    text = _first_line(exc)
    return (MISSING_ROW if "FOREIGN KEY" in text else REFUSED), text


class Holds:
    """What the events of one planned batch need: their game is here (or comes earlier in the batch), and no earlier
    event of that game is kept aside. One query per game and batch, one for the games with events kept aside."""

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self.cur = cur
        self.games: dict[str, bool] = {}
        self.waiting = waiting_games(cur)

    def game_arrives(self, game_id: str) -> None:
        self.games[game_id] = True

    def event_reason(self, game_id: str) -> tuple[str, str] | None:
        if game_id in self.waiting:
            return MISSING_ROW, f"games/{game_id}: an earlier event is kept aside"
        known = self.games.get(game_id)
        if known is None:
            known = self.games[game_id] = self.cur.execute("SELECT 1 FROM games WHERE id = ?",
                                                           (game_id,)).fetchone() is not None
        if not known:
            self.waiting.add(game_id)  # its later events in the batch wait too
            return MISSING_ROW, f"games/{game_id}: no such game here"
        return None


def waiting_games(cur: sqlite3.Cursor) -> set[str]:
    return {r[0] for r in cur.execute(
        "SELECT json_extract(detail_json, '$.game') FROM conflicts WHERE kind = ? AND NOT resolved "
        "AND entity = 'events'", (KIND,)) if r[0]}


def keep_aside(cur: sqlite3.Cursor, params: tuple, reason: tuple[str, str], game: str | None = None) -> None:
    """Store a pulled row (LOG_INSERT_ORIGIN parameters) in the log, kept aside with its reason."""
    cur.execute(LOG_INSERT_ORIGIN, params)
    _note(cur, cur.lastrowid, params[0], params[3], params[4], reason, game)


def _note(cur: sqlite3.Cursor, log_id: int, desk_id: str, entity: str, entity_id: str, reason: tuple[str, str],
          game: str | None) -> None:
    from clubdesk.store.models import utc_now

    cur.execute("INSERT OR IGNORE INTO sync_quarantine (log_id) VALUES (?)", (log_id,))
    detail = {"log_id": log_id, "reason": reason[0], "text": reason[1][:300]}
    if game:
        detail["game"] = game
    cur.execute("INSERT INTO conflicts (kind, entity, entity_id, other_id, detail_json, created_at, resolved) "
                "VALUES (?, ?, ?, ?, ?, ?, 0)", (KIND, str(entity)[:40], str(entity_id)[:36], desk_id,
                                                 canonical_json(detail), utc_now()))


def held_aside(cur: sqlite3.Cursor) -> set[int]:
    """Log ids of every row kept aside by this module (open or discarded): not rows waiting for a newer ClubDesk."""
    return {r[0] for r in cur.execute("SELECT json_extract(detail_json, '$.log_id') FROM conflicts WHERE kind = ?",
                                      (KIND,))}


def open_rows(store: Store) -> list[dict]:
    """The rows kept aside and not discarded, in log order: conflict id, log id, the log row, reason, text."""
    from clubdesk.sync.cursors import LOG_COLUMNS

    out = []
    for cid, detail, *values in store.read(
            f"SELECT q.id, q.detail_json, {', '.join('c.' + c for c in LOG_COLUMNS)} FROM conflicts q "
            "JOIN change_log c ON c.id = json_extract(q.detail_json, '$.log_id') "
            "WHERE q.kind = ? AND NOT q.resolved ORDER BY c.id", (KIND,)):
        d = json.loads(detail)
        out.append({"conflict": cid, "log_id": d["log_id"], "reason": d["reason"], "text": d.get("text", ""),
                    "row": dict(zip(LOG_COLUMNS, values, strict=True))})
    return out


def retry(store: Store, conflict_id: int | None = None, rederive=None) -> ApplyResult:
    """Try the rows kept aside again (all, or conflict `conflict_id`'s), in log order, each in a savepoint: one
    that applies now leaves quarantine (its conflict closed as `applied`), one that still cannot stays with its
    reason brought up to date. Passes repeat while one applied (a row may wait for a later one kept aside)."""
    from clubdesk.store import projections

    result = ApplyResult()
    while True:
        rows = [r for r in open_rows(store) if conflict_id is None or r["conflict"] == conflict_id]
        if not rows:
            break
        before = result.applied
        with store.write(background=True) as cur:
            for r in rows:
                _try(cur, r, result)
        if result.applied == before or conflict_id is not None:
            break
    if result.touched_games:
        (rederive or projections.rederive)(store, result.touched_games)
    return result


def _try(cur: sqlite3.Cursor, r: dict, result: ApplyResult) -> None:
    _, reason = _apply_one(cur, r["log_id"], r["row"], result)
    if reason is None:
        cur.execute("UPDATE conflicts SET resolved = 1, resolution = 'applied' WHERE id = ?", (r["conflict"],))
        return
    if (reason[0], reason[1][:300]) != (r["reason"], r["text"]):
        detail = {**json.loads(cur.execute("SELECT detail_json FROM conflicts WHERE id = ?",
                                           (r["conflict"],)).fetchone()[0]), "reason": reason[0], "text": reason[1][:300]}
        cur.execute("UPDATE conflicts SET detail_json = ? WHERE id = ?", (canonical_json(detail), r["conflict"]))


def apply_understood(cur: sqlite3.Cursor, log_id: int, row: dict, result: ApplyResult) -> None:
    """A row that waited for a newer ClubDesk and is understood now (apply.apply_quarantined): applied like any
    pulled row, or kept aside with its reason when it cannot be."""
    payload, reason = _apply_one(cur, log_id, row, result)
    if reason is not None:
        game = payload.get("game_id") if payload and row["entity"] == "events" else None
        _note(cur, log_id, row["desk_id"], row["entity"], row["entity_id"], reason, game)
        result.quarantined += 1


def _apply_one(cur: sqlite3.Cursor, log_id: int, row: dict, result: ApplyResult) -> tuple[Any, tuple[str, str] | None]:
    """Check a row held in the log and quarantined, and apply it in a savepoint (it leaves sync_quarantine); the
    reason it still cannot be applied, or None."""
    payload, reason = check_payload(row["entity"], row["payload"])
    if reason is None and row["entity"] == "events":
        reason = _event_reason(cur, payload["game_id"], log_id)
    if reason is not None:
        return payload, reason
    part = ApplyResult()
    cur.execute("SAVEPOINT quarantined_row")
    try:
        cur.execute("DELETE FROM sync_quarantine WHERE log_id = ?", (log_id,))
        _apply_data(cur, log_id, row, part)
    except ROW_ERRORS as exc:
        cur.execute("ROLLBACK TO quarantined_row")
        reason = reason_of(exc)
    cur.execute("RELEASE quarantined_row")
    if reason is None:
        result.merge(part)
    return payload, reason


def _event_reason(cur: sqlite3.Cursor, game_id: str, log_id: int) -> tuple[str, str] | None:
    if cur.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
        return MISSING_ROW, f"games/{game_id}: no such game here"
    earlier = cur.execute(
        "SELECT 1 FROM conflicts WHERE kind = ? AND NOT resolved AND entity = 'events' "
        "AND json_extract(detail_json, '$.game') = ? AND json_extract(detail_json, '$.log_id') < ?",
        (KIND, game_id, log_id)).fetchone()
    if earlier:
        return MISSING_ROW, f"games/{game_id}: an earlier event is kept aside"
    return None


def discard(store: Store, conflict_id: int) -> bool:
    """Close a row kept aside for good: it stays in the log (and in sync_quarantine, so nothing reads it), never
    applied. False when there is no such open row."""
    with store.write() as cur:
        cur.execute("UPDATE conflicts SET resolved = 1, resolution = 'discarded' WHERE id = ? AND kind = ? "
                    "AND NOT resolved", (conflict_id, KIND))
        return cur.rowcount == 1


def quarantine_failed_row(store: Store, row: dict, exc: BaseException, cursor_to: int | None) -> tuple[str, str]:
    """One pulled row whose write failed (ROW_ERRORS, found by halving its batch): kept aside in a transaction of its
    own, which moves the pull cursor past it."""
    from clubdesk.sync.cursors import _cursor, _set_cursor

    reason = reason_of(exc)
    params = (row["desk_id"], row["desk_seq"], row["hlc"], row["entity"], row["entity_id"], row["op"],
              row["payload"], row["schema_version"])
    game = None
    if row["entity"] == "events":
        with_game, _ = check_payload("events", row["payload"])
        game = with_game.get("game_id") if with_game else None
    with store.write(durable=False, background=True) as cur:
        keep_aside(cur, params, reason, game if isinstance(game, str) else None)
        if cursor_to is not None:
            _set_cursor(cur, "pull", max(cursor_to, _cursor(cur, "pull")))
    return reason
