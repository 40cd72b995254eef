"""The Mafia host's view in a real headless Chromium on a phone: a host logs in, records the deal, a day with its
nominations, foul and vote, and a night with its checks and best move by taps; the store holds the events the desk's
host panel would have recorded; «Роли» shows the roles only while held (issue 27)."""

from __future__ import annotations

import re

from clubdesk.rules.mafia.events import event_to_json, parse_event
from clubdesk.rules.mafia.host import night_event
from clubdesk.rules.mafia.script import ROLES
from tests.web.browser import log_in, screenshot
from tests.web.conftest import PASSWORD
from tests.web.test_api import stored

TAPS_TO = {"civilian": 0, "sheriff": 1, "mafia": 2, "don": 3}  # a seat's card cycles мирный → шериф → мафия → дон
ROLE_WORD = re.compile(r"\b(мирный|шериф|мафия|дон)\b")


def seq(page) -> int:
    return int(page.get_attribute("#game", "data-seq"))


def tap(page, selector: str, steps: int = 1) -> None:
    """Tap something that records an event and wait for the stored log to be shown; no refusal on the line."""
    before = seq(page)
    page.tap(selector)
    page.wait_for_selector(f"#game[data-seq='{before + steps}']")
    assert "error" not in (page.get_attribute("#line", "class") or ""), page.inner_text("#line")


def open_game(page, server, gid):
    log_in(page, server, "maestro")
    page.tap(f"[data-game='{gid}']")
    page.wait_for_selector("#game")


def seat_texts(page) -> str:
    return page.inner_text(".seatgrid")


def test_a_host_records_the_deal_a_day_and_a_night_by_taps_as_the_desk_would(new_phone, server, club, mafia_game,
                                                                            tmp_path):
    from playwright.sync_api import expect

    gid = mafia_game
    page = new_phone()
    log_in(page, server, "maestro")
    assert "Пятница" in page.inner_text(f"[data-game='{gid}']")
    screenshot(page, "web-mafia-list", tmp_path)
    page.tap(f"[data-game='{gid}']")
    page.wait_for_selector("#game")
    for seat, role in enumerate(ROLES, 1):
        for _ in range(TAPS_TO[role]):
            page.tap(f"[data-seat='{seat}']")
    screenshot(page, "web-mafia-deal", tmp_path)
    tap(page, "#deal")
    assert not ROLE_WORD.search(seat_texts(page))  # recorded: the cards leave the screen
    tap(page, "#next")                                       # the agreement is over: day 0
    page.tap("[data-seat='5']")
    tap(page, "#foul")                                       # 2.4, the picker's default
    page.tap("[data-seat='2']")
    tap(page, "#nominate")
    tap(page, "#next")
    page.tap("[data-seat='7']")
    tap(page, "#nominate")
    page.tap("[data-seat='9']")                              # a second nominee of the same speech: refused, and said
    assert page.is_disabled("#nominate") and "M§4.2" in page.inner_text("#nominate")
    page.tap("#clock-toggle")                                # the speech clock runs on the phone
    expect(page.locator("#clock.running")).not_to_have_text("1:00", timeout=20_000)  # (CSP: no wait_for_function)
    screenshot(page, "web-mafia-day", tmp_path)
    while page.inner_text("#phase") == "День 0":
        tap(page, "#next")
    assert page.inner_text("#phase") == "День 0 — голосование"
    for seat in (1, 3, 4, 5, 6, 8):
        page.tap(f"[data-hand='{seat}']")
    assert "остальные голоса (п. 4.5) — 4" in page.inner_text("#step")
    screenshot(page, "web-mafia-vote", tmp_path)
    tap(page, "#vote")
    assert "заголосован" in page.inner_text("[data-seat='2']")
    tap(page, "#next")                                       # the last word → night 1
    page.select_option("#shot", "1")
    page.select_option("#don", "4")
    page.select_option("#sheriff", "7")
    screenshot(page, "web-mafia-night", tmp_path)
    tap(page, "#night")
    assert "убит ночью" in page.inner_text("[data-seat='1']")
    for seat in (7, 9, 3):
        page.tap(f"[data-guess='{seat}']")
    tap(page, "#best")
    tap(page, "#next")
    assert page.inner_text("#phase") == "День 1"

    state = club.games.state(gid)
    sent = [{"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}}, {"type": "agreement_end"},
            {"type": "foul", "seat": 5, "clause": "2.4"}, {"type": "nominate", "by": 1, "target": 2},
            {"type": "speech_end", "seat": 1}, {"type": "nominate", "by": 2, "target": 7},
            *({"type": "speech_end", "seat": s} for s in range(2, 11)),
            {"type": "vote", "votes": {str(s): 2 for s in (1, 3, 4, 5, 6, 8)}}, {"type": "last_word_end", "seat": 2},
            night_event({"roles": state["roles"], "alive": [1, 3, 4, 5, 6, 7, 8, 9, 10]}, 1, 4, 7),
            {"type": "best_move", "seat": 1, "guesses": [7, 9, 3]}, {"type": "last_word_end", "seat": 1}]
    assert stored(club, gid) == [event_to_json(parse_event(e)) for e in sent]  # what the host panel stores
    assert stored(club, gid)[-3]["shots"] == {"7": 1, "9": 1}


def test_the_roles_show_only_while_held_and_a_refusal_names_its_clause(new_phone, server, club, admin, mafia_game,
                                                                     tmp_path):
    gid = mafia_game
    club.games.record(admin, gid, {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}})
    club.games.record(admin, gid, {"type": "agreement_end"})
    page = new_phone()
    open_game(page, server, gid)
    assert page.locator("#roles").count() == 0 and not ROLE_WORD.search(page.inner_text("#app"))
    page.hover("#reveal")
    page.mouse.down()
    page.wait_for_selector("#roles .rolegrid")
    shown = page.inner_text("#roles")
    assert "дон" in shown and "шериф" in shown and shown.count("мафия") == 2
    screenshot(page, "web-mafia-roles", tmp_path)
    page.mouse.up()
    page.wait_for_selector("#roles", state="detached")
    assert not ROLE_WORD.search(page.inner_text("body"))
    # a new roles answer is fetched every time, never kept by the browser
    assert page.evaluate("performance.getEntriesByType('resource').filter(e => e.name.endsWith('/roles')).length") == 1

    page.tap("[data-seat='3']")  # seat 1 speaks: a nomination by another seat is the engine's M§4.1, not the page's
    page.evaluate("mact({type: 'nominate', by: 3, target: 4})")
    page.wait_for_selector("#line.error")
    assert "M§4.1" in page.inner_text("#line")
    assert page.is_enabled("#next") and page.is_enabled("[data-seat='3']")  # refused: the screen works on
    screenshot(page, "web-mafia-refused", tmp_path)
    # the desk records: the phone shows it (waited for as long as a loaded machine takes: a second was not enough)
    before = seq(page)
    server.dispatcher.submit(lambda: club.games.record(admin, gid, {"type": "speech_end", "seat": 1})).result()
    server.notify(gid)
    page.wait_for_selector(f"#game[data-seq='{before + 1}']", timeout=20_000)
    assert "Говорит: 2 · Бриз" in page.inner_text("#speaker")
    # undo from the phone (two taps: the first asks) appends a void, and the screen works on after it
    page.tap("#undo")
    tap(page, "#undo")
    assert stored(club, gid)[-1]["type"] == "void" and "Говорит: 1 · Алый" in page.inner_text("#speaker")
    assert page.is_enabled("#next") and page.is_enabled("[data-seat='3']")



def test_a_don_who_would_not_sleep_is_removed_under_m5_5_from_the_picker(new_phone, server, club, admin, mafia_game,
                                                                        tmp_path):
    """M§5.5 is a removal, not a foul: the picker offered fouls only, so the phone could not remove him at all."""
    gid = mafia_game
    club.games.record(admin, gid, {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}})
    club.games.record(admin, gid, {"type": "agreement_end"})
    for seat in range(1, 11):  # day 0 with no nominee: night 1 falls (D-1)
        club.games.record(admin, gid, {"type": "speech_end", "seat": seat})
    page = new_phone()
    open_game(page, server, gid)
    assert page.inner_text("#foul") == "Фол"
    page.select_option("#clause", "5.5")
    assert page.inner_text("#foul") == "Удалить"               # what the clause records
    page.tap("[data-seat='3']")                              # a civilian: the engine refuses, with its clause
    page.tap("#foul")
    page.wait_for_selector("#line.error")
    assert "5.5" in page.inner_text("#line") and club.games.state(gid)["removals"] == []
    page.tap("[data-seat='7']")                              # the Don
    assert page.inner_text("#foul") == "Удалить"               # a redrawn screen keeps the picked clause's word
    tap(page, "#foul")
    screenshot(page, "web-mafia-removal-5-5", tmp_path)
    assert stored(club, gid)[-1] == event_to_json(parse_event({"type": "removal", "seat": 7, "clause": "5.5"}))
    assert "удалён" in page.inner_text("[data-seat='7']")

def test_a_referee_gets_no_roles_button_and_the_endpoint_refuses_him(new_phone, server, club, admin, mafia_game):
    club.games.record(admin, mafia_game, {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}})
    page = new_phone()
    log_in(page, server, "orlov")
    card = page.locator(f"[data-game='{mafia_game}']")
    assert card.is_disabled() and "для ведущего" in card.inner_text()
    status = page.evaluate("""(id) => fetch('/api/me').then(r => r.json()).then(m => fetch(`/api/games/${id}/roles`,
        {headers: {'X-CSRF-Token': m.csrf}})).then(r => r.status)""", mafia_game)
    assert status == 403


def test_the_speech_clock_runs_on_the_phone_and_warns_at_ten_seconds(new_phone, server, club, admin, mafia_game,
                                                                     tmp_path):
    club.games.record(admin, mafia_game, {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}})
    club.games.record(admin, mafia_game, {"type": "agreement_end"})
    page = new_phone()
    page.clock.install()  # the page's clock, moved by the test (setInterval and performance.now alike)
    open_game(page, server, mafia_game)
    # and by the test alone: installed, it also runs with the real time, and the real seconds between the steps
    # below (a loaded machine's) were counted as well («0:09» where the test had moved it to «0:10»)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    assert page.inner_text("#clock") == "1:00" and "warn" not in (page.get_attribute("#clock", "class") or "")
    page.tap("#clock-toggle")
    page.clock.run_for(49_500)
    assert page.inner_text("#clock") == "0:11" and "warn" not in (page.get_attribute("#clock", "class") or "")
    page.clock.run_for(1_000)
    assert page.inner_text("#clock") == "0:10" and "warn" in page.get_attribute("#clock", "class")
    screenshot(page, "web-mafia-clock-warning", tmp_path)
    page.tap("#clock-toggle")  # pause: the clock stands
    page.clock.run_for(5_000)
    assert page.inner_text("#clock") == "0:10"
    page.tap("#clock-reset")
    assert page.inner_text("#clock") == "1:00" and "running" not in (page.get_attribute("#clock", "class") or "")
    page.tap("#clock-toggle")
    page.clock.run_for(61_000)
    assert page.inner_text("#clock") == "Время!"
    assert stored(club, mafia_game)[-1]["type"] == "agreement_end"  # the phone's clock records nothing


def test_the_host_view_speaks_english_when_the_desk_does(new_phone, server, club, admin, mafia_game):
    server.page.lang = "en"
    page = new_phone()
    page.goto(server.pair_url())
    page.fill("#login", "maestro")
    page.fill("#password", PASSWORD)
    page.click("#login-form button[type=submit]")
    page.tap(f"[data-game='{mafia_game}']")
    page.wait_for_selector("#game")
    assert page.inner_text("#phase") == "Night 0 — the deal"
    assert page.inner_text("#deal") == "Record the deal" and page.inner_text("#reveal") == "Roles — press and hold"
    assert not re.search("[а-яё]", page.inner_text("#step") + page.inner_text(".actions"), re.IGNORECASE)


def test_a_finished_games_points_have_the_russian_decimal_comma(new_phone, server, club, admin, mafia_game):
    """Issue 38 item 9: «1,5 очк.» on the phone as on the desk, never «1.5»."""
    from tests.reports.fill import record

    *events, last = record("mafia-shootout.json")["events"]  # a best move: someone ends with 1,5
    for obj in events:
        club.games.record(admin, mafia_game, obj)
    page = new_phone()
    open_game(page, server, mafia_game)                      # listed while it runs
    club.games.record(admin, mafia_game, last)
    server.notify(mafia_game)                                # as the desk's window tells the page (ui/web_panel.py)
    page.wait_for_selector("#banner")
    points = page.inner_text("table.seats")
    assert "1,5 очк." in points and not re.search(r"\d\.\d", points), points
