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


def test_model_loads_a_page_and_fetches_more_on_demand(club, admin, monkeypatch):
    monkeypatch.setattr(pm, "PAGE", 7)
    for i in range(20):
        club.players.add(admin, PlayerData(f"Игрок Номер{i:02d}"))
    model = PlayersModel(club.players)
    assert (model.rowCount(), model.total) == (7, 20)
    assert model.canFetchMore()
    model.fetchMore()
    model.fetchMore()
    model.fetchMore()
    assert model.rowCount() == 20 and not model.canFetchMore()
    names = [model.data(model.index(r, pm.NAME)) for r in range(20)]
    assert names == sorted(names)


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
