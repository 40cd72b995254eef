"""The conflicts a sync found, waiting for the administrator, as a table model: a game with branches is one line
(one decision: which line continues it), each choice — the line held here and each desk's branch — told by its
desk, events and time, however many `conflicts` rows hold its events."""

from __future__ import annotations

import json
from dataclasses import dataclass

from clubdesk.ui.branch_words import BranchView, GameChoiceView, load_game_choices
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import DISPLAY, TOOLTIP, RowTableModel

KIND, WHAT, DETAIL = range(3)


@dataclass(frozen=True)
class ConflictRow:
    id: int
    kind: str  # duplicate_player | game_branch | quarantined_row
    entity: str
    entity_id: str
    other_id: str | None
    detail: dict
    names: dict  # player id → name, for telling the administrator who is who
    game: GameChoiceView | None = None  # a game with branches (`id` is its first branch's first conflicts row)


def load_conflicts(store) -> list[ConflictRow]:
    from clubdesk.sync.status import desk_names

    rows = store.read("SELECT id, kind, entity, entity_id, other_id, detail_json FROM conflicts WHERE NOT resolved "
                      "AND kind <> 'game_branch' ORDER BY id")
    names = player_labels(store)
    desks = desk_names(store)
    out = [ConflictRow(cid, kind, entity, eid, other, json.loads(detail or "{}"),
                       {**names, other: desks.get(other, (other or "")[:8])} if kind == "quarantined_row" else names)
           for cid, kind, entity, eid, other, detail in rows]
    out += [ConflictRow(g.conflict.conflict_id, "game_branch", "games", g.game_id, None, {}, names, g)
            for g in load_game_choices(store, desks)]
    return sorted(out, key=lambda c: c.id)


def player_labels(store) -> dict[str, str]:
    """player id → how the administrator tells two registrations of one name apart: the name, the nickname and
    the day the player came to the club («Александров Андрей («Туман», в клубе с 01.12.2026)»)."""
    from clubdesk.ui.branch_words import when

    out = {}
    for pid, name, nickname, created in store.read("SELECT id, name, nickname, created_at FROM players"):
        bits = [f"«{nickname}»"] if nickname else []
        if created:
            bits.append(tr("в клубе с {day}").format(day=when(created).split(" ")[0]))
        out[pid] = f"{name} ({', '.join(bits)})" if bits else name
    return out


def survivor_first(store, a: str, b: str) -> tuple[str, str]:
    """The two players of a duplicate as ConflictService.merge_conflict orders them: the one registered first
    stays."""
    rows = store.read("SELECT id FROM players WHERE id IN (?, ?) ORDER BY created_at, id", (a, b))
    return (rows[0][0], rows[1][0]) if len(rows) == 2 else (a, b)


def kind_text(kind: str) -> str:
    return {"duplicate_player": tr("Двойная регистрация"), "game_branch": tr("Ветки игры"),
            "quarantined_row": tr("Запись не применена")}.get(kind, kind)


def reason_text(reason: str) -> str:
    """Why a pulled row is kept aside (sync/quarantine.py)."""
    return {"not_json": tr("не JSON"), "not_object": tr("не объект JSON"), "bad_field": tr("поле неверного вида"),
            "missing_row": tr("ждёт записи, которой на этой стойке нет"),
            "refused": tr("база этой стойки её не принимает"),
            "not_allowed": tr("учётная запись персонала от стойки без права управлять персоналом")}.get(reason, reason)


def detail_text(row: ConflictRow) -> str:
    d = row.detail
    if row.kind == "duplicate_player":
        same = {"phone": tr("тот же телефон"), "nickname": tr("тот же ник")}.get(d.get("same"), "")
        who = " / ".join(row.names.get(p, p[:8]) for p in (row.entity_id, row.other_id) if p)
        return f"{who}: {same}"
    if row.game is not None:
        return row.game.summary()
    if row.kind == "quarantined_row":
        return tr("{reason} ({text}); стойка {desk}").format(reason=reason_text(d.get("reason", "")),
                                                          text=d.get("text", ""), desk=row.names.get(row.other_id, ""))
    return f"{row.kind} {row.entity_id[:8]}"  # a kind this page has no words for (two desks made one login)


def events_text(view: BranchView, limit: int = 30) -> str:
    """The branch's events one a line (the tooltip of its line), the middle left out of a long one."""
    events = view.branch.events
    shown = events if len(events) <= limit else (*events[:limit - 10], None, *events[-9:])
    return "\n".join(tr("… ещё {n} …").format(n=len(events) - limit + 1) if e is None
                     else tr("№{seq}: {words}").format(seq=e["seq"], words=view.words(e)) for e in shown)


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
            return item.game.title if item.game is not None else f"{item.entity}/{item.entity_id[:8]}"
        if role == TOOLTIP and item.game is not None:
            return detail_text(item) + "".join(f"\n\n{v.label()}:\n{events_text(v)}"
                                               for v in (*item.game.choices, *item.game.stuck))
        return detail_text(item)
