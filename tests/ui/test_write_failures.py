"""A write the machine refuses shows one line in the window where it was typed, keeps what was typed, and the
window records again by itself once the cause is gone: the Жук table, the Пирамидка match, the Mafia host panel
and the forms (a new player, a check-in). A full disk, a read-only store (tests/faults.py), and a second desk on
the same file recording into the same game between two shots."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt

from clubdesk.services.club import Club
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData
from clubdesk.store.db import open_store
from clubdesk.ui.mafia.controller import GameController
from clubdesk.ui.mafia.host_panel import HostPanel
from clubdesk.ui.mafia.registration import RegistrationTab
from clubdesk.ui.player_dialog import PlayerDialog
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
from clubdesk.ui.zhuk.scoring import ZhukTableWidget
from tests.faults import StoreFaults
from tests.ui.conftest import match_window
from tests.ui.test_host_panel import NAMES, ROLES
from tests.ui.test_pyramid_window import show
from tests.ui.test_zhuk_scoring import type_shot

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")
LEFT = Qt.MouseButton.LeftButton
FULL, READ_ONLY = "На диске нет места для базы club.sqlite", "База club.sqlite сейчас открыта только для чтения"
CLASH = "В эту игру только что записало другое место"


def seqs(store, game_id) -> list[int]:
    return [r[0] for r in store.read("SELECT seq FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]


def break_cause(faults: StoreFaults, cause: str, on: bool) -> None:
    if cause == "full":
        faults.disk_full = on
    else:
        faults.read_only(on)


# ---- the Жук table ---------------------------------------------------------------------------------------------

@pytest.fixture
def zhuk(club, admin, qtbot):
    hub = install_hub(club, ZhukHub(club, autostart=False))
    ids = [club.players.add(admin, PlayerData(f"Игрок Стола{i}")).id for i in range(4)]
    tid = hub.tournaments.create(admin, "Тест", ids)
    hub.tournaments.draw_stage(admin, tid, seed=99)
    (table,) = hub.tournaments.start_round(admin, hub.tournaments.stages(tid)[0].rounds[0].id)
    w = ZhukTableWidget(hub, admin, table.game_id, round_id=table.round_id)
    qtbot.addWidget(w)
    w.setFocus()
    return w, table.game_id


@pytest.mark.parametrize("cause", ["full", "read_only"])
def test_zhuk_table_shows_the_failed_shot_keeps_the_draft_and_records_it_once_the_cause_is_gone(
        zhuk, club, monkeypatch, cause):
    w, gid = zhuk
    faults = StoreFaults(club.store, monkeypatch)
    type_shot(w, "Enter")  # the break
    break_cause(faults, cause, True)
    type_shot(w, "1 Enter")  # an exception out of keyPressEvent would fail the test (pytest-qt)
    assert w.error.isVisibleTo(w) and w.error.text().startswith(FULL if cause == "full" else READ_ONLY)
    assert "\n" not in w.error.text() and w.draft.pots == [("std", True)]  # the shot as typed
    assert seqs(club.store, gid) == [1] and w.log_model.rowCount() == 1
    break_cause(faults, cause, False)
    type_shot(w, "Enter")  # the same draft, again
    assert w.error.isHidden() and w.draft.empty
    assert seqs(club.store, gid) == [1, 2] and w.log_model.rowCount() == 2
    assert club.games.events(gid)[1]["potted"] == [{"ball": "std", "legal": True}]


def test_zhuk_table_after_another_desk_recorded_shows_its_shot_and_records_the_draft_after_it(
        zhuk, club, admin, qtbot):
    w, gid = zhuk
    type_shot(w, "Enter")
    other = open_store(club.store.path)  # a second ClubDesk on the same file
    try:
        theirs = ZhukTableWidget(install_hub(Club(other), ZhukHub(Club(other), autostart=False)), admin, gid)
        qtbot.addWidget(theirs)
        type_shot(theirs, "1 Enter")  # their shot takes seq 2
        assert seqs(club.store, gid) == [1, 2] and w.log_model.rowCount() == 1
        type_shot(w, "1 Enter")
        assert w.error.isVisibleTo(w) and w.error.text().startswith(CLASH)
        assert w.log_model.rowCount() == 2 and not w.draft.empty  # their shot shown, ours kept
        type_shot(w, "Enter")
        assert w.error.isHidden() and w.draft.empty
        assert seqs(club.store, gid) == [1, 2, 3] and w.log_model.rowCount() == 3
        assert [len(e["potted"]) for e in club.games.events(gid)] == [0, 1, 1]  # the break, theirs, ours
        type_shot(w, "Enter")  # and it goes on from there
        assert seqs(club.store, gid) == [1, 2, 3, 4] and w.error.isHidden()
    finally:
        other.close()


# ---- the Пирамидка match ---------------------------------------------------------------------------------------

@pytest.fixture
def match(qtbot, club, admin):
    w = match_window(qtbot, club, admin)
    show(qtbot, w)
    return w


@pytest.mark.parametrize("cause", ["full", "read_only"])
def test_pyramid_match_shows_the_failed_shot_keeps_the_draft_and_records_it_once_the_cause_is_gone(
        qtbot, match, club, monkeypatch, cause):
    w, gid = match, match.game_id
    faults = StoreFaults(club.store, monkeypatch)
    qtbot.keyClick(w, Qt.Key.Key_Return)  # the break, nothing potted
    break_cause(faults, cause, True)
    w.foul.setCurrentIndex(w.foul.findData("touch"))
    drafted = w.draft.event()
    qtbot.keyClick(w, Qt.Key.Key_Return)
    assert w.error.isVisibleTo(w) and w.error.text().startswith(FULL if cause == "full" else READ_ONLY)
    assert w.draft.event() == drafted and drafted["foul"] == "touch" and seqs(club.store, gid) == [1]
    assert w.log.rowCount() == 1
    break_cause(faults, cause, False)
    qtbot.keyClick(w, Qt.Key.Key_Return)
    assert w.error.isHidden() and seqs(club.store, gid) == [1, 2] and w.log.rowCount() == 2
    assert club.games.events(gid)[1]["foul"] == "touch"


def test_pyramid_match_after_another_desk_recorded_shows_its_shot_and_records_the_draft_after_it(
        qtbot, match, club, admin):
    w, gid = match, match.game_id
    qtbot.keyClick(w, Qt.Key.Key_Return)
    other = open_store(club.store.path)
    try:
        theirs = MatchService.of(Club(other))
        theirs.record_shot(admin, gid, {"call": [], "potted": [], "off_table": [], "touched_control": False,
                                        "trick": None, "foul": "miss"})
        w.foul.setCurrentIndex(w.foul.findData("touch"))
        qtbot.keyClick(w, Qt.Key.Key_Return)
        assert w.error.isVisibleTo(w) and w.error.text().startswith(CLASH)
        assert w.log.rowCount() == 2 and w.draft.event()["foul"] == "touch"
        qtbot.keyClick(w, Qt.Key.Key_Return)
        assert w.error.isHidden() and seqs(club.store, gid) == [1, 2, 3] and w.log.rowCount() == 3
        assert [e["foul"] for e in club.games.events(gid)] == [None, "miss", "touch"]
    finally:
        other.close()


# ---- the Mafia host panel --------------------------------------------------------------------------------------

@pytest.fixture
def host(qtbot, club, admin):
    ids = [club.players.add(admin, PlayerData(f"Игрок {n}", nickname=n)).id for n in NAMES]
    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 2), None).id
    gid = svc.start_game(admin, evening_id, 1, 1, ids)
    c = GameController(club.games, admin, gid, NAMES, "Стол 1 · игра 1", clock=lambda: 0.0, sound=lambda: None)
    panel = HostPanel(c)
    qtbot.addWidget(panel)
    panel.show()
    return c, panel, gid


@pytest.mark.parametrize("cause", ["full", "read_only"])
def test_host_panel_shows_the_failed_event_keeps_the_form_and_records_it_once_the_cause_is_gone(
        qtbot, host, club, monkeypatch, cause):
    c, panel, gid = host
    faults = StoreFaults(club.store, monkeypatch)
    break_cause(faults, cause, True)
    panel.forms["deal"].set_roles(list(ROLES))
    qtbot.mouseClick(panel.forms["deal"].deal, LEFT)
    assert panel.error.isVisibleTo(panel) and panel.error.text().startswith(FULL if cause == "full" else READ_ONLY)
    assert c.state["step"] == "deal" and seqs(club.store, gid) == []
    break_cause(faults, cause, False)
    qtbot.mouseClick(panel.forms["deal"].deal, LEFT)  # the roles as they were dealt, not dealt again
    assert c.state["step"] == "agreement" and seqs(club.store, gid) == [1]
    qtbot.keyClick(panel, Qt.Key.Key_N)  # day 0
    panel.card_clicked(5)
    panel.foul_reason.setText("перебивал")
    break_cause(faults, cause, True)
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert panel.error.isVisibleTo(panel) and panel.foul_reason.text() == "перебивал"
    break_cause(faults, cause, False)
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert panel.error.isHidden() and panel.foul_reason.text() == ""
    assert club.games.events(gid)[-1] == {"type": "foul", "seat": 5, "clause": "2.4", "reason": "перебивал"}
    assert seqs(club.store, gid) == [1, 2, 3]


def test_host_panel_after_another_desk_recorded_shows_the_game_as_stored_and_goes_on(qtbot, host, club, admin):
    c, panel, gid = host
    panel.forms["deal"].set_roles(list(ROLES))
    qtbot.mouseClick(panel.forms["deal"].deal, LEFT)
    other = open_store(club.store.path)
    try:
        GameService(other).record(admin, gid, {"type": "agreement_end"})  # the other desk ended the agreement
        qtbot.keyClick(panel, Qt.Key.Key_N)  # this one, too, a moment later
        assert panel.error.isVisibleTo(panel) and panel.error.text().startswith(CLASH)
        assert c.state["step"] == "speech" and panel.banner.text() == "День 0"
        qtbot.keyClick(panel, Qt.Key.Key_N)  # the first speech ends: recorded after the other desk's event
        assert seqs(club.store, gid) == [1, 2, 3] and club.games.events(gid)[-1] == {"type": "speech_end", "seat": 1}
    finally:
        other.close()


# ---- forms on pages --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cause", ["full", "read_only"])
def test_player_dialog_keeps_what_was_typed_and_saves_once_the_cause_is_gone(qtbot, club, admin, monkeypatch,
                                                                           cause):
    faults = StoreFaults(club.store, monkeypatch)
    dialog = PlayerDialog(club.players, admin)
    qtbot.addWidget(dialog)
    dialog.surname.setText("Новиков")
    dialog.first_name.setText("Игорь")
    dialog.phone.setText("+7 916 000-11-22")
    break_cause(faults, cause, True)
    dialog.save()
    assert not dialog.result() and dialog.saved is None
    assert dialog.error.isVisibleTo(dialog) and dialog.error.text().startswith(FULL if cause == "full" else READ_ONLY)
    assert (dialog.surname.text(), dialog.first_name.text(), dialog.phone.text()) == ("Новиков", "Игорь", "+7 916 000-11-22")
    break_cause(faults, cause, False)
    dialog.save()
    assert dialog.saved is not None and dialog.saved.name == "Новиков Игорь"


@pytest.mark.parametrize("cause", ["full", "read_only"])
def test_check_in_keeps_the_search_and_checks_in_once_the_cause_is_gone(qtbot, club, admin, monkeypatch, cause):
    pid = club.players.add(admin, PlayerData("Отметкин Олег", "олег")).id
    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 3), None).id
    faults = StoreFaults(club.store, monkeypatch)
    tab = RegistrationTab(svc, admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    tab.search.setText("Отметкин")
    tab.registry.set_filter("Отметкин")
    tab.view.selectRow(0)
    break_cause(faults, cause, True)
    qtbot.mouseClick(tab.check, LEFT)
    assert tab.message.text().startswith(FULL if cause == "full" else READ_ONLY)
    assert tab.search.text() == "Отметкин" and tab.present.rowCount() == 0
    break_cause(faults, cause, False)
    qtbot.mouseClick(tab.check, LEFT)
    assert tab.message.text() == "Отметкин Олег отмечен." and tab.present.rowCount() == 1
    assert [tab.present.row_at(0).player_id] == [pid]


def test_zhuk_undo_on_a_full_disk_shows_the_line_stores_no_void_and_works_once_there_is_room(zhuk, club, monkeypatch,
                                                                                            qtbot):
    w, gid = zhuk
    faults = StoreFaults(club.store, monkeypatch)
    type_shot(w, "Enter")
    type_shot(w, "1 Enter")
    faults.disk_full = True
    w.undo()
    assert w.error.isVisibleTo(w) and w.error.text().startswith(FULL)
    qtbot.waitUntil(lambda: w.undo_stack.count() == 0)  # a redo would record the «undone» shot a second time
    assert seqs(club.store, gid) == [1, 2] and w.log_model.rowCount() == 2 and len(club.games.events(gid)) == 2
    faults.disk_full = False
    w.undo()
    assert seqs(club.store, gid) == [1, 2, 3] and w.log_model.rowCount() == 1 and len(club.games.events(gid)) == 1


def test_the_line_is_english_in_an_english_window(zhuk, club, monkeypatch):
    from clubdesk import errors

    w, _gid = zhuk
    faults = StoreFaults(club.store, monkeypatch)
    monkeypatch.setattr(errors, "_lang", "en")
    faults.disk_full = True
    type_shot(w, "Enter")
    assert w.error.text() == ("The disk holding club.sqlite is full: nothing was saved, what you entered is still on "
                              "screen. Free some space and try again.")
