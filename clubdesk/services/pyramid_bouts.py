"""Which Пирамидка tournament and bout a game was started for, and whether its result is counted there (PT§5).

Read from the tournaments' rows and their brackets' logs, below both GameService (which asks before it cancels or
corrects a game) and PyramidTournamentService (which runs the bracket); `engine_of` is GameService.engine, so the
bracket is the one the desk has replayed already.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from clubdesk.store.db import Store
from clubdesk.store.models import Tournament, TournamentEntry

GAME = "pyramid100"


@dataclass(frozen=True)
class PyramidTournamentInfo:
    id: str
    name: str
    format: str
    log_game_id: str
    created_at: str
    players: tuple[str, ...]  # entries not withdrawn before the draw


def pyramid_tournaments(store: Store) -> list[PyramidTournamentInfo]:
    """Every Пирамидка tournament with a bracket, newest first."""
    with store.session_factory() as s:
        rows = s.scalars(select(Tournament).where(Tournament.game == GAME)
                         .order_by(Tournament.created_at.desc())).all()
        out = []
        for t in rows:
            opts = json.loads(t.options_json)
            if "log" not in opts:
                continue
            entries = s.scalars(select(TournamentEntry.player_id).where(
                TournamentEntry.tournament_id == t.id, TournamentEntry.deleted.is_(False))).all()
            out.append(PyramidTournamentInfo(t.id, t.name, opts["format"], opts["log"], t.created_at,
                                             tuple(entries)))
        return out


def bout_of_game(store: Store, engine_of: Callable[[str], Any],
                 game_id: str) -> tuple[PyramidTournamentInfo, str] | None:
    """(tournament, bout) of a Пирамидка game started for a tournament's bout, else None."""
    for t in pyramid_tournaments(store):
        bout = engine_of(t.log_game_id).started_ids.get(game_id)
        if bout is not None:
            return t, bout
    return None


def counted_in_bout(store: Store, engine_of: Callable[[str], Any], game_id: str) -> tuple[str, str] | None:
    """(bout, tournament name) when this Пирамидка game's result is counted in a tournament's bout, else None."""
    found = bout_of_game(store, engine_of, game_id)
    if found is None:
        return None
    t, bout = found
    return (bout, t.name) if game_id in engine_of(t.log_game_id).game_ids else None
