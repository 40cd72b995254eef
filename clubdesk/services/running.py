"""What this desk is still playing: the Пирамидка matches and Mafia games its closing warning names (issue 38 item 5).

A game counts while its status is running and this desk records it (its owner, docs/sync.md): a game another
desk records goes on without this one. Read from the games' rows and cached projections, no replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select

from clubdesk.store.db import Store
from clubdesk.store.models import Game, Player, Projection

KINDS = ("pyramid100", "mafia")


@dataclass(frozen=True)
class RunningGame:
    game_id: str
    game: str                      # pyramid100 | mafia
    title: str                     # as stored: «Стол 3», «Клубный вечер · игра 2 · стол 1»
    names: tuple[str, ...] = ()    # a match's two players (a Mafia game's ten are not named in a warning)
    score: tuple[int, int] | None = None


def running_games(store: Store) -> list[RunningGame]:
    """This desk's running matches and Mafia games, oldest first."""
    q = (select(Game, Projection.state_json).outerjoin(Projection, Projection.game_id == Game.id)
         .where(Game.game.in_(KINDS), Game.status == "running", Game.owner_desk_id.in_((store.desk_id, "")))
         .order_by(Game.created_at))
    with store.session_factory() as s:
        rows = s.execute(q).all()
        ids = {pid for g, _ in rows if g.game == "pyramid100" for pid in g.players}
        names = dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all()) if ids else {}
    out = []
    for g, state_json in rows:
        if g.game != "pyramid100":
            out.append(RunningGame(g.id, g.game, g.title))
            continue
        a, b = g.players
        score = json.loads(state_json)["score"] if state_json else {a: 0, b: 0}
        out.append(RunningGame(g.id, g.game, g.table_name or g.title, (names.get(a, "?"), names.get(b, "?")),
                               (score[a], score[b])))
    return out
