"""The administrator's conflict actions (docs/sync.md «Conflict actions»): merge two players, choose which branch
continues a game (a game has one line of events, so one decision settles all its branches). Each is an ordinary synced write through the UnitOfWork (so it reaches every desk
and replays the same there, `clubdesk.sync.resolutions`) plus this desk's own bookkeeping of `conflicts`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from clubdesk.errors import ValidationError
from clubdesk.roles import Actor, require
from clubdesk.store.db import Store
from clubdesk.sync import resolutions


@dataclass(frozen=True)
class Conflict:
    id: int
    kind: str  # duplicate_player | game_branch | duplicate_account | quarantined_row
    entity_id: str
    other_id: str
    detail: dict
    resolved: bool
    resolution: str


def _not_found(conflict_id: int) -> ValidationError:
    return ValidationError("conflict", "Конфликт не найден или уже решён.",
                           "The conflict is not found or already resolved.")


def _raw(uow):
    """A sqlite3 cursor on the unit of work's own transaction: the decision and its effects land together."""
    return uow.session.connection().connection.driver_connection.cursor()


class ConflictService:
    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, conflict_id: int) -> Conflict | None:
        rows = self.store.read("SELECT id, kind, entity_id, other_id, detail_json, resolved, resolution FROM conflicts "
                               "WHERE id = ?", (conflict_id,))
        if not rows:
            return None
        cid, kind, eid, other, detail, resolved, how = rows[0]
        return Conflict(cid, kind, eid, other or "", json.loads(detail or "{}"), bool(resolved), how or "")

    def open(self) -> list[Conflict]:
        ids = [r[0] for r in self.store.read("SELECT id FROM conflicts WHERE NOT resolved ORDER BY id")]
        return [c for c in map(self.get, ids) if c is not None]

    def _open_one(self, conflict_id: int, kind: str) -> Conflict:
        c = self.get(conflict_id)
        if c is None or c.resolved or c.kind != kind:
            raise _not_found(conflict_id)
        return c

    # ---- players ----------------------------------------------------------------------------------------
    def merge_conflict(self, actor: Actor, conflict_id: int) -> str:
        """Merge the two players of a duplicate_player conflict; the one registered first survives (the same
        choice on every desk, so two desks merging one pair write the same row). Returns the survivor's id."""
        require(actor, "admin")
        c = self._open_one(conflict_id, "duplicate_player")
        rows = self.store.read("SELECT id FROM players WHERE id IN (?, ?) ORDER BY created_at, id",
                               (c.entity_id, c.other_id))
        if len(rows) != 2:
            raise _not_found(conflict_id)
        survivor, merged = rows[0][0], rows[1][0]
        self.merge_players(actor, survivor, merged)
        return survivor

    def merge_players(self, actor: Actor, survivor_id: str, merged_id: str) -> None:
        """`merged_id` becomes part of `survivor_id` (`merge_players`, the administrator's action on a conflict)."""
        require(actor, "admin")
        merge_players(self.store, actor, survivor_id, merged_id)

    # ---- rows kept aside (sync/quarantine.py) -----------------------------------------------------------
    def retry_row(self, actor: Actor, conflict_id: int) -> bool:
        """Try a pulled row kept aside again (its game or player may have arrived since). True when it is applied
        now; False when it still cannot be (its reason brought up to date). Not while a sync of this desk runs (the
        row must not be applied between a sync's plan and its write): then SyncError `sync_running`, one line, at
        once — the page calls this in the window's thread, and that sync retries the rows aside itself."""
        from clubdesk.sync import desk_lock, quarantine

        require(actor, "admin")
        self._open_one(conflict_id, quarantine.KIND)
        with desk_lock.one_sync(self.store.path, wait_s=0):
            quarantine.retry(self.store, conflict_id)
        return self._open_one_or_none(conflict_id) is None

    def discard_row(self, actor: Actor, conflict_id: int) -> None:
        """Give up a pulled row kept aside: it stays in the log as it came, never applied (nothing recorded is
        deleted), and leaves the conflicts."""
        from clubdesk.sync import quarantine

        require(actor, "admin")
        self._open_one(conflict_id, quarantine.KIND)
        if not quarantine.discard(self.store, conflict_id):
            raise _not_found(conflict_id)

    def _open_one_or_none(self, conflict_id: int) -> Conflict | None:
        c = self.get(conflict_id)
        return c if c is not None and not c.resolved else None

    # ---- game branches ----------------------------------------------------------------------------------
    def continue_with(self, actor: Actor, game_id: str, desk_id: str) -> str:
        """The line that `desk_id`'s events end continues the game from its fork: the game's line on this desk or
        one of the branches held aside, as `resolutions.game_conflicts` tells them. Every other one is archived in
        `conflicts`, never lost, and `desk_id` becomes the game's owner. Returns the game id."""
        require(actor, "admin")
        game = next((g for g in resolutions.game_conflicts(self.store.read) if g.game_id == game_id), None)
        line = game.choice(desk_id) if game is not None else None
        if line is None:
            raise ValidationError("conflict", "Этой ветки у игры нет, или игра уже решена.",
                                  "The game has no such branch, or it has been decided already.")
        return self._decide(actor, game, line)

    def keep_branch(self, actor: Actor, conflict_id: int) -> str:
        """The branch of this conflict continues the game (`continue_with`, with the events it continues); the
        line this desk holds from the fork on and every other branch of the game are archived. Returns the game
        id."""
        require(actor, "admin")
        c = self._open_one(conflict_id, "game_branch")
        game = self._game(c.entity_id)
        line = next((b for b in game.aside if b.desk_id == c.other_id), None) if game is not None else None
        if line is None or line not in game.choices:
            raise _not_found(conflict_id)
        return self._decide(actor, game, line)

    def set_aside(self, actor: Actor, conflict_id: int) -> str:
        """The game goes on as this desk holds it: the branch of this conflict and every other branch of the game
        are set aside (archived in `conflicts`, visible, never lost). Returns the game id."""
        require(actor, "admin")
        c = self._open_one(conflict_id, "game_branch")
        game = self._game(c.entity_id)
        if game is None or game.here is None:
            raise _not_found(conflict_id)
        return self._decide(actor, game, game.here)

    def _game(self, game_id: str) -> resolutions.GameConflict | None:
        return next((g for g in resolutions.game_conflicts(self.store.read) if g.game_id == game_id), None)

    def _decide(self, actor: Actor, conflict: resolutions.GameConflict, line: resolutions.Branch) -> str:
        from clubdesk.services.games import rederive_games
        from clubdesk.store.changelog import canonical_json
        from clubdesk.store.models import Game
        from clubdesk.store.uow import UnitOfWork

        require(actor, "admin")
        game_id = conflict.game_id
        with UnitOfWork(self.store, actor.account_id) as uow:
            game = uow.session.get(Game, game_id)
            if game is None:
                raise ValidationError("game", "Игра не найдена.", "Game not found.")
            # `line`: the events the administrator chose, whichever desks recorded them (one desk may have taken the
            # game over from another); `at`: when, kept on each row it sets aside (a later decision does not move it)
            game.branch_json = canonical_json({"at": int(time.time() * 1000), "desk": line.desk_id,
                                               "fork": conflict.fork, "line": [e["id"] for e in line.events]})
            game.owner_desk_id = line.desk_id
            uow.session.flush()
            resolutions.follow_decision(_raw(uow), game_id)
        rederive_games(self.store, {game_id})
        return game_id


def merge_players(store: Store, actor: Actor, survivor_id: str, merged_id: str) -> None:
    """`merged_id` becomes part of `survivor_id`: hidden from the registry, its games, check-ins and entries
    counted as the survivor's, both histories kept as written. Merging again changes nothing. The one merge: the
    administrator's on a duplicate_player conflict and the desk's «Объединить с…» (`services.player_fixes`); the
    caller checks the role."""
    from clubdesk.store.models import Player
    from clubdesk.store.uow import UnitOfWork

    if survivor_id == merged_id:
        raise ValidationError("players", "Игрока нельзя объединить с самим собой.",
                              "A player cannot be merged with himself.")
    with UnitOfWork(store, actor.account_id) as uow:
        survivor, merged = uow.session.get(Player, survivor_id), uow.session.get(Player, merged_id)
        if survivor is None or merged is None or resolutions.REMOVED in (survivor.merged_into, merged.merged_into):
            raise ValidationError("players", "Игрок не найден.", "Player not found.")
        if survivor.merged_into:
            raise ValidationError("players", f"{survivor.name} уже объединён с другим игроком.",
                                  f"{survivor.name} has already been merged into another player.")
        if merged.merged_into and merged.merged_into != survivor_id:
            raise ValidationError("players", f"{merged.name} уже объединён с другим игроком.",
                                  f"{merged.name} has already been merged into another player.")
        if merged.merged_into != survivor_id:
            merged.merged_into = survivor_id
            uow.session.flush()
        resolutions.resolve_duplicates(_raw(uow), merged_id)
