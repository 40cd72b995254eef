"""The table page's fixtures: a club with staff, the server on loopback, an HTTP client that keeps cookies."""

from __future__ import annotations

import http.client
import json

import pytest

from clubdesk.services.club import Club
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData
from clubdesk.services.tournaments import TournamentService
from clubdesk.web.dispatch import ThreadDispatcher
from clubdesk.web.runner import WebServer

PASSWORD = "table-pass"


@pytest.fixture
def club(store, admin):
    c = Club(store)
    for login, name, roles in (("orlov", "Пётр Орлов", ("referee",)), ("vera", "Вера Ким", ("referee",)),
                               ("maestro", "Антон Маестров", ("host",)), ("tv", "Табло", ("display",))):
        c.accounts.create_account(admin, login, PASSWORD, roles, name)
    return c


@pytest.fixture
def pair(club, admin):
    a = club.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = club.players.add(admin, PlayerData("Сокол Анна", "Сова"))
    return a.id, b.id


@pytest.fixture
def match(club, admin, pair):
    """A Пирамидка match whose referee is Пётр Орлов (his account's display name): his scope."""
    return MatchService.of(club).create(admin, *pair, table="Стол 5", referee_login="orlov")


@pytest.fixture
def zhuk_table(club, admin):
    ids = [club.players.add(admin, PlayerData(f"Игрок Стола{i}")).id for i in range(4)]
    svc = TournamentService(club.store, club.games)
    tid = svc.create(admin, "Тест", ids)
    svc.draw_stage(admin, tid, seed=99)
    (t,) = svc.start_round(admin, svc.stages(tid)[0].rounds[0].id)
    return t


MAFIA_NAMES = ["Алый", "Бриз", "Вереск", "Гранит", "Дюна", "Ель", "Жасмин", "Зной", "Ирис", "Клён"]


@pytest.fixture
def mafia_game(club, admin):
    """The first game of the evening «Пятница» at table 1: ten registry players, their nicknames the board names."""
    import datetime as dt

    from clubdesk.services.evenings import EveningService

    ids = [club.players.add(admin, PlayerData(f"Игрок {n}", nickname=n)).id for n in MAFIA_NAMES]
    svc = EveningService(club.store, club.games, club.players)
    evening = svc.create(admin, dt.date(2026, 12, 5), None, name="Пятница").id
    return svc.start_game(admin, evening, 1, 1, ids)


@pytest.fixture
def server(club):
    dispatcher = ThreadDispatcher()
    notified: list[str] = []
    srv = WebServer(club, dispatcher, "127.0.0.1", 0, "ru", on_notify=notified.append)
    srv.notified = notified
    srv.start()
    yield srv
    srv.stop()
    dispatcher.close()


class Client:
    """One phone: its cookies, its CSRF token; `get`/`post` return (status, json-or-text, headers)."""

    def __init__(self, server: WebServer) -> None:
        self.server, self.cookies, self.csrf = server, {}, None

    def request(self, method: str, path: str, body=None, headers=None, raw: bytes | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        h = {"Host": f"127.0.0.1:{self.server.port}", **(headers or {})}
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
            if self.csrf and "X-CSRF-Token" not in h:
                h["X-CSRF-Token"] = self.csrf
        conn.request(method, path, body=data, headers=h)
        r = conn.getresponse()
        text = r.read().decode()
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, value = v.split(";", 1)[0].split("=", 1)
                if "Max-Age=0" in v or 'expires=Thu, 01 Jan 1970' in v or value in ('""', ""):
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = value
        conn.close()
        try:
            payload = json.loads(text)
        except ValueError:
            payload = text
        return r.status, payload, dict(r.getheaders())

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body, **kw):
        return self.request("POST", path, body, **kw)

    def pair(self):
        url = self.server.pair_url()
        status, _, _ = self.get(url.split(str(self.server.port), 1)[1])
        assert status == 303
        return url

    def login(self, login="orlov", password=PASSWORD):
        self.pair()
        status, me, _ = self.post("/api/login", {"login": login, "password": password})
        assert status == 200, me
        self.csrf = me["csrf"]
        return me


@pytest.fixture
def phone(server):
    return Client(server)


@pytest.fixture
def make_phone(server):
    return lambda: Client(server)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium under Playwright, one per test module (tests/web/browser.py)."""
    from tests.web.browser import CHROMIUM_ARGS, need_browser

    sync_playwright, exe = need_browser()
    with sync_playwright() as pw:
        # a bound on a hang (Playwright's own is 30 s): Chromium starting beside a loaded suite takes its time
        b = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True, timeout=120_000)
        yield b
        b.close()


@pytest.fixture
def new_phone(browser, server):
    """A fresh phone (its own cookies) at 390×844; its page."""
    from tests.web.browser import PHONE

    contexts = []

    def make():
        ctx = browser.new_context(**PHONE, locale="ru-RU")
        ctx.set_default_timeout(20_000)  # a bound on a hang, not a pause: a loaded machine is slow
        contexts.append(ctx)
        return ctx.new_page()
    yield make
    for ctx in contexts:
        ctx.close()
