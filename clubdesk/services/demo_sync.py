"""The Sync page of the demo club (`--demo --screenshots`): two desks and their conflicts, without a hub.

The second desk («hall», a referee's laptop) sends its rows through `sync.apply.apply_remote`, as pulled rows would,
so the conflicts are the ones a real sync finds: it took a Жук table over and recorded five shots while the front
desk, cut off, went on with that table (a game branch: one line on the page); it did the same with a Пирамидка
match, whose branch the administrator has already set aside (it is in «Отложенные ветки»); and it registered a
demo player's phone again (a duplicate registration). Only the hub's address and the last sync's outcome are
written as if a sync had run.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Callable

from clubdesk.store.db import Store

HALL_DESK = "6d0b6a1e-0f8e-5c1a-9d55-7a4b3c2e1f00"  # the demo's second desk, fixed so renders are alike


def stage_two_desks(store: Store) -> None:
    from clubdesk.sync import apply, cursors
    from clubdesk.sync.config import DeskConfig, save_config, write_settings
    from clubdesk.sync.hub import HubAddress

    if cursors.last_desk_seq(store, HALL_DESK):
        return
    hall = _HallDesk(store)
    table = _running(store, "zhuk", "title DESC")  # the second table: the first is the scoring window's picture
    match = _running(store, "pyramid100", "title")
    if table:
        hall.take_over(table, back=2, shots=5)
    if match:
        hall.take_over(match, back=1, shots=3)
    hall.register_again()
    apply.apply_remote(store, hall.rows)
    if match:
        _set_aside(store, match)
    address = HubAddress("host=hub.club.local port=5432 dbname=clubdesk user=clubdesk_front")
    save_config(store, DeskConfig(address, "front", str(uuid.uuid5(uuid.NAMESPACE_URL, "clubdesk-demo-club"))))
    now = _now("seconds")
    cursors.set_cursor(store, f"push:{store.desk_id}", cursors.last_desk_seq(store))  # as after that sync
    write_settings(store, {"sync.last_success": now, "sync.pending_down": "0",
                           "sync.desks": json.dumps([["front", now, [store.desk_id]], ["hall", now, [HALL_DESK]]])})


def _now(timespec: str = "milliseconds") -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec=timespec).replace("+00:00", "Z")


def _running(store: Store, game: str, order: str) -> str | None:
    rows = store.read(f"SELECT g.id FROM games g WHERE g.game = ? AND g.status = 'running' AND "
                      f"(SELECT count(*) FROM events e WHERE e.game_id = g.id) > 3 ORDER BY {order} LIMIT 1", (game,))
    return rows[0][0] if rows else None


def _set_aside(store: Store, game_id: str) -> None:
    """The administrator set the hall's branch of this game aside: the match goes on as the front desk has it."""
    from clubdesk.roles import SYSTEM
    from clubdesk.services.conflicts import ConflictService
    from clubdesk.sync.resolutions import branches

    for branch in branches(store.read):
        if branch.game_id == game_id:
            ConflictService(store).set_aside(SYSTEM, branch.conflict_id)


class _HallDesk:
    """The change-log rows the hall's laptop would have pushed, in its order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rows: list[dict] = []

    def _row(self, entity: str, entity_id: str, fields: dict) -> None:
        from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json

        self.rows.append({"desk_id": HALL_DESK, "desk_seq": len(self.rows) + 1, "hlc": self.store.clock.now(),
                          "entity": entity, "entity_id": entity_id, "op": "upsert", "payload": canonical_json(fields),
                          "schema_version": SCHEMA_VERSION})

    def take_over(self, game_id: str, *, back: int, shots: int) -> None:
        """The hall took the game over `back` events before the front's last one, then recorded `shots` legal shots
        (the engine checks each) where the front recorded others."""
        from clubdesk.rules.registry import engine_module
        from clubdesk.store.changelog import canonical_json
        from clubdesk.store.projections import effective_events

        game, players, options = self.store.read("SELECT game, players_json, options_json FROM games WHERE id = ?",
                                                 (game_id,))[0]
        last, author = self.store.read("SELECT seq, author_id FROM events WHERE game_id = ? ORDER BY seq DESC "
                                       "LIMIT 1", (game_id,))[0]
        fork = last - back + 1
        module = engine_module(game)
        engine = module.new_game(json.loads(players), json.loads(options))
        before = [(seq, typ, json.loads(p)) for seq, typ, p in self.store.read(
            "SELECT seq, type, payload FROM events WHERE game_id = ? AND seq < ? ORDER BY seq", (game_id, fork))]
        for _seq, obj in effective_events(before):
            engine.apply(module.parse_event(obj))
        self._row("games", game_id, {"owner_desk_id": HALL_DESK})
        for i in range(shots):
            payload = _legal_shot(module, engine, game, pot=i % 2 == 0)
            self._row("events", str(uuid.uuid5(uuid.NAMESPACE_URL, f"clubdesk-demo-hall|{game_id}|{fork + i}")),
                      {"game_id": game_id, "seq": fork + i, "type": payload["type"],
                       "payload": canonical_json(payload), "recorded_at": _now(), "author_id": author})

    def register_again(self) -> None:
        """A demo player registered again on the hall's laptop, his phone typed another way."""
        from clubdesk.services.player_search import search_key

        found = self.store.read("SELECT name, phone FROM players WHERE phone <> '' AND merged_into = '' "
                                "ORDER BY name LIMIT 1")
        if not found:
            return
        name, phone = found[0]
        digits = "".join(c for c in phone if c.isdigit())
        phone = f"8 ({digits[1:4]}) {digits[4:7]}-{digits[7:9]}-{digits[9:11]}" if len(digits) == 11 else phone
        fields = {"name": name, "nickname": "", "phone": phone, "notes": "", "is_guest": False, "nickname_key": "",
                  "search_key": search_key(name, "", phone), "created_at": _now(), "merged_into": ""}
        self._row("players", str(uuid.uuid5(uuid.NAMESPACE_URL, f"clubdesk-demo-hall|{name}")), fields)


def _legal_shot(module, engine, game: str, *, pot: bool) -> dict:
    """A shot the engine accepts now (applied to it): a ball potted when `pot` and one is there, else a miss."""
    from clubdesk.rules.errors import RuleError

    state = engine.state()
    player = state["to_move"]
    tries: list[Callable[[], dict]] = []
    if pot and game == "zhuk":
        tries.append(lambda: {"type": "shot", "player": player, "potted": [{"ball": "std", "legal": True}]})
    if pot and game == "pyramid100" and state.get("table"):
        ball = state["table"][0]
        tries.append(lambda: {"type": "shot", "player": player, "call": [{"ball": ball, "pocket": 3}],
                              "potted": [{"ball": ball, "pocket": 3, "straight": False}]})
    tries.append(lambda: {"type": "shot", "player": player})
    for make in tries:
        try:
            event = module.parse_event(make())
            engine.apply(event)
        except RuleError:
            continue
        return module.event_to_json(event)
    raise RuntimeError(f"no legal demo shot in {game}")  # pragma: no cover - a miss is always a legal shot
