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


class Game:
    """What evening_table reads of a finished (or running) game's engine."""

    def __init__(self, players, winner, scores, extra=None, best_move=None, black=(), first_killed=None):
        self.players, self.winner, self._scores = players, winner, scores
        self.extra, self.best_move = extra or [0] * len(players), best_move or {}
        self.black, self.first_killed = set(black), first_killed

    def scores(self):
        return self._scores

    def team(self, seat):
        return "black" if seat in self.black else "red"


def test_evening_table_counts_finished_games_only_and_adds_the_best_move_to_the_extras():  # M-7
    from clubdesk.rules.mafia.scoring import evening_table

    done = Game(["а", "б", "в"], "red", [13, 10, 0], extra=[0, 0, 0], best_move={1: 3}, black=[3], first_killed=1)
    running = Game(["а", "б", "в"], None, [0, 0, 10], extra=[0, 10, 0])
    table = {line.player: (place, line.score, line.extra, line.wins, line.first_killed, n)
             for place, line, n in evening_table([done, running])}
    assert table == {"а": (1, 13, 3, 1, 1, 1), "б": (2, 10, 0, 1, 0, 1), "в": (3, 0, 0, 0, 0, 1)}


def test_evening_table_gives_players_level_on_every_figure_the_same_place():  # M-7
    from clubdesk.rules.mafia.scoring import evening_table

    game = Game(["а", "б", "в"], "black", [10, 10, 0], black=[1, 2])
    assert [(place, line.player) for place, line, _n in evening_table([game])] == [(1, "а"), (1, "б"), (3, "в")]


def test_evening_table_adds_up_every_finished_game_of_a_player_whatever_his_seat():  # M-7
    from clubdesk.rules.mafia.scoring import evening_table

    running = Game(["в", "а", "б"], None, [0, 0, 10])          # first in the list: it is skipped, not the end
    first = Game(["а", "б", "в"], "red", [13, 10, 0], extra=[0, 2, 0], best_move={1: 3}, black=[3], first_killed=1)
    second = Game(["в", "а", "б"], "black", [10, 0, 0], extra=[1, 0, 4], best_move={2: 5}, black=[1],
                  first_killed=2)
    table = {line.player: (place, line.score, line.extra, line.wins, line.first_killed, n)
             for place, line, n in evening_table([running, first, second])}
    assert table == {"а": (1, 13, 8, 1, 2, 2), "б": (2, 10, 6, 1, 0, 2), "в": (3, 10, 1, 1, 0, 2)}


def test_a_season_without_a_minimum_ranks_everybody_who_played_and_says_so():  # M-7
    from clubdesk.rules.mafia.script import Script
    from clubdesk.rules.mafia.season import season_table

    table = season_table([Script().do(type="award_loss", team="black", clause="1.12").game])
    assert table.min_games == 0 and len(table.ranked) == 10 and table.unranked == ()


def test_a_players_line_of_a_finished_game_for_his_card_and_none_for_a_running_game_or_a_stranger():  # M-7
    from clubdesk.rules.mafia.script import Script
    from clubdesk.rules.mafia.season import PlayerGame, player_game

    s = Script().speeches().do(type="removal", seat=4, clause="5.5").night(5)
    s.do(type="best_move", seat=5, guesses=[2, 7, 9]).do(type="extra_points", seat=5, points=0.2, reason="лидер")
    assert player_game(s.game, "P5") is None                     # still running
    g = s.do(type="award_loss", team="black", clause="1.12").game
    assert player_game(g, "P5") == PlayerGame(5, "civilian", True, 17, 5, 2, False, True)   # 1 + 0.5 + 0.2
    assert player_game(g, "P4") == PlayerGame(4, "sheriff", True, 5, 0, 0, True, False)     # 1 − 0.5 removal
    assert player_game(g, "P2") == PlayerGame(2, "mafia", False, 0, 0, 0, False, False)
    assert player_game(g, "P11") is None
