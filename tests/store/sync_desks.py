"""Two or more desks on file-backed SQLite stores exchanging change-log rows directly (no hub)."""

from __future__ import annotations

from clubdesk.sync import apply
from clubdesk.sync.cursors import LOG_COLUMNS


def log_rows(store, after_id: int = 0) -> list[dict]:
    """Every log row the store holds (its own and applied ones), in its local order: causal for that desk."""
    rows = store.read(f"SELECT id, {', '.join(LOG_COLUMNS)} FROM change_log WHERE id > ? ORDER BY id", (after_id,))
    return [dict(zip(("server_seq", *LOG_COLUMNS), r, strict=True)) for r in rows]


def send(src, dst, **kw) -> apply.ApplyResult:
    """dst pulls everything src has (the local id stands in for the hub's server_seq)."""
    return apply.apply_remote(dst, log_rows(src), **kw)


def exchange(*stores) -> None:
    for _ in range(2):
        for a in stores:
            for b in stores:
                if a is not b:
                    send(a, b)


def synced_tables(store) -> dict[str, list[tuple]]:
    """The synced tables without the derived columns and the local stamps, for comparing desks."""
    from clubdesk.store.changelog import DERIVED, LWW_TABLES

    out = {}
    for table in LWW_TABLES:
        names = [r[1] for r in store.read(f"PRAGMA table_info({table})")]
        keep = [n for n in names if n not in DERIVED.get(table, ()) and n not in ("hlc", "desk_id")]
        out[table] = store.read(f"SELECT {', '.join(keep)} FROM {table} ORDER BY id")
    out["events"] = store.read("SELECT id, game_id, seq, type, payload, hlc, desk_id FROM events ORDER BY id")
    return out


def partitioned_game(owner, taker, admin, *, taken: int = 5, went_on: int = 2, names=("Аня", "Боря", "Вера")) -> str:
    """A Жук game recorded on `owner` and seen by `taker`; then, cut off from each other, `taker` takes it over and
    records `taken` shots while `owner` records `went_on`: two branches from seq 2. Rows not exchanged yet."""
    from clubdesk.services.games import GameService
    from clubdesk.services.players import PlayerData, PlayerService

    players = [PlayerService(owner).add(admin, PlayerData(n)).id for n in names]
    games = GameService(owner)
    gid = games.create(admin, "zhuk", [{"id": p} for p in players], {"nominal": 100, "settlement": "previous"})
    games.record(admin, gid, _zhuk_shot(games, gid))
    send(owner, taker)
    theirs = GameService(taker)
    theirs.take_over(admin, gid)
    for i in range(taken):
        theirs.record(admin, gid, _zhuk_shot(theirs, gid, pot=i % 2 == 0))
    for i in range(went_on):
        games.record(admin, gid, _zhuk_shot(games, gid, pot=i % 2 == 1))
    return gid


def _zhuk_shot(games, gid, pot=True) -> dict:
    shot = {"type": "shot", "player": games.state(gid)["to_move"]}
    return {**shot, "potted": [{"ball": "std", "legal": True}]} if pot else shot
