"""The host panel plays a whole game (deal → tie → shootout → nights → red win); the display never shows a role."""

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from clubdesk.rules.mafia.script import ROLES
from clubdesk.services.games import GameService
from clubdesk.ui.mafia.controller import GameController
from clubdesk.ui.mafia.display import PublicDisplay
from clubdesk.ui.mafia.host_panel import HostPanel

# The offscreen platform warns when a shown window's size hints change; real platforms do not.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

NAMES = ["Алый", "Бриз", "Вереск", "Гранит", "Дюна", "Ель", "Жасмин", "Зной", "Ирис", "Клён"]
ROLE_WORDS = re.compile(r"мирн|мафи|\bдон|шериф|civilian|mafia|\bdon\b|sheriff|провер|check|чёрн\w* игрок",
                        re.IGNORECASE)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def evening(store, admin):
    """An evening with ten registered players (named as the cards) and its first game at table 1."""
    import datetime as dt

    from clubdesk.services.evenings import EveningService
    from clubdesk.services.players import PlayerData, PlayerService

    games, players = GameService(store), PlayerService(store)
    ids = [players.add(admin, PlayerData(f"Игрок {n}", nickname=n)).id for n in NAMES]
    svc = EveningService(store, games, players)
    evening_id = svc.create(admin, dt.date(2026, 12, 2), None).id
    return svc, evening_id, ids, svc.start_game(admin, evening_id, 1, 1, ids)


@pytest.fixture
def game(qtbot, evening, admin):
    svc, _evening_id, _ids, gid = evening
    games = svc.games
    clock, beeps = Clock(), []
    c = GameController(games, admin, gid, NAMES, "Стол 1 · игра 1", clock=clock, sound=lambda: beeps.append(1))
    panel = HostPanel(c)
    display = PublicDisplay(c, "Стол 1 · игра 1")
    qtbot.addWidget(panel)
    qtbot.addWidget(display)
    panel.show()
    return c, panel, display, clock, beeps, games


def display_texts(display) -> list[str]:
    return [display.windowTitle()] + [w.text() for w in display.findChildren(QLabel)]


# Until the game is over not even a team colour may show: the Sheriff's answer reads «ответ: ЧЁРНЫЙ».
TEAM_WORDS = re.compile(r"ответ|чёрн|красн|answer|black|\bred\b", re.IGNORECASE)


def assert_nothing_secret(display, over: bool = False):
    """No role on the room display, ever; no check answer or team colour before the result is announced."""
    for text in display_texts(display):
        assert not ROLE_WORDS.search(text), text
        assert over or not TEAM_WORDS.search(text), text


def click(qtbot, widget):
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def speak_all(qtbot, panel, c, nominations=None):
    nominations = nominations or {}
    step = c.state["step"]
    while c.state["step"] == step and c.state["speaker"] is not None:
        seat = c.state["speaker"]
        if seat in nominations:
            click(qtbot, panel.cards[seat - 1])
            click(qtbot, panel.cards[nominations[seat] - 1])
        qtbot.keyClick(panel, Qt.Key.Key_N)
        assert_nothing_secret(panel_display[0])


panel_display = [None]


def test_whole_game_through_the_host_panel_with_tie_shootout_and_red_win(qtbot, game):
    play_tie_shootout_and_red_win(qtbot, game)


def play_tie_shootout_and_red_win(qtbot, game):
    """Deal → day 0 tie → shootout → nights with checks → red win, all through the panel, checked as it goes."""
    c, panel, display, clock, beeps, games = game
    panel_display[0] = display
    assert panel.banner.text() == "Ночь 0 — раздача карт"
    panel.forms["deal"].set_roles(list(ROLES))
    click(qtbot, panel.forms["deal"].deal)
    assert c.state["step"] == "agreement" and c.timer.total == 60
    panel.show_roles(True)
    assert panel.cards[6].role.isVisible() and panel.cards[6].role.text() == "дон"
    panel.show_roles(False)
    assert not panel.cards[6].role.isVisible()
    assert_nothing_secret(display)
    qtbot.keyClick(panel, Qt.Key.Key_N)                       # agreement over → day 0

    # a foul with the clause picker, counted on the card and on the display
    click(qtbot, panel.cards[4])
    panel.clause.setCurrentIndex(panel.clause.findData("2.4"))
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert panel.cards[4].fouls.text() == "●○○○" and display.cells[4].line.text() == "●○○○"

    # day 0: 1 nominates 2, 2 nominates 7; a second nomination of 2 is refused inline with its clause
    click(qtbot, panel.cards[0])
    click(qtbot, panel.cards[1])
    qtbot.keyClick(panel, Qt.Key.Key_N)
    click(qtbot, panel.cards[1])
    click(qtbot, panel.cards[6])
    qtbot.keyClick(panel, Qt.Key.Key_N)
    click(qtbot, panel.cards[2])
    click(qtbot, panel.cards[1])
    assert panel.error.isVisible() and "M§2.16" in panel.error.text()
    assert c.state["nominees"] == [2, 7]
    speak_all(qtbot, panel, c)
    assert c.state["step"] == "vote" and panel.banner.text() == "День 0 — голосование"
    assert "Кандидаты: 2, 7" in display.nominees.text()

    # 5 : 5 → a tie, shootout with 30-second speeches
    vote = panel.forms["vote"]
    vote.vote_for(2, [1, 3, 4, 5, 6])
    assert vote.counts[7].text() == "5" and "Осталось голосов: 5" in vote.remaining.text()
    click(qtbot, vote.record)
    assert c.state["step"] == "shootout_speech" and c.timer.total == 30
    speak_all(qtbot, panel, c)
    assert c.state["step"] == "revote"
    vote.vote_for(2, [1, 3, 4, 5, 6, 8])
    click(qtbot, vote.record)
    assert c.state["lifted"] == [2] and c.state["step"] == "last_word"
    assert display.cells[1].line.text() == "заголосован"
    qtbot.keyClick(panel, Qt.Key.Key_N)

    # night 1: shot at 1, the Don checks 4, the Sheriff checks 7 — answers on the host screen only
    night = panel.forms["night"]
    assert panel.stack.currentWidget() is night
    night.choose(shot=1, don=4, sheriff=7)
    assert night.don_answer.text() == "ответ: ШЕРИФ" and night.sheriff_answer.text() == "ответ: ЧЁРНЫЙ"
    secrets = [night.don_answer.text(), night.sheriff_answer.text(), panel.cards[6].role.text()]
    assert all(ROLE_WORDS.search(t) or TEAM_WORDS.search(t) for t in secrets)  # the check knows what a leak is
    assert_nothing_secret(display)
    click(qtbot, night.record)
    assert c.state["killed"] == [1] and panel.best_move.isVisible()
    panel.best_move.choose([7, 9, 3])
    click(qtbot, panel.best_move.record)
    assert c.state["best_move"]["1"]["points"] == 0.3
    qtbot.keyClick(panel, Qt.Key.Key_N)

    # undo (Ctrl+Z) goes back through GameService and the display shows the same public facts again
    before = display_texts(display)
    qtbot.keyClick(panel, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state["step"] == "last_word"
    assert_nothing_secret(display)
    c.undo_stack.redo()
    assert display_texts(display) == before

    # day 1: 7 is voted out; night 2 kills 3; day 2: 9 is voted out → red wins
    speak_all(qtbot, panel, c, {c.state["speaker"]: 7})
    click(qtbot, vote.record)
    qtbot.keyClick(panel, Qt.Key.Key_N)
    night.choose(shot=3)
    click(qtbot, night.record)
    qtbot.keyClick(panel, Qt.Key.Key_N)
    speak_all(qtbot, panel, c, {c.state["speaker"]: 9})
    click(qtbot, vote.record)
    assert c.state["winner"] == "red" and panel.banner.text() == "Игра окончена"
    assert display.winner.text() == "Победа красных"
    assert display.cells[0].line.text() == "1,3 очк."                # win 1 + best move 0,3: the Russian comma
    assert_nothing_secret(display, over=True)  # the winning colour is announced; roles still are not
    assert games.engine(c.game_id).scores()[0] == 13


def test_the_game_played_through_the_panel_counts_in_the_evening_standings(qtbot, game, evening):
    play_tie_shootout_and_red_win(qtbot, game)
    svc, evening_id, ids, gid = evening
    scores = svc.games.engine(gid).scores()
    rows = {r.player_id: r for r in svc.standings(evening_id)}
    assert {pid: rows[pid].score for pid in ids} == dict(zip(ids, scores, strict=True))
    assert rows[ids[0]].place == 1 and rows[ids[0]].score == 13  # seat 1: the win and the best move
    assert all(rows[pid].games == 1 for pid in ids)


def test_timer_counts_down_with_the_fake_clock_and_beeps_at_ten_and_zero(qtbot, game):
    c, panel, display, clock, beeps, _ = game
    panel.forms["deal"].set_roles(list(ROLES))
    click(qtbot, panel.forms["deal"].deal)
    assert panel.clock.text() == "1:00"
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    clock.now = 20.0
    c.timer.tick()
    assert panel.clock.text() == "0:40" and display.clock.text() == "0:40" and beeps == []
    qtbot.keyClick(panel, Qt.Key.Key_Space)        # pause: time stands still
    clock.now = 45.0
    c.timer.tick()
    assert panel.clock.text() == "0:40"
    qtbot.keyClick(panel, Qt.Key.Key_Space)
    clock.now = 75.0
    c.timer.tick()
    assert panel.clock.text() == "0:10" and beeps == [1]
    clock.now = 86.0
    c.timer.tick()
    c.timer.tick()
    assert panel.clock.text() == "0:00" and beeps == [1, 1] and not c.timer.running
    qtbot.keyClick(panel, Qt.Key.Key_N)             # the next speech starts a fresh minute
    assert panel.clock.text() == "1:00"


def test_illegal_action_is_refused_inline_and_nothing_is_stored(qtbot, game):
    c, panel, display, *_ = game
    panel.forms["deal"].set_roles(["don"] * 10)
    click(qtbot, panel.forms["deal"].deal)
    assert panel.error.isVisible() and "M-1" in panel.error.text() and c.state["step"] == "deal"
    panel.forms["deal"].shuffle_cards()
    click(qtbot, panel.forms["deal"].deal)
    assert not panel.error.isVisible() and c.state["step"] == "agreement"
