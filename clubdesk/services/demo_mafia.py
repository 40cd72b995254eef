"""Demo Mafia evening: 12 players checked in, a seeded seating, one finished game and one on day 1; and, for the GUI
and CLI demo, a season: five earlier weekly evenings of two finished games each (a red and a black win)."""

from __future__ import annotations

import datetime as dt

from clubdesk.rules.mafia.script import ROLES
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerService
from clubdesk.store.db import Store

SEED = 20261202
ROLE_WORDS = ("дон", "шериф", "мафи", "мирн")
DEAL = {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}}   # black 2, 7 (Don), 9


def _finished_game(record, gid: str) -> None:
    """Red wins: day 0 tie 2–7 and a shootout lifts 2; night 1 kills 1 (best move); 7 and 9 are voted out."""
    record(gid, DEAL)
    record(gid, {"type": "agreement_end"})
    _speeches(record, gid, {1: 2, 2: 7})
    record(gid, {"type": "vote", "votes": {"1": 2, "3": 2, "4": 2, "5": 2, "6": 2}})
    _speeches(record, gid, {})
    record(gid, {"type": "vote", "votes": {"1": 2, "3": 2, "4": 2, "5": 2, "6": 2, "8": 2}})
    record(gid, {"type": "last_word_end", "seat": 2})
    record(gid, {"type": "night", "shots": {"7": 1, "9": 1}, "don_check": 4, "sheriff_check": 7})
    record(gid, {"type": "best_move", "seat": 1, "guesses": [7, 9, 3]})
    record(gid, {"type": "last_word_end", "seat": 1})
    record(gid, {"type": "foul", "seat": 5, "clause": "2.3"})
    _speeches(record, gid, {3: 7})
    record(gid, {"type": "vote", "votes": {}})
    record(gid, {"type": "last_word_end", "seat": 7})
    record(gid, {"type": "night", "shots": {"9": 3}, "sheriff_check": 9})
    record(gid, {"type": "last_word_end", "seat": 3})
    _speeches(record, gid, {4: 9})
    record(gid, {"type": "vote", "votes": {}})
    record(gid, {"type": "extra_points", "seat": 4, "points": 0.3, "reason": "нашёл обоих чёрных"})


def _black_win(record, gid: str) -> None:
    """Black wins: day 0 votes out civilian 3, night 1 kills the Sheriff (4), day 1 votes out civilian 6, night 2
    kills civilian 8: three red against three black."""
    record(gid, DEAL)
    record(gid, {"type": "agreement_end"})
    _speeches(record, gid, {1: 3, 2: 5})
    record(gid, {"type": "vote", "votes": {"1": 3, "2": 3, "3": 5, "4": 3, "5": 3, "6": 3, "7": 3, "8": 5, "9": 3,
                                           "10": 3}})
    record(gid, {"type": "last_word_end", "seat": 3})
    record(gid, {"type": "night", "shots": {"2": 4, "7": 4, "9": 4}, "don_check": 4, "sheriff_check": 2})
    record(gid, {"type": "last_word_end", "seat": 4})
    _speeches(record, gid, {1: 5, 5: 6})
    record(gid, {"type": "vote", "votes": {"1": 6, "2": 6, "5": 5, "6": 5, "7": 6, "8": 6, "9": 6, "10": 6}})
    record(gid, {"type": "last_word_end", "seat": 6})
    record(gid, {"type": "night", "shots": {"2": 8, "7": 8, "9": 8}, "don_check": 5})


def _speeches(record, gid: str, nominations: dict[int, int]) -> None:
    state = record(gid, None)
    step = state["step"]
    while state["step"] == step and state["speaker"] is not None:
        seat = state["speaker"]
        if seat in nominations:
            record(gid, {"type": "nominate", "by": seat, "target": nominations[seat]})
        state = record(gid, {"type": "speech_end", "seat": seat})


def _pool(players: PlayerService, today: dt.date, count: int) -> list:
    # Nicknames like «Дон» or «Шериф» would read like a role on the room's display: leave them for another night.
    return [p for p in players.search("", 0, 200) if not p.banned_on(today)
            and not any(w in (p.nickname or p.name).casefold() for w in ROLE_WORDS)][:count]


def _recorder(games: GameService, admin: Actor):
    def record(gid: str, obj: dict | None) -> dict:
        return games.state(gid) if obj is None else games.record(admin, gid, obj)
    return record


SEASON_EVENINGS = 5  # weekly, before the demo evening


def populate_season(store: Store, admin: Actor, today: dt.date | None = None) -> list[str]:
    """Five earlier weekly evenings, 12 of 14 regulars each, two finished games each (a red win, a black win):
    the season table and the players' cards have something to show. Returns the evenings' ids, oldest first."""
    players, games = PlayerService(store), GameService(store)
    svc = EveningService(store, games, players)
    today = today or dt.date.today()
    pool = _pool(players, today, 14)
    record = _recorder(games, admin)
    out = []
    for k in range(SEASON_EVENINGS, 0, -1):
        ev = svc.create(admin, today - dt.timedelta(days=7 * k), admin.account_id, tables=1,
                        name=f"Клубный вечер №{SEASON_EVENINGS - k + 1}")
        for p in (pool[k:] + pool[:k])[:12]:  # a different two stay at home each week
            svc.check_in(admin, ev.id, p.id)
        seating = svc.draw_seating(admin, ev.id, 2, seed=SEED + k)
        for n, play in ((1, _finished_game), (2, _black_win)):
            play(record, svc.start_game(admin, ev.id, n, 1, list(seating.rounds[n - 1][0])))
        out.append(ev.id)
    return out


def populate(store: Store, admin: Actor, today: dt.date | None = None) -> str:
    """Create the demo evening; returns its id."""
    players, games = PlayerService(store), GameService(store)
    svc = EveningService(store, games, players)
    today = today or dt.date.today()
    ev = svc.create(admin, today, admin.account_id, tables=1, name="Клубный вечер")
    chosen = _pool(players, today, 12)
    for p in chosen:
        svc.check_in(admin, ev.id, p.id)
    seating = svc.draw_seating(admin, ev.id, 4, seed=SEED)
    record = _recorder(games, admin)

    first = svc.start_game(admin, ev.id, 1, 1, list(seating.rounds[0][0]))
    _finished_game(record, first)
    second = svc.start_game(admin, ev.id, 2, 1, list(seating.rounds[1][0]))
    record(second, DEAL)
    record(second, {"type": "agreement_end"})
    _speeches(record, second, {1: 6})
    record(second, {"type": "night", "shots": {"2": 5, "7": 5, "9": 5}, "don_check": 3, "sheriff_check": 2})
    record(second, {"type": "last_word_end", "seat": 5})
    record(second, {"type": "foul", "seat": 8, "clause": "2.4"})
    record(second, {"type": "speech_end", "seat": record(second, None)["speaker"]})
    record(second, {"type": "nominate", "by": record(second, None)["speaker"], "target": 9})
    return ev.id
