"""Пирамидка 100 очков с контрольным шаром: the rules engine (seed pyramid100-rules.ru.txt, P-1…P-4)."""

from __future__ import annotations

from clubdesk.rules.pyramid100.engine import TOTAL, Match
from clubdesk.rules.pyramid100.events import (
    CONTROL,
    CUE,
    FOULS,
    TRICKS,
    Call,
    Concede,
    Event,
    Pot,
    Shot,
    event_to_json,
    parse_event,
)
from clubdesk.rules.pyramid100.shot import Outcome

__all__ = ["CONTROL", "CUE", "FOULS", "TOTAL", "TRICKS", "Call", "Concede", "Event", "Match", "Outcome", "Pot",
           "Shot", "event_to_json", "new_game", "parse_event"]


def new_game(players: list, options: dict | None = None) -> Match:
    """A fresh match; `players[0]` breaks (P§2). Pyramid 100 has no options."""
    return Match(players, options or {})
