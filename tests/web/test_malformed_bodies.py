"""Every route of the table page against malformed input (issue 37.5): whatever a logged-in phone sends — not JSON,
JSON of the wrong type, a list or an object where a string or a number is expected, huge numbers, huge strings, a
field missing — is answered 4xx with one line, and nothing reaches the desk's log: a 500 is a defect. So is a
traceback for a malformed request line, which any machine on the Wi-Fi can send without pairing."""

from __future__ import annotations

import json
import logging
import socket

import pytest

from clubdesk.web import auth
from tests.web.conftest import PASSWORD

# What a field may hold instead of what it should (as raw JSON text, so NaN and 1e999 go through as sent).
WRONG = ["null", "true", "-1", "0", "1e308", "-1e308", "1e999", "NaN", "-Infinity", "1" + "0" * 400, "1.5", '""',
         '"x"', '"' + "ж" * 4000 + '"', "[]", "{}", "[[[]]]", '[{"a": []}]', '{"a": {"b": []}}', '["F1", [[]]]',
         '{"type": []}', '{"type": "shot"}', '[' * 200 + ']' * 200]
# Whole bodies that are no JSON object.
NOT_OBJECTS = [b"", b"{", b"\xff\xfe\x00", b"[]", b'"x"', b"1e999", b"null", b"[" * 5000 + b"]" * 5000,
               b'{"a": 1, "a": 2}', "{\"k\": \"\ud800\"}".encode("utf-8", "surrogatepass")]
REFUSED = {400, 401, 403, 404, 405, 409, 413, 422, 429}


def _text(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _with(body: dict, field: str, raw: str | None) -> bytes:
    """`body` as JSON text with `field` set to the raw JSON `raw` (None: the field left out)."""
    rest = {k: v for k, v in body.items() if k != field}
    if raw is None:
        return _text(rest).encode()
    inner = _text(rest)[1:-1]
    return ("{" + (inner + ", " if inner else "") + _text(field) + ": " + raw + "}").encode()


def bodies(good: dict):
    """Every malformed body made from the good one: each field wrong in each way, or missing, and no object."""
    for field in good:
        yield from (_with(good, field, raw) for raw in [*WRONG, None])
        if isinstance(good[field], dict | list):  # one level down too: the shot's facts, the event's fields
            items = good[field].items() if isinstance(good[field], dict) else enumerate(good[field])
            for k, _v in items:
                for raw in WRONG:
                    copy = json.loads(_text(good))
                    copy[field][k] = "@@"
                    yield _text(copy).replace('"@@"', raw, 1).encode()
    yield from NOT_OBJECTS


@pytest.fixture
def no_budget_limit(monkeypatch):
    """The session's request budget (auth.RATE) would answer most of these 429 before the handler saw them."""
    monkeypatch.setattr(auth, "RATE", 1e9)
    monkeypatch.setattr(auth, "BURST", 1e9)


def send(phone, path: str, raw: bytes, content_type: str = "application/json"):
    return phone.request("POST", path, raw=raw, headers={"Content-Type": content_type, "X-CSRF-Token": phone.csrf or ""})


def assert_refused_in_one_line(answers, caplog) -> None:
    def one_line(status, body) -> bool:
        if status == 404 and isinstance(body, str):  # no such route: aiohttp's own «404: Not Found»
            return body.strip() == "404: Not Found"
        return isinstance(body, dict) and isinstance(body.get("error"), str) and "\n" not in body["error"] \
            and bool(body["error"].strip())
    bad = [(what, status, body) for what, status, body in answers if status not in REFUSED or not one_line(status, body)]
    assert not bad, [(w[:150], s, b) for w, s, b in bad]
    logged = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert not logged, [(r.name, r.getMessage()[:200]) for r in logged[:5]]


def _routes(zhuk_table, match, mafia_game, seq: int = 0):
    """(path, the good body, who sends it) of every POST route."""
    key = "k" * 16
    return [
        (f"/api/games/{zhuk_table.game_id}/shot", {"key": key, "seq": seq, "keys": ["1", "F1"]}, "orlov"),
        (f"/api/games/{match}/shot", {"key": key, "seq": seq, "shot": {"call": [{"ball": 7, "pocket": 3}],
                                                                      "potted": [], "foul": None}}, "orlov"),
        (f"/api/games/{match}/undo", {"key": key, "seq": seq}, "orlov"),
        (f"/api/games/{mafia_game}/act", {"key": key, "seq": seq, "event": {"type": "extra_points", "seat": 3,
                                                                            "points": 0.2, "reason": "x"}}, "maestro"),
        (f"/api/games/{mafia_game}/act", {"key": key, "seq": seq, "event": {"type": "night", "shot": 2,
                                                                            "unanswered": ["don"]}}, "maestro"),
        ("/api/logout", {}, "orlov"),
    ]


def test_every_post_route_refuses_every_malformed_body_in_one_line_and_logs_nothing(
        make_phone, server, zhuk_table, match, mafia_game, caplog, no_budget_limit):
    phones = {}
    for login in ("orlov", "maestro"):
        phones[login] = make_phone()
        phones[login].login(login)
    answers = []
    n = 0
    seqs: dict[str, int] = {}  # each game's stored seq: a body on an older log is refused 409 before it is read
    with caplog.at_level(logging.DEBUG):
        for path, good, who in _routes(zhuk_table, match, mafia_game):
            for raw in bodies(good):
                n += 1
                # each try its own idempotency key (no answer is a remembered one), on the log as stored
                raw = raw.replace(b'"k' + b"k" * 15 + b'"', f'"try-{n:08d}"'.encode(), 1)
                raw = raw.replace(b'"seq": 0', f'"seq": {seqs.get(path, 0)}'.encode(), 1)
                status, body, _ = send(phones[who], path, raw)
                answers.append((path, raw[:400], status, body))
                game = body.get("game", body) if isinstance(body, dict) else {}
                if isinstance(game, dict) and type(game.get("seq")) is int:
                    for other, *_ in _routes(zhuk_table, match, mafia_game):  # the shot's and the undo's game
                        if other.split("/")[:4] == path.split("/")[:4]:
                            seqs[other] = game["seq"]
                if status == 401:  # logged out (a good logout): a new session for the rest
                    phones[who].login(who)
            for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
                status, body, _ = send(phones[who], path, _text(good).encode(), content_type)
                answers.append((path, content_type, status, body))
    assert n > 500
    assert_refused_in_one_line([(f"{p} {r!r}", s, b) for p, r, s, b in answers if s != 200], caplog)


def test_the_login_refuses_every_malformed_body_in_one_line(make_phone, server, caplog, no_budget_limit):
    phone = make_phone()
    phone.pair()
    answers = []
    with caplog.at_level(logging.DEBUG):
        for raw in bodies({"login": "orlov", "password": "x" * 8}):
            status, body, _ = send(phone, "/api/login", raw)
            answers.append((raw[:80], status, body))
            if status == 401:  # unpaired after its wrong logins (auth.DEVICE_FAILURES): a new QR code
                phone.pair()
    assert_refused_in_one_line(answers, caplog)


@pytest.mark.parametrize("password", [" " * 6, "", "\t\n", " " + PASSWORD, "\u00a0" * 6])
def test_a_password_of_spaces_is_refused_with_the_logins_message(make_phone, server, caplog, password):
    phone = make_phone()
    phone.pair()
    with caplog.at_level(logging.DEBUG):
        if True:
            status, body, _ = phone.post("/api/login", {"login": "orlov", "password": password})
            assert status == 422 and body["error"] == "Неверное имя или пароль.", (password, status, body)
    assert_refused_in_one_line([], caplog)


def test_every_get_route_refuses_odd_ids_and_queries_in_one_line(make_phone, server, match, mafia_game, caplog,
                                                                 no_budget_limit):
    phone = make_phone()
    phone.login("maestro")
    odd = ["x", "%00", "%FF%FE", "..%2F..%2Fetc", "a" * 3000, "%F0%9F%98%80", "1e308", "[]", "%22%7B%7D%22"]
    answers = []
    with caplog.at_level(logging.DEBUG):
        for gid in odd:
            for path in (f"/api/games/{gid}", f"/api/games/{gid}/roles", f"/static/{gid}"):
                status, body, _ = phone.get(path, headers={"X-CSRF-Token": phone.csrf})
                answers.append((path[:80], status, body if path.startswith("/api") else {"error": "not found"}))
            status, body, _ = phone.get(f"/pair?t={gid}")
            answers.append((f"/pair?t={gid}"[:80], status, {"error": "refused page"} if status == 403 else body))
    assert_refused_in_one_line(answers, caplog)


def _raw_request(server, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as s:
        s.sendall(data)
        out = b""
        while chunk := s.recv(4096):
            out += chunk
        return out


@pytest.mark.parametrize("request_bytes", [
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"b" * 9000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(200)) + b"\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,
], ids=["long request line", "long header", "many headers", "negative length", "bad chunk", "NUL in path", "TLS"])
def test_a_malformed_request_from_an_unpaired_machine_is_refused_without_a_traceback(server, caplog, request_bytes):
    with caplog.at_level(logging.DEBUG):
        answer = _raw_request(server, request_bytes)
    assert answer == b"" or answer.split(b" ", 2)[1].startswith(b"4"), answer[:200]
    traced = [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING]
    assert not traced, [(r.name, r.getMessage()[:200]) for r in traced]


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_body_holding_a_number_json_has_not_is_not_understood(make_phone, server, match, number):
    """Python's json reads NaN and ±Infinity (and 1e999 as infinity); JSON has none of them: refused whole, before a
    service or an engine does arithmetic on one."""
    phone = make_phone()
    phone.login("orlov")
    raw = ('{"key": "nan-key-0001", "seq": 0, "shot": {"call": [{"ball": 7, "pocket": 3}], "potted": [], '
           '"foul": null, "centre_blocked": ' + number + '}}').encode()
    status, body, _ = send(phone, f"/api/games/{match}/shot", raw)
    assert status == 400 and body["code"] == "bad_request", (status, body)
