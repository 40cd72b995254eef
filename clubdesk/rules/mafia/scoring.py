"""Game score per player in tenths of a point (M-7, option `scoring`) and the standings order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from clubdesk.rules.mafia.events import BLACK_ROLES

SCORING = ("fiim", "wins")
WIN = 10            # 1.0
REMOVAL = -5        # −0.5 for a removal from the game (M-7)
BEST_MOVE = {2: 3, 3: 5}   # black guesses among three → +0.3 / +0.5


def team_of(role: str) -> str:
    return "black" if role in BLACK_ROLES else "red"


def best_move_tenths(guesses: Iterable[int], roles: Sequence[str]) -> int:
    """Лучший ход: 2 black seats among the 3 guesses → 0.3, all 3 → 0.5 (M-7)."""
    blacks = sum(1 for g in guesses if roles[g - 1] in BLACK_ROLES)
    return BEST_MOVE.get(blacks, 0)


def score_tenths(scoring: str, roles: Sequence[str], winner: str | None, best_move: dict[int, int],
                 extra: Sequence[int], removed: Iterable[int]) -> list[int]:
    """Points of seats 1…10 in tenths. `wins` counts only the result; `fiim` adds best move, extras, removals."""
    out = [WIN if winner is not None and team_of(r) == winner else 0 for r in roles]
    if scoring == "wins":
        return out
    for seat, tenths in best_move.items():
        out[seat - 1] += tenths
    for i, tenths in enumerate(extra):
        out[i] += tenths
    for seat in removed:
        out[seat - 1] += REMOVAL
    return out


@dataclass(frozen=True, slots=True)
class Line:
    """One player's evening totals for a standings table (tenths for points)."""
    player: str
    score: int
    extra: int
    wins: int
    first_killed: int


def standings(lines: Iterable[Line]) -> list[Line]:
    """Order by score, then extra points, then wins, then first-night kills (M-7); the name keeps it stable."""
    return sorted(lines, key=lambda x: (-x.score, -x.extra, -x.wins, -x.first_killed, x.player))
