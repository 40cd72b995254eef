"""Issue 34 on the table page: a game cancelled at the desk (created by mistake) leaves the phones' lists and the hall
board, and a phone still showing it records nothing in it."""

from __future__ import annotations

from tests.web.test_api import stored

MISS = {"call": [], "potted": [], "off_table": [], "touched_control": False, "trick": None, "foul": None}


def listed(phone) -> set[str]:
    status, body, _ = phone.get("/api/games")
    assert status == 200, body
    return {g["id"] for g in body["games"]}


def test_a_cancelled_match_and_zhuk_table_leave_the_referees_list_and_the_hall_board(make_phone, server, club, admin,
                                                                                      match, zhuk_table):
    phone = make_phone()
    phone.login("orlov")
    assert listed(phone) >= {match, zhuk_table.game_id}
    club.games.cancel(admin, match)
    club.games.cancel(admin, zhuk_table.game_id)
    assert not listed(phone) & {match, zhuk_table.game_id}
    assert server.page.desk.board()["tables"] == []


def test_a_cancelled_mafia_game_leaves_the_hosts_list(make_phone, club, admin, mafia_game):
    phone = make_phone()
    phone.login("maestro")
    assert mafia_game in listed(phone)
    club.games.cancel(admin, mafia_game)
    assert mafia_game not in listed(phone)


def test_a_phone_still_showing_a_cancelled_match_records_nothing_in_it(make_phone, club, admin, match):
    phone = make_phone()
    phone.login("orlov")
    seq = phone.get(f"/api/games/{match}")[1]["seq"]
    club.games.cancel(admin, match)
    status, body, _ = phone.post(f"/api/games/{match}/shot", {"shot": MISS, "key": "after-cancel-1", "seq": seq})
    assert status == 409  # its log moved on: the phone reads the game again ...
    seq = phone.get(f"/api/games/{match}")[1]["seq"]
    status, body, _ = phone.post(f"/api/games/{match}/shot", {"shot": MISS, "key": "after-cancel-2", "seq": seq})
    assert status >= 400 and "отменена" in body["error"]  # ... and is told why it takes nothing more
    assert [e["type"] for e in stored(club, match)] == ["game_cancelled"]
