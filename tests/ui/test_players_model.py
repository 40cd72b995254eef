"""PlayersModel: a checked Qt model that fetches lazily and filters in SQL."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from clubdesk.services.players import PlayerData
from clubdesk.ui.models import players as pm
from clubdesk.ui.models.players import PlayersModel


def test_players_model_passes_qtmodeltester(qtmodeltester, club, demo_admin):
    model = PlayersModel(club.players)
    qtmodeltester.check(model, force_py=True)
    model.set_filter("ов")
    qtmodeltester.check(model, force_py=True)


def test_model_loads_a_first_page_and_fetches_a_page_more_on_demand(club, admin, monkeypatch):
    monkeypatch.setattr(pm, "FIRST_PAGE", 4)
    monkeypatch.setattr(pm, "PAGE", 7)
    for i in range(20):
        club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}"))
    model = PlayersModel(club.players)
    assert (model.rowCount(), model.total) == (4, 20)
    assert model.canFetchMore()
    model.fetchMore()
    assert model.rowCount() == 11
    model.fetchMore()
    model.fetchMore()
    assert model.rowCount() == 20 and not model.canFetchMore()
    names = [model.data(model.index(r, pm.NAME)) for r in range(20)]
    assert names == sorted(names)


def test_a_filter_cleared_again_reads_the_first_page_from_the_index(club, admin, monkeypatch):
    monkeypatch.setattr(pm, "FIRST_PAGE", 4)
    for i in range(10):
        club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}"))
    model = PlayersModel(club.players)
    model.set_filter("номер0")
    model.set_filter("")
    assert (model.rowCount(), model.total) == (4, 10)


def test_a_page_taller_than_the_first_read_reads_more_before_it_is_seen(qtbot, club, admin, monkeypatch):
    from clubdesk.ui.pages.players import PlayersPage

    monkeypatch.setattr(pm, "FIRST_PAGE", 4)
    for i in range(30):
        club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}"))
    page = PlayersPage(club.players, admin)
    qtbot.addWidget(page)
    page.resize(900, 900)
    page.show()
    qtbot.waitUntil(lambda: page.model.rowCount() == 30, timeout=5000)


def test_filter_narrows_rows_and_total(club, demo_admin):
    model = PlayersModel(club.players)
    assert model.total == 40
    some = model.player_at(3)
    model.set_filter(some.nickname.upper())
    assert model.total >= 1
    assert some.id in [model.data(model.index(r, 0), pm.PLAYER_ROLE) for r in range(model.rowCount())]
    model.set_filter("нет-такого-игрока")
    assert model.rowCount() == 0 and model.total == 0


def test_filter_reads_yo_as_e_and_shows_the_name_as_spelled(club, admin):
    club.players.add(admin, PlayerData(surname="Королёв", first_name="Пётр"))
    club.players.add(admin, PlayerData(surname="Королев", first_name="Иван"))
    model = PlayersModel(club.players)
    for typed in ("королев", "Королёв"):
        model.set_filter(typed)
        assert [model.data(model.index(r, pm.NAME)) for r in range(model.rowCount())] == ["Королев Иван",
                                                                                          "Королёв Пётр"]
        assert model.total == 2


def test_banned_player_shows_red_with_reason_tooltip(club, demo_admin):
    model = PlayersModel(club.players)
    model.set_filter("")
    while model.canFetchMore():
        model.fetchMore()
    banned = [r for r in range(model.rowCount()) if model.player_at(r).status == "banned"]
    assert len(banned) == 1
    idx = model.index(banned[0], pm.STATUS)
    assert model.data(idx) == "запрет бессрочно"
    assert "оскорбление" in model.data(idx, Qt.ItemDataRole.ToolTipRole)
    assert QColor(model.data(idx, Qt.ItemDataRole.ForegroundRole)).name() == "#b3261e"
    fine = next(r for r in range(model.rowCount()) if r not in banned)
    assert model.data(model.index(fine, pm.STATUS), Qt.ItemDataRole.ForegroundRole) is None


def test_the_rating_column_is_aligned_right_once_it_has_ratings(club, demo_admin):
    model = PlayersModel(club.players, ratings_later=True)
    cell = model.index(0, pm.RATING)
    assert model.data(cell) == "" and model.data(cell, Qt.ItemDataRole.TextAlignmentRole) is None  # the first frame's
    model.load_ratings()
    assert model.data(cell) != ""
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert model.data(cell, Qt.ItemDataRole.TextAlignmentRole) == right.value


FIRST_FRAME = """
import sys
from pathlib import Path
from clubdesk.roles import Actor
from clubdesk.services.club import Club
from clubdesk.store.db import open_store
from clubdesk.ui.app import make_application
from clubdesk.ui.pages.players import PlayersPage
app, _tr = make_application("ru", quiet=True)
club = Club(open_store(Path(sys.argv[1])))
page = PlayersPage(club.players, Actor(None, "admin", frozenset({"admin"})), later=lambda fn: None)  # never run
page.resize(900, 600)
page.show()
app.processEvents()
import PySide6.QtCore
print(page.model.rowCount(), "QByteArray" in vars(PySide6.QtCore))
"""


def test_the_registry_painted_before_its_ratings_converts_no_int_for_pyside(club, admin, tmp_path):
    """Issue 36: the first Python int (or QColor) a data() returns makes PySide build QByteArray's type and its enums
    (~1.2 M instructions); the first frame's rating column is empty and answers no alignment. (No ban here: a
    banned player's colour is such a value.)"""
    import os
    import subprocess
    import sys
    from pathlib import Path

    for i in range(5):
        club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}"))
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(club.store.path)], capture_output=True, text=True,
                          env=env, timeout=120, check=True, cwd=tmp_path)
    rows, built = done.stdout.split()
    assert int(rows) > 0 and built == "False"


def test_a_player_beyond_the_rows_read_is_found_by_reading_on(club, admin, monkeypatch):
    monkeypatch.setattr(pm, "FIRST_PAGE", 4)
    monkeypatch.setattr(pm, "PAGE", 7)
    last = [club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}")) for i in range(30)][-1]
    model = PlayersModel(club.players)
    assert model.row_of(last.id) == -1
    assert model.load_row(last.id) == 29 and model.player_at(29).id == last.id
    assert model.load_row("no-such-player") == -1


def test_a_player_saved_at_the_end_of_the_registry_is_selected_and_shown(qtbot, club, admin, monkeypatch):
    from clubdesk.ui.pages.players import PlayersPage

    monkeypatch.setattr(pm, "FIRST_PAGE", 4)
    monkeypatch.setattr(pm, "PAGE", 7)
    for i in range(30):
        club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}"))
    page = PlayersPage(club.players, admin)
    qtbot.addWidget(page)
    saved = club.players.add(admin, PlayerData("Яковлев Пётр"))  # sorts after every other
    page._show_saved(saved.id)
    assert page.selected_row() >= 0 and page.model.player_at(page.selected_row()).id == saved.id
