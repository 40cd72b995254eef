"""A Mafia season: every finished game of the evenings of a period ranked by the club's scoring (M-7).

Derived from the games' engines and nothing else, so every desk computes the same table from the same games
(a season is never stored or synced). Points are tenths, as in `scoring`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from clubdesk.rules.mafia.scoring import Line, places

#: The four ways to win a game, by the role the player was dealt: «красный» is a civilian (the Sheriff apart),
#: «чёрный» a mafioso (the Don apart).
ROLE_WINS = {"civilian": "wins_red", "mafia": "wins_black", "sheriff": "wins_sheriff", "don": "wins_don"}


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """One player's season: games, the M-7 total and what makes it up, wins by role, removals."""

    player: str
    games: int = 0
    score: int = 0          # M-7 total, tenths: wins, best move, extra points, −0.5 per removal
    extra: int = 0          # host's extra points plus best move (the M-7 tie-break figure)
    best_move: int = 0      # best-move points alone
    wins: int = 0
    wins_red: int = 0
    wins_black: int = 0
    wins_sheriff: int = 0
    wins_don: int = 0
    removals: int = 0
    first_killed: int = 0

    def line(self) -> Line:
        return Line(self.player, self.score, self.extra, self.wins, self.first_killed)


@dataclass(frozen=True, slots=True)
class SeasonTable:
    """`ranked`: (place, line) best first, players with at least `min_games`; `unranked`: the others, by name."""

    min_games: int
    ranked: tuple[tuple[int, SeasonLine], ...]
    unranked: tuple[SeasonLine, ...]


_FIGURES = tuple(f.name for f in fields(SeasonLine) if f.name != "player")


def _add(totals: dict[str, dict[str, int]], player: str, **figures: int) -> None:
    row = totals.get(player)
    if row is None:  # not setdefault: its default would be built for every seat of every game (benchmarks/seasons)
        row = totals[player] = dict.fromkeys(_FIGURES, 0)
    for name, value in figures.items():
        row[name] += value


def season_table(games: Iterable[Any], min_games: int = 0) -> SeasonTable:
    """Rank the players of finished games (engines) by M-7: score, extra points, wins, first-night kills; level
    players share a place. A game still running is not a result yet and counts nowhere."""
    totals: dict[str, dict[str, int]] = {}
    for game in games:
        if game.winner is None:
            continue
        scores = game.scores()
        removed = set(game.penalised)
        for seat, player in enumerate(game.players, start=1):
            won = game.team(seat) == game.winner
            role_win = {ROLE_WINS[game.roles[seat - 1]]: 1} if won else {}
            best = game.best_move.get(seat, 0)
            _add(totals, player, games=1, score=scores[seat - 1], extra=game.extra[seat - 1] + best,
                 best_move=best, wins=int(won), removals=int(seat in removed),
                 first_killed=int(game.first_killed == seat), **role_win)
    lines = [SeasonLine(p, **v) for p, v in totals.items()]
    eligible = {x.player: x for x in lines if x.games >= min_games}
    ranked = tuple((place, eligible[line.player]) for place, line in places(x.line() for x in eligible.values()))
    unranked = sorted((x for x in lines if x.player not in eligible), key=lambda x: x.player)
    return SeasonTable(min_games, ranked, tuple(unranked))


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One finished game as a player's card shows it: the seat, the role dealt, won or lost, and the M-7 figures
    (tenths) that the season table adds up for him."""

    seat: int
    role: str            # civilian | mafia | sheriff | don, as dealt
    won: bool
    score: int
    best_move: int
    extra: int           # host's extra points alone (best move apart)
    removed: bool
    first_killed: bool


def player_game(game: Any, player: str) -> PlayerGame | None:
    """The player's line of a finished game (an engine), or None: not finished, or he did not play it."""
    if game.winner is None or player not in game.players:
        return None
    seat = game.players.index(player) + 1
    return PlayerGame(seat, game.roles[seat - 1], game.team(seat) == game.winner, game.scores()[seat - 1],
                      game.best_move.get(seat, 0), game.extra[seat - 1], seat in set(game.penalised),
                      game.first_killed == seat)
