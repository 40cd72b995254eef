"""Read-only values of a Жук tournament for the windows, and the club rating from finished rounds."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select

from clubdesk.rules.zhuk.events import START_RATING, from10, rating_to10
from clubdesk.store.db import Store
from clubdesk.store.models import Game, Projection


@dataclass(frozen=True)
class TournamentInfo:
    id: str
    name: str
    status: str
    settlement: str
    bankroll: str
    players: tuple[str, ...]
    stage_count: int


@dataclass(frozen=True)
class RoundInfo:
    id: str
    stage: int   # 1–3, 4 = the final
    number: int
    nominal: int
    minutes: int


@dataclass(frozen=True)
class StageInfo:
    id: str
    number: int
    kind: str    # stage | final
    seed: int | None
    rounds: tuple[RoundInfo, ...]


@dataclass(frozen=True)
class TableInfo:
    id: str
    number: int
    round_id: str
    game_id: str
    players: tuple[str, ...]  # seats in the drawn turn order


@dataclass(frozen=True)
class ClockState:
    total: float       # seconds in the round
    remaining: float   # seconds left (0 when time is up)
    running: bool
    paused: bool

    @property
    def started(self) -> bool:
        return self.running or self.paused

    @property
    def expired(self) -> bool:
        return self.started and self.remaining <= 0


def club_ratings10(store: Store) -> dict[str, int]:
    """Z§8: each player's club rating ×10 from 1000 plus the rating deltas of every finished Жук round."""
    ratings: dict[str, int] = {}
    with store.session_factory() as s:
        rows = s.execute(select(Projection.state_json).join(Game, Game.id == Projection.game_id)
                         .where(Game.game == "zhuk", Game.status == "finished")).scalars()
        for state_json in rows:
            for p, delta in json.loads(state_json).get("rating_delta", {}).items():
                ratings[p] = ratings.get(p, START_RATING * 10) + rating_to10(delta, "rating_delta")
    return ratings


def rating_json(rating10: int | None) -> int | float:
    """A ×10 rating as the header number (1000 for a player with no finished round)."""
    return from10(START_RATING * 10 if rating10 is None else rating10)
