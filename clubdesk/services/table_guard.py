"""One running game per table: a second game started at a table whose game is still on is refused.

Checked by GameService.create inside the transaction that inserts the new game, after the insert: the insert holds
the store's write lock, so two starts at once (a double click, the desk and a phone, two programs on one file)
queue, and the second one sees the first and is rolled back. «The table» is, by kind of game:
- Mafia: the evening's table number — game 2 at table 1 waits for game 1 there to end (or be cancelled), and each
  game of the seating (round, table) is started once;
- Жук: the table number of the round — its one game;
- Пирамидка: the table typed with the match (`games.table_name`, any case and spacing), when one is typed.
A cancelled game (services/cancellation.py) holds no table.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from clubdesk.errors import ValidationError
from clubdesk.store.models import Game, GameTable

CANCELLED = "cancelled"


class TableBusy(ValidationError):
    """A game is already on at this table: nothing was stored (the form's field: the table)."""

    code = "table_busy"

    def __init__(self, ru: str, en: str) -> None:
        super().__init__("table", ru, en)


def table_key(name: str) -> str:
    """«Стол 6», «стол  6» and «СТОЛ 6» are one table."""
    return " ".join(name.split()).casefold()


def refuse_second_game(session: Session, game: Game) -> None:
    """Raise TableBusy when another game holds the new `game`'s table (the new row is flushed, not committed)."""
    if game.game == "pyramid100" and table_key(game.table_name):
        _refuse_pyramid(session, game)
    table = session.get(GameTable, game.table_id) if game.table_id else None
    if table is None:
        return
    if table.evening_id is not None and table.evening_round is not None:
        refuse_mafia(session, table.evening_id, table.evening_round, table.number, exclude=game.id)
    elif table.round_id is not None:
        _refuse_zhuk(session, game, table)


def refuse_mafia(session: Session, evening_id: str, round_no: int, table_no: int, exclude: str | None = None) -> None:
    """Game `round_no` at table `table_no` of the evening is not started twice, nor while another game runs there."""
    rows = session.execute(select(Game.id, Game.status, GameTable.evening_round)
                           .join(GameTable, Game.table_id == GameTable.id)
                           .where(GameTable.evening_id == evening_id, GameTable.number == table_no,
                                  GameTable.evening_round.is_not(None), Game.status != CANCELLED)).all()
    for gid, status, other_round in rows:
        if gid == exclude:
            continue
        if other_round == round_no:
            raise TableBusy(f"Игра {round_no} за столом {table_no} уже начата.",
                            f"Game {round_no} at table {table_no} has already started.")
        if status == "running":
            raise TableBusy(f"За столом {table_no} ещё идёт игра {other_round}: сначала закончите её или отмените "
                            "(если она создана по ошибке).",
                            f"Game {other_round} is still on at table {table_no}: finish it first, or cancel it "
                            "if it was created by mistake.")


def _refuse_zhuk(session: Session, game: Game, table: GameTable) -> None:
    other = session.scalar(select(Game.id).join(GameTable, Game.table_id == GameTable.id)
                           .where(GameTable.round_id == table.round_id, GameTable.number == table.number,
                                  Game.game == "zhuk", Game.status != CANCELLED, Game.id != game.id))
    if other is not None:
        raise TableBusy(f"Стол {table.number} этого раунда уже открыт.",
                        f"Table {table.number} of this round is already open.")


def _refuse_pyramid(session: Session, game: Game) -> None:
    key = table_key(game.table_name)
    for name in session.scalars(select(Game.table_name).where(Game.game == "pyramid100", Game.status == "running",
                                                               Game.table_name != "", Game.id != game.id)):
        if table_key(name) == key:
            raise TableBusy(f"За столом «{name}» уже идёт матч: сначала закончите его или отмените (если он создан "
                            "по ошибке).",
                            f"A match is already on at table '{name}': finish it first, or cancel it if it was "
                            "created by mistake.")
