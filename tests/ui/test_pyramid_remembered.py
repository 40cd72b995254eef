"""What the match window remembers between shots so as not to do it again per Enter (issue 36) must never show a
stale state: a Steady holder remembers what its label needs per text and width, the entry what it last greyed out."""

import pytest
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from clubdesk.ui.pyramid.widgets import Steady, set_text
from tests.ui.conftest import show_match_window

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")

SHORT, LONG = "слово " * 3, "слово " * 6


def held(qtbot, width: int) -> tuple[QWidget, QLabel, Steady]:
    window = QWidget()
    qtbot.addWidget(window)
    label = QLabel()
    label.setWordWrap(True)
    holder = Steady(label)
    layout = QVBoxLayout(window)
    layout.addWidget(holder)
    layout.addStretch(1)
    window.resize(width, 400)
    window.show()
    qtbot.waitExposed(window)
    return window, label, holder


def lines(label: QLabel, holder: Steady) -> int:
    return holder.height() // label.fontMetrics().lineSpacing()


def test_a_text_measured_at_another_width_is_measured_again(qtbot):
    """Both texts were one line wide at 800 px; narrowed so that only the longer one wraps, showing it again gives
    it its second line (remembered by text alone, it kept one line's room and the line was cut)."""
    window, label, holder = held(qtbot, 800)
    set_text(label, LONG)
    set_text(label, SHORT)
    QApplication.processEvents()
    assert lines(label, holder) == 1
    fm, margins = label.fontMetrics(), window.layout().contentsMargins()
    between = (fm.horizontalAdvance(SHORT.strip()) + fm.horizontalAdvance(LONG.strip())) // 2
    window.resize(between + margins.left() + margins.right(), 400)
    QApplication.processEvents()
    assert lines(label, holder) == 1  # the short text still fits on one line
    set_text(label, LONG)
    qtbot.waitUntil(lambda: lines(label, holder) == 2, timeout=5_000)


def test_a_text_measured_before_the_font_changed_is_measured_again(qtbot):
    """Both texts were one line wide; a font so big that only the longer one wraps at the same width: showing it
    again gives it its second line (what was measured in the old font was kept, and the line was cut)."""
    window, label, holder = held(qtbot, 800)
    set_text(label, LONG)
    set_text(label, SHORT)
    QApplication.processEvents()
    assert lines(label, holder) == 1
    font = label.font()
    size = font.pointSizeF()
    while label.fontMetrics().horizontalAdvance(LONG.strip()) <= holder.width():
        size *= 1.1
        font.setPointSizeF(size)
        label.setFont(font)
    assert label.fontMetrics().horizontalAdvance(SHORT.strip()) < holder.width()
    set_text(label, LONG)
    qtbot.waitUntil(lambda: lines(label, holder) == 2, timeout=5_000)


@pytest.fixture
def window(qtbot, club, admin):
    return show_match_window(qtbot, club, admin)


def test_the_entry_greys_out_when_the_match_ends_and_comes_back_when_it_is_taken_back(window):
    def enabled(widgets) -> list[bool]:
        return [w.isEnabled() for w in widgets]

    match_buttons = [window.commit_button, window.missed_button, window.foul, window.blocked,
                     *window.mode_buttons.values()]
    window.concede(window.players[1])
    assert not any(enabled(match_buttons)) and not any(enabled(window.balls.buttons.values()))
    window.undo()  # the concession voided: the match is on again
    assert all(enabled(match_buttons))
    on_cloth = {ball for ball, b in window.balls.buttons.items() if b.isEnabled()}
    assert on_cloth == set(window._service.engine(window.game_id).callable_balls())


def test_a_players_box_follows_his_debt_and_score_through_a_foul_and_its_undo(window):
    from clubdesk.ui.pyramid.draft import ShotDraft

    first = window.boxes[0]
    window.draft = ShotDraft(foul="miss")  # the breaker's foul: −1 and a ball of debt
    window.commit()
    state = window._service.state(window.game_id)
    breaker = window.players[0]
    assert first.score.text() == str(state["score"][breaker]) and state["debts"][breaker] == 1
    assert "1" in first.debt.text()
    window.undo()
    assert first.score.text() == "0" and not first.debt.text().strip()
