"""Issue 36: an evening leaves nothing behind. Three short cycles of the accelerated evening (benchmarks/evening.py,
through benchmarks/evening_driver.py: every page, two Жук tables, two Пирамидка matches and a Mafia game opened,
scored, printed and closed on the real main window): the widgets and top-level windows after the third cycle are
those after the first. Objects are counted, not megabytes: the count does not depend on the machine's load."""

from __future__ import annotations

import pytest

from benchmarks.evening_driver import Evening

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


def test_an_evening_of_game_windows_opened_and_closed_leaves_no_widget_or_window_behind(qapp, tmp_path):
    evening = Evening(tmp_path, shots=4, history=False, staff=False, cycles=3, own_app=False)
    try:
        samples = [evening.cycle() for _ in range(3)]
    finally:
        evening.close()
    first = samples[0]
    assert [(s.widgets, s.windows, s.hidden) for s in samples] == [(first.widgets, first.windows, first.hidden)] * 3
