"""A store filled for protocol tests: players with Cyrillic names, a Жук tournament, a match, a Mafia evening."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path

from clubdesk.rules.zhuk import tournament as zt
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.models import Evening, GameTable, Round, Seat, Stage, Tournament
from clubdesk.store.uow import UnitOfWork

RECORDS = Path(__file__).resolve().parent.parent / "rules" / "records"
NAMES = ["Иванов Алексей", "Смирнова Ольга", "Кузнецов Дмитрий", "Попова Анна", "Васильев Игорь",
         "Петров Павел", "Соколова Мария", "Михайлов Глеб", "Новиков Фёдор", "Фёдорова Юлия", "Морозов Егор",
         "Волков Сергей"]
NICKS = ["Кий", "Шар", "Луза", "Борт", "Дуплет", "Свояк", "Карамболь", "Штопор", "Накат", "Оттяжка", "Гром", "Сова"]


def record(name: str) -> dict:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


@dataclass
class Filled:
    players: list[str]  # ids in NAMES order
    names: dict[str, str]
    games: GameService
    match_id: str = ""
    tournament_id: str = ""
    stage_games: list[str] = field(default_factory=list)
    evening_id: str = ""
    mafia_games: list[str] = field(default_factory=list)


def add_players(store, admin, count: int = 12) -> Filled:
    svc = PlayerService(store)
    ids = [svc.add(admin, PlayerData(NAMES[i], NICKS[i], "")).id for i in range(count)]
    return Filled(ids, dict(zip(ids, NAMES, strict=False)), GameService(store))


def add_match(store, admin, f: Filled) -> str:
    rec = record("pyramid100-match.json")
    a, b = f.players[0], f.players[1]
    gid = f.games.create(admin, "pyramid100", [a, b], {}, title="Матч 1/4 финала")
    for ev in rec["events"]:
        f.games.record(admin, gid, {**ev, "player": {"A": a, "B": b}[ev["player"]]})
    f.match_id = gid
    return gid


def _zhuk_round(f: Filled, admin, gid: str, pots: int) -> None:
    """The player to move pots `pots` standard balls, then misses; each next player does the same; round ends."""
    for _ in range(3):
        to_move = f.games.state(gid)["to_move"]
        for _ in range(pots):
            f.games.record(admin, gid, {"type": "shot", "player": to_move, "cue": "main",
                                        "potted": [{"ball": "std", "legal": True}], "fouls": [],
                                        "zhuk_attempt": False, "rebound": False, "removed": None})
        f.games.record(admin, gid, {"type": "shot", "player": to_move, "cue": "main", "potted": [], "fouls": [],
                                    "zhuk_attempt": False, "rebound": False, "removed": None})
        pots = max(pots - 1, 0)
    f.games.record(admin, gid, {"type": "round_end"})


def add_tournament(store, admin, f: Filled, seed: int = 42, poor: str | None = None, bankroll: str = "carry") -> str:
    """Stage 1, round 1 of a Жук tournament over the first 7 players (a table of 4 and one of 3).

    `poor` starts with 100 B so that paying one ball puts him at 0: out after the stage (Z§9).
    """
    entrants = f.players[:7]
    with UnitOfWork(store, admin.account_id) as uow:
        s = uow.session
        tnm = Tournament(name="Кубок декабря", game="zhuk", options_json=json.dumps(
            {"bankroll": bankroll, "settlement": "previous"}))
        s.add(tnm)
        s.flush()
        stage = Stage(tournament_id=tnm.id, number=1, kind="stage", seed=seed)
        s.add(stage)
        s.flush()
        rnd = Round(stage_id=stage.id, number=1, nominal=100, minutes=10)
        s.add(rnd)
        s.flush()
        tables = []
        for n, seats in enumerate(zt.draw(entrants, seed), start=1):
            tbl = GameTable(number=n, round_id=rnd.id)
            s.add(tbl)
            s.flush()
            for i, pid in enumerate(seats, start=1):
                s.add(Seat(table_id=tbl.id, seat_no=i, player_id=pid))
            tables.append((tbl.id, seats))
        tid = tnm.id
    for k, (table_id, seats) in enumerate(tables):
        header = [{"id": p, "balance": 100 if p == poor else 10000, "rating": 1000} for p in seats]
        gid = f.games.create(admin, "zhuk", header, {"nominal": 100, "settlement": "previous"}, table_id=table_id)
        _zhuk_round(f, admin, gid, pots=2 + k)
        f.stage_games.append(gid)
    f.tournament_id = tid
    return tid


def add_evening(store, admin, f: Filled, games: int = 2) -> str:
    """A Mafia evening with `games` finished games of the hand-written shootout record, seats rotated."""
    with UnitOfWork(store, admin.account_id) as uow:
        ev = Evening(date=dt.date(2026, 12, 2), name="Пятничная мафия", host_account_id=admin.account_id,
                     options_json="{}", seed=7)
        uow.session.add(ev)
        uow.session.flush()
        tbl = GameTable(number=1, evening_id=ev.id)
        uow.session.add(tbl)
        uow.session.flush()
        eid, table_id = ev.id, tbl.id
    rec = record("mafia-shootout.json")
    for g in range(games):
        seats = f.players[g:g + 10]
        gid = f.games.create(admin, "mafia", seats, {}, title=f"Игра {g + 1}", table_id=table_id)
        for obj in rec["events"]:
            f.games.record(admin, gid, obj)
        f.mafia_games.append(gid)
    f.evening_id = eid
    return eid
