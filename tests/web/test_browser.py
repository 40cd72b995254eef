"""The table page in a real headless Chromium on a phone: log in, a whole Пирамидка match and a Жук round by taps,
the store holding what the desk would have stored, and the refusals (issue 27)."""

from __future__ import annotations

import json

from sqlalchemy import select

from clubdesk.services.demo_pyramid import MATCH
from clubdesk.services.zhuk_keys import ShotDraft
from clubdesk.store.models import Event
from tests.web.browser import log_in, open_board, screenshot


def stored(club, game_id) -> list[dict]:
    with club.store.session_factory() as s:
        return [json.loads(e.payload) for e in s.scalars(select(Event).where(Event.game_id == game_id)
                                                          .order_by(Event.seq))]


def seq(page) -> int:
    return int(page.get_attribute("#game", "data-seq"))


def tap_shot(page, facts: dict) -> None:
    """The facts as a referee taps them: mode, ball, pocket; the flags; then «Записать» (yes to a bare call)."""
    before = seq(page)
    for c in facts["call"]:
        page.tap("[data-mode=call]")
        page.tap(f"[data-ball='{c['ball']}']")
        page.tap(f"[data-pocket='{c['pocket']}']")
    for p in facts["potted"]:
        page.tap("[data-mode=pot]")
        page.tap(f"[data-ball='{p['ball']}']")
        if p["straight"]:
            page.tap("#straight")
        page.tap(f"[data-pocket='{p['pocket']}']")
    for b in facts["off_table"]:
        page.tap("[data-mode=off]")
        page.tap(f"[data-ball='{b}']")
    if facts["touched_control"] and facts["trick"] != "carom3":
        page.tap("#touched")
    if facts["trick"]:
        page.tap(f"[data-trick={facts['trick']}]")
    if facts["foul"]:
        page.tap(f"[data-foul={facts['foul']}]")
    page.tap("#record")
    if facts["call"] and not facts["potted"] and not facts["off_table"] and not facts["foul"] and not facts["trick"]:
        page.tap("#modal-yes")
    page.wait_for_selector(f"#game[data-seq='{before + 1}']")


def test_a_referee_logs_in_and_records_a_whole_pyramid_match_by_taps(new_phone, server, club, match, pair, tmp_path):
    page = new_phone()
    log_in(page, server)
    screenshot(page, "web-tables", tmp_path)
    page.tap(f"[data-game='{match}']")
    page.wait_for_selector("#game")
    screenshot(page, "web-pyramid-start", tmp_path)
    for i, (_who, facts) in enumerate(MATCH):
        tap_shot(page, facts)
        assert "error" not in (page.get_attribute("#line", "class") or ""), page.inner_text("#line")
        if i == 3:
            page.tap("[data-mode=call]")
            page.tap("[data-ball='11']")
            screenshot(page, "web-pyramid", tmp_path)
            page.tap("#clear")
    assert page.is_visible("#banner") and "Граф" in page.inner_text("#banner")  # the board name
    screenshot(page, "web-pyramid-won", tmp_path)
    events = stored(club, match)  # what the match window would have stored for the same facts
    assert events == [{"type": "shot", "player": pair[who], **facts} for who, facts in MATCH]
    assert club.games.state(match)["finished"]


ROUND = ["", "1", "1 1", "", "F2", "8", "1", "7 1", "", "3", "5", "2", "1 F1", "1 1 1", "", "1 1", "", "1", "", "1"]


def test_a_zhuk_round_by_taps_stores_what_the_desks_keys_would(new_phone, server, club, zhuk_table, tmp_path):
    gid = zhuk_table.game_id
    page = new_phone()
    log_in(page, server, "vera")  # a Жук table names no referee: open to every referee
    page.tap(f"[data-game='{gid}']")
    page.wait_for_selector("#game")
    expected = []
    for i, keys in enumerate(ROUND):
        state = club.games.state(gid)
        draft = ShotDraft()
        for k in keys.split():
            draft.press(k)
            page.tap(f"[data-key='{k}']")
        expected.append(draft.event(state["to_move"], state["balls"]["std"]))
        if i == 7:
            screenshot(page, "web-zhuk", tmp_path)
        before = seq(page)
        page.tap("#record")
        page.wait_for_selector(f"#game[data-seq='{before + 1}']")
        assert "error" not in (page.get_attribute("#line", "class") or ""), page.inner_text("#line")
    assert stored(club, gid) == expected
    state = club.games.state(gid)
    assert sum(state["balances"].values()) + state["bank"] == 40_000
    shown = page.inner_text(".seats")
    for pid in state["order"]:
        assert f"{state['balances'][pid]:,}".replace(",", "\u202f") in shown
    # undo: two taps (the first asks), a void event, the balances back
    before = seq(page)
    page.tap("#undo")
    page.tap("#undo")
    page.wait_for_selector(f"#game[data-seq='{before + 1}']")
    assert stored(club, gid)[-1]["type"] == "void"
    screenshot(page, "web-zhuk-after-undo", tmp_path)


def test_an_illegal_tap_is_refused_on_the_page_with_its_clause(new_phone, server, club, zhuk_table, tmp_path):
    page = new_phone()
    log_in(page, server)
    page.tap(f"[data-game='{zhuk_table.game_id}']")
    page.wait_for_selector("#game")
    page.tap("[data-key='7']")  # Жук as the cue on the break (Z-16)
    page.tap("[data-key='1']")
    page.tap("#record")
    page.wait_for_selector("#line.error")
    assert "Z-16" in page.inner_text("#line")
    screenshot(page, "web-zhuk-refused", tmp_path)
    assert stored(club, zhuk_table.game_id) == []


def test_a_referee_is_refused_on_a_match_he_is_not_scoped_to(new_phone, server, club, match):
    page = new_phone()
    log_in(page, server, "vera")
    card = page.locator(f"[data-game='{match}']")
    assert card.is_disabled() and "Пётр Орлов" in card.inner_text()
    csrf = page.evaluate("fetch('/api/me').then(r => r.json()).then(m => m.csrf)")
    status = page.evaluate("""([id, csrf]) => fetch(`/api/games/${id}/shot`, {method: 'POST',
        headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
        body: JSON.stringify({shot: {call: [], potted: [], off_table: [], touched_control: false, trick: null,
                                     foul: 'miss'}, key: 'vera-forced-1', seq: 0})}).then(r => r.status)""",
                           [match, csrf])
    assert status == 403 and stored(club, match) == []


def test_a_page_without_a_session_or_with_a_forged_csrf_token_is_refused(new_phone, server, club, match):
    stranger = new_phone()
    stranger.goto(server.url + "/")
    assert stranger.evaluate("fetch('/api/games').then(r => r.status)") == 401
    replay = new_phone()
    link = server.pair_url()
    replay.goto(link)
    again = new_phone()
    response = again.goto(link)  # the same QR link a second time: refused, nothing paired
    assert response.status == 403 and "уже использован" in again.inner_text("#refused")
    page = new_phone()
    log_in(page, server)
    status = page.evaluate("""(id) => fetch(`/api/games/${id}/shot`, {method: 'POST',
        headers: {'Content-Type': 'application/json', 'X-CSRF-Token': 'forged'},
        body: JSON.stringify({shot: {foul: 'miss'}, key: 'forged-csrf-1', seq: 0})}).then(r => r.status)""", match)
    assert status == 403 and stored(club, match) == []


def test_a_shot_whose_answer_was_lost_is_retried_and_recorded_once(new_phone, server, club, match):
    page = new_phone()
    log_in(page, server)
    page.tap(f"[data-game='{match}']")
    page.wait_for_selector("#game")
    lost = []

    def lose_first_answer(route):
        if not lost:
            route.fetch()  # the desk stores the shot ...
            lost.append(1)
            route.abort()  # ... and the Wi-Fi loses its answer: the page tries again with the same key
        else:
            route.continue_()
    page.route("**/shot", lose_first_answer)
    tap_shot(page, MATCH[0][1])
    assert lost and len(stored(club, match)) == 1
    assert page.inner_text("[data-player] .s >> nth=0") == "7"
    # the retry got the first answer, not a refusal (the stale-log check would refuse a second recording too)
    assert "error" not in (page.get_attribute("#line", "class") or "") and page.inner_text("#line") == "Записано"


def test_the_desks_shot_reaches_the_tablet_and_a_stale_tap_is_refused(new_phone, server, club, admin, match):
    from clubdesk.services.matches import MatchService

    page = new_phone()
    log_in(page, server)
    page.tap(f"[data-game='{match}']")
    page.wait_for_selector("#game[data-seq='0']")
    page.route("**/live", lambda route: route.abort())  # this tablet stops hearing the desk …
    page.reload()
    page.wait_for_selector("#game") if page.is_visible("#game") else page.tap(f"[data-game='{match}']")
    page.wait_for_selector("#game[data-seq='0']")
    server.dispatcher.submit(lambda: MatchService.of(club).record_shot(admin, match, MATCH[0][1])).result()
    page.tap("[data-foul=miss]")  # … and taps a shot on the old log
    page.tap("#record")
    page.wait_for_selector("#line.error")
    assert "другой удар" in page.inner_text("#line")
    assert page.get_attribute("#game", "data-seq") == "1"  # it shows the stored log now
    assert len(stored(club, match)) == 1


def test_the_hall_board_shows_scores_live_and_never_a_private_field(browser, server, club, admin, match, zhuk_table,
                                                                    tmp_path):
    from clubdesk.services.matches import MatchService

    ctx, page = open_board(browser, server)
    try:
        page.wait_for_selector(".t")
        assert "Граф" in page.inner_text("#board") and "10 000" in page.inner_text("#board").replace("\u202f", " ")
        server.dispatcher.submit(lambda: MatchService.of(club).record_shot(admin, match, MATCH[0][1])).result()
        server.notify(match)
        page.locator(".t", has_text="Граф").locator("b", has_text="7").wait_for()  # (the CSP forbids eval)
        screenshot(page, "web-board", tmp_path)
        # what the board's stream sends: names and scores; no ids, no phones, no roles
        data = server.page.desk.board()
        assert "phone" not in json.dumps(data) and "role" not in json.dumps(data)
    finally:
        ctx.close()
