"""The player's card with its Mafia tab and charts, the charts painted offscreen, the card printed with them, and the
Жук standings window's balance chart."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from clubdesk.charts import PALETTE, Chart, Series, layout
from clubdesk.services.evenings import EveningService
from clubdesk.services.evenings_standings import tenths
from clubdesk.services.games import GameService
from clubdesk.services.mafia_card import PlayerMafia
from clubdesk.services.players import PlayerService
from clubdesk.services.ratings import RatingService
from clubdesk.ui import print_preview
from clubdesk.ui.charts import ChartView, measure, render
from clubdesk.ui.player_card import PlayerCard
from tests.services.test_mafia_card import TODAY
from tests.services.test_mafia_card import club as mafia_club  # noqa: F401 - fixture

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def cells(model) -> list[list[str]]:
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


@pytest.fixture
def p05_card(qtbot, store, mafia_club):  # noqa: F811
    _mafia, ids = mafia_club
    people = PlayerService(store, today=TODAY)
    mafia = PlayerMafia(EveningService(store, GameService(store), people))
    card = PlayerCard(RatingService(store), people.get(ids["P05"]), mafia=mafia)
    qtbot.addWidget(card)
    return card


def test_mafia_tab_shows_the_hand_computed_figures(p05_card):
    """P05: 25 Sep seat 5 civilian, red win 1.0; 6 Nov seat 5 civilian 1.0; 13 Nov seat 3 civilian, black win, +0.3;
    4 Dec seat 4 Sheriff, red win 1.0."""
    tab = p05_card.mafia
    assert {role: (g.text(), w.text()) for role, (g, w) in tab.role_cells.items()} == {
        "civilian": ("3", "2"), "mafia": ("0", "0"), "sheriff": ("1", "1"), "don": ("0", "0")}
    assert {k: v.text() for k, v in tab.totals.items()} == {"best_move": "0", "extra": "0,3", "removals": "0",
                                                           "first_killed": "0"}
    assert cells(tab.seasons) == [["IV кв. 2026", "2 из 12", "3", "2", "2,3"], ["III кв. 2026", "2 из 10", "1", "1", "1"]]
    assert cells(tab.games) == [
        ["04.12.2026", "Вечер 04.12", "1, стол 1", "4", "шериф", "победа", "1"],
        ["13.11.2026", "Вечер 13.11", "1, стол 1", "3", "красный", "поражение", "0,3"],
        ["06.11.2026", "Вечер 06.11", "1, стол 1", "5", "красный", "победа", "1"],
        ["25.09.2026", "Вечер 25.09", "1, стол 1", "5", "красный", "победа", "1"]]
    assert tab.chart.chart.series[0].values == (1.0, 1.3, 2.3)


def test_chart_paints_its_points_where_the_layout_puts_them(qtbot):
    chart = Chart("Проверка", ("01.12", "02.12", "03.12"), (Series("a", (0.0, 10.0, 5.0)),))
    image = render(chart, 300, 200).toImage()
    (_colour, points), = layout(chart, 300, 200, measure=measure()).dots
    for x, y in points:
        assert image.pixelColor(round(x), round(y)) == QColor(PALETTE[0]), (x, y)
    assert image.pixelColor(150, 190) == QColor("white")  # below the x labels: nothing drawn
    view = ChartView(chart)
    qtbot.addWidget(view)
    view.resize(300, 200)
    grabbed = view.grab().toImage()
    assert grabbed.width() == 300 and view.plot().dots == layout(chart, 300, 200, measure=measure()).dots
    assert {grabbed.pixelColor(round(x), round(y)).name() for x, y in points} == {PALETTE[0]}


def test_card_charts_draw_the_ratings_services_values(qtbot, history_store):
    ratings = RatingService(history_store)
    people = PlayerService(history_store)
    rounds = ratings.rounds()
    pid = next(p.id for p in people.search("", 0, 50)
               if ratings.zhuk_history(p.id, rounds) and ratings.pyramid_history(p.id))
    card = PlayerCard(ratings, people.get(pid))
    qtbot.addWidget(card)
    tab = card.billiards
    assert tab.zhuk_chart.chart.series[0].values == tuple(p.value for p in ratings.zhuk_history(pid))
    assert tab.pyramid_chart.chart.series[0].values == tuple(p.value for p in ratings.pyramid_history(pid))
    assert tab.zhuk_chart.chart.series[0].values[-1] == ratings.rating(pid) == card.rating
    card.resize(1000, 720)
    card.show()
    qtbot.waitExposed(card)
    plot = tab.zhuk_chart.plot()
    image = tab.zhuk_chart.grab().toImage()
    assert len(plot.dots[0][1]) == len(ratings.zhuk_history(pid))
    for x, y in plot.dots[0][1]:
        assert image.pixelColor(round(x), round(y)).name() == PALETTE[0]


def test_print_makes_the_card_pdf_with_its_tables_and_charts(p05_card, monkeypatch):
    from tests.reports.pdfcheck import text
    from tests.reports.pdftable import table_rows

    shown = []
    monkeypatch.setattr(print_preview, "preview_pdf", lambda parent, pdf, title: shown.append((pdf, title)))
    p05_card.print_button.click()
    (pdf, title), = shown
    assert title == "Карточка игрока"
    head = [p05_card.mafia.games.headerData(c, _horizontal()) for c in range(p05_card.mafia.games.columnCount())]
    printed = table_rows(pdf, head, key=0)
    assert [[row[h] for h in head] for row in printed] == cells(p05_card.mafia.games)
    seasons_head = ["Сезон", "Место", "Игр", "Побед", "Баллы"]
    assert [[r[h] for h in seasons_head] for r in table_rows(pdf, seasons_head, key=0)] == cells(p05_card.mafia.seasons)
    out = text(pdf)
    chart = p05_card.mafia.chart.chart
    assert chart.title in out and "Клубный рейтинг «Жук»" in out and "Сыгранных раундов пока нет" in out
    from clubdesk.reports.charts import ChartFlowable
    from tests.reports.pdftable import fragments

    plot = ChartFlowable(chart, 100, 50).plot
    axis = [label for _y, label in plot.y_ticks]
    assert axis == ["0", "1", "2", "3"]  # 0 … 2.3 in steps of 1
    # the season chart's axis on paper: a column of these labels, top to bottom, evenly spaced
    columns: dict[tuple[int, int], list] = {}
    for f in fragments(pdf):
        if f.text in axis:
            columns.setdefault((f.page, round(f.x)), []).append(f)
    found = [sorted(col, key=lambda f: -f.y) for col in columns.values()
             if [f.text for f in sorted(col, key=lambda f: -f.y)] == axis[::-1]]
    assert len(found) == 1
    gaps = {round(a.y - b.y, 1) for a, b in zip(found[0], found[0][1:], strict=False)}
    assert len(gaps) == 1
    assert tenths(23) in out


def test_print_in_english(p05_card):
    from tests.reports.pdfcheck import text

    out = text(p05_card.pdf("en"))
    assert "Player card" in out and "Mafia: season score by evening (Q4 2026)" in out and "sheriff" in out


def test_standings_window_draws_each_players_balance_by_round(qtbot, history_store):
    from clubdesk.services.club import Club
    from clubdesk.services.tournaments_standings import balance_history
    from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
    from clubdesk.ui.zhuk.standings import StandingsWidget

    club = Club(history_store)
    hub = install_hub(club, ZhukHub(club, autostart=False))
    w = StandingsWidget(hub)
    qtbot.addWidget(w)
    tid = next(t.id for t in hub.tournaments.tournaments() if t.name == "Кубок ноября")
    w.show_tournament(tid)
    history = balance_history(hub.tournaments, tid)
    # the chart follows the table a quarter of a second later (a run of shots redraws it once)
    qtbot.waitUntil(lambda: w.chart.chart is not None and len(w.chart.chart.slots) == 4, timeout=10_000)
    assert {s.name: s.values for s in w.chart.chart.series} == {history.names[p]: v
                                                               for p, v in history.balances.items()}
    assert w.chart.isVisibleTo(w)
    hub.changed.emit("a shot")  # several shots: the table at once, the chart once after the last
    hub.changed.emit("another")
    assert w._chart_timer.isActive()  # noqa: SLF001


def _horizontal():
    from PySide6.QtCore import Qt

    return Qt.Orientation.Horizontal


def test_a_closed_standings_window_no_longer_follows_the_hub(qtbot, club, demo_admin):
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
    from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
    from clubdesk.ui.zhuk.standings import StandingsWidget

    hub = install_hub(club, ZhukHub(club, autostart=False))
    for w in (StandingsWidget(hub), ScoreboardWindow(hub)):
        w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    hub.changed.emit("game")  # was: RuntimeError, the deleted widget's lambda still connected
