"""Shared by the UI benchmarks: percentiles, verdicts and the bulk set-up of big stores (not measured).

Set-up fills the stores in bulk: players by one INSERT ... executemany, events by one UnitOfWork per game,
projections by `rebuild_projections` — the same rows the app would write.
"""

from __future__ import annotations

import os
import random
import sqlite3
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHOT_P99_MS, SHOT_RATIO, FILTER_MS, START_RATIO = 16.0, 3.0, 30.0, 1.2


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def verdict(ok: bool) -> str:
    return "OK" if ok else "MISSED"


# ---- set-up ---------------------------------------------------------------------------------------
def add_players(path: Path, n: int, seed: int = 1) -> None:
    """n registry rows with realistic names, nicknames and phones (search_key as PlayerService builds it)."""
    from clubdesk.services import demo
    from clubdesk.services.player_search import search_key
    from clubdesk.store.ids import new_id

    rng = random.Random(seed)
    rows = []
    for i in range(n):
        name = f"{rng.choice(demo._SURNAMES)} {rng.choice(demo._MALE)} {i}"  # noqa: SLF001 - demo word lists
        nick = f"{rng.choice(demo._NICKS)}{i}"  # noqa: SLF001
        phone = f"+7 9{rng.randint(10, 99)} {rng.randint(100, 999)}-{rng.randint(10, 99)}-{rng.randint(10, 99)}"
        rows.append((new_id(), name, nick, phone, nick.casefold(), search_key(name, nick, phone)))
    con = sqlite3.connect(path)
    con.executemany("INSERT INTO players (id, hlc, desk_id, name, nickname, phone, notes, status, is_guest, "
                    "ban_reason, nickname_key, search_key, created_at) "
                    "VALUES (?, 0, '', ?, ?, ?, '', 'active', 0, '', ?, ?, '2026-01-01T00:00:00Z')", rows)
    con.commit()
    con.close()


def add_tournament_events(store, admin, n_events: int, per_game: int = 500) -> None:
    """A Жук tournament's worth of round games (4 players each) totalling n_events stored events."""
    from sqlalchemy import select

    from benchmarks.engine_zhuk import synthetic_record
    from clubdesk.services.games import GameService
    from clubdesk.store.models import GameTable, Player, Round, Stage, Tournament
    from clubdesk.store.uow import UnitOfWork

    with store.session_factory() as s:
        ids = list(s.scalars(select(Player.id).limit(64)))
    record = synthetic_record(per_game)
    with UnitOfWork(store, admin.account_id) as uow:
        t = Tournament(name="Бенчмарк")
        uow.session.add(t)
        uow.session.flush()
        stage = Stage(tournament_id=t.id, number=1, seed=1)
        uow.session.add(stage)
        uow.session.flush()
        rnd = Round(stage_id=stage.id, number=1, nominal=100, minutes=10)
        uow.session.add(rnd)
        uow.session.flush()
        round_id = rnd.id
    for g in range(n_events // per_game):
        seats = [ids[(4 * g + k) % len(ids)] for k in range(4)]
        with UnitOfWork(store, admin.account_id) as uow:
            table = GameTable(number=g + 1, round_id=round_id)
            uow.session.add(table)
            uow.session.flush()
            add_finished_game(uow.session, store, admin, table.id, seats, record)
    GameService(store).rebuild_projections()


def add_finished_game(session, store, admin, table_id: str, seats, record: dict, title: str = "") -> None:
    """A finished Жук game at the table: `record` (players P1, P2, …) with its players mapped to `seats`, every
    event stored as the app stores it (bulk set-up in the caller's unit of work, no engine replay)."""
    from clubdesk.store.ids import uuid7
    from clubdesk.store.models import Event, Game, canonical_json

    names = {f"P{k + 1}": pid for k, pid in enumerate(seats)}
    header = [{**p, "id": names[p["id"]]} for p in record["players"][:len(seats)]]
    game = Game(game="zhuk", players_json=canonical_json(header), table_id=table_id, title=title,
                options_json=canonical_json(record["options"]), status="finished")
    session.add(game)
    session.flush()
    for seq, ev in enumerate(record["events"], 1):
        ev = {**ev, "player": names[ev["player"]]} if "player" in ev else ev
        session.add(Event(id=uuid7(), game_id=game.id, seq=seq, type=ev["type"], payload=canonical_json(ev),
                          author_id=admin.account_id, hlc=store.clock.now(), desk_id=store.desk_id))



def ms(x: float) -> str:
    return f"{1000 * x:7.2f} ms"
