"""The Mafia season window: «Сезон…» on the Mafia page, periods, the minimum of games, exports and print."""

import datetime as dt

import pytest

from clubdesk.services.seasons import COLUMNS
from clubdesk.ui import print_preview
from clubdesk.ui.pages.mafia import create_page

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def window(qtbot, club, demo_admin):
    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    w = page.open_season()
    qtbot.addWidget(w)
    return w


def test_the_window_shows_the_services_table_for_the_chosen_period(window):
    rows = window.service.table(window.season())
    assert rows and window.model.rowCount() == len(rows)  # the demo club's evening is in this month
    for r, row in enumerate(rows):
        assert [window.model.index(r, c).data() for c in range(len(COLUMNS))] == [c.text(row) for c in COLUMNS]
    assert window.model.column_titles() == [c.ru for c in COLUMNS]


def test_a_custom_period_without_games_empties_the_table_and_disables_the_exports(window):
    window.start.setDate(dt.date(2001, 1, 1))
    window.end.setDate(dt.date(2001, 1, 31))
    assert window.preset.currentText() == "Свой период"
    assert window.model.rowCount() == 0 and not window.print_button.isEnabled()
    assert window.print_button.toolTip() == "В этом периоде нет сыгранных игр"


def test_an_end_before_the_start_says_so_in_the_window(window):
    window.end.setDate(window.start.date().addDays(-1))
    assert window.error.isVisibleTo(window) and "раньше" in window.error.text()


def test_the_minimum_of_games_moves_players_below_it_out_of_the_places(window):
    most = max(r.line.games for r in window.service.table(window.season()))
    window.min_games.setValue(most + 1)
    assert window.model.rowCount() > 0
    assert all(window.model.index(r, 0).data() == "—" for r in range(window.model.rowCount()))


def test_exports_write_what_the_service_makes(window, tmp_path, monkeypatch):
    target = {".csv": tmp_path / "s.csv", ".xlsx": tmp_path / "s.xlsx"}
    names = []
    monkeypatch.setattr(window, "save_path", lambda title, name, pattern: names.append(name) or str(
        target[name[name.rindex("."):]]))
    window.csv_button.click()
    window.xlsx_button.click()
    assert target[".csv"].read_text(encoding="utf-8-sig") == window.service.csv(window.season())
    assert target[".xlsx"].read_bytes()[:2] == b"PK"
    assert names[0].startswith("Мафия — сезон ") and names[0].endswith(".csv")


def test_print_opens_the_season_table(window, monkeypatch):
    shown = []
    monkeypatch.setattr(print_preview, "preview_pdf", lambda parent, pdf, title, file_name="": shown.append((pdf, title)))
    window.print_button.click()
    from tests.reports.pdfcheck import unstamped_pages
    assert len(shown) == 1 and shown[0][1] == "Таблица сезона"
    assert unstamped_pages(shown[0][0]) == unstamped_pages(window.service.pdf(window.season()))
