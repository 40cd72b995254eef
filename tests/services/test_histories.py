"""Histories as pictures, the numbers: the chart series are the ratings services' own values — the Жук club rating
after each finished round, the Пирамидка rating after each finished match, the Mafia season score after each
evening, each Жук player's balance after each round — and the layout puts a known series where it must."""

import datetime as dt

import pytest

from clubdesk.charts import Chart, Mark, Series, layout, nice_ticks
from clubdesk.services.histories import balance_chart, pyramid_chart, season_chart, zhuk_chart
from clubdesk.services.mafia_card import PlayerMafia
from clubdesk.services.ratings import RatingService
from clubdesk.services.tournaments_standings import balance_history, standings
from tests.services.test_mafia_card import TODAY
from tests.services.test_mafia_card import club as mafia_club  # noqa: F401 - fixture


@pytest.fixture
def ratings(history_store):
    return RatingService(history_store)


def players(store) -> list[str]:
    from clubdesk.services.players import PlayerService

    return [p.id for p in PlayerService(store).search("", 0, 100)]


def test_zhuk_series_is_the_club_rating_after_each_of_his_finished_rounds(ratings, history_store):
    rounds = ratings.rounds()
    finished = [r for r in rounds if r.finished]
    assert len(finished) >= 6  # the demo's past: «Кубок ноября», stage 1, three rounds at two tables
    checked = 0
    for pid in players(history_store):
        points = ratings.zhuk_history(pid, rounds)
        mine = [i for i, r in enumerate(finished) if pid in r.rating_delta]
        assert [p.value for p in points] == [ratings.ratings(finished[:i + 1]).get(pid) for i in mine]
        assert zhuk_chart(points).series[0].values == tuple(p.value for p in points)
        if points:
            assert points[-1].value == ratings.rating(pid) and {p.label for p in points} == {"Кубок ноября"}
            assert all(p.date == dt.date.today() for p in points)  # the rounds were played today
            checked += 1
    assert checked == 8


def test_zhuk_chart_marks_where_each_tournament_begins(ratings):
    from clubdesk.services.ratings import RatingPoint

    day = dt.date(2026, 11, 3)
    points = [RatingPoint(day, 1005, "Кубок ноября", "t1"), RatingPoint(day, 990, "Кубок ноября", "t1"),
              RatingPoint(day + dt.timedelta(days=30), 1010, "Кубок декабря", "t2")]
    chart = zhuk_chart(points, "ru")
    assert chart.marks == (Mark(0, "Кубок ноября"), Mark(2, "Кубок декабря"))
    assert chart.slots == ("03.11", "03.11", "03.12") and chart.baseline == 1000


def test_pyramid_series_is_the_rating_after_each_of_his_finished_matches(ratings, history_store):
    timeline = ratings.pyramid_timeline()
    from clubdesk.services.demo_pyramid_tournament import PLAYED

    tournament_games = sum(len(wins) for _bout, wins in PLAYED)  # 15, every one a finished Пирамидка match
    assert len(timeline) == 5 + tournament_games  # the demo's finished match, the past's four, the tournament's
    results = [m for _d, m in timeline]
    seen = 0
    for pid in players(history_store):
        points = ratings.pyramid_history(pid, timeline)
        mine = [i for i, m in enumerate(results) if pid in (m.a, m.b)]
        assert [p.value for p in points] == [ratings.pyramid_ratings(results[:i + 1])[pid] for i in mine]
        assert pyramid_chart(points).series[0].values == tuple(p.value for p in points)
        if points:
            assert points[-1].value == ratings.pyramid_ratings()[pid]
            seen += 1
    assert seen == 4 + 8  # and the tournament's eight players

def test_mafia_series_is_the_season_score_after_each_evening(mafia_club):  # noqa: F811
    mafia, ids = mafia_club
    card = mafia.card(ids["P05"], TODAY)  # 6 Nov 1.0, 13 Nov +0.3, 4 Dec sheriff of a red win 1.0
    chart = season_chart(card, "ru")
    assert chart.series[0].values == (1.0, 1.3, 2.3) == tuple(e.score / 10 for e in card.by_evening)
    assert chart.slots == ("06.11", "13.11", "04.12") and chart.title.endswith("(IV кв. 2026)")


def test_the_demo_season_gives_a_curve_to_its_regulars(history_store):
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.games import GameService
    from clubdesk.services.players import PlayerService

    mafia = PlayerMafia(EveningService(history_store, GameService(history_store), PlayerService(history_store)))
    cards = [mafia.card(pid, dt.date.today()) for pid in players(history_store)]
    assert sum(1 for c in cards if len(c.by_evening) >= 2) >= 5
    assert sum(len(c.last_games) for c in cards) == 11 * 10  # 5 evenings × 2 games and today's finished one


def test_balance_chart_is_each_players_balance_round_by_round(history_store):
    from clubdesk.services.games import GameService
    from clubdesk.services.tournaments import TournamentService

    svc = TournamentService(history_store, GameService(history_store))
    tid = next(t.id for t in svc.tournaments() if t.name == "Кубок ноября")
    history = balance_history(svc, tid)
    assert history.rounds == ((1, 0), (1, 1), (1, 2), (1, 3))  # the start, then the three rounds
    assert set(history.balances) == set(svc.get(tid).players)
    assert all(values[0] == 10_000 for values in history.balances.values())
    st = standings(svc, tid)
    for row in st.overall:  # the stage's last round is the stage's balance in the standings
        assert history.balances[row.player][-1] == row.amounts[0]
    for i, (stage, number) in enumerate(history.rounds[1:], start=1):
        rnd = svc.stages(tid)[stage - 1].rounds[number - 1]
        for t in svc.tables(rnd.id):
            for pid, balance in svc.games.state(t.game_id)["balances"].items():
                assert history.balances[pid][i] == balance
    chart = balance_chart(history, lang="ru")
    assert {s.name: s.values for s in chart.series} == {history.names[p]: v for p, v in history.balances.items()}
    assert chart.marks == (Mark(0, "Этап 1"),) and chart.slots == ("старт", "Э1 р1", "Э1 р2", "Э1 р3")
    last = [s.values[-1] for s in chart.series]
    assert last == sorted(last, reverse=True)  # the legend reads best first


def test_layout_puts_a_known_series_at_its_pixels():
    chart = Chart("Т", ("01.12", "02.12", "03.12"), (Series("a", (0.0, 10.0, 5.0)),))
    plot = layout(chart, 300, 200)
    # ticks 0, 5, 10; title above (24.2 px), x labels below; y labels «10» wide: left = 2 × 6.6 + 10
    assert [label for _y, label in plot.y_ticks] == ["0", "5", "10"]
    left, top, right, bottom = plot.frame
    assert (round(left, 1), round(top, 1), right, round(bottom, 1)) == (23.2, 24.2, 288.0, 175.8)
    (colour, points), = plot.dots
    assert [(round(x, 1), round(y, 1)) for x, y in points] == [(41.2, 175.8), (155.6, 24.2), (270.0, 100.0)]
    assert plot.lines == [(colour, [points])] and plot.x_ticks == [(x, d) for (x, _y), d in zip(points, chart.slots,
                                                                                              strict=True)]


def test_a_missing_value_breaks_the_line_and_marks_sit_on_their_slot():
    chart = Chart("", ("a", "b", "c", "d"), (Series("x", (1.0, None, 3.0, 4.0)), Series("y", (2.0, 2.0, 2.0, 2.0))),
                  (Mark(2, "Этап 2"),), baseline=0.0)
    plot = layout(chart, 400, 240)
    (_c, runs), _second = plot.lines
    assert [len(r) for r in runs] == [2]  # 1 alone, then 3–4 joined; nothing drawn across the gap
    x = plot.dots[0][1][1][0]  # slot 2 is the second point of the first series (slot 1 has no value)
    assert plot.marks == [(x, "Этап 2", x + 3)] and len(plot.legend) == 2
    last = layout(Chart("", ("a", "b"), (Series("x", (1.0, 2.0)),), (Mark(1, "Этап 2"),)), 400, 240)
    (x, _t, text_x), = last.marks  # at the right edge the name is written left of its line
    assert text_x < x and text_x + len("Этап 2") * 6.6 == pytest.approx(x - 3)
    assert plot.baseline == plot.frame[3]  # 0 is the lowest tick


def test_nice_ticks_are_round_and_cover_the_range():
    assert nice_ticks(0, 10) == [0, 5, 10]
    assert nice_ticks(963, 1021) == [960, 980, 1000, 1020, 1040]
    assert nice_ticks(1500, 1500)[0] < 1500 < nice_ticks(1500, 1500)[-1]
    assert nice_ticks(-0.5, 2.3) == [-1.0, 0.0, 1.0, 2.0, 3.0]  # 2.8 over 4 gaps: steps of 1
    assert nice_ticks(-2000, 1) == [-2000, -1000, 0, 1000]  # found by the property below: 1 was above the top tick


def test_an_empty_chart_lays_out_its_message_only():
    plot = layout(Chart("Т", (), (Series("a", ()),), empty="Нет"), 300, 200)
    assert plot.y_ticks == [] and plot.dots == [] and plot.empty == "Нет"


def test_legend_entries_are_placed_by_the_painters_text_widths_and_wrap():
    chart = Chart("", ("a", "b"), tuple(Series(n, (1.0, 2.0)) for n in ("Один", "Два", "Три")))
    wide = layout(chart, 400, 240, measure=lambda text: 100.0)
    assert [(x, round(y - wide.legend[0][1])) for x, y, _c, _n in wide.legend] == [(4.0, 0), (138.0, 0), (4.0, 16)]
    assert wide.frame[3] < layout(chart, 400, 240, measure=lambda text: 10.0).frame[3]  # two rows take more room


def test_every_point_of_any_series_lies_in_the_frame_in_the_order_of_its_values():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    value = st.one_of(st.none(), st.floats(-50_000, 50_000, allow_nan=False).map(lambda v: round(v, 1)))
    seen = {"gap": False, "one_slot": False, "flat": False, "several": False}

    @settings(max_examples=150, deadline=None, derandomize=True)
    @given(st.integers(1, 30).flatmap(lambda n: st.lists(st.lists(value, min_size=n, max_size=n), min_size=1,
                                                         max_size=4)),
           st.integers(160, 900), st.integers(120, 500))
    def check(columns, width, height):
        chart = Chart("T", tuple(f"{i}" for i in range(len(columns[0]))),
                      tuple(Series(f"s{i}", tuple(c)) for i, c in enumerate(columns)))
        plot = layout(chart, width, height)
        left, top, right, bottom = plot.frame
        values = [v for c in columns for v in c if v is not None]
        seen["gap"] |= any(v is None for c in columns for v in c) and len(values) > 1
        seen["one_slot"] |= len(columns[0]) == 1 and bool(values)
        seen["flat"] |= len(set(values)) == 1 and len(values) > 1
        seen["several"] |= len(columns) > 1 and len(values) > 3
        if not values:  # nothing to draw: the empty message only
            assert plot.dots == [] and plot.y_ticks == []
            return
        for (_colour, points), c in zip(plot.dots, columns, strict=True):
            present = [v for v in c if v is not None]
            assert len(points) == len(present)
            for x, y in points:
                assert left - 1e-6 <= x <= right + 1e-6 and top - 1e-6 <= y <= bottom + 1e-6
            for (_x1, y1), (_x2, y2), a, b in zip(points, points[1:], present, present[1:], strict=False):
                assert (y1 < y2) == (a > b) or a == b  # higher value, higher on the picture
            xs = [x for x, _y in points]
            assert xs == sorted(xs)

    check()
    assert all(seen.values()), seen  # the generator reached gaps, one slot, a flat series and several series
