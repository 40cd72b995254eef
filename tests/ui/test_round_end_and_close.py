"""Ending a Жук round early is asked first (which tables, the time left) and logged as ended by hand, with who
and when; one table can be ended alone; the last minute shows on the table window and the hall scoreboard;
closing the main window while a round runs or a game is open warns.
"""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.services.players import PlayerData
from clubdesk.ui.pages.live import LivePage
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
from tests.ui.conftest import answer

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def page(qtbot, hub, admin):
    p = LivePage(hub, admin)
    qtbot.addWidget(p)
    return p


def finished(hub, tables) -> list[bool]:
    return [hub.games.state(t.game_id)["finished"] for t in tables]


def test_end_round_asks_first_names_the_tables_and_cancel_ends_nothing(page, hub, two_tables, clock):
    clock.t += 3 * 60
    seen = answer(page, lambda d: d.cancel.click())
    page.end.click()
    (dialog,) = seen
    text = " ".join(w.text() for w in dialog.findChildren(type(page.round_label)))
    assert "осталось 07:00" in text and "Ещё играют столы: 1, 2" in text
    assert dialog.whole.text() == "Весь раунд — столы 1, 2"
    assert finished(hub, two_tables) == [False, False]


def test_ending_the_whole_round_by_hand_logs_who_and_when(page, hub, two_tables, clock, admin):
    clock.t += 3 * 60
    answer(page, lambda d: d.ok.click())
    page.end.click()
    assert finished(hub, two_tables) == [True, True]
    assert not hub.tournaments.clock(two_tables[0].round_id).running
    win = page.open_table(two_tables[1])
    when = dt.datetime.fromtimestamp(clock.t).strftime("%H:%M")
    assert win.scoring.log_model.data(win.scoring.log_model.index(0, 1)) == f"Раунд окончен вручную: admin, {when}"
    win.close()


def test_ending_one_table_leaves_the_other_playing_and_the_clock_running(page, hub, two_tables):
    def pick_table_2(dialog):
        (button,) = [b for b, game_id in dialog.tables.items() if game_id == two_tables[1].game_id]
        button.click()
        dialog.ok.click()
    answer(page, pick_table_2)
    page.end.click()
    assert finished(hub, two_tables) == [False, True]
    assert hub.tournaments.clock(two_tables[0].round_id).running
    answer(page, lambda d: d.ok.click())                     # the rest of the round: the clock stops with it
    page.end.click()
    assert finished(hub, two_tables) == [True, True]
    assert not hub.tournaments.clock(two_tables[0].round_id).running


def test_a_round_ended_by_the_clock_says_time_is_up(page, hub, two_tables, clock):
    clock.t += 10 * 60 + 1
    hub.poll()
    win = page.open_table(two_tables[0])
    assert win.scoring.log_model.data(win.scoring.log_model.index(0, 1)) == "Время вышло — раунд окончен"
    win.close()


def test_a_round_another_desk_records_is_left_to_that_desk_when_its_time_is_up(page, hub, two_tables, clock):
    """A restored backup or a copied file is another desk: the tables it opened are that desk's to end. Its clock
    ran out here too, and the poll raised GameReadOnly into the event loop every half second."""
    with hub.club.store.write() as cur:
        cur.execute("UPDATE games SET owner_desk_id = 'another-desk'")
    hub.games.forget({t.game_id for t in two_tables})
    clock.t += 10 * 60 + 1
    hub.poll()
    assert finished(hub, two_tables) == [False, False]


def test_the_last_minute_shows_on_the_table_window_and_the_hall_scoreboard(qtbot, page, hub, two_tables, clock):
    win = page.open_table(two_tables[0])
    board = ScoreboardWindow(hub)
    qtbot.addWidget(board)
    board.show()
    clock.t += 8 * 60
    hub.poll()
    assert not win.scoring.last_minute.isVisible() and not board.last_minute.isVisible()
    clock.t += 90
    hub.poll()
    assert win.scoring.clock.text() == "00:30"
    assert win.scoring.last_minute.isVisible() and win.scoring.last_minute.text() == "Последняя минута раунда"
    assert board.last_minute.isVisible()
    clock.t += 31
    hub.poll()                                               # time is up: the round is over, no more warning
    assert not win.scoring.last_minute.isVisible() and not board.last_minute.isVisible()
    win.close()


# --- closing the main window -----------------------------------------------------------------------------

@pytest.fixture
def window(qtbot, club, admin, settings):
    from clubdesk.ui.main_window import MainWindow

    w = MainWindow(club, admin, settings)
    qtbot.addWidget(w)
    w.in_event_loop = True   # as clubdesk.ui.app runs it
    w.show()
    return w


def answer_close(window, keep_open: bool):
    """Answer the closing warning through its buttons; returns the warnings seen."""
    seen = []

    def run(box):
        seen.append(box.text())
        keep = next(b for b in box.buttons() if b is not box.accept_button)
        (keep if keep_open else box.accept_button).click()
        return box.clickedButton() is box.accept_button
    window.run_dialog = run
    return seen


def test_closing_while_a_round_runs_warns_and_can_be_refused(window, hub, two_tables):
    seen = answer_close(window, keep_open=True)
    assert not window.close()
    assert window.isVisible()
    assert seen == ["Ещё не закончено:\n• «Жук» Кубок: этап 1, раунд 1 — играют столы 1, 2"]
    seen = answer_close(window, keep_open=False)
    assert window.close() and not window.isVisible()


def test_closing_with_a_mafia_game_open_warns(qtbot, window, club, admin):
    from clubdesk.services.evenings import EveningService
    from clubdesk.ui.mafia.controller import GameController
    from clubdesk.ui.mafia.host_panel import HostPanel
    from tests.ui.test_host_panel import NAMES

    ids = [club.players.add(admin, PlayerData(f"Игрок {n}", nickname=n)).id for n in NAMES]
    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 2), None).id
    gid = svc.start_game(admin, evening_id, 1, 1, ids)
    panel = HostPanel(GameController(club.games, admin, gid, NAMES, "Игра 1, стол 1"))
    qtbot.addWidget(panel)
    panel.show()
    seen = answer_close(window, keep_open=True)
    assert not window.close()
    assert seen == ["Ещё не закончено:\n• Мафия: 02.12.2026 · игра 1 · стол 1"] and panel.isVisible()
    answer_close(window, keep_open=False)
    assert window.close() and not panel.isVisible()          # the program closes with its windows


def test_closing_with_nothing_going_on_asks_nothing(window):
    seen = answer_close(window, keep_open=True)
    assert window.close() and seen == []


# --- every running game and the phones' page (issue 38 item 5) ----------------------------------------------------

def test_closing_names_the_running_matches_and_games_with_no_window_open_and_the_phones(qtbot, window, club, admin,
                                                                                      hub, request):
    from clubdesk.services.demo_pyramid import MATCH
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.matches import MatchService
    from tests.ui.test_host_panel import NAMES

    boxes = []
    window.run_dialog = lambda box: boxes.append(box) or False
    ids = [club.players.add(admin, PlayerData(f"Игрок {n}", nickname=n)).id for n in NAMES]
    matches = MatchService.of(club)
    match = matches.create(admin, ids[0], ids[1], "Стол 3")
    matches.record_shot(admin, match, MATCH[0][1])             # №7 called and potted: 7:0
    ended = matches.create(admin, ids[2], ids[3], "Стол 4")
    matches.concede(admin, ended, ids[2])                    # over: not named
    evenings = EveningService(club.store, club.games, club.players)
    evening_id = evenings.create(admin, dt.date(2026, 12, 2), None).id
    evenings.start_game(admin, evening_id, 1, 1, ids)
    live = window.page("live")
    live.web.host, live.web.port = "127.0.0.1", 0
    request.addfinalizer(live.web.stop)
    assert live.web.start()
    pairing = live.web.server.pairing
    device, _ = pairing.redeem(pairing.new_token())
    pairing.open_session(device, admin, "admin", "ru")
    assert not window.close()
    (box,) = boxes
    assert box.text().split("\n") == [
        "Ещё не закончено:",
        "• Пирамидка: Игрок Алый — Игрок Бриз, 7:0 (Стол 3)",
        "• Мафия: 02.12.2026 · игра 1 · стол 1",
        "• Страница для столов: телефоны, вошедшие в неё (1), потеряют связь со стойкой"]
    assert box.informativeText().startswith("Всё записанное сохранено")
    answer_close(window, keep_open=False)


def test_a_game_another_desk_records_is_not_named_on_closing(window, club, admin):
    from clubdesk.services.matches import MatchService

    seen = answer_close(window, keep_open=False)
    a, b = (club.players.add(admin, PlayerData(f"Игрок Дальний{i}")).id for i in range(2))
    match = MatchService.of(club).create(admin, a, b, "Стол 9")
    with club.store.write() as cursor:                       # handed over to another desk (docs/sync.md)
        cursor.execute("UPDATE games SET owner_desk_id = 'other-desk' WHERE id = ?", (match,))
    assert window.close() and seen == []


def test_a_shot_typed_at_a_table_is_named_and_given_up_without_a_second_question(qtbot, window, hub, admin,
                                                                                  two_tables):
    from clubdesk.ui.zhuk.scoring import ZhukTableWindow

    seen = answer_close(window, keep_open=False)
    table = ZhukTableWindow(hub, admin, two_tables[0].game_id, two_tables[0].round_id, "Стол 1")
    qtbot.addWidget(table)
    table.show()
    table.scoring._press("1")
    asked = []
    table.confirm_close = lambda draft: asked.append(draft) or False
    assert window.close() and not table.isVisible() and asked == []
    assert seen == ["Ещё не закончено:\n• «Жук» Кубок: этап 1, раунд 1 — играют столы 1, 2\n"
                    "• Стол 1: удар набран, но не записан"]
    assert two_tables[0].game_id not in hub.busy               # the round no longer waits for that shot
