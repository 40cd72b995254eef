"""Who is acting and what their roles allow — light on purpose: the main window needs it before the ORM loads."""

from __future__ import annotations

from typing import NamedTuple

from clubdesk.errors import PermissionDenied

# The roles an account can hold (stored space-separated in accounts.roles).
ROLES = ("admin", "desk", "referee", "host", "display")

ROLE_NAMES = {"admin": ("администратор", "administrator"), "desk": ("стойка", "desk"),
              "referee": ("судья", "referee"), "host": ("ведущий", "host"), "display": ("табло", "display")}


class Actor(NamedTuple):
    """The logged-in account on whose behalf a service acts. (A NamedTuple, not a dataclass: this module is
    read before the main window's first frame, and a dataclass costs ~10× more to define.)"""

    account_id: str | None
    login: str
    roles: frozenset[str]

    def has(self, *roles: str) -> bool:
        return bool(self.roles & set(roles)) or "admin" in self.roles


def sees_private(actor: Actor) -> bool:
    """Phones, notes and bans are for the staff: a display account (the hall screen) reads public data only."""
    return bool(actor.roles - {"display"})


SYSTEM = Actor(None, "system", frozenset({"admin"}))


def require(actor: Actor, *roles: str) -> None:
    if not actor.has(*roles):
        need = ", ".join(ROLE_NAMES[r][0] for r in roles)
        need_en = ", ".join(ROLE_NAMES[r][1] for r in roles)
        raise PermissionDenied(f"Недостаточно прав: нужна роль «{need}».", f"Not allowed: needs the role '{need_en}'.")
