"""M-16 on the table page (issue 34 item 7): a removal under M§5.5 names its seat, not its clause, on every phone, the
live stream and /board until the game is over; only the game's host (or the administrator) records it, and nobody
else can find the Don or the Sheriff by trying it seat by seat. Frames and answers are read by tests/secrets.py."""

from __future__ import annotations

import json

import pytest

from clubdesk.rules.mafia.script import ROLES
from tests.secrets import assert_json_tells_nothing, json_tells
from tests.web.conftest import PASSWORD
from tests.web.test_api import stored
from tests.web.test_mafia_api import Recorder, Stream

DON, SHERIFF = 7, 4   # script.ROLES: black 2, 7 (Don), 9; the Sheriff at 4


@pytest.fixture
def night_one(club, admin, mafia_game):
    """The game at night 1, recorded at the desk: the deal, the agreement, day 0 with no nominee (D-1)."""
    gid = mafia_game
    club.games.record(admin, gid, {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}})
    club.games.record(admin, gid, {"type": "agreement_end"})
    for seat in range(1, 11):
        club.games.record(admin, gid, {"type": "speech_end", "seat": seat})
    assert club.games.state(gid)["step"] == "night"
    return gid


@pytest.fixture
def desk_phone(club, admin, make_phone):
    club.accounts.create_account(admin, "front", PASSWORD, ("desk",), "Стойка")
    phone = make_phone()
    phone.login("front")
    return phone


def test_the_public_json_check_finds_a_clause_5_5_a_role_and_an_answer_wherever_they_are():
    assert json_tells({"kind": "mafia", "log": [{"type": "removal", "seat": 7}], "step": "night"}) == []
    for planted in ({"log": [{"type": "removal", "seat": 7, "clause": "5.5"}]}, {"error": "п. 5.5 (M§5.5)"},
                    {"log": [{"type": "foul", "seat": 7, "clause": "5.5"}]}, {"x": ["ответ: ЧЁРНЫЙ"]},
                    {"names": ["Дону"]}, {"removals": []}, {"winner": "red"}):
        assert json_tells(planted), planted
    assert json_tells({"winner": "red", "log": [{"type": "removal", "seat": 7, "clause": "5.5"}]}, finished=True) == []


def test_m16_a_removal_under_5_5_names_its_seat_not_its_clause_on_every_phone_and_stream(
        make_phone, server, club, night_one, desk_phone, monkeypatch):
    from clubdesk.web import auth

    monkeypatch.setattr(auth, "RATE", 1e6)  # a script plays faster than a host's hand: no request budget
    gid = night_one
    host, tv = make_phone(), make_phone()
    host.login("maestro")
    tv.login("tv")
    streams = [Stream(server, p, gid) for p in (host, tv, desk_phone)]
    r = Recorder(host, gid)
    after_5_5 = r.act({"type": "removal", "seat": DON, "clause": "5.5"})
    r.act({"type": "foul", "seat": 6, "clause": "1.8"})   # a group I removal reads the same: 5.5 is not told apart
    status, roles, _ = host.get(f"/api/games/{gid}/roles", headers={"X-CSRF-Token": host.csrf})
    assert status == 200 and {"seat": DON, "clause": "5.5"} in roles["removals"]  # the host's «Роли» say it
    answers = [desk_phone.get(f"/api/games/{gid}")[1], tv.get(f"/api/games/{gid}")[1], *r.answers,
               *desk_phone.get("/api/games")[1]["games"], server.page.desk.board()]
    for s in streams:
        s.wait_for(lambda frame: sorted(frame["removed"]) == [6, DON])
    frames = [json.loads(f) for s in streams for f in s.frames]
    for s in streams:
        s.close()
    for answer in answers + frames:
        assert_json_tells_nothing(answer)
    assert after_5_5["removed"] == [DON] and after_5_5["log"][-1] == {"type": "removal", "seat": DON}
    assert r.view()["log"][-1] == {"type": "removal", "seat": 6}


def test_m16_a_desk_account_cannot_try_5_5_seat_by_seat_to_find_the_don_or_the_sheriff(
        club, night_one, desk_phone):
    gid = night_one
    r = Recorder(desk_phone, gid)
    assert desk_phone.get(f"/api/games/{gid}/roles", headers={"X-CSRF-Token": desk_phone.csrf})[0] == 403
    refusals = {seat: r.act({"type": "removal", "seat": seat, "clause": "5.5"}, expect=403) for seat in range(1, 11)}
    lines = {body["error"] for body in refusals.values()}
    assert lines == {"Удаление по п. 5.5 записывает только ведущий игры (M-16)."}  # the same line for every seat
    assert club.games.state(gid)["removed"] == [] and all(e["type"] != "removal" for e in stored(club, gid))
    r.act({"type": "foul", "seat": 6, "clause": "1.8"})  # the desk still records the other removals


def test_m16_the_host_is_refused_5_5_for_a_civilian_on_his_own_phone_and_records_it_for_the_sheriff(
        make_phone, club, night_one):
    gid = night_one
    host = make_phone()
    host.login("maestro")
    r = Recorder(host, gid)
    body = r.act({"type": "removal", "seat": 1, "clause": "5.5"}, expect=422)
    assert body["code"] == "event_refused" and "5.5" in body["error"]   # the host's own phone: the reason is his
    assert_json_tells_nothing(body["game"])                              # the view it carries tells nobody
    v = r.act({"type": "removal", "seat": SHERIFF, "clause": "5.5"})
    assert v["removed"] == [SHERIFF] and club.games.state(gid)["removals"] == [{"seat": SHERIFF, "clause": "5.5"}]


def test_m16_the_clause_shows_once_the_game_is_over(make_phone, club, admin, night_one):
    gid = night_one
    host = make_phone()
    host.login("maestro")
    r = Recorder(host, gid)
    r.act({"type": "removal", "seat": DON, "clause": "5.5"})
    club.games.record(admin, gid, {"type": "award_loss", "team": "black", "clause": "1.12"})  # the game ends
    v = r.view()
    assert v["finished"] and {"type": "removal", "seat": DON, "clause": "5.5"} in v["log"]
    assert_json_tells_nothing(v, finished=True)
