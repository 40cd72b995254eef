"""Typed input is not lost without a question (issue 38 item 8): Escape, «Отмена» or × on «Новый игрок» with fields
typed, and the × of a Жук table window with a half-typed shot, ask first; with nothing typed they close at once. A
close the program makes (code, the main window's «Закрыть программу», a test's teardown) asks nobody."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialogButtonBox

from clubdesk.ui.player_dialog import PlayerDialog
from clubdesk.ui.zhuk.scoring import ZhukTableWindow
from tests.ui.conftest import type_text
from tests.ui.test_zhuk_scoring import stored, table, type_shot  # noqa: F401 - fixture

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def cross(window) -> bool:
    """The window's × as the window system sends it (a spontaneous close event); True: the window let itself close."""
    event = QCloseEvent()
    event.spontaneous = lambda: True
    window.closeEvent(event)
    return event.isAccepted()


def asking(widget, attr: str, answer: bool) -> list[str]:
    """Answer the widget's question `attr` with `answer`; returns what it was asked (one entry a question)."""
    asked = []
    setattr(widget, attr, lambda *args: asked.append(args) or answer)
    return asked


@pytest.fixture
def new_player(qtbot, club, admin):
    dialog = PlayerDialog(club.players, admin)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_escape_on_an_empty_new_player_closes_at_once(qtbot, new_player):
    asked = asking(new_player, "confirm_discard", False)
    qtbot.keyClick(new_player.surname, Qt.Key.Key_Escape)
    assert asked == [] and not new_player.isVisible()


def test_escape_with_typed_fields_asks_and_keeps_them_when_told_to(qtbot, new_player):
    type_text(new_player.surname, "Зайцев")
    type_text(new_player.phone, "+7 916 555-01-02")
    asked = asking(new_player, "confirm_discard", False)
    qtbot.keyClick(new_player.surname, Qt.Key.Key_Escape)
    assert len(asked) == 1 and new_player.isVisible()
    assert (new_player.surname.text(), new_player.phone.text()) == ("Зайцев", "+7 916 555-01-02")
    assert not cross(new_player) and len(asked) == 2         # the window's ×: the same question
    cancel = new_player.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel)
    cancel.click()                                           # «Отмена»: the same question
    assert len(asked) == 3 and new_player.isVisible()
    asked = asking(new_player, "confirm_discard", True)
    cancel.click()
    assert len(asked) == 1 and not new_player.isVisible() and new_player.saved is None


def test_an_edit_left_unchanged_closes_without_a_question_and_a_changed_one_asks(qtbot, club, admin):
    from clubdesk.services.players import PlayerData

    p = club.players.add(admin, PlayerData("Клубов Клуб", "Свой", "+79160001122"))
    dialog = PlayerDialog(club.players, admin, p)
    qtbot.addWidget(dialog)
    dialog.show()
    asked = asking(dialog, "confirm_discard", False)
    qtbot.keyClick(dialog.notes, Qt.Key.Key_Escape)
    assert asked == [] and not dialog.isVisible()
    dialog = PlayerDialog(club.players, admin, p)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.banned.setChecked(True)
    asked = asking(dialog, "confirm_discard", False)
    qtbot.keyClick(dialog.surname, Qt.Key.Key_Escape)
    assert len(asked) == 1 and dialog.isVisible()
    dialog.reject()                                          # the program's own close: nobody is asked
    assert len(asked) == 1 and not dialog.isVisible()


@pytest.fixture
def window(qtbot, hub, admin, table):  # noqa: F811
    w = ZhukTableWindow(hub, admin, table.game_id, table.round_id, "Стол 1")
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_closing_a_table_window_with_a_half_typed_shot_asks_and_keeps_it(qtbot, window, club, table):  # noqa: F811
    type_shot(window.scoring, "1")
    asked = asking(window, "confirm_close", False)
    assert not cross(window)
    assert window.isVisible() and len(asked) == 1 and "шар" in asked[0][0]
    type_shot(window.scoring, "Enter")                       # the shot is still there to record
    assert [e["type"] for e in stored(club, table.game_id)] == ["shot"]
    asked = asking(window, "confirm_close", False)
    assert cross(window) and asked == []                     # nothing typed now: closes at once


def test_a_shot_given_up_on_closing_no_longer_holds_the_round(qtbot, window, club, table, hub, clock):  # noqa: F811
    type_shot(window.scoring, "1")
    asked = asking(window, "confirm_close", True)
    assert cross(window) and len(asked) == 1
    clock.t += 11 * 60
    hub.poll()                                               # time is up: the round ends, no shot waits for it
    assert [e["type"] for e in stored(club, table.game_id)] == ["round_end"]


def test_a_close_the_program_makes_asks_nobody_and_gives_the_shot_up(qtbot, window, club, table, hub):  # noqa: F811
    type_shot(window.scoring, "1")
    asked = asking(window, "confirm_close", False)
    assert window.close() and asked == [] and table.game_id not in hub.busy
