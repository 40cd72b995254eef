"""The conflicts a sync found, waiting for the administrator, as a table model."""

from __future__ import annotations

import json
from dataclasses import dataclass

from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import DISPLAY, TOOLTIP, RowTableModel

KIND, WHAT, DETAIL = range(3)


@dataclass(frozen=True)
class ConflictRow:
    id: int
    kind: str  # duplicate_player | game_branch
    entity: str
    entity_id: str
    other_id: str | None
    detail: dict
    names: dict  # player id → name, for telling the administrator who is who


def load_conflicts(store) -> list[ConflictRow]:
    rows = store.read("SELECT id, kind, entity, entity_id, other_id, detail_json FROM conflicts WHERE NOT resolved "
                      "ORDER BY id")
    names = dict(store.read("SELECT id, name FROM players"))
    return [ConflictRow(cid, kind, entity, eid, other, json.loads(detail or "{}"), names)
            for cid, kind, entity, eid, other, detail in rows]


def kind_text(kind: str) -> str:
    return {"duplicate_player": tr("Двойная регистрация"), "game_branch": tr("Ветка игры")}.get(kind, kind)


def detail_text(row: ConflictRow) -> str:
    d = row.detail
    if row.kind == "duplicate_player":
        same = {"phone": tr("тот же телефон"), "nickname": tr("тот же ник")}.get(d.get("same"), "")
        who = " / ".join(row.names.get(p, p[:8]) for p in (row.entity_id, row.other_id) if p)
        return f"{who}: {same}"
    event = d.get("event", {})
    return tr("событие №{seq} ({type}) со стойки {desk}, игра уже ведётся здесь").format(
        seq=event.get("seq", "?"), type=event.get("type", "?"), desk=row.other_id[:8] if row.other_id else "?")


class ConflictsModel(RowTableModel):
    def headers(self) -> list[str]:
        return [tr("Конфликт"), tr("Запись"), tr("Подробности")]

    def cell(self, item: ConflictRow, row: int, column: int, role: int):
        if role not in (DISPLAY, TOOLTIP):
            return None
        if column == KIND:
            return kind_text(item.kind)
        if column == WHAT:
            if item.kind == "duplicate_player":
                return tr("игроки")
            return tr("игра {id}").format(id=item.entity_id[:8])
        return detail_text(item)
