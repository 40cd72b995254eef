"""The table page's Mafia host view over HTTP: a whole game recorded from a phone, the refusals, and no role ever in a
view, an answer or a stream frame that is not the host's «Роли» (issue 27)."""

from __future__ import annotations

import http.client
import json
import re
import threading

import pytest

from clubdesk.rules.mafia.events import ROLES as ROLE_CODES
from clubdesk.rules.mafia.events import event_to_json, parse_event
from clubdesk.rules.mafia.script import ROLES, Script
from clubdesk.services.scopes import assign_referee
from tests.web.conftest import PASSWORD
from tests.web.test_api import stored

# Whatever says a role: the engine's codes, the desk's words for them, and the fields that carry roles or answers.
ROLE_TEXT = re.compile(r"мирн|мафи|\bдон|шериф|civilian|\bmafia|\bdon\b|sheriff", re.IGNORECASE)
SECRET_KEYS = {"roles", "checks", "shots", "don_check", "sheriff_check", "unanswered", "unanswered_checks",
               "best_move", "nights", "answers", "role"}


def leaks(obj, path="") -> list[str]:
    """Every place in a JSON answer that holds a role or a secret field (the game's kind «mafia» is not a role)."""
    found = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in SECRET_KEYS:
                found.append(f"{path}.{k}")
            if not (k == "kind" and v == "mafia"):
                found += leaks(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += leaks(v, f"{path}[{i}]")
    elif isinstance(obj, str) and (obj in ROLE_CODES or ROLE_TEXT.search(obj)):
        found.append(f"{path}={obj!r}")
    return found


@pytest.fixture
def game(mafia_game):
    return mafia_game


class Recorder:
    """One phone recording a game; keeps every JSON answer it got, for the leak scan."""

    def __init__(self, phone, gid):
        self.phone, self.gid, self.answers, self.n = phone, gid, [], 0

    def view(self):
        status, v, _ = self.phone.get(f"/api/games/{self.gid}")
        assert status == 200, v
        self.answers.append(v)
        return v

    def act(self, event, expect=200, seq=None):
        self.n += 1
        seq = self.view()["seq"] if seq is None else seq
        status, body, _ = self.phone.post(f"/api/games/{self.gid}/act",
                                          {"event": event, "key": f"act-{self.n:06d}", "seq": seq})
        self.answers.append(body)
        assert status == expect, body
        return body

    def speak_all(self, nominations=None):
        """«Дальше» through the speeches; `nominations`: the speaker's seat → his nominee."""
        v = self.view()
        step = v["step"]
        while v["step"] == step and v["speaker"] is not None:
            if v["speaker"] in (nominations or {}):
                self.act({"type": "nominate", "by": v["speaker"], "target": nominations[v["speaker"]]})
            v = self.act({"type": "next"})
        return v


def play_red_win(r: Recorder) -> None:
    """The desk test's game (tests/ui/test_host_panel.py), from the phone: deal, a foul, a tie and its shootout,
    nights with checks, a best move, an undo, and the red win."""
    v = r.act({"type": "deal", "roles": {str(i + 1): role for i, role in enumerate(ROLES)}})
    assert v["step"] == "agreement" and v["timer"] == 60
    r.act({"type": "next"})
    r.act({"type": "foul", "seat": 5, "clause": "2.4", "reason": "мешал мафии"})
    assert r.view()["speaker_nominated"] is False
    v = r.act({"type": "nominate", "by": 1, "target": 2})
    assert v["speaker_nominated"] is True and v["nominable"] == []  # M§4.2: the page says why it cannot nominate
    v = r.act({"type": "next"})
    assert v["speaker_nominated"] is False and 7 in v["nominable"]
    r.act({"type": "nominate", "by": 2, "target": 7})
    v = r.speak_all()
    assert v["step"] == "vote" and v["candidates"] == [2, 7] and v["fouls"] == {"5": 1}
    v = r.act({"type": "vote", "votes": {str(s): 2 for s in (1, 3, 4, 5, 6)}})
    assert v["step"] == "shootout_speech" and v["timer"] == 30  # M§2.6
    r.speak_all()
    v = r.act({"type": "vote", "votes": {str(s): 2 for s in (1, 3, 4, 5, 6, 8)}})
    assert v["lifted"] == [2] and v["votes"][-1]["counts"] == {"2": 6, "7": 4}
    r.act({"type": "next"})
    v = r.act({"type": "night", "shot": 1, "don_check": 4, "sheriff_check": 7})
    assert v["killed"] == [1] and "best_move" in v["legal"] and v["night_kills"] == [{"night": 1, "killed": 1}]
    r.act({"type": "best_move", "seat": 1, "guesses": [7, 9, 3]})
    v = r.act({"type": "next"})
    n = r.view()["seq"]
    status, undone, _ = r.phone.post(f"/api/games/{r.gid}/undo", {"key": "undo-000001", "seq": n})
    r.answers.append(undone)
    assert status == 200 and undone["step"] == "last_word"
    r.act({"type": "next"})
    r.speak_all({r.view()["speaker"]: 7})
    r.act({"type": "vote", "votes": {}})
    r.act({"type": "next"})
    r.act({"type": "night", "shot": 3, "don_check": None, "sheriff_check": None})
    r.act({"type": "next"})
    r.speak_all({r.view()["speaker"]: 9})
    v = r.act({"type": "vote", "votes": {}})
    assert v["finished"] and v["winner"] == "red" and v["score"]["1"] == 1.3  # the room display's end: team, scores


class Stream:
    """The live stream of a game read in a thread: every frame it sends."""

    def __init__(self, server, phone, gid):
        self.frames: list[str] = []
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        cookies = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
        self.conn.request("GET", f"/api/games/{gid}/live", headers={"Host": f"127.0.0.1:{server.port}",
                                                                     "Cookie": cookies})
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            for line in self.response.fp:
                if line.startswith(b"data: "):
                    self.frames.append(line[6:].decode())
        except (OSError, ValueError):
            pass

    def wait_for(self, done, timeout=20.0):
        import time
        end = time.monotonic() + timeout
        while not (self.frames and done(json.loads(self.frames[-1]))):
            assert time.monotonic() < end, "the stream never sent the game's end"
            time.sleep(0.02)

    def close(self):
        self.conn.sock.shutdown(2)
        self.conn.close()


def test_a_whole_game_from_the_phone_stores_the_desks_events_and_no_answer_or_frame_holds_a_role(
        make_phone, server, club, game, monkeypatch):
    from clubdesk.web import auth

    monkeypatch.setattr(auth, "RATE", 1e6)  # a script plays the game faster than a host's hand: no request budget
    host, tv, referee = make_phone(), make_phone(), make_phone()
    host.login("maestro")
    tv.login("tv")
    referee.login("orlov")
    streams = [Stream(server, p, game) for p in (host, tv, referee)]
    r = Recorder(host, game)
    play_red_win(r)
    for p in (tv, referee):
        r.answers.append(p.get(f"/api/games/{game}")[1])
        r.answers += [g for g in p.get("/api/games")[1]["games"]]
    for s in streams:
        s.wait_for(lambda frame: frame["finished"])
        s.close()
    frames = [json.loads(f) for s in streams for f in s.frames]
    board = server.page.desk.board()  # the hall TV's /board: no Mafia game at all
    assert leaks(board) == [] and "Алый" not in json.dumps(board, ensure_ascii=False)
    assert len(frames) >= 3 * 3
    for answer in r.answers + frames:
        assert leaks(answer) == [], answer
    events = stored(club, game)
    night = next(e for e in events if e["type"] == "night")
    assert night["shots"] == {"7": 1, "9": 1} and night["don_check"] == 4 and night["sheriff_check"] == 7
    assert events[-1]["type"] == "vote" and club.games.state(game)["winner"] == "red"
    assert sum(1 for e in events if e["type"] == "void") == 1
    assert server.notified.count(game) == len(events)  # the desk's host panel was told of every one


def test_the_leak_scan_finds_a_role_wherever_it_is():
    assert leaks({"kind": "mafia", "log": [{"type": "deal"}]}) == []
    for planted in ({"roles": {}}, {"log": [{"type": "night", "shots": {"7": 1}}]}, {"x": ["sheriff"]},
                    {"names": ["Шериф Вася"]}, {"kind": "mafia", "step": "mafia"}, {"a": {"b": "don"}}):
        assert leaks(planted), planted


def test_the_roles_go_to_the_games_host_alone_and_never_to_a_cache(make_phone, club, admin, game):
    host = make_phone()
    host.login("maestro")
    Recorder(host, game).act({"type": "deal", "roles": {str(i + 1): role for i, role in enumerate(ROLES)}})
    status, data, headers = host.get(f"/api/games/{game}/roles", headers={"X-CSRF-Token": host.csrf})
    assert status == 200 and data["roles"]["7"] == "don" and data["answers"]["sheriff"]["9"] is True
    assert "no-store" in headers["Cache-Control"]
    assert host.get(f"/api/games/{game}/roles")[0] == 403  # without the page's token: another page asked
    for login in ("tv", "orlov"):
        other = make_phone()
        other.login(login)
        status, body, _ = other.get(f"/api/games/{game}/roles", headers={"X-CSRF-Token": other.csrf})
        assert status == 403 and leaks(body) == [], body
    club.accounts.create_account(admin, "luna", PASSWORD, ("host",), "Луна Ведущая")
    assign_referee(club.store, admin, game, "Антон Маестров")  # the desk names this game's host
    luna = make_phone()
    luna.login("luna")
    status, body, _ = luna.get(f"/api/games/{game}/roles", headers={"X-CSRF-Token": luna.csrf})
    assert status == 403 and "Антон Маестров" in body["error"] and leaks(body) == []
    assert host.get(f"/api/games/{game}/roles", headers={"X-CSRF-Token": host.csrf})[0] == 200
    assert make_phone().get(f"/api/games/{game}/roles")[0] == 401


def test_refusals_store_nothing_and_say_why(make_phone, club, admin, game):
    host = make_phone()
    host.login("maestro")
    r = Recorder(host, game)
    r.act({"type": "deal", "roles": {str(i + 1): role for i, role in enumerate(ROLES)}})
    r.act({"type": "next"})
    count = len(stored(club, game))
    body = r.act({"type": "nominate", "by": 3, "target": 2}, expect=422)  # seat 1 speaks, not 3
    assert body["code"] == "event_refused" and "M§4.1" in body["error"] and leaks(body) == []
    body = r.act({"type": "night", "shot": 1}, expect=422)  # a night in the middle of day 0: the engine's clause
    assert "M§5.6" in body["error"]
    body = r.act({"type": "removal", "seat": 2, "clause": "2.4"}, expect=422)  # a warning clause removes nobody
    assert body["code"] == "event_refused" and "M-6" in body["error"]
    assert r.act({"type": "award_loss", "team": "red", "clause": "1.12"}, expect=422)["code"] == "validation"
    assert r.act({"type": "night", "shot": "1"}, expect=422)["code"] == "validation"
    body = r.act({"type": "foul", "seat": 1, "clause": "2.4"}, seq=0, expect=409)  # made on the log before the deal
    assert body["code"] == "stale" and "другое действие" in body["error"] and body["game"]["step"] == "speech"
    assert leaks(body) == []
    status, body, _ = host.post(f"/api/games/{game}/act", {"event": {"type": "next"}, "key": "no-csrf-01", "seq": 2},
                                headers={"X-CSRF-Token": ""})
    assert status == 403 and body["code"] == "csrf"
    assert make_phone().post(f"/api/games/{game}/act", {"event": {"type": "next"}, "key": "no-session", "seq": 2}
                             )[0] == 401
    status, _, _ = host.request("POST", f"/api/games/{game}/act", raw=b'{"event": "' + b"x" * 17000 + b'"}',
                                headers={"Content-Type": "application/json", "X-CSRF-Token": host.csrf})
    assert status == 413
    for login in ("orlov", "tv"):
        other = make_phone()
        other.login(login)
        body = Recorder(other, game).act({"type": "next"}, expect=403)
        assert "ведущий" in body["error"]
    club.accounts.create_account(admin, "luna", PASSWORD, ("host",), "Луна Ведущая")
    assign_referee(club.store, admin, game, "Антон Маестров")
    luna = make_phone()
    luna.login("luna")
    assert not next(g for g in luna.get("/api/games")[1]["games"] if g["id"] == game)["mine"]
    assert "ведущий «Антон Маестров»" in Recorder(luna, game).act({"type": "next"}, expect=403)["error"]
    assert len(stored(club, game)) == count


def test_a_retried_action_is_recorded_once_and_an_action_on_a_billiard_table_is_refused(
        make_phone, club, game, zhuk_table):
    host = make_phone()
    host.login("maestro")
    deal = {"event": {"type": "deal", "roles": {str(i + 1): role for i, role in enumerate(ROLES)}},
            "key": "deal-key-01", "seq": 0}
    first, again = host.post(f"/api/games/{game}/act", deal), host.post(f"/api/games/{game}/act", deal)
    assert first[0] == again[0] == 200 and first[1] == again[1] and len(stored(club, game)) == 1
    games = {g["id"]: g for g in host.get("/api/games")[1]["games"]}
    assert games[game]["mine"] and not games[zhuk_table.game_id]["mine"]  # a host runs Mafia, not billiards
    status, body, _ = host.post(f"/api/games/{zhuk_table.game_id}/act",
                                {"event": {"type": "next"}, "key": "zhuk-act-01", "seq": 0})
    assert status == 403 and stored(club, zhuk_table.game_id) == []


def test_english_refusals(make_phone, server, club, game):
    server.page.lang = "en"
    host = make_phone()
    host.login("maestro")
    body = Recorder(host, game).act({"type": "nominate", "by": 1, "target": 2}, expect=422)  # before the deal
    assert "M§4.1" in body["error"] and re.search(r"[a-z]", body["error"]) and not re.search("[а-я]", body["error"])


def lift_vote_black_wins():
    """tests/rules/test_mafia_games.py: a same split twice, both lifted by the lift vote, black wins."""
    s = Script()
    s.speeches({1: 3, 2: 5}).vote({1: 3, 2: 3, 3: 3, 4: 3, 6: 3})
    s.speeches().vote({1: 3, 2: 3, 3: 3, 4: 3, 6: 3})
    s.do(type="lift_vote", for_=6)
    s.last_words().night(1).last_words()
    return s.speeches({2: 4}).vote({})


def removal_leave_and_extra_points():
    """A group I foul in the vote (removal, night), a night with an unanswered check, a leave, extra points."""
    s = Script()
    s.speeches({1: 3, 2: 5})
    s.do(type="foul", seat=6, clause="1.8")
    s.night(None, don=4, sheriff=7)
    s.events[-1]["unanswered"] = ["sheriff"]
    s.game.undo()
    s.game.apply(parse_event(s.events[-1]))
    s.speeches({2: 9, 3: 8}).vote({}).last_words()
    s.do(type="leave", seat=5)
    return s.do(type="extra_points", seat=3, points=0.2, reason="нашёл чёрного")


def don_removed_for_not_sleeping():
    """M§5.5: the Don would not go to sleep at night — a removal, no foul — then the night of the two blacks left."""
    s = Script().speeches()
    s.do(type="removal", seat=7, clause="5.5")
    return s.night(5).last_words()


def page_event(e: dict) -> dict:
    """The script's event as the phone sends it: a night as its target and checks, the rest as they are."""
    if e["type"] != "night":
        return {k: v for k, v in e.items()}
    targets = set(e["shots"].values())
    return {"type": "night", "shot": targets.pop() if targets else None, "don_check": e["don_check"],
            "sheriff_check": e["sheriff_check"], "unanswered": e.get("unanswered", [])}


@pytest.mark.parametrize("script", [lift_vote_black_wins, removal_leave_and_extra_points,
                                    don_removed_for_not_sleeping])
def test_scripted_games_from_the_phone_store_the_scripts_events_and_show_no_role(make_phone, club, game, script,
                                                                                 monkeypatch):
    from clubdesk.web import auth

    monkeypatch.setattr(auth, "RATE", 1e6)  # a script replays a game faster than a host's hand: no request budget
    s = script()
    host = make_phone()
    host.login("maestro")
    r = Recorder(host, game)
    for e in s.events:
        r.act(page_event(e))
    assert stored(club, game) == [event_to_json(parse_event(e)) for e in s.events]
    assert club.games.state(game)["score"] == s.game.state()["score"]
    for answer in r.answers:
        assert leaks(answer) == [], answer


def test_the_phones_clause_picker_offers_m5_5_as_a_removal_and_the_fouls_as_fouls(make_phone, game):
    host = make_phone()
    host.login("maestro")
    status, body, _ = host.get("/api/mafia/clauses")
    events = {c["number"]: c["event"] for c in body["clauses"]}
    assert status == 200 and events["5.5"] == "removal" and events["2.4"] == events["1.8"] == "foul"
    assert set(events.values()) == {"foul", "removal"} and list(events.values()).count("removal") == 1
