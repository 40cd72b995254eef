"""A game branch on the «Синхронизация» page is one line (its desk, how many events from when, its first and last
event in words) with «Оставить ветку» / «Отложить ветку» deciding all of it; the branches set aside are listed,
read-only, in «Отложенные ветки» with their events in words. Desks exchange rows directly (no hub)."""

from __future__ import annotations

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.club import Club
from clubdesk.store.db import open_store
from tests.store.sync_desks import exchange, partitioned_game, send

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def forked(tmp_path):
    """Desk a holds desk b's five shots of a game as a branch of its own line (a went on with two)."""
    stores = []
    for name in "ab":
        (tmp_path / name).mkdir()
        stores.append(open_store(tmp_path / name / "club.sqlite"))
    a, b = stores
    admin = AccountService(a).create_first_admin("admin", "secret-admin")
    exchange(a, b)
    gid = partitioned_game(a, b, admin, taken=5, went_on=2)
    send(b, a)
    yield a, b, admin, gid
    for s in stores:
        s.close()


def page_of(qtbot, store, actor):
    from clubdesk.ui.pages.sync import SyncPage

    page = SyncPage(Club(store), actor, None)
    qtbot.addWidget(page)
    return page


def test_a_branch_of_five_events_is_one_line_on_the_sync_page(qtbot, forked):
    a, b, admin, _gid = forked
    page = page_of(qtbot, a, admin)
    assert page.model.rowCount() == 1 and page.conflicts_title.text() == "Конфликты: 1"
    detail = page.model.data(page.model.index(0, 2))
    assert f"ветка стойки {b.desk_id[:8]}" in detail and "событий: 5, №2–6" in detail
    assert "первое: «Аня: шар», последнее: «Вера: шар»" in detail
    tip = page.model.data(page.model.index(0, 2), 3)  # the tooltip lists every event of the branch
    assert tip.count("\n№") == 5 and "№4: " in tip
    assert page.keep_button.text() == "Оставить ветку…" and page.keep_button.isEnabled()
    assert page.aside_button.isEnabled() and not page.merge_button.isEnabled()
    assert page.merge_button.toolTip() == "Выберите в списке двойную регистрацию."


def test_the_branchs_line_is_tall_enough_for_both_its_lines(qtbot, qapp, forked):
    from clubdesk.ui.app import apply_style

    a, _b, admin, _gid = forked
    apply_style()  # the club's type, as the desk sees it
    try:
        page = page_of(qtbot, a, admin)
        page.resize(1070, 700)  # the page in a 1280×800 window
        page.show()
        qtbot.waitExposed(page)
        lines = page.view.fontMetrics().lineSpacing()
        assert page.view.rowHeight(0) >= page.view.sizeHintForRow(0) >= 2 * lines
    finally:
        qapp.setStyleSheet("")


@pytest.fixture
def in_moscow(monkeypatch):
    """The desk's clock in Moscow (UTC+3): the hub stamps UTC."""
    import time

    monkeypatch.setenv("TZ", "Europe/Moscow")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_desk_is_named_as_the_last_sync_saw_it_and_its_contact_in_local_time(qtbot, forked, in_moscow):
    import json

    from clubdesk.sync.config import write_settings

    a, b, admin, _gid = forked
    write_settings(a, {"sync.desks": json.dumps([["front", "2026-12-03T17:00:00Z", [a.desk_id]],
                                                 ["hall", "2026-12-03T17:00:00Z", [b.desk_id]]])})
    page = page_of(qtbot, a, admin)
    assert "ветка стойки hall — событий: 5" in page.model.data(page.model.index(0, 2))
    assert page.desks.text().startswith("front (связь 03.12.2026 20:00)"), page.desks.text()


@pytest.mark.parametrize("action", ["keep", "set_aside"])
def test_an_action_on_the_branchs_line_asks_once_and_decides_the_whole_branch(qtbot, forked, action):
    a, b, admin, gid = forked
    page = page_of(qtbot, a, admin)
    asked = []
    page.ask = lambda text: asked.append(text) or True
    (page.keep_button if action == "keep" else page.aside_button).click()
    assert len(asked) == 1 and b.desk_id[:8] in asked[0] and "событий: 5" in asked[0]
    assert page.model.rowCount() == 0 and page.conflicts_title.text() == "Конфликты: 0"
    line = a.read("SELECT desk_id FROM events WHERE game_id = ? AND seq >= 2", (gid,))
    assert len(line) == (5 if action == "keep" else 2)
    assert page.archived_button.text() == "Отложенные ветки (1)…"


def test_the_archived_branches_window_lists_a_branch_set_aside_and_its_events_in_words(qtbot, qtmodeltester, forked):
    from clubdesk.services.conflicts import ConflictService
    from clubdesk.sync.resolutions import branches

    a, b, admin, _gid = forked
    ConflictService(a).set_aside(admin, branches(a.read)[0].conflict_id)
    page = page_of(qtbot, a, admin)
    page.archived_button.click()
    dialog = page.archived_dialog
    assert dialog.isVisible() and not dialog.empty.isVisible()
    model = dialog.branches
    assert model.rowCount() == 1
    row = [model.data(model.index(0, c)) for c in range(model.columnCount())]
    assert row[0].startswith("Жук") and row[1] == b.desk_id[:8] and row[2] == "5" and row[3].startswith("№2, ")
    assert row[4] != "?"  # when the administrator set it aside
    events = dialog.events
    assert events.rowCount() == 5
    assert [events.data(events.index(r, 0)) for r in range(5)] == ["2", "3", "4", "5", "6"]
    assert events.data(events.index(0, 2)) == "Аня: шар" and events.data(events.index(1, 2)).endswith(": мимо")
    assert dialog.events_title.text().startswith(f"События ветки стойки {b.desk_id[:8]}")
    qtmodeltester.check(model, force_py=True)
    qtmodeltester.check(events, force_py=True)


def test_with_no_branch_set_aside_the_window_says_so(qtbot, forked):
    a, _b, admin, _gid = forked
    page = page_of(qtbot, a, admin)
    assert page.archived_button.text() == "Отложенные ветки (0)…"
    page.archived_button.click()
    dialog = page.archived_dialog
    assert dialog.empty.isVisible() and dialog.branches.rowCount() == 0 and dialog.events.rowCount() == 0
    assert not dialog.events_title.isVisible()


def test_the_demo_stages_a_branch_of_five_shots_one_set_aside_and_a_duplicate_and_its_shots_are_legal(
        qtbot, club, demo_admin):
    from clubdesk.services.conflicts import ConflictService
    from clubdesk.services.demo_sync import HALL_DESK, stage_two_desks
    from clubdesk.services.games import GameService
    from clubdesk.sync.resolutions import branches

    stage_two_desks(club.store)
    stage_two_desks(club.store)  # a second render of the same store stages nothing more
    page = page_of(qtbot, club.store, demo_admin)
    assert [page.model.row_at(r).kind for r in range(page.model.rowCount())] == ["game_branch", "duplicate_player"]
    assert "ветка стойки hall — событий: 5" in page.model.data(page.model.index(0, 2))
    assert page.archived_button.text() == "Отложенные ветки (1)…" and page.pending_up.text() == "0"
    aside = branches(club.store.read, archived=True)
    assert [(b.desk_id, len(b.events)) for b in aside] == [(HALL_DESK, 3)]
    # the hall's shots replay: kept, they become the table's line and its state is derived from them
    open_branch = branches(club.store.read)[0]
    ConflictService(club.store).keep_branch(demo_admin, open_branch.conflict_id)
    line = club.store.read("SELECT desk_id FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 5",
                           (open_branch.game_id,))
    assert line == [(HALL_DESK,)] * 5
    assert GameService(club.store).state(open_branch.game_id)["to_move"]


def test_two_registrations_of_one_name_are_told_apart_and_the_question_names_who_stays(qtbot, tmp_path):
    """Two desks registered «Александров Андрей» with one phone: the line and the merge question give each his
    nickname and the day he came, and say which one stays (the one registered first, as the merge decides)."""
    from clubdesk.services.players import PlayerData, PlayerService
    from clubdesk.store.db import open_store

    stores = []
    for name in "ab":
        (tmp_path / name).mkdir()
        stores.append(open_store(tmp_path / name / "club.sqlite"))
    a, b = stores
    try:
        admin = AccountService(a).create_first_admin("admin", "secret-admin")
        exchange(a, b)
        first = PlayerService(a).add(admin, PlayerData("Александров Андрей", nickname="Туман", phone="+79474246822"))
        PlayerService(b).add(admin, PlayerData("Александров Андрей", phone="+79474246822"))
        with a.write() as cur:  # a week apart, as two desks may register one man
            cur.execute("UPDATE players SET created_at = '2026-11-26T10:00:00.000Z' WHERE id = ?", (first.id,))
        send(b, a)
        page = page_of(qtbot, a, admin)
        detail = page.model.data(page.model.index(0, 2))
        assert "Александров Андрей («Туман», в клубе с 26.11.2026)" in detail, detail
        labels = detail.split(": ")[0].split(" / ")
        assert len(labels) == 2 and labels[0] != labels[1], detail  # the two registrations read differently
        asked = []
        page.ask = lambda text: asked.append(text) or False
        page.view.selectRow(0)
        page.merge_selected()
        assert asked and asked[0].startswith("Объединить двух игроков? Останется Александров Андрей («Туман», "
                                             "в клубе с 26.11.2026)"), asked
        assert "игрока Александров Андрей (в клубе с" in asked[0]
    finally:
        for s in stores:
            s.close()


@pytest.mark.parametrize("action", ["keep", "set_aside"])
def test_the_question_says_the_other_desks_branch_of_the_same_game_is_set_aside_too(qtbot, tmp_path, action):
    """a holds two branches of one game (b's and c's): one decision settles the game, so the question about one
    branch also names the other, which will be set aside with it."""
    from clubdesk.services.games import GameService
    from tests.store.sync_desks import _zhuk_shot

    stores = []
    for name in "abc":
        (tmp_path / name).mkdir()
        stores.append(open_store(tmp_path / name / "club.sqlite"))
    a, b, c = stores
    try:
        admin = AccountService(a).create_first_admin("admin", "secret-admin")
        exchange(a, b, c)
        gid = partitioned_game(a, b, admin, taken=2, went_on=1)
        send(b, c)
        GameService(c).take_over(admin, gid)
        for _ in range(3):
            GameService(c).record(admin, gid, _zhuk_shot(GameService(c), gid))
        send(b, a)
        send(c, a)
        page = page_of(qtbot, a, admin)
        assert page.model.rowCount() == 2
        asked = []
        page.ask = lambda text: asked.append(text) or False  # «Нет»: nothing decided
        page.view.selectRow(0)
        (page.keep_selected if action == "keep" else page.set_aside_selected)()
        first, second = page.model.row_at(0).branch, page.model.row_at(1).branch
        assert f"стойки {first.desk} ({first.span()})" in asked[0]
        assert f"Ветка стойки {second.desk} этой же игры ({second.span()}) тоже будет отложена." in asked[0]
        assert page.model.rowCount() == 2
    finally:
        for s in stores:
            s.close()
