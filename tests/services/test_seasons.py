"""A Mafia season (M-7 over a period): three evenings played through the services, ranked as worked out by hand."""

import datetime as dt

import pytest
from openpyxl import load_workbook

from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.seasons import COLUMNS, Season, SeasonService, presets
from tests.reports.fill import record

NOVEMBER = Season(dt.date(2026, 11, 1), dt.date(2026, 11, 30), min_games=2)

# The recorded game (tests/rules/records/mafia-shootout.json) deals seats 1…10: civilian, mafia, civilian,
# sheriff, civilian, civilian, don, civilian, mafia, civilian. Red wins; seat 1 is killed on the first night and
# guesses all three black seats (best move +0.5). So: seat 1 → 1.5, the other red seats → 1.0, black → 0.
RED_WIN = record("mafia-shootout.json")["events"]
# The same deal, seat 6 leaves of his own accord (M-12: −0.5), seat 3 gets +0.3 extra points, and the host awards
# the red team a loss (M§1.12): black wins — seats 2, 7 (Don) and 9 → 1.0, seat 3 → 0.3, seat 6 → −0.5.
BLACK_WIN = RED_WIN[:2] + [{"type": "leave", "seat": 6},
                           {"type": "extra_points", "seat": 3, "points": 0.3, "reason": "активная игра"},
                           {"type": "award_loss", "team": "red", "clause": "1.12"}]


@pytest.fixture
def season(store, admin):
    """P01…P12. 6 Nov: red-win game, P01…P10 in seats 1…10. 13 Nov: black-win game, P03…P12. 20 Nov: red-win
    game, P02…P11, and a game of P01…P10 still running. 4 Dec (outside November): red-win game, P01…P10."""
    players = PlayerService(store)
    ids = {f"P{i:02}": players.add(admin, PlayerData(f"Игрок {i:02}", "", "")).id for i in range(1, 13)}
    games = GameService(store)
    evenings = EveningService(store, games, players)

    def evening(day: dt.date, *played: tuple[int, list[dict]]) -> None:
        e = evenings.create(admin, day, admin.account_id)
        for n, (first, events) in enumerate(played, start=1):
            gid = evenings.start_game(admin, e.id, n, 1, [ids[f"P{first + s:02}"] for s in range(10)])
            for obj in events:
                games.record(admin, gid, obj)

    evening(dt.date(2026, 11, 6), (1, RED_WIN))
    evening(dt.date(2026, 11, 13), (3, BLACK_WIN))
    evening(dt.date(2026, 11, 20), (2, RED_WIN), (1, RED_WIN[:2]))
    evening(dt.date(2026, 12, 4), (1, RED_WIN))
    return SeasonService(evenings), {v: k for k, v in ids.items()}


def figures(row) -> tuple:
    x = row.line
    return (x.games, x.score, x.wins, x.wins_red, x.wins_black, x.wins_sheriff, x.wins_don, x.best_move,
            x.extra - x.best_move, x.removals, x.first_killed)


# By hand, seat by seat (evening 1 seat = P-number, evening 2 seat = P − 2, evening 3 seat = P − 1):
# (games, score, wins, red, black, sheriff, don, best move, extra, removals, killed first); score in tenths.
BY_HAND = {
    "P01": (1, 15, 1, 1, 0, 0, 0, 5, 0, 0, 1),    # E1 seat 1 civilian, killed first, best move
    "P02": (2, 15, 1, 1, 0, 0, 0, 5, 0, 0, 1),    # E1 seat 2 mafia 0; E3 seat 1 civilian 1.5
    "P03": (3, 10, 1, 1, 0, 0, 0, 0, 0, 0, 0),    # E1 civ 1.0; E2 seat 1 civ 0; E3 seat 2 mafia 0
    "P04": (3, 30, 3, 1, 1, 1, 0, 0, 0, 0, 0),    # E1 sheriff 1.0; E2 seat 2 mafia 1.0; E3 seat 3 civ 1.0
    "P05": (3, 23, 2, 1, 0, 1, 0, 0, 3, 0, 0),    # E1 civ 1.0; E2 seat 3 civ +0.3; E3 seat 4 sheriff 1.0
    "P06": (3, 20, 2, 2, 0, 0, 0, 0, 0, 0, 0),    # E1 civ 1.0; E2 seat 4 sheriff 0; E3 seat 5 civ 1.0
    "P07": (3, 10, 1, 1, 0, 0, 0, 0, 0, 0, 0),    # E1 don 0; E2 seat 5 civ 0; E3 seat 6 civ 1.0
    "P08": (3, 5, 1, 1, 0, 0, 0, 0, 0, 1, 0),     # E1 civ 1.0; E2 seat 6 leaves −0.5; E3 seat 7 don 0
    "P09": (3, 20, 2, 1, 0, 0, 1, 0, 0, 0, 0),    # E1 mafia 0; E2 seat 7 don 1.0; E3 seat 8 civ 1.0
    "P10": (3, 10, 1, 1, 0, 0, 0, 0, 0, 0, 0),    # E1 civ 1.0; E2 seat 8 civ 0; E3 seat 9 mafia 0
    "P11": (2, 20, 2, 1, 1, 0, 0, 0, 0, 0, 0),    # E2 seat 9 mafia 1.0; E3 seat 10 civ 1.0
    "P12": (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),     # E2 seat 10 civ 0
}
# With at least 2 games: 30 P04; 23 P05; 20 P06, P09, P11 (level on every M-7 figure: one place); 15 P02;
# 10 P03, P07, P10 (level); 5 P08. P01 and P12 played one game: listed without a place.
PLACES = {"P04": 1, "P05": 2, "P06": 3, "P09": 3, "P11": 3, "P02": 6, "P03": 7, "P07": 7, "P10": 7, "P08": 10}


def test_season_table_is_the_hand_computation_of_its_evenings_finished_games(season):
    service, name_of = season
    rows = service.table(NOVEMBER)
    assert {name_of[r.player_id]: figures(r) for r in rows} == BY_HAND
    assert {name_of[r.player_id]: r.place for r in rows if r.place is not None} == PLACES
    assert [r.place for r in rows] == sorted(PLACES.values()) + [None, None]  # ranked first, best first
    assert [name_of[r.player_id] for r in rows[-2:]] == ["P01", "P12"]


def test_an_evening_outside_the_period_and_a_running_game_count_nowhere(season):
    service, name_of = season
    december = service.table(Season(dt.date(2026, 12, 1), dt.date(2026, 12, 31)))
    assert len(december) == 10 and all(r.line.games == 1 for r in december)
    whole = service.table(Season(dt.date(2026, 11, 1), dt.date(2026, 12, 31)))
    assert {name_of[r.player_id]: r.line.games for r in whole}["P01"] == 2  # 6 Nov and 4 Dec, not the running one
    first_to_last = service.table(Season(dt.date(2026, 11, 6), dt.date(2026, 11, 20), min_games=2))
    assert [figures(r) for r in first_to_last] == [figures(r) for r in service.table(NOVEMBER)]  # both days count


def test_without_a_minimum_everybody_is_ranked_and_level_players_share_a_place(season):
    service, name_of = season
    rows = service.table(Season(NOVEMBER.start, NOVEMBER.end, min_games=0))
    assert all(r.place is not None for r in rows)
    places = {name_of[r.player_id]: r.place for r in rows}
    assert places["P01"] == places["P02"]  # 1.5, +0.5 best move, 1 win, killed first: level on every figure


def test_exports_have_the_screens_columns_and_numbers(season):
    service, _ = season
    rows = service.table(NOVEMBER)
    lines = service.csv(NOVEMBER, "ru").splitlines()
    assert lines[0].split(";") == [c.ru for c in COLUMNS]
    assert [ln.split(";") for ln in lines[1:]] == [[c.text(r).replace("−", "-") for c in COLUMNS] for r in rows]
    import io
    ws = load_workbook(io.BytesIO(service.xlsx(NOVEMBER, "ru"))).active
    values = [list(v) for v in ws.iter_rows(min_row=2, values_only=True)]
    assert values[0] == [c.ru for c in COLUMNS]
    assert values[1:] == [[c.value(r) if c.value(r) != "" else None for c in COLUMNS] for r in rows]
    assert values[1][3] == 3.0  # P04's 30 tenths as a number a spreadsheet can sum


def test_the_printed_table_has_the_screens_rows(season):
    from tests.reports.pdftable import table_rows

    service, _ = season
    rows = service.table(NOVEMBER)
    head = [c.paper_title("ru") for c in COLUMNS]
    printed = table_rows(service.pdf(NOVEMBER, "ru"), head, key=1)
    assert printed == [{c.paper_title("ru"): c.text(r) for c in COLUMNS} for r in rows]


def test_a_season_that_ends_before_it_starts_is_refused(season):
    from clubdesk.errors import ValidationError

    service, _ = season
    with pytest.raises(ValidationError, match="раньше"):
        service.table(Season(dt.date(2026, 11, 30), dt.date(2026, 11, 1)))


def test_presets_cover_the_month_quarter_half_year_and_year_of_the_day():
    periods = {ru: (s.start, s.end) for ru, _en, s in presets(dt.date(2026, 11, 17))}
    assert periods == {"Этот месяц": (dt.date(2026, 11, 1), dt.date(2026, 11, 30)),
                       "Этот квартал": (dt.date(2026, 10, 1), dt.date(2026, 12, 31)),
                       "Это полугодие": (dt.date(2026, 7, 1), dt.date(2026, 12, 31)),
                       "Этот год": (dt.date(2026, 1, 1), dt.date(2026, 12, 31))}
