"""The table page's API: pairing, sessions, CSRF, scope, stale taps and retries (issue 27)."""

from __future__ import annotations

import json

from sqlalchemy import select

from clubdesk.services.demo_pyramid import MATCH
from clubdesk.store.models import Event
from tests.web.conftest import PASSWORD


def stored(club, game_id) -> list[dict]:
    with club.store.session_factory() as s:
        return [json.loads(e.payload) for e in s.scalars(select(Event).where(Event.game_id == game_id)
                                                          .order_by(Event.seq))]


def shot(phone, game_id, facts, key, seq=None):
    if seq is None:
        seq = phone.get(f"/api/games/{game_id}")[1]["seq"]
    return phone.post(f"/api/games/{game_id}/shot", {"shot": facts, "key": key, "seq": seq})


# ---- pairing and sessions ---------------------------------------------------------------------------------------

def test_a_pairing_token_works_once_and_a_replay_is_refused_with_a_line(phone, make_phone, server):
    url = phone.pair()
    other = make_phone()
    status, page, _ = other.get(url.split(str(server.port), 1)[1])
    assert status == 403 and "уже использован" in page
    assert "cd_device" not in other.cookies


def test_an_expired_pairing_token_is_refused(phone, server):
    import time

    from clubdesk.web.auth import PAIR_TTL_S

    token = server.pairing.new_token()
    server.pairing.clock = lambda: time.monotonic() + PAIR_TTL_S + 1  # a minute past its five
    status, page, _ = phone.get(f"/pair?t={token}")
    assert status == 403 and "истёк" in page


def test_a_request_without_a_session_is_refused(phone, match):
    assert phone.get("/api/games")[0] == 401
    status, body, _ = phone.post(f"/api/games/{match}/shot", {"shot": MATCH[0][1], "key": "k" * 16, "seq": 0})
    assert status == 401 and body["code"] == "not_paired"
    phone.pair()
    status, body, _ = phone.get("/api/games")
    assert status == 401 and body["code"] == "no_session" and "Войдите" in body["error"]


def test_login_needs_a_paired_phone_and_the_desks_password(phone):
    status, body, _ = phone.post("/api/login", {"login": "orlov", "password": PASSWORD})
    assert status == 401 and body["code"] == "not_paired"
    phone.pair()
    status, body, _ = phone.post("/api/login", {"login": "orlov", "password": "wrong-one"})
    assert status == 422 and body["error"] == "Неверное имя или пароль."
    status, body, _ = phone.post("/api/login", {"login": "orlov", "password": PASSWORD})  # the guard: wait first
    assert status == 422 and "подождите" in body["error"]


def test_the_session_cookie_is_httponly_and_samesite_strict(phone):
    phone.pair()
    _, _, headers = phone.post("/api/login", {"login": "orlov", "password": PASSWORD})
    cookie = headers["Set-Cookie"]
    assert "cd_session=" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie


def test_a_post_without_the_csrf_token_or_with_a_forged_one_is_refused(phone, club, match):
    phone.login()
    for headers in ({"X-CSRF-Token": ""}, {"X-CSRF-Token": "forged-token-123"}):
        status, body, _ = phone.post(f"/api/games/{match}/shot", {"shot": MATCH[0][1], "key": "k" * 16, "seq": 0},
                                     headers=headers)
        assert status == 403 and body["code"] == "csrf"
    assert stored(club, match) == []


def test_a_session_cookie_moved_to_another_phone_is_refused(phone, make_phone, match):
    phone.login()
    thief = make_phone()
    thief.pair()
    thief.cookies["cd_session"] = phone.cookies["cd_session"]
    assert thief.get("/api/games")[0] == 401


def test_a_foreign_host_header_is_refused(phone):
    status, body, _ = phone.get("/api/me", headers={"Host": "evil.example:80"})
    assert status == 421


def test_a_body_over_the_limit_is_refused(phone, match):
    phone.login()
    status, _, _ = phone.request("POST", f"/api/games/{match}/shot", raw=b"{" + b" " * 20000 + b"}",
                                 headers={"Content-Type": "application/json", "X-CSRF-Token": phone.csrf})
    assert status == 413


# ---- scoring ----------------------------------------------------------------------------------------------------

def test_a_whole_pyramid_match_over_http_stores_what_the_desk_would(phone, club, match, pair, server):
    phone.login()
    for i, (_who, facts) in enumerate(MATCH):
        status, view, _ = shot(phone, match, facts, f"key-{i:04d}")
        assert status == 200, view
    assert view["finished"] and view["winner"] == pair[0]
    events = stored(club, match)
    assert [{k: v for k, v in e.items() if k not in ("type", "player")} for e in events] == [f for _w, f in MATCH]
    assert server.notified.count(match) == len(MATCH)  # the desk's windows were told of every shot


def test_a_retry_with_the_same_key_records_once(phone, club, match):
    phone.login()
    first = shot(phone, match, MATCH[0][1], "same-key-1", seq=0)
    again = shot(phone, match, MATCH[0][1], "same-key-1", seq=0)
    assert first[0] == again[0] == 200 and first[1] == again[1]
    assert len(stored(club, match)) == 1


def test_a_stale_tap_from_a_second_tablet_is_refused_and_shows_the_stored_log(phone, make_phone, club, match):
    phone.login()
    second = make_phone()
    second.login("orlov")
    seq = second.get(f"/api/games/{match}")[1]["seq"]
    assert shot(phone, match, MATCH[0][1], "tablet-one-1", seq=seq)[0] == 200
    status, body, _ = shot(second, match, MATCH[0][1], "tablet-two-1", seq=seq)
    assert status == 409 and body["code"] == "stale" and "другой удар" in body["error"]
    assert body["game"]["seq"] == seq + 1  # the tablet now shows the log as stored
    assert len(stored(club, match)) == 1


def test_an_illegal_shot_is_refused_with_its_clause_and_names(phone, club, match, pair):
    phone.login()
    assert shot(phone, match, MATCH[0][1], "legal-0001")[0] == 200  # №7 goes to the shelf
    status, body, _ = shot(phone, match, {**MATCH[0][1], "call": [{"ball": 7, "pocket": 1}], "potted": []},
                           "illegal-01")
    assert status == 422 and body["code"] == "event_refused" and "(P§" in body["error"]
    assert "Орлов Глеб" in body["error"] and pair[0] not in body["error"]  # names, not ids
    assert len(stored(club, match)) == 1


def test_a_referee_is_refused_on_a_match_of_another_referee(make_phone, club, match):
    vera = make_phone()
    vera.login("vera")
    games = vera.get("/api/games")[1]["games"]
    assert [g["mine"] for g in games if g["id"] == match] == [False]
    status, body, _ = shot(vera, match, MATCH[0][1], "vera-key-01")
    assert status == 403 and "Пётр Орлов" in body["error"]
    assert stored(club, match) == []


def test_a_host_or_a_display_account_cannot_score_billiards(make_phone, club, zhuk_table):
    for login in ("maestro", "tv"):
        p = make_phone()
        p.login(login)
        seq = p.get(f"/api/games/{zhuk_table.game_id}")[1]["seq"]
        status, body, _ = p.post(f"/api/games/{zhuk_table.game_id}/shot", {"keys": [], "key": f"{login}-key-1",
                                                                            "seq": seq})
        assert status == 403, body
    assert stored(club, zhuk_table.game_id) == []


def test_zhuk_keys_become_the_same_shot_as_the_desks_composer(phone, club, zhuk_table):
    from clubdesk.services.zhuk_keys import ShotDraft

    phone.login()
    gid = zhuk_table.game_id
    for i, keys in enumerate([[], ["1"], ["1", "1"], ["F2"]]):
        state = club.games.state(gid)
        draft = ShotDraft()
        for k in keys:
            draft.press(k)
        expected = draft.event(state["to_move"], state["balls"]["std"])
        seq = phone.get(f"/api/games/{gid}")[1]["seq"]
        status, view, _ = phone.post(f"/api/games/{gid}/shot", {"keys": keys, "key": f"zhuk-key-{i}", "seq": seq})
        assert status == 200, view
        assert stored(club, gid)[-1] == expected
    status, view, _ = phone.post(f"/api/games/{gid}/undo", {"key": "zhuk-undo-1", "seq": view["seq"]})
    assert status == 200 and stored(club, gid)[-1]["type"] == "void" and view["count"] == 3


def test_unknown_keys_are_refused_and_nothing_stored(phone, club, zhuk_table):
    phone.login()
    status, body, _ = phone.post(f"/api/games/{zhuk_table.game_id}/shot",
                                 {"keys": ["DROP TABLE"], "key": "bad-keys-01", "seq": 0})
    assert status == 422 and stored(club, zhuk_table.game_id) == []


def test_the_hall_board_sends_names_and_scores_only(phone, server, match):
    phone.login("tv")
    conn_status, me, _ = phone.get("/api/me")
    assert me["roles"] == ["display"]
    rows = server.page.desk.board()["tables"]
    text = json.dumps(rows, ensure_ascii=False)
    assert "Граф" in text and "Сова" in text and "id" not in rows[0]


def test_a_zhuk_table_the_desk_gave_a_referee_refuses_another_referee_until_it_is_cleared(make_phone, club, admin,
                                                                                          zhuk_table):
    from clubdesk.services.scopes import assign_table_referee

    gid = zhuk_table.game_id
    assign_table_referee(club.store, admin, gid, "orlov")  # «Судья стола…» on «Столы»
    vera, orlov = make_phone(), make_phone()
    vera.login("vera")
    orlov.login("orlov")
    assert [g["mine"] for g in vera.get("/api/games")[1]["games"] if g["id"] == gid] == [False]
    seq = vera.get(f"/api/games/{gid}")[1]["seq"]
    status, body, _ = vera.post(f"/api/games/{gid}/shot", {"keys": ["1"], "key": "vera-zhuk-1", "seq": seq})
    assert status == 403 and "Пётр Орлов" in body["error"] and "vera" in body["error"]
    assert stored(club, gid) == []
    status, view, _ = orlov.post(f"/api/games/{gid}/shot", {"keys": ["1"], "key": "orlov-zhuk-1", "seq": seq})
    assert status == 200 and len(stored(club, gid)) == 1
    assign_table_referee(club.store, admin, gid, None)  # «Любой судья»
    assert [g["mine"] for g in vera.get("/api/games")[1]["games"] if g["id"] == gid] == [True]
    status, view, _ = vera.post(f"/api/games/{gid}/shot", {"keys": [], "key": "vera-zhuk-2", "seq": view["seq"]})
    assert status == 200 and len(stored(club, gid)) == 2
