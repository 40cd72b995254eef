"""The games ClubDesk knows, for `clubdesk replay`, the store and the protocols.

Each engine module exposes module-level functions with these names:
- `new_game(players: list, options: dict) -> engine`   (raises InvalidEventError on a bad header)
- `parse_event(obj: dict) -> event`                       (raises InvalidEventError)
- `event_to_json(event) -> dict`                          (inverse of parse_event)
and the engine has `apply(event)`, `undo()`, `state() -> dict` (the replay.md output).
"""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: dict[str, str] = {
    "pyramid100": "clubdesk.rules.pyramid100",
    "zhuk": "clubdesk.rules.zhuk",
    "mafia": "clubdesk.rules.mafia",
    "pyramid100_bracket": "clubdesk.rules.pyramid100.bracket",  # a Пирамидка tournament's log (docs «Турниры»)
}


def engine_module(game: str) -> ModuleType | None:
    """The engine module for `game`, or None when ClubDesk has no such game."""
    path = GAMES.get(game)
    return importlib.import_module(path) if path else None
