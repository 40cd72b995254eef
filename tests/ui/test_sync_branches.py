"""A game with branches on the «Синхронизация» page is one line: a game has one line of events, so the
administrator decides which line continues it — the one held here or a desk's branch, each told by its desk, how
many events from when, its first and last event in words — in «Выбрать, как продолжится игра…», and the others
are set aside; those are listed, read-only, in «Отложенные ветки» with their events in words. Desks exchange rows
directly (no hub)."""

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


def test_a_branch_of_five_events_is_one_line_on_the_sync_page_beside_the_line_held_here(qtbot, forked):
    a, b, admin, _gid = forked
    page = page_of(qtbot, a, admin)
    assert page.model.rowCount() == 1 and page.conflicts_title.text() == "Конфликты: 1"
    detail = page.model.data(page.model.index(0, 2))
    lines = detail.splitlines()
    assert lines[0] == "С события №2 записи расходятся — продолжить игру может только одна линия:"
    assert lines[1].startswith(f"так игра ведётся здесь (стойка {a.desk_id[:8]}) — событий: 2, №2–3")
    assert lines[3].startswith(f"ветка стойки {b.desk_id[:8]} — событий: 5, №2–6")
    assert lines[4].strip() == "первое: «Аня: шар», последнее: «Вера: шар»"
    tip = page.model.data(page.model.index(0, 2), 3)  # the tooltip lists every event of every line
    assert tip.count("\n№") == 7 and "№4: " in tip
    assert page.choose_button.text() == "Выбрать, как продолжится игра…" and page.choose_button.isEnabled()
    assert not page.merge_button.isEnabled()
    assert page.merge_button.toolTip() == "Выберите в списке двойную регистрацию."
    assert not hasattr(page, "keep_button") and not hasattr(page, "aside_button")  # no per-branch decision


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
    assert "так игра ведётся здесь (стойка front)" in page.model.data(page.model.index(0, 2))
    assert page.desks.text().startswith("front (связь 03.12.2026 20:00)"), page.desks.text()


@pytest.mark.parametrize("here", [False, True], ids=["branch", "here"])
def test_the_choice_on_the_games_line_decides_the_whole_game(qtbot, forked, here):
    a, b, admin, gid = forked
    page = page_of(qtbot, a, admin)
    offered = []
    page.choose = lambda game: offered.append(game) or (a.desk_id if here else b.desk_id)
    page.choose_button.click()
    assert [(v.branch.desk_id, v.branch.here, v.count) for v in offered[0].choices] == [(a.desk_id, True, 2),
                                                                                         (b.desk_id, False, 5)]
    assert page.model.rowCount() == 0 and page.conflicts_title.text() == "Конфликты: 0"
    line = a.read("SELECT desk_id FROM events WHERE game_id = ? AND seq >= 2", (gid,))
    assert line == [(a.desk_id,)] * 2 if here else [(b.desk_id,)] * 5
    assert page.archived_button.text() == "Отложенные ветки (1)…"


def test_a_cancelled_choice_decides_nothing(qtbot, forked):
    a, _b, admin, _gid = forked
    page = page_of(qtbot, a, admin)
    before = a.read("SELECT count(*) FROM change_log")
    page.choose = lambda game: None
    page.choose_button.click()
    assert page.model.rowCount() == 1 and a.read("SELECT count(*) FROM change_log") == before


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


@pytest.fixture
def three_desks(tmp_path):
    """a holds two branches of one game: b's two shots, and c's three recorded after c took the game over from b
    (so c's line is b's two and its own three); a's own line has one."""
    from clubdesk.services.games import GameService
    from tests.store.sync_desks import _zhuk_shot

    stores = []
    for name in "abc":
        (tmp_path / name).mkdir()
        stores.append(open_store(tmp_path / name / "club.sqlite"))
    a, b, c = stores
    admin = AccountService(a).create_first_admin("admin", "secret-admin")
    exchange(a, b, c)
    gid = partitioned_game(a, b, admin, taken=2, went_on=1)
    send(b, c)
    GameService(c).take_over(admin, gid)
    for _ in range(3):
        GameService(c).record(admin, gid, _zhuk_shot(GameService(c), gid))
    send(b, a)
    send(c, a)
    yield a, b, c, admin, gid
    for s in stores:
        s.close()


def test_a_game_with_three_desks_lines_is_one_conflict_and_the_window_offers_each_line(qtbot, three_desks):
    from clubdesk.ui.branch_choice import BranchChoiceDialog

    a, b, c, admin, gid = three_desks
    page = page_of(qtbot, a, admin)
    assert page.model.rowCount() == 1 and page.conflicts_title.text() == "Конфликты: 1"
    game = page.model.row_at(0).game
    dialog = BranchChoiceDialog(game, page)
    qtbot.addWidget(dialog)
    assert [button.text().split(" — ")[0] for button in dialog.buttons] == [
        f"так игра ведётся здесь (стойка {a.desk_id[:8]})", f"ветка стойки {b.desk_id[:8]}",
        f"ветка стойки {c.desk_id[:8]}"]
    assert f"(№2–3 записала стойка {b.desk_id[:8]})" in dialog.buttons[2].text()
    assert not dialog.ok.isEnabled() and dialog.chosen_desk() is None  # nothing chosen until the administrator does
    dialog.buttons[2].click()
    assert dialog.ok.isEnabled() and dialog.chosen_desk() == c.desk_id
    events = dialog.events
    assert events.rowCount() == 5 and [events.data(events.index(r, 2)) for r in range(5)] == \
        [b.desk_id[:8]] * 2 + [c.desk_id[:8]] * 3
    # c's line continues b's: choosing it sets aside a's one shot only, b's two stay in the game
    assert dialog.consequence.text() == (f"Будут отложены: так игра ведётся здесь (стойка {a.desk_id[:8]}): событий 1 "
                                         f"с №2. Игру будет вести стойка {c.desk_id[:8]}.")
    dialog.buttons[1].click()
    assert f"ветка стойки {c.desk_id[:8]}: событий 3 с №4" in dialog.consequence.text()
    page.choose = lambda _game: c.desk_id
    page.choose_button.click()
    line = a.read("SELECT desk_id FROM events WHERE game_id = ? AND seq >= 2 ORDER BY seq", (gid,))
    assert [d for (d,) in line] == [b.desk_id] * 2 + [c.desk_id] * 3
    assert page.model.rowCount() == 0 and page.archived_button.text() == "Отложенные ветки (1)…"


def test_the_choice_window_looks_right(qtbot, qapp, three_desks, tmp_path):
    """Drawn offscreen with the club's style (the PNG is kept in tmp_path for a look)."""
    from clubdesk.ui.app import apply_style
    from clubdesk.ui.branch_choice import BranchChoiceDialog

    a, _b, c, admin, _gid = three_desks
    apply_style()
    try:
        page = page_of(qtbot, a, admin)
        page.resize(1070, 700)
        page.show()
        qtbot.waitExposed(page)
        assert page.grab().save(str(tmp_path / "sync-page.png"))
        dialog = BranchChoiceDialog(page.model.row_at(0).game, page)
        qtbot.addWidget(dialog)
        dialog.buttons[2].click()
        dialog.show()
        qtbot.waitExposed(dialog)
        assert dialog.grab().save(str(tmp_path / "branch-choice.png"))
        for button in dialog.buttons:  # no choice's text is cut
            assert button.width() >= button.sizeHint().width(), button.text()
    finally:
        qapp.setStyleSheet("")
