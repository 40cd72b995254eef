"""The merge of one pulled row on a desk (docs/sync.md «The desk side»): per-field LWW by (hlc, desk_id) against the
row's earlier log rows, a game's events as a grow-only set with a second branch kept aside, and what a changed row
sets off — a player's derived name and ban, duplicate players, a game's branch decision, a duplicate login.

The row-by-row path; the batches (bulk_apply) do the same merge per batch, the quarantine (quarantine.py) applies
rows kept aside with it, and apply.py drives them all.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from clubdesk.store.changelog import DERIVED, ROW_KEYS, canonical_json, fold, parse_payload, with_name_parts
from clubdesk.sync import resolutions
from clubdesk.sync.cursors import LOG_COLUMNS
from clubdesk.sync.errors import RowRefused


class SyncGap(RuntimeError):
    """A remote row does not follow its desk's last row here: the puller skipped one (a protocol bug)."""


def refuse_unallowed(cur: sqlite3.Cursor, row: dict) -> None:
    """The desk's second line behind the hub's check (hub migration h005): a staff account (login, password hash,
    roles) only from a desk id the hub says may manage staff (`sync.staff_desks`, read at each sync; a desk that
    never heard it from a hub — rows exchanged directly, a hub before h005 — checks nothing). Else RowRefused."""
    if row["entity"] != "accounts":
        return
    said = cur.execute("SELECT value FROM settings WHERE key = 'sync.staff_desks'").fetchone()
    if said is None or row["desk_id"] in json.loads(said[0]):
        return
    desk = row["desk_id"][:8]
    raise RowRefused(row, "staff_from_desk_not_allowed",
                     f"Стойка не применила учётную запись персонала от стойки {desk}…: той стойке не разрешено "
                     "управлять персоналом. Запись не применена; сообщите администратору сервера синхронизации.",
                     f"This desk did not apply a staff account from desk {desk}…: that desk may not manage staff. "
                     "The record was not applied; tell the sync hub's administrator.")


@dataclass
class ApplyResult:
    applied: int = 0
    skipped: int = 0
    quarantined: int = 0
    conflicts: int = 0
    touched_games: set[str] = field(default_factory=set)
    touched: set[tuple[str, str]] = field(default_factory=set)  # (entity, id) of every row changed
    batch: int = 0  # with a budget: the size the next transaction would have had (the next call may start there)

    def merge(self, other: ApplyResult) -> None:
        """Add what one committed transaction did (a rolled-back one's result is dropped)."""
        self.applied += other.applied
        self.skipped += other.skipped
        self.quarantined += other.quarantined
        self.conflicts += other.conflicts
        self.touched_games |= other.touched_games
        self.touched |= other.touched


def _apply_data(cur: sqlite3.Cursor, log_id: int, row: dict, result: ApplyResult) -> None:
    refuse_unallowed(cur, row)
    result.applied += 1
    fields = {k: v for k, v in with_name_parts(row["entity"], parse_payload(row["payload"])).items() if k not in ROW_KEYS}
    key = (row["hlc"], row["desk_id"])
    if row["entity"] == "events":
        _apply_event(cur, row, fields, result)
        return
    entity, entity_id = row["entity"], row["entity_id"]
    columns = _columns(cur, entity)
    # Derived columns are this desk's own (a row logged before they were derived may still carry them).
    fields = {k: v for k, v in fields.items() if k in columns and k not in DERIVED.get(entity, ())}
    earlier = fold(cur.execute("SELECT hlc, desk_id, payload FROM change_log WHERE entity = ? AND entity_id = ? "
                               "AND id <> ? AND id NOT IN (SELECT log_id FROM sync_quarantine)",
                               (entity, entity_id, log_id)).fetchall(), entity)
    winners = {k: v for k, v in fields.items() if k not in earlier or key > earlier[k][0]}
    current = cur.execute(f"SELECT hlc, desk_id FROM {entity} WHERE id = ?", (entity_id,)).fetchone()
    if current is None:
        values = {**_defaults(entity), **{k: v for k, (_, v) in earlier.items() if k in columns}, **winners}
        values.update(id=entity_id, hlc=row["hlc"], desk_id=row["desk_id"])
        if entity == "players":
            values["name"] = player_name(values)
        if not _insert(cur, entity, values, row, result):
            return
    elif winners:
        stamp = max(tuple(current), key)
        sets = ", ".join(f"{k} = ?" for k in winners)
        cur.execute(f"UPDATE {entity} SET {sets}, hlc = ?, desk_id = ? WHERE id = ?",
                    (*winners.values(), *stamp, entity_id))
    else:
        return
    result.touched.add((entity, entity_id))
    changed = winners if current is not None else values
    if entity == "games":
        result.touched_games.add(entity_id)
        if changed.get("branch_json"):  # the administrator decided which branch continues the game
            resolutions.follow_decision(cur, entity_id)
    if entity == "players":
        if current is not None and {"surname", "first_name"} & set(winners):
            derive_player_name(cur, entity_id)
        if changed.get("merged_into"):
            resolutions.resolve_duplicates(cur, entity_id)
        result.conflicts += _note_duplicate_players(cur, entity_id)
        derive_player_ban(cur, entity_id)
    if entity == "bans":
        derive_player_ban(cur, cur.execute("SELECT player_id FROM bans WHERE id = ?", (entity_id,)).fetchone()[0])


def player_name(values: dict) -> str:
    """The derived `players.name` of a row's values (clubdesk.names.full_name)."""
    from clubdesk.names import full_name

    return full_name(values.get("surname") or "", values.get("first_name") or "")


def derive_player_name(cur: sqlite3.Cursor, player_id: str) -> None:
    """The player's name from his surname and first name as merged here (each may have come from another desk)."""
    surname, first_name = cur.execute("SELECT surname, first_name FROM players WHERE id = ?", (player_id,)).fetchone()
    cur.execute("UPDATE players SET name = ? WHERE id = ?",
                (player_name({"surname": surname, "first_name": first_name}), player_id))


def derive_player_ban(cur: sqlite3.Cursor, player_id: str) -> None:
    """The player's status, ban_reason, ban_until from the bans in force: the newest by (hlc, desk_id) decides."""
    ban = cur.execute("SELECT reason, until FROM bans WHERE player_id = ? AND lifted = 0 "
                      "ORDER BY hlc DESC, desk_id DESC LIMIT 1", (player_id,)).fetchone()
    status, reason, until = ("banned", *ban) if ban else ("active", "", None)
    cur.execute("UPDATE players SET status = ?, ban_reason = ?, ban_until = ? WHERE id = ?",
                (status, reason, until, player_id))


def _insert(cur: sqlite3.Cursor, entity: str, values: dict, row: dict, result: ApplyResult) -> bool:
    cur.execute("SAVEPOINT apply_row")
    try:
        cur.execute(f"INSERT INTO {entity} ({', '.join(values)}) VALUES ({', '.join('?' * len(values))})",
                    tuple(values.values()))
    except sqlite3.IntegrityError:
        if entity != "accounts":
            raise  # a set-like or keyed row collides only if its id was not derived from its key: a bug
        # Two desks created the same login: both kept, the administrator decides (the log row stays).
        cur.execute("ROLLBACK TO apply_row")
        cur.execute("RELEASE apply_row")
        other = cur.execute("SELECT id FROM accounts WHERE login = ?", (values.get("login"),)).fetchone()
        _add_conflict(cur, "duplicate_account", "accounts", row["entity_id"], other[0] if other else "",
                      {"log": {k: row[k] for k in LOG_COLUMNS}})
        result.conflicts += 1
        return False
    cur.execute("RELEASE apply_row")
    return True


def _apply_event(cur: sqlite3.Cursor, row: dict, fields: dict, result: ApplyResult) -> None:
    """Events are a grow-only set; a second branch of one game is kept aside in `conflicts`, never merged."""
    event_id, game_id, seq = row["entity_id"], fields["game_id"], fields["seq"]
    if cur.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone():
        return
    event = {"id": event_id, **fields, "hlc": row["hlc"], "desk_id": row["desk_id"]}
    if resolutions.set_aside_on_arrival(cur, game_id, event):
        return  # it continues a branch the administrator set aside: archived, not a new conflict
    last = cur.execute("SELECT coalesce(max(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
    branch_open = cur.execute("SELECT 1 FROM conflicts WHERE kind = 'game_branch' AND entity_id = ? AND "
                              "other_id = ? AND resolved = 0", (game_id, row["desk_id"])).fetchone()
    if branch_open or seq != last + 1:
        _add_conflict(cur, "game_branch", "games", game_id, row["desk_id"], {"event": event})
        result.conflicts += 1
        return
    cur.execute(resolutions.EVENT_INSERT, resolutions.event_values(event_id, fields, row["hlc"], row["desk_id"]))
    result.touched_games.add(game_id)


def _add_conflict(cur: sqlite3.Cursor, kind: str, entity: str, entity_id: str, other_id: str, detail: dict) -> None:
    from clubdesk.store.models import utc_now

    cur.execute("INSERT INTO conflicts (kind, entity, entity_id, other_id, detail_json, created_at, resolved) "
                "VALUES (?, ?, ?, ?, ?, ?, 0)", (kind, entity, entity_id, other_id, canonical_json(detail), utc_now()))


def normalised_phone(phone: str) -> str:
    """E.164 of a valid phone (clubdesk.phones: «8 (903)…» and «+7 903…» are one phone), else the phone as stored."""
    from clubdesk import phones

    return phones.key(phone or "")


def _note_duplicate_players(cur: sqlite3.Cursor, player_id: str) -> int:
    """After a player arrives: another with the same nickname or normalised phone is a conflict to show."""
    me = cur.execute("SELECT nickname_key, phone, merged_into FROM players WHERE id = ?", (player_id,)).fetchone()
    if me[2]:
        return 0  # merged: it is the survivor now, not a duplicate of anyone
    nickname, phone = me[0], normalised_phone(me[1])
    found = 0
    # Two indexed queries, not one with OR (which scans the whole registry for every arriving row: a 10 000-player
    # pull took 88 s instead of 4). Stored phones are E.164 (0010), so the phone is looked up by its normalised
    # form and by the arriving text as it is (a desk of an older version may still send «8 (903)…»).
    candidates = cur.execute("SELECT id, nickname_key, phone FROM players WHERE id <> ? AND nickname_key = ? "
                             "AND merged_into = ''", (player_id, nickname)).fetchall() if nickname else []
    if phone:
        candidates += cur.execute("SELECT id, nickname_key, phone FROM players WHERE id <> ? AND phone IN (?, ?) "
                                  "AND merged_into = ''", (player_id, phone, me[1])).fetchall()
    for other_id, other_nick, other_phone in candidates:
        same_nick = bool(nickname) and other_nick == nickname
        same_phone = bool(phone) and normalised_phone(other_phone) == phone
        if not (same_nick or same_phone):
            continue
        a, b = sorted((player_id, other_id))
        if cur.execute("SELECT 1 FROM conflicts WHERE kind = 'duplicate_player' AND entity_id = ? AND other_id = ?",
                       (a, b)).fetchone():
            continue
        _add_conflict(cur, "duplicate_player", "players", a, b,
                      {"same": "nickname" if same_nick else "phone"})
        found += 1
    return found


def _columns(cur: sqlite3.Cursor, table: str) -> frozenset[str]:
    return frozenset(r[1] for r in cur.execute(f"PRAGMA table_info({table})").fetchall())


def _defaults(table: str) -> dict[str, Any]:
    """The ORM's defaults of a table's columns, for a row whose creation carried fewer fields (an older desk)."""
    from clubdesk.store.models import Base

    out = {}
    for col in Base.metadata.tables[table].columns:
        d = col.default
        if d is None or col.primary_key:
            continue
        out[col.name] = d.arg(None) if d.is_callable else d.arg
    return out
