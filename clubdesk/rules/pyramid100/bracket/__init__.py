"""Пирамидка tournaments: single and double elimination, groups and a play-off (docs/rules/pyramid100.md «Турниры»)."""

from __future__ import annotations

from clubdesk.rules.pyramid100.bracket.engine import BYE, Bout, Tournament
from clubdesk.rules.pyramid100.bracket.events import (
    Draw,
    Enter,
    Event,
    GameVoided,
    GameWon,
    StartGame,
    WalkOver,
    Withdraw,
    event_to_json,
    parse_event,
)

__all__ = ["BYE", "Bout", "Draw", "Enter", "Event", "GameVoided", "GameWon", "StartGame", "Tournament", "WalkOver", "Withdraw",
           "event_to_json", "new_game", "parse_event"]


def new_game(players: list, options: dict | None = None) -> Tournament:
    """A tournament before its entries (registry interface: the header has no players)."""
    return Tournament(players, options or {})
