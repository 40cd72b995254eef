"""When a game created by mistake may be cancelled (GameService.cancel), and why not: one line, Russian and English.

A cancelled game has no result: it must not have one that counts elsewhere already. So a finished game is refused
(its result is in a rating, the evening's standings or the tournament's balances: correct it instead), a Пирамидка
tournament's game is taken back in its bracket, and a Жук table only before its first shot — and only a duplicate
of its table, or a table of a round nobody plays yet (its players would sit the round out, their money lost).
"""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import select

from clubdesk.errors import KnownError
from clubdesk.services.pyramid_bouts import bout_of_game
from clubdesk.store.db import Store
from clubdesk.store.models import Game, GameTable


class GameService(Protocol):
    """What the refusal reads of the game service that asks it (services/games.py)."""

    store: Store

    def engine(self, game_id: str) -> Any: ...

    def events(self, game_id: str) -> list[dict]: ...

KINDS = ("pyramid100", "mafia", "zhuk")
# Where a finished game's result already counts, by kind (ru, en).
COUNTED_IN = {"pyramid100": ("в рейтинге «Пирамидки»", "in the Pyramid rating"),
              "mafia": ("в итогах вечера и в сезоне", "in the evening's standings and the season"),
              "zhuk": ("в балансах турнира и в клубном рейтинге", "in the tournament's balances and the club rating")}


class CancelRefused(KnownError):
    """The game may not be cancelled (the message says why); nothing was stored."""

    code = "cancel_refused"


def refusal(games: GameService, game_id: str) -> CancelRefused | None:
    """Why the game may not be cancelled, or None."""
    with games.store.session_factory() as s:
        g = s.get(Game, game_id)
        kind, status, table_id = g.game, g.status, g.table_id
    if kind not in KINDS:
        return CancelRefused("Отменить можно матч «Пирамидки», игру мафии или стол «Жука».",
                             "Only a Pyramid match, a Mafia game or a Zhuk table can be cancelled.")
    if status == "finished":
        ru, en = COUNTED_IN[kind]
        return CancelRefused(f"Игра уже закончена и её результат учтён {ru}: отменить её нельзя, можно исправить "
                             "результат.", f"The game is over and its result counts {en}: it cannot be "
                             "cancelled; correct the result instead.")
    if kind == "pyramid100":
        return _bout_game(games, game_id)
    if kind == "zhuk":
        return _zhuk_table(games, game_id, table_id)
    return None


def _bout_game(games: GameService, game_id: str) -> CancelRefused | None:
    found = bout_of_game(games.store, games.engine, game_id)
    if found is None:
        return None
    name, bout = found[0].name, found[1]
    return CancelRefused(f"Это партия встречи {bout} турнира «{name}»: её снимают в сетке турнира.",
                         f"This is a game of bout {bout} of the tournament '{name}': take it back in the bracket.")


def _zhuk_table(games: GameService, game_id: str, table_id: str | None) -> CancelRefused | None:
    if games.events(game_id):
        return CancelRefused("За этим столом уже записаны удары: игру отменить нельзя, её балансы идут в турнир.",
                             "Shots are recorded at this table: its game cannot be cancelled, its balances go on "
                             "into the tournament.")
    with games.store.session_factory() as s:
        table = s.get(GameTable, table_id) if table_id else None
        if table is None or table.round_id is None:
            return None
        others = s.execute(select(Game.id, GameTable.number).join(GameTable, Game.table_id == GameTable.id)
                           .where(GameTable.round_id == table.round_id, Game.status != "cancelled",
                                  Game.id != game_id)).all()
    if any(number == table.number for _gid, number in others):
        return None  # a duplicate of its table: the other one plays
    if any(games.events(gid) for gid, _number in others):
        return CancelRefused(f"За другими столами раунда уже играют: игроки стола {table.number} остались бы без "
                             "раунда. Отменить можно дубль стола или столы раунда, который ещё не начали.",
                             f"The round is played at its other tables: the players of table {table.number} would "
                             "sit it out. Only a duplicate table, or the tables of a round not yet played, can be "
                             "cancelled.")
    return None
