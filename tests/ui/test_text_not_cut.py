"""Text is not cut at a laptop's width (1366 × 768, issue 15 item 11): the Жук table log's «из банка …» and «… в
банк», a ban with its end date in the Mafia registry, the evening standings' note. The main window of the demo club
is shown at 1366 × 740 and every visible cell and one-line label is measured against its room."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLabel, QTableView

from clubdesk.ui.main_window import MainWindow

PAD = 12  # a cell's margins


def cut_cells(view: QTableView) -> list[tuple[str, int, int]]:
    m, metrics = view.model(), view.fontMetrics()
    out = []
    for r in range(min(m.rowCount(), 60)):
        for c in range(m.columnCount()):
            text = m.data(m.index(r, c))
            if view.isColumnHidden(c) or not isinstance(text, str) or not text:
                continue
            if metrics.horizontalAdvance(text) + PAD > view.columnWidth(c):
                out.append((text, metrics.horizontalAdvance(text) + PAD, view.columnWidth(c)))
    return out


def cut_labels(root) -> list[tuple[str, int, int]]:
    out = []
    for label in root.findChildren(QLabel):
        text = label.text()
        if label.isVisible() and text and not label.wordWrap() and "<" not in text:
            need = label.fontMetrics().horizontalAdvance(text)
            if need > label.contentsRect().width() + 1:
                out.append((text, need, label.contentsRect().width()))
    return out


def views(root) -> list[QTableView]:
    return [v for v in root.findChildren(QTableView) if v.isVisible() and v.model() is not None]


# Sizes as the user sees them: with the club's style sheet (bigger type than Qt's default).
pytestmark = [pytest.mark.qt_log_ignore("propagateSizeHints", "raise"), pytest.mark.usefixtures("club_style")]


@pytest.fixture
def window(qtbot, club, demo_admin, settings):
    w = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(w)
    w.resize(1366, 740)
    w.show()
    qtbot.waitExposed(w)
    return w


def registration_with_a_dated_ban(window, club, demo_admin):
    """The Mafia page's registration tab, shown, with the widest status there is on its first rows."""
    p = club.players.search("")[0]
    club.players.update(demo_admin, p.id, p.as_data()._replace(banned=True, ban_reason="3.3",
                                                               ban_until=dt.date.today() + dt.timedelta(days=40)))
    window.show_page("mafia")
    registration = window.page("mafia").registration
    registration.registry.refresh()
    QApplication.processEvents()
    texts = [registration.registry.data(registration.registry.index(r, 3))
             for r in range(registration.registry.rowCount())]
    assert any(t and t.startswith("запрет до ") for t in texts)
    return registration


def test_a_ban_with_its_end_date_fits_the_mafia_registry(window, club, demo_admin):
    registration = registration_with_a_dated_ban(window, club, demo_admin)
    assert [c for v in views(registration) for c in cut_cells(v)] == []


def test_the_mafia_registry_shows_whole_names_in_a_1200_px_window(window):
    """The demo club at 1200 × 800: beside the evenings and the checked-in list the registry's names were cut to
    «Александро…» and «Михайлов …» (113 px for them, 190 px for a status that mostly reads «в клубе»)."""
    window.resize(1200, 800)
    window.show_page("mafia")
    registration = window.page("mafia").registration
    QApplication.processEvents()
    view, model = registration.view, registration.registry
    assert model.rowCount() >= 30 and registration.present.rowCount() >= 10
    assert [c for v in views(registration) for c in cut_cells(v)] == []
    shown = " ".join(model.data(model.index(0, c)) for c in range(model.columnCount()) if not view.isColumnHidden(c))
    nickname = model.player_at(0).nickname
    assert nickname and nickname in shown  # the room was not made by dropping the nickname
    view, model = registration.view, registration.registry
    shown = " ".join(model.data(model.index(0, c)) for c in range(model.columnCount()) if not view.isColumnHidden(c))
    nickname = model.player_at(0).nickname
    assert nickname and nickname in shown  # the room was not made by dropping the nickname


def test_the_evening_standings_note_is_not_cut(window):
    window.show_page("mafia")
    page = window.page("mafia")
    page.tabs.setCurrentWidget(page.standings)
    QApplication.processEvents()
    assert cut_labels(page.standings) == []


def test_the_zhuk_table_log_shows_a_bank_take_whole(qtbot, window, club, demo_admin):
    window.show_page("live")
    live = window.page("live")
    table = live.hub.tournaments.running_tables()[0]
    mover = club.games.state(table.game_id)["to_move"]
    club.games.record(demo_admin, table.game_id, {"type": "shot", "player": mover, "cue": "main",
                                                  "potted": [{"ball": "zhuk", "legal": True}], "zhuk_attempt": True})
    win = live.open_table(table)
    qtbot.addWidget(win)
    win.resize(1280, 740)
    QApplication.processEvents()
    log = win.findChild(QAbstractItemView, None)  # any: every table of the window is measured
    assert log is not None
    rows = [c for v in views(win) for c in cut_cells(v)]
    texts = [v.model().data(v.model().index(0, 3)) for v in views(win) if v.model().columnCount() == 4]
    assert any(t and t.startswith("из банка ") for t in texts)
    assert rows == [] and cut_labels(win) == []


def test_the_round_line_on_tables_fits_the_main_windows_first_size(window, monkeypatch):
    """«Столы» at the size the main window first opens with on a laptop (1200 × 720): a tournament's name, the
    round and the clock were cut beside the page's four buttons («Kubok dekabrya: этап 1, раунд 1 · 09:3…»)."""
    window.resize(1200, 720)
    window.show_page("live")
    page = window.page("live")
    monkeypatch.setattr(page, "_round_text", lambda rid: "Открытый кубок декабря: этап 1, раунд 1")
    page._update_round()
    QApplication.processEvents()
    assert " · " in page.round_label.text()  # a running round with its clock
    assert cut_labels(page) == []


@pytest.mark.parametrize("game", ["zhuk", "pyramid100"])
def test_the_new_tournament_dialogs_ban_column_shows_its_whole_title(qtbot, club, demo_admin, game):
    """The list of players to enter: its third column was 100 px and read «рет посеще»."""
    from PySide6.QtCore import Qt

    if game == "zhuk":
        from clubdesk.ui.zhuk.hub import hub_for
        from clubdesk.ui.zhuk.new_tournament import NewTournamentDialog

        dialog = NewTournamentDialog(hub_for(club).tournaments, club.players, demo_admin)
    else:
        from clubdesk.services.pyramid_tournaments import PyramidTournamentService
        from clubdesk.ui.pyramid.new_tournament import NewPyramidTournamentDialog

        dialog = NewPyramidTournamentDialog(PyramidTournamentService.of(club), club.players, demo_admin)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    header = dialog.view.horizontalHeader()
    assert dialog.view.model().headerData(2, Qt.Orientation.Horizontal) == "Запрет посещения"
    assert header.sectionSize(2) >= header.sectionSizeHint(2)


def cut_buttons(root) -> list[tuple[str, int, int]]:
    """Visible push buttons whose caption is wider than the room the layout gave them."""
    from PySide6.QtWidgets import QPushButton

    out = []
    for b in root.findChildren(QPushButton):
        text = b.text().replace("&", "")
        if b.isVisible() and text and "\n" not in text:
            if b.width() < b.sizeHint().width():  # the style sheet's padding is in the hint
                out.append((text, b.sizeHint().width(), b.width()))
    return out


@pytest.mark.parametrize("size", [(1200, 720), (1366, 740)])
def test_every_pages_buttons_show_their_whole_caption(window, size):
    """At the main window's first size and on a laptop screen, no page's button is cut: the Mafia games tab's
    «Ведущий игры…» beside «Панель ведущего» read «едущий игры..» and «анель ведуще» at 1366."""
    from clubdesk.ui.main_window import PAGES

    window.resize(*size)
    found = []
    for key in PAGES:
        window.show_page(key)
        page = window.page(key)
        tabs = getattr(page, "tabs", None)
        for i in range(tabs.count() if tabs is not None else 1):
            if tabs is not None:
                tabs.setCurrentIndex(i)
            QApplication.processEvents()
            found += [(key, i, *c) for c in cut_buttons(page)]
    assert found == []
