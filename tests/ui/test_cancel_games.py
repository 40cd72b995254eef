"""Issue 34 at the desk: a double click on «Начать игру» starts one game; «Отменить игру (создана по ошибке)…» asks
what happens, then the game reads «отменена» and its slot of the seating is offered again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clubdesk.services.evenings import EveningService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.ui.mafia.games_tab import GamesTab

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def evening(club, admin, today):
    """Two tables, 20 players seated for two games each: the second click had table 2's game to start."""
    svc = EveningService(club.store, club.games, PlayerService(club.store, today))
    ps = PlayerService(club.store)
    ev = svc.create(admin, today, admin.account_id, tables=2, name="Первый вечер")
    for i in range(20):
        svc.check_in(admin, ev.id, ps.add(admin, PlayerData(f"Игрок Номер{i:02}", f"Ник{i:02}")).id)
    svc.draw_seating(admin, ev.id, 2, seed=4)
    return svc, ev.id


def slot_of(tab, game: tuple[int, int]) -> int:
    """The combo's row of (game, table); findData does not compare a Python tuple."""
    return next((i for i in range(tab.slot.count()) if tab.slot.itemData(i) == game), -1)


@pytest.fixture
def tab(qtbot, evening, admin):
    svc, eid = evening
    t = GamesTab(svc, admin)
    qtbot.addWidget(t)
    t.set_evening(eid)
    t.show()
    qtbot.waitExposed(t)
    return t


def test_two_clicks_on_start_make_one_game(qtbot, tab, evening):
    svc, eid = evening
    assert tab.start.isEnabled() and tab.slot.currentData() == (1, 1)
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    assert [(g.round, g.table) for g in svc.list_games(eid)] == [(1, 1)]
    assert not tab.start.isEnabled() and tab.start.toolTip() == "Выберите игру рядом с кнопкой"
    tab.slot.setCurrentIndex(slot_of(tab, (1, 2)))  # the next game is picked on purpose
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    assert [(g.round, g.table) for g in svc.list_games(eid)] == [(1, 1), (1, 2)]


def test_the_next_game_at_a_table_whose_game_is_on_is_not_offered_until_it_ends(qtbot, tab, evening, admin):
    from tests.services.test_evenings import _play_red_win

    svc, eid = evening
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    tab.slot.setCurrentIndex(slot_of(tab, (2, 1)))
    assert not tab.start.isEnabled()
    assert tab.start.toolTip() == svc.start_refusal(eid, 2, 1).message() == (
        "За столом 1 ещё идёт игра 1: сначала закончите её или отмените (если она создана по ошибке).")
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    assert len(svc.list_games(eid)) == 1
    [game] = svc.list_games(eid)
    _play_red_win(svc.games, admin, game.game_id)
    tab._game_changed(game.game_id)  # what the host panel's feed says after each event
    assert tab.start.isEnabled()
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    assert [(g.round, g.table) for g in svc.list_games(eid)] == [(1, 1), (2, 1)]


def test_a_start_the_service_refuses_is_told_in_one_line_under_the_buttons(qtbot, tab, evening, admin):
    svc, eid = evening
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    tab.slot.setCurrentIndex(slot_of(tab, (1, 2)))
    svc.start_game(admin, eid, 1, 2, list(svc.seating(eid).rounds[0][1]))  # a phone or another desk, meanwhile
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    assert tab.message.isVisibleTo(tab) and tab.message.text() == "Игра 1 за столом 2 уже начата."
    assert len(svc.list_games(eid)) == 2


def test_cancel_asks_what_happens_then_the_game_reads_cancelled_and_its_slot_comes_back(qtbot, tab, evening):
    svc, eid = evening
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    tab.view.selectRow(0)
    assert tab.cancel.isEnabled() and tab.cancel.text() == "Отменить игру (создана по ошибке)…"
    asked: list[str] = []
    assert not tab.cancel_game(ask=lambda _p, _t, text: asked.append(text) or False)
    assert "«Игра 1, стол 1»" in asked[0] and "рейтинг не изменится" in asked[0] and len(svc.list_games(eid)) == 1
    assert tab.cancel_game(ask=lambda *_: True)
    assert svc.list_games(eid) == []
    assert tab.model.index(0, 3).data() == "отменена (создана по ошибке)"
    tab.view.selectRow(0)
    assert not tab.cancel.isEnabled() and tab.cancel.toolTip() == "Игра уже отменена"
    assert slot_of(tab, (1, 1)) >= 0 and tab.start.isEnabled()


def test_only_the_desk_is_offered_the_cancel(qtbot, club, admin, evening):
    from clubdesk.services.accounts import AccountService

    svc, eid = evening
    host = AccountService(club.store).create_account(admin, "host1", "long-enough", ("host",))
    svc.start_game(admin, eid, 1, 1, list(svc.seating(eid).rounds[0][0]))
    t = GamesTab(svc, host)
    qtbot.addWidget(t)
    t.set_evening(eid)
    t.view.selectRow(0)
    assert not t.cancel.isEnabled() and t.cancel.toolTip() == "Игру отменяет администратор стойки"


# --- Пирамидка: the panel and the match window ---------------------------------------------------------------------

@pytest.fixture
def match(club, admin):
    from clubdesk.services.matches import MatchService

    ids = [club.players.add(admin, PlayerData(n)).id for n in ("Орлов Глеб", "Сокол Анна")]
    return MatchService.of(club).create(admin, *ids, table="Сто 6")


def test_a_match_with_a_typo_is_cancelled_from_the_panel_and_its_window_turns_read_only(qtbot, club, admin, match):
    from clubdesk.ui.pyramid.panel import PyramidPanel

    panel = PyramidPanel(club, admin)
    qtbot.addWidget(panel)
    window = panel.open_match(match)
    qtbot.addWidget(window)
    assert not panel.cancel_button.isEnabled() and panel.cancel_button.toolTip() == "Выберите матч в списке"
    panel.view.selectRow(0)
    asked: list[str] = []
    assert panel.cancel_selected(ask=lambda _p, _t, text: asked.append(text) or True)
    assert "«Сто 6 · Орлов Глеб — Сокол Анна»" in asked[0]
    assert panel.model.index(0, 5).data() == "отменён (создан по ошибке)"
    assert not panel.cancel_button.isEnabled() and panel.cancel_button.toolTip() == "Матч уже не идёт"
    qtbot.waitUntil(lambda: window.banner.isVisibleTo(window))
    assert window.banner.text().startswith("Матч отменён")
    assert not window.commit_button.isEnabled() and not window.undo_button.isEnabled()
    assert window.open_game_text() == ""  # closing the desk does not warn about it


def test_the_match_windows_cancel_shows_a_refusal_in_its_one_line(qtbot, club, admin, match):
    from clubdesk.services.matches import MatchService
    from clubdesk.ui.pyramid.match_window import MatchWindow

    svc = MatchService.of(club)
    window = MatchWindow(svc, admin, match)
    qtbot.addWidget(window)
    [action] = [a for a in window.concede_button.menu().actions() if a.text() == "Отменить игру (создана по ошибке)…"]
    assert action.isEnabled()
    told: list[str] = []
    svc.concede(admin, match, svc.get(match).players[0])  # over meanwhile (a tablet at the table)
    assert not window.cancel_match(ask=lambda *_: True, tell=lambda _p, _t, text: told.append(text))
    assert told == ["Игра уже закончена и её результат учтён в рейтинге «Пирамидки»: отменить её нельзя, можно "
                    "исправить результат."]


# --- Жук: a table's card on «Столы», before its first shot ---------------------------------------------------------

def test_a_zhuk_table_is_cancelled_from_its_card_before_its_first_shot_and_leaves_the_board(qtbot, hub, admin,
                                                                                             two_tables, monkeypatch):
    import clubdesk.ui.cancel_game as cancel_game
    from clubdesk.ui.pages.live import LivePage

    page = LivePage(hub, admin)
    qtbot.addWidget(page)
    first, second = two_tables
    [action] = [a for a in page.board.cards[second.game_id].menu().actions()
                if a.text() == "Отменить игру (создана по ошибке)…"]
    asked: list[str] = []
    monkeypatch.setattr(cancel_game, "_ask", lambda _p, _t, text: asked.append(text) or True)  # «Да»
    action.trigger()  # the card's menu → the page's confirmation → the hub
    assert asked and asked[0].startswith("Отменить игру «Стол 2 · Кубок: этап 1, раунд 1»")
    assert set(page.board.cards) == {first.game_id}
    hub.record(admin, first.game_id, {"type": "shot", "player": first.players[0],
                                      "potted": [{"ball": "std", "legal": True}]})
    [played] = [a for a in page.board.cards[first.game_id].menu().actions() if a.text() == action.text()]
    assert not played.isEnabled()  # a table that has played keeps its game


def test_a_zhuk_tables_refusal_is_told_in_its_one_line(qtbot, hub, admin, two_tables):
    from clubdesk.ui.pages.live import LivePage

    page = LivePage(hub, admin)
    qtbot.addWidget(page)
    first, second = two_tables
    hub.record(admin, first.game_id, {"type": "shot", "player": first.players[0],
                                      "potted": [{"ball": "std", "legal": True}]})
    told, asked = [], []
    assert not page.cancel_table(second, ask=lambda *_: asked.append(1) or True,
                                 tell=lambda _p, _t, text: told.append(text))
    assert told[0].startswith("За другими столами раунда уже играют: игроки стола 2 остались бы без раунда.")
    assert asked == []   # told before «Вернуть её нельзя» is asked, not after a «Да»
    assert set(page.board.cards) == {first.game_id, second.game_id}
