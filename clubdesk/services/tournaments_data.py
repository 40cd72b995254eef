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
    referee: str = ""  # games.referee: the one referee who may score it from a tablet («» any; services/scopes.py)


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


def result_used_by(store: Store, game_id: str) -> tuple[str, str] | None:
    """What already took this Жук table's final balances (ru, en), or None: the next round of its stage once
    seated (the money flows on, Z-10), or a later stage or the final once drawn (its players and start balances
    came from this stage's balances, Z§6). A correction after that would leave that draw or round standing on
    balances that no longer exist."""
    from clubdesk.store.models import GameTable, Round, Stage

    with store.session_factory() as s:
        g = s.get(Game, game_id)
        table = s.get(GameTable, g.table_id) if g is not None and g.table_id else None
        if table is None or table.round_id is None:
            return None
        rnd = s.get(Round, table.round_id)
        stage = s.get(Stage, rnd.stage_id)
        next_round = s.scalars(select(Round.number).join(GameTable, GameTable.round_id == Round.id)
                                 .where(Round.stage_id == stage.id, Round.number > rnd.number)
                                 .order_by(Round.number)).first()
        if next_round is not None:
            return (f"раунд {next_round} этапа {stage.number}", f"round {next_round} of stage {stage.number}")
        later = s.scalars(select(Stage).where(Stage.tournament_id == stage.tournament_id,
                                              Stage.number > stage.number).order_by(Stage.number)).first()
        if later is None:
            return None
        if later.kind == "final":
            return ("жеребьёвку финала", "the final's draw")
        return (f"жеребьёвку этапа {later.number}", f"the draw of stage {later.number}")
