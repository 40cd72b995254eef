"""The billiard phone pages and the login as a person meets them at 390×844 (and the hall TV at 1366×768), measured in
a real headless Chromium (issue 38 items 4 and 11): what the page says to a first visit, what stays lit after a shot,
what the bar of actions covers and where the last shots are."""

from __future__ import annotations

from clubdesk.services.demo_pyramid import MATCH
from clubdesk.services.matches import MatchService
from tests.web.browser import log_in, screenshot
from tests.web.conftest import Client

# every box as the phone shows it at the first scroll position: the bar of actions, the buttons above it, the last shots
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, text: e.innerText.replace(/\\s+/g, " ").slice(0, 30) }; };
  const bar = document.querySelector("#game .actions");
  return { height: innerHeight, bar: box(bar), actions: [...bar.querySelectorAll("button")].map(box),
    buttons: [...document.querySelectorAll("#game button")].filter((b) => !bar.contains(b)).map(box),
    recent: [...document.querySelectorAll("#game .recent .title, #game .recent li")].map(box) };
}"""


def open_game(page, server, who: str, game_id: str) -> None:
    log_in(page, server, who)
    page.tap(f"[data-game='{game_id}']")
    page.wait_for_selector("#game")


def record(page, *keys: str) -> None:
    before = int(page.get_attribute("#game", "data-seq"))
    for k in keys:
        page.tap(f"[data-key='{k}']")
    page.tap("#record")
    page.wait_for_selector(f"#game[data-seq='{before + 1}']")


# ---- item 4: the login ------------------------------------------------------------------------------------------------
def test_a_phone_opening_the_login_for_the_first_time_is_told_no_session_ended(new_phone, server, tmp_path):
    page = new_phone()
    page.goto(server.pair_url())  # the QR code's link: paired, then the page asks /api/me with no session yet
    page.wait_for_selector("#login-form")
    page.wait_for_load_state("networkidle")
    screenshot(page, "web-first-login", tmp_path)
    assert page.inner_text("#line") == "" and "error" not in (page.get_attribute("#line", "class") or "")
    assert "сеанс" not in page.inner_text("#app")


def test_the_api_tells_a_first_visit_from_an_ended_session(server):
    phone = Client(server)
    phone.pair()
    status, body, _ = phone.get("/api/me")
    assert (status, body["code"], body["error"], body["ended"]) == (401, "no_session", "Войдите.", False)
    phone.login()
    server.pairing.close_session(phone.cookies["cd_session"])  # e.g. the desk restarted: sessions live in memory
    status, body, _ = phone.get("/api/me")
    assert (status, body["code"], body["ended"]) == (401, "no_session", True)
    assert body["error"] == "Войдите снова: сеанс закончился."


# ---- item 11: the billiard pages ----------------------------------------------------------------------------------
def test_after_a_shot_is_recorded_no_foul_or_flag_stays_lit(new_phone, server, zhuk_table):
    page = new_phone()
    open_game(page, server, "vera", zhuk_table.game_id)
    page.tap("[data-key='F2']")
    assert page.eval_on_selector("[data-key='F2']", "b => b.classList.contains('on')")  # armed while drafted
    record(page)  # the F2 drafted above
    assert page.inner_text("#line") == "Записано"
    assert page.eval_on_selector_all("#game button.on", "bs => bs.map((b) => b.textContent)") == []


def test_after_a_pyramid_shot_is_recorded_no_foul_stays_lit(new_phone, server, match):
    page = new_phone()
    open_game(page, server, "orlov", match)
    before = int(page.get_attribute("#game", "data-seq"))
    page.tap("[data-foul=miss]")
    page.tap("#record")
    page.wait_for_selector(f"#game[data-seq='{before + 1}']")
    assert page.eval_on_selector_all("#game [data-foul].on, #game [data-trick].on", "bs => bs.length") == 0


def fits_above_the_bar(shown: dict) -> None:
    """Every button the referee taps is wholly above the bar of actions (none under it), the bar and the last shots
    on the screen without scrolling."""
    bar = shown["bar"]
    assert bar["bottom"] <= shown["height"] + 0.5, bar
    covered = [b for b in shown["buttons"] if b["bottom"] > bar["top"] + 0.5]
    assert covered == [], f"under the bar at {bar['top']}: {covered}"
    assert shown["recent"] and all(r["bottom"] <= bar["top"] + 0.5 for r in shown["recent"]), shown["recent"]


def test_the_zhuk_page_fits_a_phone_with_the_last_shots_above_the_bar(new_phone, server, zhuk_table, tmp_path):
    page = new_phone()
    open_game(page, server, "vera", zhuk_table.game_id)
    for keys in (("1",), ("F1",), ("1", "F2")):
        record(page, *keys)
    shown = page.evaluate(BOXES)
    screenshot(page, "web-zhuk-fits", tmp_path)
    assert [r["text"] for r in shown["recent"]][0] == "Последние удары" and len(shown["recent"]) == 4
    fits_above_the_bar(shown)


def test_the_pyramid_page_fits_a_phone_its_fouls_not_under_the_bar(new_phone, server, club, admin, match, tmp_path):
    for _who, facts in MATCH[:3]:
        MatchService.of(club).record_shot(admin, match, facts)
    page = new_phone()
    open_game(page, server, "orlov", match)
    shown = page.evaluate(BOXES)
    screenshot(page, "web-pyramid-fits", tmp_path)
    assert len(shown["recent"]) == 4
    assert {"промах", "пропих", "карамболь", "рокамболь"} <= {b["text"] for b in shown["buttons"]}
    fits_above_the_bar(shown)


def test_the_hall_tv_unpaired_is_not_told_about_a_phone(browser, server, tmp_path):
    """The TV opens /board without pairing: the refusal names a device and the link, never «this phone»."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.goto(server.url + "/board")
        page.wait_for_selector("#login-form #line.error")
        line = page.inner_text("#line")
        screenshot(page, "web-tv-unpaired", tmp_path)
        assert "устройство не связано" in line and "ссылку" in line and "телефон" not in line.lower()
    finally:
        ctx.close()
