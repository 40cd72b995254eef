"""Demo Mafia evening: 12 players checked in, a seeded seating, one finished game and one on day 1."""

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


def _speeches(record, gid: str, nominations: dict[int, int]) -> None:
    state = record(gid, None)
    step = state["step"]
    while state["step"] == step and state["speaker"] is not None:
        seat = state["speaker"]
        if seat in nominations:
            record(gid, {"type": "nominate", "by": seat, "target": nominations[seat]})
        state = record(gid, {"type": "speech_end", "seat": seat})


def populate(store: Store, admin: Actor, today: dt.date | None = None) -> str:
    """Create the demo evening; returns its id."""
    players, games = PlayerService(store), GameService(store)
    svc = EveningService(store, games, players)
    today = today or dt.date.today()
    ev = svc.create(admin, today, admin.account_id, tables=1, name="Клубный вечер")
    # Nicknames like «Дон» or «Шериф» would read like a role on the room's display: leave them for another night.
    chosen = [p for p in players.search("", 0, 200) if not p.banned_on(today)
              and not any(w in (p.nickname or p.name).casefold() for w in ROLE_WORDS)][:12]
    for p in chosen:
        svc.check_in(admin, ev.id, p.id)
    seating = svc.draw_seating(admin, ev.id, 4, seed=SEED)

    def record(gid: str, obj: dict | None) -> dict:
        return games.state(gid) if obj is None else games.record(admin, gid, obj)

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
