"""«Жук»: the table engine (money, bank, handicap, rating) and the pure tournament functions (Z§1–9, Z-1…Z-10)."""

from __future__ import annotations

from typing import Any

from clubdesk.rules.zhuk.engine import ShotResult, ZhukEngine
from clubdesk.rules.zhuk.events import (
    Event,
    Pot,
    Rerack,
    RoundEnd,
    Seat,
    Shot,
    event_to_json,
    parse_event,
    parse_header,
)

__all__ = ["Event", "Pot", "Rerack", "RoundEnd", "Seat", "Shot", "ShotResult", "ZhukEngine",
           "event_to_json", "new_game", "parse_event"]


def new_game(players: Any, options: Any) -> ZhukEngine:
    """A fresh round from the record header (players in turn order, options nominal/settlement/bank)."""
    seats, nominal, settlement, bank = parse_header(players, options if options is not None else {})
    return ZhukEngine(seats, nominal, settlement, bank)
