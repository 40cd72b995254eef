"""How the tournaments' lists and boards name their players, read in one query for a set of ids."""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from clubdesk.names import board_name
from clubdesk.store.db import Store
from clubdesk.store.models import Player


def _names(store: Store, player_ids: Iterable[str]) -> list[tuple[str, str, str]]:
    ids = list(player_ids)
    with store.session_factory() as s:
        return [tuple(r) for r in s.execute(select(Player.id, Player.name, Player.nickname)
                                            .where(Player.id.in_(ids))).all()]


def display_names(store: Store, player_ids: Iterable[str]) -> dict[str, str]:
    """The name, and the nickname in quotes when there is one: «Иванов Пётр «Титан»»."""
    return {pid: f"{name} «{nick}»" if nick else name for pid, name, nick in _names(store, player_ids)}


def board_names(store: Store, player_ids: Iterable[str]) -> dict[str, str]:
    """How the public boards and the bracket name them (clubdesk.names.board_name of the stored fields)."""
    return {pid: board_name(name, nick) for pid, name, nick in _names(store, player_ids)}
