"""The «Синхронизация» page and the background worker on a real hub: the state in the page and the status bar,
pending counts and the last success, a conflict listed, an unreachable hub in one line, and rows scored on one
desk reaching the open windows of another as they arrive."""

from __future__ import annotations

import re

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.club import Club
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync.credentials import save_password
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg


@pytest.fixture
def desks(hub, tmp_path):
    a, b = make_desk(hub, tmp_path, "front"), make_desk(hub, tmp_path, "hall")
    for desk in (a, b):
        save_password(desk.address, desk.name, desk.password)  # the worker reads the keyring, as a desk does
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    a.sync()
    b.sync()
    yield a, b, admin
    a.close()
    b.close()


def test_the_page_shows_the_state_pending_rows_and_a_duplicate_registration(qtbot, desks):
    from clubdesk.ui.pages.sync import SyncPage
    from clubdesk.ui.sync_worker import worker_for

    a, b, admin = desks
    PlayerService(a.store).add(admin, PlayerData(name="Иванов Иван", phone="+7 900 123 45 67"))
    hall_admin = AccountService(b.store).login("admin", "secret-admin")
    PlayerService(b.store).add(hall_admin, PlayerData(name="Иван Иванов", phone="8 (900) 123-45-67"))
    a.sync()
    club = Club(b.store)
    page = SyncPage(club, hall_admin, worker_for(club))
    qtbot.addWidget(page)
    assert page.pending_up.text() != "0" and page.state.text() == "нет связи"
    page.sync_now()
    qtbot.waitUntil(lambda: page.worker.state == "online", timeout=20_000)
    assert page.state.text() == "на связи" and page.pending_up.text() == "0"
    assert page.pending_down.text() == "0"
    assert re.fullmatch(r"\d\d\.\d\d\.20\d\d \d\d:\d\d", page.last_success.text())  # local time, as people read it
    assert page.model.rowCount() == 1 and page.conflicts_title.text() == "Конфликты: 1"
    detail = page.model.data(page.model.index(0, 2))
    assert "Иванов Иван" in detail and "Иван Иванов" in detail and "телефон" in detail
    assert not page.progress.isVisible() and not page.error.isVisible()


def test_an_unreachable_hub_is_one_line_on_the_page_and_the_desk_stays_offline(qtbot, desks):
    from clubdesk.ui.pages.sync import SyncPage
    from clubdesk.ui.sync_worker import worker_for

    _a, b, _admin = desks
    with b.store.write() as cur:
        cur.execute("UPDATE settings SET value = 'host=127.0.0.1 port=1 user=x dbname=none' "
                    "WHERE key = 'sync.hub_url'")
    save_password(b.address.__class__("host=127.0.0.1 port=1 user=x dbname=none", b.address.schema), b.name,
                  b.password)
    club = Club(b.store)
    page = SyncPage(club, AccountService(b.store).login("admin", "secret-admin"), worker_for(club))
    qtbot.addWidget(page)
    with qtbot.waitSignal(page.worker.failed, timeout=20_000):
        page.sync_now()
    qtbot.waitUntil(lambda: page.error.text() != "")
    assert page.state.text() == "нет связи" and "недоступен" in page.error.text()
    assert "\n" not in page.error.text()


def test_shots_scored_on_one_desk_reach_the_open_windows_of_another(qtbot, desks, tmp_path):
    from PySide6.QtCore import QSettings

    from clubdesk.ui.main_window import MainWindow
    from clubdesk.ui.zhuk.hub import hub_for
    from clubdesk.ui.zhuk.scoring import ZhukTableWidget

    a, b, admin = desks
    ids = [PlayerService(a.store).add(admin, PlayerData(name=n)).id for n in ("Аня", "Боря", "Вера")]
    games = GameService(a.store)
    gid = games.create(admin, "zhuk", [{"id": p, "balance": 500} for p in ids], {"nominal": 10})
    a.sync()
    club = Club(b.store)
    actor = AccountService(b.store).login("admin", "secret-admin")
    window = MainWindow(club, actor, QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    live = hub_for(club, actor)
    window.show()
    qtbot.waitUntil(lambda: getattr(club, "_sync_worker", None) is not None
                    and club._sync_worker.state == "online", timeout=20_000)
    assert "на связи" in window.sync_state.text()
    worker = club._sync_worker
    table = ZhukTableWidget(live, actor, gid)  # the game's window on this desk, open while the shots arrive
    qtbot.addWidget(table)
    before = club.games.state(gid)
    assert table.log_model.rowCount() == 0
    for _ in range(3):
        state = games.state(gid)
        games.record(admin, gid, {"type": "shot", "player": state["to_move"], "cue": "main",
                                  "potted": [{"ball": "std", "legal": True}]})
    a.sync()
    # The first sync may not have told the window all it did yet (its signals cross queued): wait until it has,
    # then for the shots in the window's model, never for a signal an earlier sync may also send.
    qtbot.waitUntil(lambda: not worker.running, timeout=20_000)
    assert worker.request()
    qtbot.waitUntil(lambda: table.log_model.rowCount() == 3, timeout=20_000)
    assert table.state == club.games.state(gid) == games.state(gid) != before
    worker.stop()
    worker.wait(10)


def test_the_administrator_merges_a_duplicate_from_the_page_after_confirming_and_a_desk_account_cannot(
        qtbot, desks):
    from clubdesk.roles import Actor
    from clubdesk.ui.pages.sync import SyncPage

    a, b, admin = desks
    PlayerService(a.store).add(admin, PlayerData(name="Иванов Иван", phone="+7 900 123 45 67"))
    hall_admin = AccountService(b.store).login("admin", "secret-admin")
    PlayerService(b.store).add(hall_admin, PlayerData(name="Иван Иванов", phone="8 (900) 123-45-67"))
    a.sync()
    b.sync()
    club = Club(b.store)
    clerk = SyncPage(club, Actor(hall_admin.account_id, "clerk", frozenset({"desk"})), None)
    qtbot.addWidget(clerk)
    assert clerk.model.rowCount() == 1 and not clerk.merge_button.isVisibleTo(clerk)
    page = SyncPage(club, hall_admin, None)
    qtbot.addWidget(page)
    assert page.merge_button.isEnabled() and not page.choose_button.isEnabled()
    asked = []
    page.ask = lambda text: asked.append(text) or False  # the administrator says no: nothing happens
    page.merge_button.click()
    assert len(asked) == 1 and "Иванов Иван" in asked[0] and page.model.rowCount() == 1
    page.ask = lambda text: True
    page.merge_button.click()
    assert page.model.rowCount() == 0 and page.conflicts_title.text() == "Конфликты: 0"
    b.sync()
    a.sync()
    assert [p.name for p in PlayerService(a.store).search("900")] == [p.name for p in
                                                                         PlayerService(b.store).search("900")]
    assert len(PlayerService(a.store).search("900")) == 1


def test_a_branch_arriving_through_the_hub_is_one_line_that_names_the_desk_it_came_from(qtbot, desks):
    from clubdesk.ui.pages.sync import SyncPage

    a, b, admin = desks
    ids = [PlayerService(a.store).add(admin, PlayerData(name=n)).id for n in ("Аня", "Боря", "Вера")]
    gid = GameService(a.store).create(admin, "zhuk", [{"id": p} for p in ids], {"nominal": 10})
    a.sync()
    b.sync()
    hall = GameService(b.store)
    hall.take_over(admin, gid)  # the front desk is cut off and goes on recording
    for _ in range(4):
        hall.record(admin, gid, {"type": "shot", "player": hall.state(gid)["to_move"]})
    front = GameService(a.store)
    front.record(admin, gid, {"type": "shot", "player": front.state(gid)["to_move"]})
    b.sync()
    a.sync()
    page = SyncPage(Club(a.store), admin, None)
    qtbot.addWidget(page)
    assert page.model.rowCount() == 1 and page.conflicts_title.text() == "Конфликты: 1"
    assert f"ветка стойки {b.name} — событий: 4, №1–4" in page.model.data(page.model.index(0, 2))


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_desk_joins_a_hub_from_the_page_and_syncs(qtbot, hub, tmp_path):
    """Issue 38 item 10: «Подключить к серверу…» does what `clubdesk sync join` does (join_desk), the password kept in
    the keyring; the page then shows the hub and the worker syncs."""
    from clubdesk.store.db import open_store
    from clubdesk.sync.credentials import load_password
    from clubdesk.sync.hub import HubAddress
    from clubdesk.ui.pages.sync import SyncPage

    _address, password, desk_name = hub.add_desk("bar")
    store = open_store(tmp_path / "bar.sqlite")
    try:
        admin = AccountService(store).create_first_admin("admin", "secret-admin")
        club = Club(store)
        page = SyncPage(club, admin, None)
        qtbot.addWidget(page)
        assert page.not_joined.isVisibleTo(page)
        dialog = page.not_joined.open_join()
        dialog.url.setText(hub.address.url)
        dialog.schema.setText(hub.address.schema)
        dialog.desk.setText(desk_name)
        dialog.password.setText(password)
        dialog.join()
        assert not dialog.isVisible() and not page.not_joined.isVisibleTo(page)
        assert load_password(HubAddress.parse(hub.address.url, schema=hub.address.schema), desk_name) == password
        assert page.worker is not None
        qtbot.waitUntil(lambda: page.worker.state == "online", timeout=20_000)
        assert page.state.text() == "на связи" and desk_name in page.desk.text()
        assert page.view.isVisibleTo(page) and page.pending_up.isVisibleTo(page)
        page.worker.stop()
    finally:
        store.close()
