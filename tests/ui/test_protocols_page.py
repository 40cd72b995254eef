"""Protocols page and model: every finished game, tournament and evening listed; Enter opens the preview."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from clubdesk.services.protocol_list import ProtocolList, ProtocolRow
from clubdesk.services.protocols import ProtocolService
from clubdesk.ui import print_preview
from clubdesk.ui.models.protocols import ROW_ROLE, ProtocolsModel
from clubdesk.ui.pages.protocols import ProtocolsPage, create_page
from tests.reports.fill import add_evening, add_match, add_players, add_tournament
from tests.reports.pdfcheck import unstamped_pages

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def filled(club, admin):
    f = add_players(club.store, admin)
    f.games = club.games
    add_match(club.store, admin, f)
    add_tournament(club.store, admin, f)
    add_evening(club.store, admin, f, games=1)
    return f


@pytest.fixture
def fake_pages(monkeypatch):
    """Pages drawn as blank images, so the tests do not depend on QtPdf or poppler being installed."""
    calls = []

    def render(pdf: bytes, dpi: int):
        calls.append(dpi)
        img = QImage(200, 280, QImage.Format.Format_RGB32)
        img.fill(Qt.GlobalColor.white)
        return [img]

    monkeypatch.setattr(print_preview, "default_renderer", lambda: render)
    return calls


def test_model_passes_qtmodeltester_and_lists_every_kind(qtmodeltester, club, filled):
    model = ProtocolsModel(ProtocolList(club.store))
    qtmodeltester.check(model, force_py=True)
    ids = {model.index(r, 0).data(ROW_ROLE) for r in range(model.rowCount())}
    assert {filled.match_id, filled.tournament_id, filled.evening_id, *filled.stage_games} <= ids
    kinds = {model.index(r, 1).data() for r in range(model.rowCount())}
    assert {"Матч «Пирамидка 100»", "Турнир «Жук» — идёт, таблица на сейчас", "Вечер мафии", "Стол «Жук»",
            "Игра в мафию"} <= kinds   # the filled tournament has played stage 1 only


def test_an_evening_is_marked_running_on_protocols_while_a_game_of_it_is_not_over(club, admin, filled):
    """The host printing the evening mid-game gets the evening so far: the list says so, as for a tournament."""
    from tests.reports.fill import record

    def kind_shown() -> str:
        model = ProtocolsModel(ProtocolList(club.store))
        (row,) = [r for r in range(model.rowCount()) if model.row_at(r).id == filled.evening_id]
        return model.index(row, 1).data()

    assert kind_shown() == "Вечер мафии"  # its one game is over
    table_id = club.store.read("SELECT id FROM game_tables WHERE evening_id = ?", (filled.evening_id,))[0][0]
    gid = club.games.create(admin, "mafia", filled.players[1:11], {}, title="Игра 2", table_id=table_id)
    events = record("mafia-shootout.json")["events"]
    club.games.record(admin, gid, events[0])
    assert kind_shown() == "Вечер мафии — идёт, протокол на сейчас"
    for obj in events[1:]:
        club.games.record(admin, gid, obj)
    assert kind_shown() == "Вечер мафии"


def test_print_button_is_enabled_only_with_a_selection(qtbot, club, admin, filled, fake_pages):
    page = create_page(club, admin, None)
    qtbot.addWidget(page)
    assert not page.print_button.isEnabled()
    page.view.selectRow(0)
    assert page.print_button.isEnabled()


@pytest.mark.parametrize("kind", ["game", "tournament", "evening"])
def test_enter_on_a_row_opens_the_preview_of_that_document(qtbot, club, admin, filled, fake_pages, kind):
    page = ProtocolsPage(club, admin)
    qtbot.addWidget(page)
    page.show()
    rows = [r for r in range(page.model.rowCount()) if page.model.row_at(r).kind == kind]
    row = rows[-1]  # the last of its kind, never row 0: a page that opened row 0 whatever the row would fail
    assert row > 0
    doc = page.model.row_at(row)
    page.view.selectRow(row)
    page.view.setFocus()
    opened = []
    real = print_preview.preview_pdf
    page_pdf = []

    def spy(parent, pdf, title, file_name=""):
        page_pdf.append(pdf)
        dlg = real(parent, pdf, title, file_name)
        opened.append(dlg)
        return dlg

    import clubdesk.ui.print_preview as pp
    pp_preview = pp.preview_pdf
    pp.preview_pdf = spy
    try:
        QTest.keyClick(page.view, Qt.Key.Key_Return)
    finally:
        pp.preview_pdf = pp_preview
    assert opened and page_pdf[0].startswith(b"%PDF-")
    assert opened[0].pages and opened[0].info.text() == "Страниц: 1"
    svc = ProtocolService(club.store, club.games)
    expected = {"game": svc.game_pdf, "tournament": svc.tournament_pdf, "evening": svc.evening_pdf}[kind](doc.id)
    assert unstamped_pages(page_pdf[0]) == unstamped_pages(expected)
    opened[0].close()


def test_page_refreshes_when_shown_again(qtbot, club, admin, filled, fake_pages):
    page = ProtocolsPage(club, admin)
    qtbot.addWidget(page)
    page.show()
    before = page.model.rowCount()
    page.hide()
    add_match(club.store, admin, filled)
    page.show()
    assert page.model.rowCount() == before + 1
    assert page.count.text() == f"Документов: {before + 1}"


def test_a_pyramid_tournament_is_named_as_one_not_as_a_zhuk_tournament():
    """Issue 38 item 13: «Кубок «Пирамиды»» was listed as «Турнир «Жук»» (“Zhuk tournament”)."""
    from clubdesk.ui.models.protocols import kind_text

    def row(game, finished):
        return ProtocolRow("tournament", "t", game, "Кубок", "06.12.2026", "", finished)
    assert kind_text(row("pyramid100", True)) == "Турнир «Пирамидка 100»"
    assert kind_text(row("pyramid100", False)).startswith("Турнир «Пирамидка 100» — идёт")
    assert kind_text(row("zhuk", True)) == "Турнир «Жук»"
