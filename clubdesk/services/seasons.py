"""Mafia seasons: the evenings of a period ranked by the club's scoring (M-7), for the screen, CSV, XLSX and paper.

A season is a period, not a stored object: its table is derived from the finished games of the evenings dated in
it, so any desk holding those games shows the same table. One list of columns serves every output, so the screen,
the exports and the printed table cannot drift apart.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from clubdesk.columns import Column, Sheet, csv_text, xlsx_bytes
from clubdesk.errors import ValidationError, language
from clubdesk.rules.mafia.season import SeasonLine, season_table
from clubdesk.services.evenings import EveningRow, EveningService
from clubdesk.services.evenings_standings import tenths


@dataclass(frozen=True)
class SeasonRow:
    """One player's line: place (None below the minimum of games), name and the season's figures."""

    place: int | None
    player_id: str
    name: str
    line: SeasonLine


def _count(name: str) -> tuple[Callable[[SeasonRow], object], Callable[[SeasonRow], str]]:
    return (lambda r: getattr(r.line, name)), (lambda r: str(getattr(r.line, name)))


def _points(get: Callable[[SeasonLine], int]) -> tuple[Callable[[SeasonRow], object], Callable[[SeasonRow], str]]:
    return (lambda r: get(r.line) / 10), (lambda r: tenths(get(r.line)))


COLUMNS: tuple[Column, ...] = (
    Column("place", "Место", "Place", lambda r: r.place if r.place is not None else "",
           lambda r: str(r.place) if r.place is not None else "—", ("№", "#")),
    Column("name", "Игрок", "Player", lambda r: r.name, lambda r: r.name),
    Column("games", "Игр", "Games", *_count("games")),
    Column("score", "Баллы", "Score", *_points(lambda x: x.score)),
    Column("wins", "Побед", "Wins", *_count("wins")),
    Column("wins_red", "Красный", "Red", *_count("wins_red"), ("Кр.", "Red")),
    Column("wins_black", "Чёрный", "Black", *_count("wins_black"), ("Чёр.", "Bl.")),
    Column("wins_sheriff", "Шериф", "Sheriff", *_count("wins_sheriff"), ("Шер.", "Sh.")),
    Column("wins_don", "Дон", "Don", *_count("wins_don"), ("Дон", "Don")),
    Column("best_move", "Лучший ход", "Best move", *_points(lambda x: x.best_move), ("ЛХ", "BM")),
    Column("extra", "Доп. баллы", "Extra points", *_points(lambda x: x.extra - x.best_move), ("Доп.", "Ext.")),
    Column("removals", "Удалений", "Removals", *_count("removals"), ("Уд.", "Rem.")),
    Column("first_killed", "Убит первым", "Killed first", *_count("first_killed"), ("УП", "KF")),
)


@dataclass(frozen=True)
class Season:
    """The period (both days included) and the minimum of games to be ranked."""

    start: dt.date
    end: dt.date
    min_games: int = 0

    def title(self) -> str:
        return f"{self.start:%d.%m.%Y} — {self.end:%d.%m.%Y}"


def presets(today: dt.date) -> list[tuple[str, str, Season]]:
    """(ru, en, season) periods a club runs: this month, this quarter, this half-year, this year."""
    q = (today.month - 1) // 3 * 3 + 1
    h = 1 if today.month <= 6 else 7
    month_end = (today.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - dt.timedelta(days=1)

    def until(month: int) -> dt.date:
        nxt = dt.date(today.year + month // 12, month % 12 + 1, 1)
        return nxt - dt.timedelta(days=1)

    return [("Этот месяц", "This month", Season(today.replace(day=1), month_end)),
            ("Этот квартал", "This quarter", Season(dt.date(today.year, q, 1), until(q + 2))),
            ("Это полугодие", "This half-year", Season(dt.date(today.year, h, 1), until(h + 5))),
            ("Этот год", "This year", Season(dt.date(today.year, 1, 1), dt.date(today.year, 12, 31)))]


class SeasonService:
    """The season table of a period from the evenings EveningService holds."""

    def __init__(self, evenings: EveningService) -> None:
        self.evenings = evenings

    def evenings_in(self, season: Season) -> list[EveningRow]:
        if season.end < season.start:
            raise ValidationError("season", "Конец сезона раньше его начала.", "The season ends before it starts.")
        return sorted((e for e in self.evenings.list() if season.start <= e.date <= season.end),
                      key=lambda e: e.date)

    def table(self, season: Season) -> list[SeasonRow]:
        """Ranked players best first, then those with fewer than `min_games` games (no place), by name."""
        engines = [self.evenings.games.engine(g.game_id) for e in self.evenings_in(season)
                   for g in self.evenings.list_games(e.id)]  # season_table leaves out games still running
        result = season_table(engines, season.min_games)
        lines = [(place, x) for place, x in result.ranked] + [(None, x) for x in result.unranked]
        names = self.evenings.names([x.player for _, x in lines])
        rows = [SeasonRow(place, x.player, names.get(x.player, "?"), x) for place, x in lines]
        ranked, rest = rows[:len(result.ranked)], sorted(rows[len(result.ranked):], key=lambda r: r.name)
        return ranked + rest

    def csv(self, season: Season, lang: str | None = None) -> str:
        """Semicolon-separated (as spreadsheet programs in Russia expect), the screen's columns and texts."""
        return csv_text(COLUMNS, self.table(season), lang)

    def pdf(self, season: Season, lang: str | None = None) -> bytes:
        from clubdesk.reports.mafia_season import build_season

        lang = lang or language()
        rows = self.table(season)
        legend = "; ".join(f"{c.paper_title(lang)} — {c.title(lang).lower()}" for c in COLUMNS if c.short)
        return build_season(season.title(), season.min_games, [c.paper_title(lang) for c in COLUMNS],
                            [[c.text(r) for c in COLUMNS] for r in rows], legend, lang=lang)

    def xlsx(self, season: Season, lang: str | None = None) -> bytes:
        """An Excel workbook with the screen's columns; points and counts are numbers a spreadsheet can sum."""
        name = "Сезон" if (lang or language()) == "ru" else "Season"
        return xlsx_bytes([Sheet(name, season.title(), COLUMNS, self.table(season))], lang)
