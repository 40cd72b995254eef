"""The night's pickers show their whole choice on a 1366×768 desk: «промах (не стреляли)», «без проверки», a seat and
its name — under Xvfb they read «промах», «без пров» and «9 · Попо» (evening3): with the club's style sheet the
answers' room beside them left the pickers their minimum. Both check pickers hold the same items, so their width
tells nothing (issue 34 item 6)."""

import pytest
from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

from tests.ui.test_host_panel import evening, game  # noqa: F401 - fixtures
from tests.ui.test_host_panel_inputs import deal_and_open_day_zero, press_n
from tests.ui.test_host_panel_secrets import styled  # noqa: F401 - the club's style sheet, set before the panel

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def text_room(box) -> int:
    """The width the picker gives its current text (its field without the arrow)."""
    opt = QStyleOptionComboBox()
    box.initStyleOption(opt)
    return box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                      QStyle.SubControl.SC_ComboBoxEditField, box).width()


def test_every_night_choice_fits_its_picker_on_a_1366_by_768_desk(qtbot, styled, game):  # noqa: F811
    c, panel, *_ = game
    panel.resize(1185, 710)                    # the panel as it opens on a 1366×768 screen
    deal_and_open_day_zero(qtbot, panel)
    press_n(qtbot, panel, 10)                  # day 0 without nominees → night 1
    assert c.state["step"] == "night"
    night = panel.forms["night"]
    qtbot.waitUntil(night.isVisible)
    for box in (night.shot, night.don, night.sheriff):
        cut = [box.itemText(i) for i in range(box.count())
               if box.fontMetrics().horizontalAdvance(box.itemText(i)) > text_room(box)]
        assert not cut, f"cut in its picker: {cut}"
    assert night.don.width() == night.sheriff.width()
