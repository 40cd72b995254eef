"""A player's Mafia on his card: his place in each season, his games by role, his last games, and his season score
evening by evening — all derived from the finished games of the evenings, like the season table (services/seasons.py).

The card's season is the calendar quarter, the season window's «Этот квартал»: the current quarter and every earlier
one the player played in (a month holds four or five club evenings, too few to rank by). Places are over everybody
who played that quarter (no minimum of games).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from clubdesk.rules.mafia.season import ROLE_WINS, PlayerGame, SeasonLine, player_game, season_table
from clubdesk.services.evenings import EveningRow, EveningService
from clubdesk.services.seasons import Season

ROLES = tuple(ROLE_WINS)  # civilian (red), mafia (black), sheriff, don: the order of the card's role lines
LAST_GAMES = 20


def season_of(day: dt.date) -> Season:
    """The season a day belongs to on the card: its calendar quarter."""
    first = (day.month - 1) // 3 * 3 + 1
    nxt = dt.date(day.year + (first + 3 > 12), (first + 2) % 12 + 1, 1)
    return Season(dt.date(day.year, first, 1), nxt - dt.timedelta(days=1))


def season_label(season: Season, lang: str | None = None) -> str:
    """«IV кв. 2026» / «Q4 2026»."""
    from clubdesk.errors import language

    q = (season.start.month - 1) // 3 + 1
    return f"Q{q} {season.start.year}" if (lang or language()) == "en" else \
        f"{('I', 'II', 'III', 'IV')[q - 1]} кв. {season.start.year}"


@dataclass(frozen=True)
class SeasonResult:
    """The player's line of one season's table: his place (None: he did not play it), of how many players."""

    season: Season
    place: int | None
    players: int
    line: SeasonLine


@dataclass(frozen=True)
class RoleLine:
    role: str   # civilian | mafia | sheriff | don
    games: int
    wins: int


@dataclass(frozen=True)
class GameLine:
    """One finished game of the player: when, which evening, the game and table numbers, and his line of it."""

    date: dt.date
    evening: str
    round: int
    table: int
    game: PlayerGame


@dataclass(frozen=True)
class EveningScore:
    """The player's season total (tenths) after an evening of the season, and the games he played that evening."""

    evening_id: str
    date: dt.date
    evening: str
    score: int
    games: int


@dataclass(frozen=True)
class MafiaCard:
    seasons: list[SeasonResult]       # the current season first, then earlier ones he played, newest first
    roles: list[RoleLine]             # every role, in ROLES order
    totals: SeasonLine                # all his finished games: best move, extra points, removals, killed first
    last_games: list[GameLine]        # newest first, at most LAST_GAMES
    season: Season | None             # the season of `by_evening`: the latest he played (None: no game yet)
    by_evening: list[EveningScore]    # his running season total, evening by evening


class PlayerMafia:
    """The Mafia tab of the player's card, read through EveningService (no SQL of its own)."""

    def __init__(self, evenings: EveningService) -> None:
        self.evenings = evenings

    def _played(self) -> list[tuple[EveningRow, list[tuple[Any, Any]]]]:
        """Every evening, oldest first, with its (game row, engine) pairs of finished games."""
        out = []
        for e in sorted(self.evenings.list(), key=lambda e: e.date):
            games = [(g, self.evenings.games.engine(g.game_id)) for g in self.evenings.list_games(e.id)
                     if g.winner is not None]
            out.append((e, games))
        return out

    def card(self, player_id: str, today: dt.date) -> MafiaCard:
        played = self._played()
        by_season: dict[Season, list[Any]] = defaultdict(list)
        mine: list[tuple[EveningRow, Any, PlayerGame]] = []
        for e, games in played:
            by_season[season_of(e.date)].extend(engine for _g, engine in games)
            mine += [(e, g, line) for g, engine in games if (line := player_game(engine, player_id)) is not None]
        current = season_of(today)
        seasons = sorted({season_of(e.date) for e, _g, _x in mine} | {current}, key=lambda s: s.start, reverse=True)
        return MafiaCard([self._season_result(s, by_season.get(s, []), player_id) for s in seasons],
                         _roles([x for _e, _g, x in mine]),
                         _totals(player_id, [engine for _e, games in played for _g, engine in games]),
                         [GameLine(e.date, e.title(), g.round, g.table, x) for e, g, x in reversed(mine)][:LAST_GAMES],
                         *_by_evening(mine))

    @staticmethod
    def _season_result(season: Season, engines: list[Any], player_id: str) -> SeasonResult:
        table = season_table(engines)
        for place, line in table.ranked:
            if line.player == player_id:
                return SeasonResult(season, place, len(table.ranked), line)
        return SeasonResult(season, None, len(table.ranked), SeasonLine(player_id))


def _roles(games: list[PlayerGame]) -> list[RoleLine]:
    return [RoleLine(role, sum(1 for g in games if g.role == role), sum(1 for g in games if g.role == role and g.won))
            for role in ROLES]


def _totals(player_id: str, engines: list[Any]) -> SeasonLine:
    table = season_table(engines)
    return next((line for _p, line in table.ranked if line.player == player_id), SeasonLine(player_id))


def _by_evening(mine: list[tuple[EveningRow, Any, PlayerGame]]) -> tuple[Season | None, list[EveningScore]]:
    if not mine:
        return None, []
    season = season_of(mine[-1][0].date)
    out: list[EveningScore] = []
    total = 0
    for e, _g, x in mine:
        if season_of(e.date) != season:
            continue
        total += x.score
        if out and out[-1].evening_id == e.id:
            out[-1] = EveningScore(e.id, e.date, e.title(), total, out[-1].games + 1)
        else:
            out.append(EveningScore(e.id, e.date, e.title(), total, 1))
    return season, out
