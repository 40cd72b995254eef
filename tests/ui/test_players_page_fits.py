"""The players page in the main window as it first opens on a 1366×768 desk (1200 wide, the page ~980 of it): six
buttons beside the search left it «Пои…», and a name typed there read «ётр» (evening3, played under Xvfb). The
search has a row of its own; every button shows its whole text."""

import pytest
from PySide6.QtWidgets import QPushButton

from clubdesk.ui.pages.players import PlayersPage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def test_the_search_shows_its_whole_hint_and_every_button_its_text_at_the_first_size(qtbot, club, admin):
    page = PlayersPage(club.players, admin)
    qtbot.addWidget(page)
    page.resize(980, 640)
    page.show()
    qtbot.waitExposed(page)
    hint = page.search.placeholderText()
    assert page.search.width() > page.search.fontMetrics().horizontalAdvance(hint) + 40, "the search is squeezed"
    cut = [b.text() for b in page.findChildren(QPushButton) if b.isVisible() and b.width() < b.sizeHint().width()]
    assert not cut, f"cut: {cut}"
