"""Which games a referee or host account may score from a table page (clubdesk/web): the game's scope.

For a Mafia game the field names its host (ведущий): only he runs it from a phone and sees its roles there.

A game whose `referee` field names somebody (a Пирамидка match is created «судья Орлов»; the desk can name one
for a Жук table) is scored from a tablet only by that account — matched by its display name or login — or by the
desk and the administrator. A game that names nobody is open to every account with the game's role. The desk's
own windows are not scoped: they stand in front of the desk's staff.
"""

from __future__ import annotations

from sqlalchemy import select

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.roles import Actor, require
from clubdesk.store.db import Store
from clubdesk.store.models import Account, Game
from clubdesk.store.uow import UnitOfWork

ASSIGN_ROLES = ("desk",)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def display_name(store: Store, actor: Actor) -> str:
    if actor.account_id is None:
        return actor.login
    with store.session_factory() as s:
        name = s.scalar(select(Account.display_name).where(Account.id == actor.account_id))
    return name or actor.login


def in_scope(actor: Actor, name: str, referee: str) -> bool:
    if actor.has("desk") or not _norm(referee):
        return True
    return _norm(referee) in {_norm(name), _norm(actor.login)}


def check_scope(store: Store, actor: Actor, game_id: str, name: str) -> None:
    """PermissionDenied when the game names another referee (the message names him and the account)."""
    with store.session_factory() as s:
        row = s.execute(select(Game.referee, Game.game).where(Game.id == game_id)).first()
    if row is None:
        raise ValidationError("game", "Игра не найдена.", "Game not found.")
    referee, game = row
    if not in_scope(actor, name, referee):
        ru, en = ("ведущий", "host") if game == "mafia" else ("судья", "referee")  # a Mafia game's field names its host
        raise PermissionDenied(f"Эту игру ведёт {ru} «{referee}»; учётная запись {actor.login} на неё не назначена.",
                               f"This game's {en} is '{referee}'; the account {actor.login} is not assigned to it.")


def assign_referee(store: Store, actor: Actor, game_id: str, referee: str) -> None:
    """Name the game's referee (the desk): from then on only he scores it from a tablet. "" opens it again."""
    require(actor, *ASSIGN_ROLES)
    referee = " ".join(referee.split())
    if len(referee) > 100:
        raise ValidationError("referee", "Слишком длинное имя судьи.", "The referee's name is too long.")
    with UnitOfWork(store, actor.account_id) as uow:
        game = uow.session.get(Game, game_id)
        if game is None:
            raise ValidationError("game", "Игра не найдена.", "Game not found.")
        game.referee = referee
