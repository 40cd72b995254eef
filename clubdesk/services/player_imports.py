"""A player import written, undone, and the registry exported (issue 39).

One import is one step: the rows the preview judged new are added and the chosen «same» rows updated in one
transaction of the unit of work, so it lands whole or not at all and reaches the other desks by sync like any
registration. The rows are judged again inside that transaction: what another desk synced meanwhile is «the same»,
so importing one file twice (or two clicks at once) adds nobody.

The import is recorded on the desk that made it: a `settings` row `player_import:<id>` (local, not synced) with
the players it added, the fields it changed (before and after) and the bans it wrote. Undo takes it back as a
whole, again through the unit of work so every desk follows: each added player is taken out (`merged_into` =
REMOVED, the row stays, as the desk's «Удалить игрока…» does), its bans lifted, each updated field restored where
it still holds what the import wrote (an edit made since is kept). Refused, with the reason, once a player the
import added has played, checked in, entered a tournament or was merged.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import NamedTuple

from clubdesk import phones
from clubdesk.errors import KnownError, ValidationError
from clubdesk.names import full_name
from clubdesk.roles import Actor, require
from clubdesk.services import player_files
from clubdesk.services.player_import import FIELDS, REMOVED, Registry, Verdict, judge, registry_of, updated
from clubdesk.services.player_import import counts as verdict_counts
from clubdesk.services.players import ROW_COLUMNS, PlayerService, row_of
from clubdesk.store.db import Store

KEY = "player_import:"
EXPORT_FIELDS = ("surname", "first_name", "nickname", "phone", "birthday", "notes", "ban", "ban_until")
_RESTORED = ("surname", "first_name", "nickname", "phone", "notes", "birthday")
_REGISTRY_SQL = f"SELECT {ROW_COLUMNS}, merged_into FROM players WHERE merged_into <> ? ORDER BY name, id"


class ImportRecord(NamedTuple):
    """One import as listed for undo: when, by whom, from which file, how many added and updated."""

    id: str
    at: str
    login: str
    source: str
    added: int
    updated: int
    undone_at: str = ""


class ImportResult(NamedTuple):
    record: ImportRecord
    verdicts: list[Verdict]
    counts: dict[str, int]


def _assign(p, v: Verdict) -> None:
    """`PlayerService.assign` of a new row, with the search key's phone digits the judging already read (the
    same key: `search_key` joins its non-empty parts with spaces, the digits last)."""
    PlayerService.assign(p, v.data._replace(phone=""))
    p.phone = v.data.phone
    if v.digits:
        p.search_key = f"{p.search_key} {v.digits}" if p.search_key else v.digits


def _record_text(record: dict) -> str:
    """The import's record as its `settings` row holds it, written last in the import's transaction."""
    return json.dumps(record, ensure_ascii=False)


def _iso(value):
    return value.isoformat() if isinstance(value, dt.date) else value


class ImportService:
    def __init__(self, store: Store, today: dt.date | None = None) -> None:
        self.store = store
        self._today = today

    def today(self) -> dt.date:
        return self._today or dt.date.today()

    def registry(self, read=None) -> Registry:
        rows = (read or self.store.read)(_REGISTRY_SQL, (REMOVED,))
        return registry_of((row_of(r), not r[-1]) for r in rows)

    def preview(self, table: player_files.Table, mapping: list[str | None]) -> list[Verdict]:
        return judge(table, mapping, self.registry(), self.today())

    def run(self, actor: Actor, table: player_files.Table, mapping: list[str | None], *, update: bool = False,
            choices: dict[int, bool] | None = None) -> ImportResult:
        """Add the new rows and, where chosen (`choices[row]`, else `update`), update the registered players the
        file has; nothing is written when no row adds or changes anything."""
        from clubdesk.store.ids import uuid7
        from clubdesk.store.models import Ban, Player, Setting
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        choices = choices or {}
        with UnitOfWork(self.store, actor.account_id) as uow:
            conn = uow.session.connection()
            verdicts = judge(table, mapping, self.registry(lambda sql, p: conn.exec_driver_sql(sql, p).fetchall()),
                             self.today())
            new = [v for v in verdicts if v.kind == "new"]
            upd = [v for v in verdicts if v.kind == "same" and v.changes and choices.get(v.row, update)]
            record = {"at": dt.datetime.now().isoformat(timespec="seconds"), "login": actor.login,
                      "source": table.source, "created": [], "bans": [], "before": {}, "after": {}, "ban_edits": {}}
            added = []
            for v in new:
                p = Player(id=uuid7())
                _assign(p, v)
                added.append(p)
            uow.session.add_all(added)
            record["created"] = [p.id for p in added]
            for v in upd:
                self._update(uow, record, v)
            uow.session.flush()
            bans = [Ban(id=uuid7(), player_id=p.id, reason=v.data.ban_reason, until=v.data.ban_until)
                    for p, v in zip(added, new, strict=True) if v.data.banned]
            uow.session.add_all(bans)
            record["bans"] += [b.id for b in bans]
            import_id = uuid7()
            result = ImportRecord(import_id, record["at"], actor.login, table.source, len(added), len(upd))
            if added or upd:
                uow.session.add(Setting(key=KEY + import_id, value=_record_text(record)))
        return ImportResult(result, verdicts, verdict_counts(verdicts))

    @staticmethod
    def _update(uow, record: dict, v: Verdict) -> None:
        from sqlalchemy import select

        from clubdesk.store.ids import uuid7
        from clubdesk.store.models import Ban, Player

        p = uow.session.get(Player, v.match.id)
        data = updated(v.data, v.match, v.changes)
        fields = [f for f in v.changes if f in _RESTORED]
        record["before"][p.id] = {f: _iso(getattr(p, f)) for f in fields}
        record["after"][p.id] = {f: _iso(getattr(data, f)) for f in fields}
        PlayerService.assign(p, data)
        if "ban" in v.changes:
            in_force = uow.session.scalars(select(Ban).where(Ban.player_id == p.id, Ban.lifted.is_(False))
                                           .order_by(Ban.hlc.desc(), Ban.desk_id.desc())).first()
            if in_force is None:
                ban = Ban(id=uuid7(), player_id=p.id, reason=data.ban_reason, until=data.ban_until)
                uow.session.add(ban)
                record["bans"].append(ban.id)
            else:
                record["ban_edits"][in_force.id] = [[in_force.reason, _iso(in_force.until)],
                                                    [data.ban_reason, _iso(data.ban_until)]]
                in_force.reason, in_force.until = data.ban_reason, data.ban_until

    # ---- the record and undo -------------------------------------------------------------------------------
    def history(self) -> list[ImportRecord]:
        """The imports made on this desk, the newest first."""
        out = []
        for key, value in self.store.read("SELECT key, value FROM settings WHERE key LIKE ?", (KEY + "%",)):
            r = json.loads(value)
            out.append(ImportRecord(key[len(KEY):], r["at"], r["login"], r["source"], len(r["created"]),
                                    len(r["before"]), r.get("undone_at", "")))
        return sorted(out, key=lambda r: r.id, reverse=True)

    def played(self, player_ids: set[str]) -> list[tuple[str, str, str]]:
        """(player id, what in Russian, in English) for each of these players recorded anywhere since."""
        found: dict[str, tuple[str, str]] = {}
        for (text,) in self.store.read("SELECT players_json FROM games", ()):
            for pid in set(re.findall(r'"([^"]{8,40})"', text)) & player_ids:
                found.setdefault(pid, ("играл", "has played"))
        for sql, ru, en in (
                ("SELECT player_id FROM seats WHERE NOT deleted", "сидит за столом", "has a seat at a table"),
                ("SELECT player_id FROM check_ins WHERE NOT deleted", "отмечен на вечере", "checked in at an evening"),
                ("SELECT player_id FROM tournament_entries WHERE NOT deleted", "заявлен на турнир",
                 "entered a tournament"),
                ("SELECT player_id FROM accounts WHERE player_id IS NOT NULL", "связан с учётной записью",
                 "has a staff account"),
                ("SELECT merged_into FROM players WHERE merged_into <> ''", "объединён с другой регистрацией",
                 "was merged with another registration"),
                ("SELECT id FROM players WHERE merged_into <> '' AND merged_into <> ?", "объединён с другим игроком",
                 "was merged into another player")):
            params = (REMOVED,) if "?" in sql else ()
            for (pid,) in self.store.read(sql, params):
                if pid in player_ids:
                    found.setdefault(pid, (ru, en))
        return [(pid, *why) for pid, why in found.items()]

    def undo(self, actor: Actor, import_id: str) -> ImportRecord:
        from clubdesk.store.models import Setting
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        rows = self.store.read("SELECT value FROM settings WHERE key = ?", (KEY + import_id,))
        if not rows:
            raise ValidationError("import", "Такого импорта на этой стойке нет.", "No such import on this desk.")
        record = json.loads(rows[0][0])
        if record.get("undone_at"):
            raise ValidationError("import", f"Импорт от {record['at'][:16].replace('T', ' ')} уже отменён.",
                                  f"The import of {record['at'][:16].replace('T', ' ')} is already undone.")
        created = set(record["created"])
        blocked = self.played(created)
        if blocked:
            pid, ru, en = blocked[0]
            name = self.store.read("SELECT name FROM players WHERE id = ?", (pid,))[0][0]
            more_ru = f" (и ещё игроков: {len(blocked) - 1})" if len(blocked) > 1 else ""
            more_en = f" (and {len(blocked) - 1} more)" if len(blocked) > 1 else ""
            raise ValidationError("import", f"Импорт не отменён: {name} {ru}{more_ru}. Отменяют только импорт, чьи "
                                  "игроки ещё нигде не записаны.",
                                  f"The import is not undone: {name} {en}{more_en}. Only an import whose players are "
                                  "recorded nowhere yet is undone.")
        with UnitOfWork(self.store, actor.account_id) as uow:
            self._take_back(uow, record)
            record["undone_at"] = dt.datetime.now().isoformat(timespec="seconds")
            uow.session.get(Setting, KEY + import_id).value = _record_text(record)
        return ImportRecord(import_id, record["at"], record["login"], record["source"], len(created),
                            len(record["before"]), record["undone_at"])

    @staticmethod
    def _take_back(uow, record: dict) -> None:
        from sqlalchemy import select

        from clubdesk.services.players import PlayerData
        from clubdesk.store.models import Ban, Player

        ids = record["created"]
        for k in range(0, len(ids), 500):
            for p in uow.session.scalars(select(Player).where(Player.id.in_(ids[k:k + 500]), Player.merged_into == "")):
                p.merged_into = REMOVED
        bans = record["bans"] + list(record["ban_edits"])
        touched: set[str] = set(record["before"])
        for ban in uow.session.scalars(select(Ban).where(Ban.id.in_(bans))) if bans else ():
            touched.add(ban.player_id)
            if ban.id in record["ban_edits"]:
                (reason, until), (new_reason, new_until) = record["ban_edits"][ban.id]
                if (ban.reason, _iso(ban.until)) == (new_reason, new_until):
                    ban.reason, ban.until = reason, dt.date.fromisoformat(until) if until else None
            else:
                ban.lifted = True
        uow.session.flush()
        for pid in touched:
            p = uow.session.get(Player, pid)
            before, after = record["before"].get(pid, {}), record["after"].get(pid, {})
            values = {f: getattr(p, f) for f in _RESTORED}
            for f, old in before.items():
                if _iso(values[f]) == after.get(f):  # still what the import wrote: an edit since stays
                    values[f] = dt.date.fromisoformat(old) if f == "birthday" and old else old
            ban = uow.session.scalars(select(Ban).where(Ban.player_id == pid, Ban.lifted.is_(False))
                                      .order_by(Ban.hlc.desc(), Ban.desk_id.desc())).first()
            PlayerService.assign(p, PlayerData(**values, name=full_name(values["surname"], values["first_name"]),
                                               banned=ban is not None, ban_reason=ban.reason if ban else "",
                                               ban_until=ban.until if ban else None))

    # ---- export ---------------------------------------------------------------------------------------------
    def export(self, actor: Actor, path: Path, lang: str = "ru") -> int:
        """The registry (every listed player, by name) to FILE.xlsx or FILE.csv in the import's columns, so a club's
        data can always leave; the import reads it back as it was. Returns the number of players written."""
        require(actor, "desk")
        path = Path(path)
        kind = path.suffix.casefold()
        if kind not in (".xlsx", ".csv"):
            raise KnownError(f"{path.name}: выгружают в файл XLSX или CSV.", f"{path.name}: export to .xlsx or .csv.")
        today = self.today()
        rows = []
        for r in self.store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE merged_into = '' ORDER BY name, id"):
            p = row_of(r)
            banned = p.banned_on(today)
            phone = phones.readable(p.phone)
            if kind == ".csv" and phone.startswith("+7 "):
                phone = "8 " + phone[3:]  # a spreadsheet reads «+7 …» in a CSV as a formula
            rows.append([p.surname, p.first_name, p.nickname, phone, p.birthday or "", p.notes,
                         p.ban_reason if banned else "", (p.ban_until or "") if banned else ""])
        headers = [FIELDS[f][0] if lang == "ru" else FIELDS[f][1] for f in EXPORT_FIELDS]
        if kind == ".csv":
            player_files.write_csv(path, headers, rows)
        else:
            heading = (f"Игроки клуба на {today:%d.%m.%Y}" if lang == "ru"
                       else f"Players of the club on {today:%d.%m.%Y}")
            player_files.write_xlsx(path, heading, headers, rows)
        return len(rows)
