"""«Страница для столов…» on a port another program holds (evening3, played under Xvfb at 1366×768): the line says so
in full, wrapped on «Столы», not cut off at the page's edge; the button works again once the port is free."""

from __future__ import annotations

import socket

import pytest

from clubdesk.ui.pages.live import LivePage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


def test_a_taken_port_is_a_whole_line_on_the_page_and_the_button_works_once_it_is_free(qtbot, hub, admin):
    page = LivePage(hub, admin)
    qtbot.addWidget(page)
    page.resize(1000, 600)
    page.show()
    qtbot.waitExposed(page)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    page.web.host, page.web.port = "127.0.0.1", taken.getsockname()[1]
    try:
        assert not page.web.start() and not page.web.running
        error = page.web.error
        assert error.isVisible() and "уже занят" in error.text()
        assert error.wordWrap(), "one long line is cut off at the page's edge"
        qtbot.waitUntil(lambda: error.height() >= error.heightForWidth(error.width()), timeout=10_000)
    finally:
        taken.close()
    assert page.web.start() and page.web.error.isHidden()
    page.web.stop()
