"""The table page attacked in a real headless Chromium: what a player types at the desk or the phone is text."""

from __future__ import annotations

from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData
from tests.web.browser import log_in

XSS = '<img src=x onerror="window.__xss=1">'


def test_a_nickname_that_is_html_shows_as_text_on_the_tablet_and_the_hall_board(new_phone, server, club, admin):
    a = club.players.add(admin, PlayerData("Злой Игрок", XSS)).id
    b = club.players.add(admin, PlayerData("Сокол Анна", "Сова")).id
    gid = MatchService.of(club).create(admin, a, b, table=XSS)
    page = new_phone()
    log_in(page, server)
    card = page.locator(f"[data-game='{gid}']")
    assert XSS in card.inner_text()
    card.tap()
    page.wait_for_selector("#game")
    assert XSS in page.inner_text("#game")
    page.goto(server.url + "/board")
    page.wait_for_selector(".t")
    assert XSS in page.inner_text("#board")
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.evaluate("window.__xss") is None
