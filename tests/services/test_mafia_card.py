"""The player's card, Mafia: seasons with places, games and wins by role, best move, extra points, removals, killed
first, last games and the season score evening by evening — evenings played through the services, worked out by
hand."""

import datetime as dt

import pytest

from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.mafia_card import PlayerMafia, RoleLine, season_label, season_of
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.seasons import Season, SeasonService
from tests.services.test_seasons import BLACK_WIN, RED_WIN

TODAY = dt.date(2026, 12, 10)
Q3, Q4 = Season(dt.date(2026, 7, 1), dt.date(2026, 9, 30)), Season(dt.date(2026, 10, 1), dt.date(2026, 12, 31))


@pytest.fixture
def club(store, admin):
    """P01…P12. 25 Sep (Q3): red win, P01…P10 in seats 1…10. 6 Nov: red win, P01…P10. 13 Nov: black win, P03…P12
    (seat 6 = P08 leaves, seat 3 = P05 gets +0.3). 4 Dec: red win, P02…P11, and P01…P10 still playing.
    The deal: 1 civ, 2 mafia, 3 civ, 4 sheriff, 5 civ, 6 civ, 7 don, 8 civ, 9 mafia, 10 civ; in a red win seat 1 is
    killed first and guesses the three black seats (best move +0.5)."""
    players = PlayerService(store)
    ids = {f"P{i:02}": players.add(admin, PlayerData(f"Игрок {i:02}", "", "")).id for i in range(1, 13)}
    games = GameService(store)
    evenings = EveningService(store, games, players)

    def evening(day: dt.date, *played: tuple[int, list[dict]]) -> None:
        e = evenings.create(admin, day, admin.account_id, name=f"Вечер {day:%d.%m}")
        for n, (first, events) in enumerate(played, start=1):
            gid = evenings.start_game(admin, e.id, n, 1, [ids[f"P{first + s:02}"] for s in range(10)])
            for obj in events:
                games.record(admin, gid, obj)

    evening(dt.date(2026, 9, 25), (1, RED_WIN))
    evening(dt.date(2026, 11, 6), (1, RED_WIN))
    evening(dt.date(2026, 11, 13), (3, BLACK_WIN))
    evening(dt.date(2026, 12, 4), (2, RED_WIN), (1, RED_WIN[:2]))
    return PlayerMafia(evenings), ids


def test_p03s_card_is_the_hand_computation(club):
    mafia, ids = club
    card = mafia.card(ids["P03"], TODAY)
    # 25 Sep seat 3 civilian, red wins: 1.0. 6 Nov seat 3 civilian: 1.0. 13 Nov seat 1 civilian, black wins: 0.
    # 4 Dec seat 2 mafia, red wins: 0.
    assert [(s.season, s.line.games, s.line.wins, s.line.score) for s in card.seasons] == [(Q4, 3, 1, 10),
                                                                                         (Q3, 1, 1, 10)]
    # Q4 with no minimum: 30 P04; 23 P05; 20 P06 P09 P11; 15 P01 P02 (level); 10 P03 P07 P10 (level) → 8th of 12.
    assert (card.seasons[0].place, card.seasons[0].players) == (8, 12)
    # Q3, one game: P01 1.5 first; the six other red seats 1.0, level on everything → 2nd; black 0.
    assert (card.seasons[1].place, card.seasons[1].players) == (2, 10)
    assert card.roles == [RoleLine("civilian", 3, 2), RoleLine("mafia", 1, 0), RoleLine("sheriff", 0, 0),
                          RoleLine("don", 0, 0)]
    x = card.totals
    assert (x.games, x.wins, x.best_move, x.extra - x.best_move, x.removals, x.first_killed) == (4, 2, 0, 0, 0, 0)
    assert [(g.date, g.evening, g.round, g.game.seat, g.game.role, g.game.won, g.game.score) for g in card.last_games] \
        == [(dt.date(2026, 12, 4), "Вечер 04.12", 1, 2, "mafia", False, 0),
            (dt.date(2026, 11, 13), "Вечер 13.11", 1, 1, "civilian", False, 0),
            (dt.date(2026, 11, 6), "Вечер 06.11", 1, 3, "civilian", True, 10),
            (dt.date(2026, 9, 25), "Вечер 25.09", 1, 3, "civilian", True, 10)]
    assert card.season == Q4
    assert [(e.date, e.score, e.games) for e in card.by_evening] == [
        (dt.date(2026, 11, 6), 10, 1), (dt.date(2026, 11, 13), 10, 1), (dt.date(2026, 12, 4), 10, 1)]


def test_best_move_first_kills_removals_and_extra_points_add_up_by_hand(club):
    mafia, ids = club
    p01 = mafia.card(ids["P01"], TODAY)  # seat 1 of both red wins: killed first, best move +0.5, 1.5 each
    assert (p01.totals.games, p01.totals.score, p01.totals.best_move, p01.totals.first_killed) == (2, 30, 10, 2)
    assert p01.seasons[0].line.games == 1  # 4 Dec: his game there is still running, it counts nowhere
    assert p01.seasons[1].place == 1       # Q3: 1.5 is the best
    p08 = mafia.card(ids["P08"], TODAY)    # 13 Nov seat 6 leaves: −0.5 and a removal
    assert (p08.totals.removals, p08.last_games[1].game.score, p08.last_games[1].game.removed) == (1, -5, True)
    p05 = mafia.card(ids["P05"], TODAY)    # 13 Nov seat 3: +0.3 extra in a lost game
    assert (p05.totals.extra - p05.totals.best_move, p05.last_games[1].game.extra) == (3, 3)
    p09 = mafia.card(ids["P09"], TODAY)    # 13 Nov seat 7: the Don of a black win
    assert RoleLine("don", 1, 1) in p09.roles


def test_the_season_score_by_evening_is_the_season_table_up_to_that_evening(club):
    mafia, ids = club
    seasons = SeasonService(mafia.evenings)
    for name in ("P01", "P02", "P05", "P08", "P11"):
        card = mafia.card(ids[name], TODAY)
        assert card.by_evening, name
        for point in card.by_evening:
            table = seasons.table(Season(card.season.start, point.date))
            assert point.score == next(r.line.score for r in table if r.player_id == ids[name]), (name, point)


def test_a_player_without_games_has_the_current_season_empty_and_no_curve(club, store, admin):
    mafia, _ids = club
    newcomer = PlayerService(store).add(admin, PlayerData("Новичок Нил", "", "")).id
    card = mafia.card(newcomer, TODAY)
    assert [(s.season, s.place, s.line.games) for s in card.seasons] == [(Q4, None, 0)]
    assert card.last_games == [] and card.by_evening == [] and card.season is None
    assert all(r.games == 0 for r in card.roles)


def test_seasons_are_calendar_quarters():
    assert season_of(dt.date(2026, 12, 31)) == Q4 and season_of(dt.date(2026, 7, 1)) == Q3
    assert season_of(dt.date(2027, 2, 28)) == Season(dt.date(2027, 1, 1), dt.date(2027, 3, 31))
    assert (season_label(Q4, "ru"), season_label(Q3, "en")) == ("IV кв. 2026", "Q3 2026")
