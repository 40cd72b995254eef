"""Issue 34 item 6 at a real desk (evening3, played under Xvfb): R held shows the roles whatever the keyboard does —
with the Russian layout on (R types «к»: the desk has just typed Cyrillic names) and with the focus left in a
picker (a night check chosen with the mouse), where the key used to be eaten by the list's own search. Let go, the
roles are gone again. A text field still types its letter."""

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from tests.ui.secrets import assert_tells_no_role, told
from tests.ui.test_host_panel import evening, game  # noqa: F401 - fixtures
from tests.ui.test_host_panel_inputs import deal_and_open_day_zero

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

CYRILLIC_KA = 0x041A   # what Qt gives as key() for the R key under the Russian (ЙЦУКЕН) layout


def send_key(widget, kind: QEvent.Type, key: int, text: str) -> None:
    QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, text))


@pytest.mark.parametrize("key, text", [(Qt.Key.Key_R, "r"), (CYRILLIC_KA, "к")], ids=["latin", "russian"])
def test_r_held_under_either_layout_shows_the_roles_and_letting_go_hides_them(qtbot, game, key, text):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    assert_tells_no_role(panel, c.state)
    send_key(panel, QEvent.Type.KeyPress, key, text)
    assert panel.reveal.holding and told(panel, c.state), "R held under this layout showed no role"
    send_key(panel, QEvent.Type.KeyRelease, key, text)
    assert not panel.reveal.holding
    assert_tells_no_role(panel, c.state)


@pytest.mark.parametrize("key, text", [(Qt.Key.Key_R, "r"), (CYRILLIC_KA, "к")], ids=["latin", "russian"])
def test_r_held_with_the_focus_in_a_picker_shows_the_roles_and_leaves_the_pick_alone(qtbot, game, key, text):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    picker = panel.clause
    picker.setFocus()
    before = picker.currentIndex()
    send_key(picker, QEvent.Type.KeyPress, key, text)
    assert panel.reveal.holding and told(panel, c.state), "the picker ate R"
    send_key(picker, QEvent.Type.KeyRelease, key, text)
    assert not panel.reveal.holding and picker.currentIndex() == before
    assert_tells_no_role(panel, c.state)


def test_r_in_a_text_field_types_its_letter_and_shows_nothing(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    panel.foul_reason.setFocus()
    send_key(panel.foul_reason, QEvent.Type.KeyPress, CYRILLIC_KA, "к")
    assert not panel.reveal.holding and panel.foul_reason.text() == "к"
    send_key(panel.foul_reason, QEvent.Type.KeyRelease, CYRILLIC_KA, "к")
    assert_tells_no_role(panel, c.state)
