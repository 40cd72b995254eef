"""Host panel entry of the format additions: a foul's optional reason, a player leaving of his own accord (M-12),
a check of a player already out (M-9) left unanswered, and a best move of fewer than three guesses."""

import pytest
from PySide6.QtCore import Qt

from clubdesk.rules.mafia.script import ROLES
from tests.ui.test_host_panel import click, evening, game, panel_display, speak_all  # noqa: F401 - fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def test_foul_reason_leave_unanswered_check_and_a_two_guess_best_move_through_the_panel(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    panel_display[0] = display                                        # speak_all checks the room display
    panel.forms["deal"].set_roles(list(ROLES))
    click(qtbot, panel.forms["deal"].deal)
    qtbot.keyClick(panel, Qt.Key.Key_N)                               # day 0

    click(qtbot, panel.cards[4])                                      # a foul with a reason
    panel.foul_reason.setText("жестикуляция в чужую минуту")
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert c.state["foul_reasons"] == [{"seat": 5, "clause": "2.4", "reason": "жестикуляция в чужую минуту"}]
    assert panel.foul_reason.text() == ""
    click(qtbot, panel.cards[5])                                      # and one without: the reason is optional
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert c.state["fouls"] == {"5": 1, "6": 1} and len(c.state["foul_reasons"]) == 1

    click(qtbot, panel.cards[7])                                      # seat 8 leaves the game himself
    click(qtbot, panel.leave)
    assert c.state["removed"] == [8] and c.state["removals"] == [{"seat": 8, "clause": "leave"}]
    assert c.state["score"]["8"] == -0.5
    speak_all(qtbot, panel, c)

    night = panel.forms["night"]                                      # night 1: the Don checks seat 8 (out, M-9)
    assert panel.stack.currentWidget() is night and night.don.findData(8) >= 0
    night.choose(shot=1, don=8, sheriff=7)
    night.don_unanswered.setChecked(True)
    assert night.don_answer.text() == "" and night.sheriff_answer.text() == "ответ: ЧЁРНЫЙ"
    click(qtbot, night.record)
    assert c.state["unanswered_checks"] == [{"night": 1, "who": "don", "seat": 8}]
    assert c.state["checks"] == {"don": {}, "sheriff": {"7": True}}
    panel.show_roles(True)
    assert "Дон проверил 8: без ответа" in panel.secret.text()
    panel.show_roles(False)

    panel.best_move.choose([7, 9])                                    # two guesses, both black: +0.3
    click(qtbot, panel.best_move.record)
    assert c.state["best_move"]["1"] == {"guesses": [7, 9], "points": 0.3}
