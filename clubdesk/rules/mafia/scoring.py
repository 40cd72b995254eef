"""Game score per player in tenths of a point (M-7, option `scoring`) and the standings order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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


def evening_table(games: Iterable[Any]) -> list[tuple[int, Line, int]]:
    """(place, totals, games played) of every player of an evening, best first (M-7), from its games' engines.

    Only finished games count (a game still running is not a result yet); the extra points include the best
    move; players level on every figure share the place of the first of them. The one computation behind the
    standings on screen, in the CSV and on paper.
    """
    totals: dict[str, list[int]] = {}
    played: dict[str, int] = {}
    for game in games:
        if game.winner is None:
            continue
        scores = game.scores()
        for seat, player in enumerate(game.players, start=1):
            row = totals.setdefault(player, [0, 0, 0, 0])
            played[player] = played.get(player, 0) + 1
            row[0] += scores[seat - 1]
            row[1] += game.extra[seat - 1] + game.best_move.get(seat, 0)
            row[2] += 1 if game.team(seat) == game.winner else 0
            row[3] += 1 if game.first_killed == seat else 0
    return [(place, line, played[line.player]) for place, line in places(Line(p, *v) for p, v in totals.items())]


def best_moves(games: Iterable[Any]) -> dict[str, int]:
    """player id → his best-move points (tenths) in these games' engines (M-7): the part of Line.extra the standings
    name «Лучший ход», as the season does."""
    out: dict[str, int] = {}
    for game in games:
        for seat, tenths in game.best_move.items():
            player = game.players[seat - 1]
            out[player] = out.get(player, 0) + tenths
    return out


def places(lines: Iterable[Line]) -> list[tuple[int, Line]]:
    """(place, line) in the standings order (M-7); players level on every figure share the first one's place."""
    out: list[tuple[int, Line]] = []
    for i, line in enumerate(standings(lines)):
        prev = out[-1][1] if out else None
        level = prev is not None and (prev.score, prev.extra, prev.wins, prev.first_killed) == \
            (line.score, line.extra, line.wins, line.first_killed)
        out.append((out[-1][0] if level else i + 1, line))
    return out
