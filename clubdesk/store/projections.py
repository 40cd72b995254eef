"""A game's derived status and cached state (`projections`), replayed from its stored events by its rules engine.

This lives in the store, not in the services: the cache and the status are the store's own derived columns (no log
row; `clubdesk db rebuild` recomputes them), the replay needs only the rules (the one layer below the store), and
the sync's apply must rebuild what its rows touched without reaching up into the services (issue 26). What the
services keep in memory about a game (GameService's live engines) registers here with `watch` and is told to
forget the games rebuilt under it.

The stored log is the single source of truth. Undo never deletes: it appends a `void` event that names the event
it cancels; the engine state is the replay of the events nobody voided.
"""

from __future__ import annotations

import json
import weakref
from typing import TYPE_CHECKING, Any, Protocol

from clubdesk.rules.errors import InvalidEventError
from clubdesk.rules.registry import engine_module
from clubdesk.store.changelog import canonical_json
from clubdesk.store.uow import upsert_projection

if TYPE_CHECKING:
    from clubdesk.store.handle import Store

VOID = "void"
# A game created by mistake, cancelled by the desk (services/cancellation.py): the last event it ever gets. Like a
# void it is never an engine's event; it makes the game's status `cancelled`, which every list, count and rating
# leaves out. Nothing is deleted: the game and its events stay, and any desk derives the same status from them.
CANCEL = "game_cancelled"


class GameCache(Protocol):
    store: Store

    def forget(self, game_ids: set[str]) -> None: ...


_watchers: weakref.WeakSet[Any] = weakref.WeakSet()


def watch(cache: GameCache) -> None:
    """`cache.forget(ids)` is called whenever `rederive` rebuilds games of `cache.store` (held weakly)."""
    _watchers.add(cache)


def effective_events(rows: list[tuple[int, str, dict]]) -> list[tuple[int, dict]]:
    """The (seq, event) pairs that count: all but void events and the events they cancel."""
    voided = {payload["target_seq"] for _seq, typ, payload in rows if typ == VOID}
    return [(seq, payload) for seq, typ, payload in rows if typ not in (VOID, CANCEL) and seq not in voided]


def is_cancelled(rows: list[tuple[int, str, dict]]) -> bool:
    """The game was cancelled as created by mistake (a `game_cancelled` event is in its log)."""
    return any(typ == CANCEL for _seq, typ, _payload in rows)


def status_of(state: dict, rows: list[tuple[int, str, dict]]) -> str:
    """games.status as derived from the log: cancelled, finished or running."""
    return "cancelled" if is_cancelled(rows) else "finished" if is_finished(state) else "running"


def is_finished(state: dict) -> bool:
    """Billiards states say `finished`; a Mafia state says so by its phase (replay.md)."""
    return bool(state.get("finished")) or state.get("phase") == "finished"


def replay(game: str, players: list, options: dict, rows: list[tuple[int, str, dict]]):
    """A game's engine after the events that count in `rows`, its module, those events, and whether it stopped
    at an event type this ClubDesk does not know (synced from a newer one: shown up to there, read-only)."""
    module = engine_module(game)
    engine = module.new_game(players, options)
    effective = effective_events(rows)
    for i, (_seq, obj) in enumerate(effective):
        try:
            event = module.parse_event(obj)
        except InvalidEventError as exc:
            if exc.code != "unknown_event":
                raise  # a stored event that no longer replays is a bug: raise
            return engine, module, effective[:i], True
        engine.apply(event)
    return engine, module, effective, False


def rederive(store: Store, game_ids: set[str]) -> None:
    """After rows of these games arrived or a branch decision changed their events: every watcher forgets them,
    their status and projection are rebuilt from the events this desk has (derived: no log rows). Each game in
    one write transaction that reads its events, so a shot recorded meanwhile waits and then updates both."""
    for cache in list(_watchers):
        if cache.store is store:
            cache.forget(game_ids)
    for gid in sorted(game_ids):
        with store.write() as cur:
            game, players_json, options_json = cur.execute(
                "SELECT game, players_json, options_json FROM games WHERE id = ?", (gid,)).fetchone()
            rows = _events(cur, gid)
            engine, _module, _effective, _newer = replay(game, json.loads(players_json), json.loads(options_json),
                                                         rows)
            state = engine.state()
            cur.execute("UPDATE games SET status = ? WHERE id = ?", (status_of(state, rows), gid))
            upsert_projection(cur, gid, rows[-1][0] if rows else 0, canonical_json(state))


def rebuild_all(store: Store) -> int:
    """Recompute every cached state by replaying the log (`clubdesk db rebuild`); returns games done.

    Under the store's write lock: one `Store.write` transaction (BEGIN IMMEDIATE, and the writer's own lock) reads
    each game's events and writes its projection, so an event recorded meanwhile — by this process or another desk
    on the file — waits for the rebuild and then updates the projection itself. Reading first and writing after,
    as before, left a stale projection behind the log.
    """
    with store.write() as cur:
        return rebuild_every_game(cur)


def rebuild_every_game(cur) -> int:
    """Every game's cached state replayed from its events, on `cur` (a DB-API cursor, or anything with its
    `execute`), inside the caller's transaction; returns games done. Also the last step of an upgrade
    (migrate.upgrade_file): a projection written by an older ClubDesk, or none at all (0002 created the table
    empty), would show ratings and scores the events do not say."""
    games = cur.execute("SELECT id, game, players_json, options_json FROM games ORDER BY created_at").fetchall()
    for gid, game, players_json, options_json in games:
        rows = _events(cur, gid)
        engine, _module, _effective, _newer = replay(game, json.loads(players_json), json.loads(options_json), rows)
        upsert_projection(cur, gid, rows[-1][0] if rows else 0, canonical_json(engine.state()))
    return len(games)


def _events(cur, game_id: str) -> list[tuple[int, str, dict]]:
    return [(seq, typ, json.loads(payload)) for seq, typ, payload in cur.execute(
        "SELECT seq, type, payload FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()]
