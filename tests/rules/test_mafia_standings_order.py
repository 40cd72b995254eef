"""Evening standings order (M-7): score, then extra points, then wins, then first-night kills, then the name."""

from __future__ import annotations

from clubdesk.rules.mafia.scoring import Line, standings


def order(*lines: Line) -> list[str]:
    return [x.player for x in standings(lines)]


def test_higher_score_goes_first_whatever_the_other_figures():
    assert order(Line("Б", 20, 0, 0, 0), Line("А", 25, -5, 1, 0)) == ["А", "Б"]


def test_level_on_score_the_one_with_more_extra_points_goes_first():  # M-7
    assert order(Line("А", 20, 3, 5, 2), Line("Б", 20, 5, 1, 0)) == ["Б", "А"]


def test_level_on_score_and_extras_the_one_with_more_wins_goes_first():  # M-7
    assert order(Line("А", 20, 5, 1, 3), Line("Б", 20, 5, 2, 0)) == ["Б", "А"]


def test_level_on_score_extras_and_wins_more_first_night_kills_go_first():  # M-7
    assert order(Line("А", 20, 5, 2, 0), Line("Б", 20, 5, 2, 1)) == ["Б", "А"]


def test_level_on_everything_the_name_keeps_the_order_stable():
    assert order(Line("Вера", 20, 5, 2, 1), Line("Анна", 20, 5, 2, 1)) == ["Анна", "Вера"]
