"""One step of a bulk-applied batch carried out under the write lock (`bulk_apply.write_batch`): its inserts and
updates, built outside the lock by `bulk_pending._Pending.take`, then what the changed rows set off — derived bans,
duplicate players, a game's branch decision — as `merge._apply_data` does row by row.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from clubdesk.sync import resolutions
from clubdesk.sync.bulk_events import chunks
from clubdesk.sync.bulk_fresh import Fresh
from clubdesk.sync.merge import ApplyResult, _note_duplicate_players, derive_player_ban, derive_player_name


@dataclass
class Writes:
    inserts: list[tuple[str, list[tuple]]]  # (INSERT, parameters of its rows)
    updates: list[tuple[str, tuple]]  # (UPDATE, its parameters)
    new: dict[tuple[str, str], dict[str, Any]]  # (entity, id) → values of the rows inserted, the never-seen ones aside
    changed: dict[tuple[str, str], set[str]]  # of the rows seen before (or twice in the batch)
    fresh: Fresh  # the rows never seen here: their effects, worked out in `take`

    def write(self, cur: sqlite3.Cursor, result: ApplyResult) -> None:
        for sql, params in self.inserts:
            cur.executemany(sql, params)
        for sql, params in self.updates:
            cur.execute(sql, params)
        self._after(cur, result)

    def _after(self, cur: sqlite3.Cursor, result: ApplyResult) -> None:
        """What a changed row sets off: derived bans, duplicate players, a game's branch decision."""
        fresh = self.fresh
        result.touched.update(fresh.keys)
        result.touched_games.update(fresh.games)
        for eid in fresh.decided:  # the administrator decided which branch continues the game
            resolutions.follow_decision(cur, eid)
        for eid in fresh.merged:
            resolutions.resolve_duplicates(cur, eid)
        players, ban_players = list(fresh.duplicates), set()
        for eid in fresh.bans:
            ban_players.add(cur.execute("SELECT player_id FROM bans WHERE id = ?", (eid,)).fetchone()[0])
        for (entity, eid), fields in self.changed.items():
            result.touched.add((entity, eid))
            if entity == "games":
                result.touched_games.add(eid)
                if "branch_json" in fields:  # the administrator decided which branch continues the game
                    resolutions.follow_decision(cur, eid)
            elif entity == "players":
                new = self.new.get((entity, eid))
                # a merge to close: an existing player's merged_into changed, or a new one arrived merged (a new
                # player's fields all count as changed, and almost every one arrives with merged_into '')
                if "merged_into" in fields and (new is None or new.get("merged_into")):
                    resolutions.resolve_duplicates(cur, eid)
                if (new is not None and (new.get("nickname_key") or new.get("phone"))) or \
                        (new is None and fields & {"nickname_key", "phone", "merged_into"}):
                    players.append(eid)  # only a nickname or a phone can make a duplicate
                if new is None:
                    ban_players.add(eid)
                    if fields & {"surname", "first_name"}:
                        derive_player_name(cur, eid)
            elif entity == "bans":
                ban_players.add(cur.execute("SELECT player_id FROM bans WHERE id = ?", (eid,)).fetchone()[0])
        for pid in players:
            result.conflicts += _note_duplicate_players(cur, pid)
        new_players = [*fresh.players, *(eid for (entity, eid) in self.new if entity == "players")]
        for part in chunks(new_players):  # a new player's status is the default unless bans of his came first
            ban_players.update(r[0] for r in cur.execute(
                f"SELECT DISTINCT player_id FROM bans WHERE player_id IN ({','.join('?' * len(part))})", part))
        for pid in ban_players:
            derive_player_ban(cur, pid)
