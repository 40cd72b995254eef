"""The Пирамидка hall scoreboard and «Столы» (issue 15 item 8): they follow shots recorded here and arriving by sync."""

from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt

from clubdesk.rules.pyramid100 import new_game, parse_event
from clubdesk.services.demo_pyramid import MATCH
from clubdesk.services.games import GameService, rederive_games
from clubdesk.services.players import PlayerData
from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.pages.live import LivePage
from clubdesk.ui.pyramid.feed import feed_for
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
from tests.ui.test_pyramid_keys import press

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def pair(club, admin):
    a = club.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = club.players.add(admin, PlayerData("<b>Сокол</b> Анна"))  # a name is text, never markup
    return a.id, b.id


@pytest.fixture
def feed(club):
    return feed_for(club)


@pytest.fixture
def match(feed, admin, pair):
    return feed.service.create(admin, *pair, table="Стол 3")


def test_board_names_players_as_every_board_and_shows_them_as_text(qtbot, feed, admin, match):
    window = feed.open_match(admin, match)
    qtbot.addWidget(window)
    board = window.open_scoreboard()
    assert [s.name.text() for s in board.sides] == ["Граф", "<b>Сокол</b> А."]
    assert all(s.name.textFormat() == Qt.TextFormat.PlainText for s in board.sides)
    assert board.sides[0].turn.text() == "бьёт" and board.status.text() == "Разбой"
    # the 100 of «Пирамидка 100», the control ball №10 apart (P§3, P-1; issue 38 item 9: it read «110 очк.»)
    assert board.table_line.text() == "На столе: 5 6 7 8 9 10 11 12 13 14 15 — 100 очк. и контрольный №10"
    assert window.table_balls.text() == "На столе: №5 №6 №7 №8 №9 №10 №11 №12 №13 №14 №15 — 100 очк. и контрольный №10"


def test_board_goes_full_screen_by_f11_and_offers_the_screens(qtbot, feed, admin, match):
    window = feed.open_match(admin, match)
    qtbot.addWidget(window)
    board = window.open_scoreboard()
    assert window.open_scoreboard() is board  # one board per match window
    full = board.isFullScreen()
    qtbot.keyClick(board, Qt.Key.Key_F11)
    assert board.isFullScreen() != full
    qtbot.keyClick(board, Qt.Key.Key_F11)
    assert board.isFullScreen() == full
    assert board.screen_actions and board.full_screen_action in board.actions()


def test_board_and_window_follow_shots_arriving_by_sync(qtbot, club, feed, admin, match, pair):
    window = feed.open_match(admin, match)
    qtbot.addWidget(window)
    board = window.open_scoreboard()
    press(qtbot, window, "7", "3", "x", "1", "2", "1", "+")  # MATCH[0], typed here
    # Another desk's shot arrives: stored by another service, the games re-derived, then the main window's refresh.
    GameService(club.store).record(admin, match, {"type": "shot", "player": pair[0], **MATCH[1][1]})
    rederive_games(club.store, {match})
    MainWindow._on_rows_arrived(SimpleNamespace(club=club, pages={}), {match})
    engine = new_game(list(pair))
    for _who, shot in MATCH[:2]:
        engine.apply(parse_event({"type": "shot", "player": pair[0], **shot}))
    assert [s.score.text() for s in board.sides] == [str(engine.scores[p]) for p in pair] == ["22", "0"]
    assert [b.score.text() for b in window.boxes] == ["22", "0"] and window.log.rowCount() == 2
    assert [lab.text() for lab in board.shot_labels if lab.text()][-1].startswith("2. Граф: упали №15→2 прямо")
    press(qtbot, window, "-")  # and the window goes on from there: a shot without a call, turn passes
    assert window._service.state(match)["to_move"] == pair[1] and board.sides[1].turn.text() == "бьёт"


def test_tables_page_lists_a_running_match_and_drops_it_when_finished(qtbot, club, feed, admin, pair):
    hub = install_hub(club, ZhukHub(club, autostart=False))
    page = LivePage(hub, admin)
    qtbot.addWidget(page)
    assert page.pyramid.cards == {} and page.pyramid.empty.isVisibleTo(page)
    gid = feed.service.create(admin, *pair, table="Стол 3")
    feed.matches_changed.emit()  # what «Новый матч…» says once the match is created
    qtbot.waitUntil(lambda: gid in page.pyramid.cards, timeout=10_000)
    card = page.pyramid.cards[gid]
    texts = [w.text() for row in card.rows for w in row]
    assert texts == ["▶", "Орлов Глеб", "0", "", "<b>Сокол</b> Анна", "0"]
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton)  # opens the match window, the same one «Жеребьёвка» opens
    window = feed.windows[gid]
    qtbot.addWidget(window)
    press(qtbot, window, "7", "3", "+")
    qtbot.waitUntil(lambda: page.pyramid.cards[gid].rows[0][2].text() == "7", timeout=10_000)
    window.concede(pair[1])
    qtbot.waitUntil(lambda: gid not in page.pyramid.cards, timeout=10_000)
    assert page.pyramid.empty.isVisibleTo(page)


def test_a_shot_typed_here_is_not_replayed_by_its_own_window(qtbot, feed, admin, match, monkeypatch):
    """The window tells the feed of its own shot and must not re-read the whole match from it (a replay per shot
    would cost the frame); only news from elsewhere does that."""
    window = feed.open_match(admin, match)
    qtbot.addWidget(window)
    replays = []
    real = window._service.history
    monkeypatch.setattr(window._service, "history", lambda gid: replays.append(gid) or real(gid))
    press(qtbot, window, "7", "3", "+")
    assert replays == [] and window.log.rowCount() == 1
    feed.changed.emit(match)  # news from elsewhere (a sync) is re-read
    assert replays == [match]


def test_the_match_list_follows_a_match_scored_from_the_tables_page(qtbot, club, feed, admin, match):
    from clubdesk.ui.pyramid.panel import PyramidPanel

    panel = PyramidPanel(club, admin)
    qtbot.addWidget(panel)
    window = feed.open_match(admin, match)  # opened from «Столы», not from this panel
    qtbot.addWidget(window)
    press(qtbot, window, "7", "3", "+")
    qtbot.waitUntil(lambda: panel.model.data(panel.model.index(0, 2)) == "7 : 0", timeout=10_000)
