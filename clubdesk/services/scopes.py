"""Which games a referee or host account may score from a table page (clubdesk/web): the game's scope.

For a Mafia game the field names its host (ведущий): only he runs it from a phone and sees its roles there.

A game whose `referee` field names somebody (the referee account picked for a Пирамидка match or a Жук table) is
scored from a tablet only by that account — matched by its display name or login — or by the desk and the
administrator. A match of an older version may hold a typed name no account answers to: it is kept and printed as it
is, and only the desk scores it from a tablet until a referee is picked (issue 34 item 4). A game that names nobody is open to every account with the game's role. The desk's
own windows are not scoped: they stand in front of the desk's staff.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.roles import Actor, require
from clubdesk.store.db import Store
from clubdesk.store.models import Account, Game
from clubdesk.store.uow import UnitOfWork

ASSIGN_ROLES = ("desk",)


@dataclass(frozen=True)
class RefereeAccount:
    """An active account with the `referee` role, as the desk picks it for a table."""

    login: str
    name: str  # what the table's `games.referee` holds when he is picked (clubdesk.services.scopes.table_referee)


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


def referee_accounts(store: Store, actor: Actor) -> list[RefereeAccount]:
    """The active accounts holding the `referee` role, by name: whom the desk may put on a Жук table.

    Each one's `name` is his display name; his login where the display name is empty or another account's name
    or login would match it too (the scope matches either: two «Орлов» would both be in scope)."""
    require(actor, *ASSIGN_ROLES)
    return active_referees(store)


def active_referees(store: Store) -> list[RefereeAccount]:
    """`referee_accounts` without the role check, for a caller that checked its own (a new Пирамидка match: the desk
    or a referee creates it)."""
    with store.session_factory() as s:
        accounts = list(s.execute(select(Account.login, Account.display_name, Account.roles, Account.active)))
    taken: dict[str, int] = {}
    for login, shown, _roles, _active in accounts:
        for word in {_norm(login), _norm(shown)} - {""}:
            taken[word] = taken.get(word, 0) + 1
    out = [RefereeAccount(login, shown.strip() if _norm(shown) and taken[_norm(shown)] == 1 else login)
           for login, shown, roles, active in accounts if active and "referee" in roles.split()]
    return sorted(out, key=lambda r: (r.name.casefold(), r.login))


def assign_table_referee(store: Store, actor: Actor, game_id: str, login: str | None) -> str:
    """Put the referee account `login` on a running Жук table (None: «любой судья», every referee may score it).

    Stored in `games.referee` through the unit of work, so it is stamped into the change log and syncs like any
    game field; returns what was stored. Refused: a role other than desk/admin, an account that is not an active
    referee, a game that is not a running Жук table."""
    require(actor, *ASSIGN_ROLES)
    name = ""
    if login is not None:
        found = [r for r in referee_accounts(store, actor) if r.login == login]
        if not found:
            raise ValidationError("referee", f"Учётная запись «{login}» — не действующий судья.",
                                  f"The account '{login}' is not an active referee.")
        name = found[0].name
    with store.session_factory() as s:
        row = s.execute(select(Game.game, Game.status).where(Game.id == game_id)).first()
    if row is None or row.game != "zhuk":
        raise ValidationError("game", "Стол «Жук» не найден.", "Zhuk table not found.")
    if row.status != "running":
        raise ValidationError("game", "Этот стол уже закончен: судью ему не назначают.",
                              "This table has finished: no referee is assigned to it.")
    assign_referee(store, actor, game_id, name)
    return name


def named_referee(referees: list[RefereeAccount], stored: str) -> RefereeAccount | None:
    """The account a stored `games.referee` names (his name or login, as `in_scope` matches), or None: nobody, or
    a match of an older version created with a free-text referee no account answers to (issue 34 item 4)."""
    if not _norm(stored):
        return None
    return next((r for r in referees if _norm(stored) in {_norm(r.name), _norm(r.login)}), None)


def person_names(store: Store) -> dict[str, str]:
    """Login (normalised) → the person: the display name, else the login. A stored referee is printed through it."""
    rows = store.read("SELECT login, display_name FROM accounts", ())
    return {_norm(login): " ".join(shown.split()) or login for login, shown in rows}


def shown_referee(stored: str, persons: dict[str, str]) -> str:
    """What the protocol and the cards print for a stored `games.referee`: the person's name where it is a login
    («orlov» → «Орлов Глеб»), else the text as stored (a display name already, or an older free text)."""
    return persons.get(_norm(stored), stored) if stored else ""


def assign_match_referee(store: Store, actor: Actor, game_id: str, login: str | None) -> str:
    """Put the referee account `login` on a Пирамидка match (None: any referee) — at any time, a finished match too
    (it is what its protocol prints). Stored in `games.referee` as for a Жук table (`assign_table_referee`), through
    the unit of work, so it syncs; returns what was stored. Refused: a role other than desk/admin, an account that
    is not an active referee, a game that is not a Пирамидка match."""
    require(actor, *ASSIGN_ROLES)
    name = match_referee(store, login)
    with store.session_factory() as s:
        kind = s.scalar(select(Game.game).where(Game.id == game_id))
    if kind != "pyramid100":
        raise ValidationError("game", "Матч «Пирамидка» не найден.", "Pyramid match not found.")
    assign_referee(store, actor, game_id, name)
    return name


def match_referee(store: Store, login: str | None) -> str:
    """What `games.referee` holds for the referee account `login` (None: "", any referee); a ValidationError when
    it is not an active referee. The caller checks the role."""
    if login is None:
        return ""
    found = [r for r in active_referees(store) if r.login == login]
    if not found:
        raise ValidationError("referee", f"Учётная запись «{login}» — не действующий судья.",
                              f"The account '{login}' is not an active referee.")
    return found[0].name
