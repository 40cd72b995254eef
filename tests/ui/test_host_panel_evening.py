"""What a host met in a real evening, driven through the panel's widgets: hold-to-reveal that let go anywhere
hides, a layout that does not move under the cursor, no false error after a vote, the night clock's label,
best-move guesses that start empty, a deal error that a reshuffle answers, no nominees left on the room display.
"""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from tests.ui.test_host_panel import click, evening, game, play_tie_shootout_and_red_win  # noqa: F401 - fixtures
from tests.ui.test_host_panel_inputs import (
    deal_and_open_day_zero,
    press_n,
    roles_shown,
    to_the_vote_with_six_hands_for_2,
)

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

LEFT = Qt.MouseButton.LeftButton


def to_night_one_with_checks(qtbot, panel):
    """Deal, day 0 without nominees, night 1: shot at 1, the Don checks 4, the Sheriff checks 7."""
    deal_and_open_day_zero(qtbot, panel)
    press_n(qtbot, panel, 10)
    night = panel.forms["night"]
    night.choose(shot=1, don=4, sheriff=7)
    click(qtbot, night.record)
    assert panel.secret.text()


# --- item 1: hold to reveal ----------------------------------------------------------------------------

def test_roles_hide_when_the_mouse_is_let_go_off_the_button_without_a_move(qtbot, game):  # noqa: F811
    """The button moved from under a still cursor: the release lands outside it and must still hide the roles."""
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    qtbot.mousePress(panel.reveal, LEFT)
    assert len(roles_shown(panel)) == 10
    qtbot.mouseRelease(panel.reveal, LEFT, pos=QPoint(-40, -60))
    assert roles_shown(panel) == [] and not panel.secret.isVisible()


def test_roles_hide_when_the_mouse_is_let_go_over_another_widget(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    to_night_one_with_checks(qtbot, panel)
    qtbot.mousePress(panel.reveal, LEFT)
    assert panel.secret.isVisible() and len(roles_shown(panel)) == 10
    qtbot.mouseRelease(panel.cards[2], LEFT)
    assert roles_shown(panel) == [] and not panel.secret.isVisible()


def test_holding_r_shows_the_roles_and_letting_go_hides_them(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    qtbot.keyPress(panel, Qt.Key.Key_R)
    assert len(roles_shown(panel)) == 10
    qtbot.keyRelease(panel, Qt.Key.Key_R)
    assert roles_shown(panel) == []


def test_revealing_the_roles_and_checks_does_not_move_anything_on_the_panel(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    to_night_one_with_checks(qtbot, panel)
    panel.resize(1280, 700)                                 # a laptop screen, as issue 12 sizes the panel
    watched = [panel.reveal, panel.undo, *panel.cards]

    def places():
        panel.layout().activate()
        QApplication.processEvents()
        return [(w.mapTo(panel, QPoint(0, 0)), w.size()) for w in watched]

    before = places()
    qtbot.mousePress(panel.reveal, LEFT)
    assert panel.secret.isVisible() and len(roles_shown(panel)) == 10
    assert places() == before
    qtbot.mouseRelease(panel.reveal, LEFT)
    assert places() == before


# --- item 2: a vote is recorded once, with no error ------------------------------------------------------

def test_a_recorded_vote_shows_no_error_and_is_stored_once(qtbot, game):  # noqa: F811
    c, panel, display, *_, games = game
    vote = to_the_vote_with_six_hands_for_2(qtbot, panel)
    click(qtbot, vote.record)
    assert c.state["lifted"] == [2]
    assert not panel.error.isVisible(), panel.error.text()
    assert [e["type"] for e in games.to_record(c.game_id)["events"]].count("vote") == 1


def test_the_last_vote_of_a_game_shows_the_result_and_no_error(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    play_tie_shootout_and_red_win(qtbot, game)
    assert c.state["step"] == "finished"
    assert not panel.error.isVisible(), panel.error.text()


# --- item 15: smaller things -----------------------------------------------------------------------------

def test_the_room_display_names_no_candidates_once_the_game_is_over(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    play_tie_shootout_and_red_win(qtbot, game)
    assert display.nominees.text() == ""


def test_the_night_clock_says_what_it_counts(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    press_n(qtbot, panel, 10)
    assert c.state["step"] == "night" and c.timer.total == 5
    assert panel.speaker.text() == "Ночь: 5 секунд на показ проверки (п. 5.4)"


def test_best_move_guesses_start_empty(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    to_night_one_with_checks(qtbot, panel)
    assert panel.best_move.isVisible()
    assert [b.currentData() for b in panel.best_move.guesses] == [None, None, None]
    assert [b.currentText() for b in panel.best_move.guesses] == ["—"] * 3


def test_a_deal_error_clears_when_the_cards_are_reshuffled(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal = panel.forms["deal"]
    deal.set_roles(["civilian"] * 10)
    click(qtbot, deal.deal)
    assert panel.error.isVisible() and c.state["step"] == "deal"
    click(qtbot, deal.shuffle)
    assert not panel.error.isVisible()
    click(qtbot, deal.deal)
    assert c.state["step"] == "agreement" and not panel.error.isVisible()
