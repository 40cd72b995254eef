"""The table page's HTTP server (aiohttp): static files, pairing, login, the JSON API and the live stream.

What a request must carry to be let in is clubdesk/web/gate.py; the live streams are clubdesk/web/streams.py (capped
per session and in all). A tapped shot carries an idempotency key: the same key again (a retry on flaky Wi-Fi) gets
the first answer and records nothing more.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Callable
from pathlib import Path

from aiohttp import web

from clubdesk.errors import KnownError
from clubdesk.resources import resource_path
from clubdesk.web import dispatch
from clubdesk.web.auth import DEVICE_TTL_S, Pairing, Session, device_tag
from clubdesk.web.gate import DEVICE, MAX_BODY, SESSION, Gate
from clubdesk.web.streams import Changes, Streams, dumps
from clubdesk.web.tables import TableDesk

IDEM_KEPT = 256  # answers remembered per session (a referee's last few hundred taps)
STATIC = {"app.js": "text/javascript", "mafia.js": "text/javascript", "live.js": "text/javascript",
          "app.css": "text/css", "board.js": "text/javascript", "icon.svg": "image/svg+xml"}
PAGES = {"/": "index.html", "/board": "board.html"}
_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")

class TablePage:
    """The aiohttp application over one club; `hosts` are the Host header values accepted."""

    def __init__(self, club, dispatcher: dispatch.Dispatcher, pairing: Pairing, lang: str, hosts: set[str],
                 on_notify: Callable[[str], None] | None = None) -> None:
        self.club, self.dispatcher, self.pairing = club, dispatcher, pairing
        self.gate = Gate(club.store, pairing, lang, hosts)
        self.on_notify = on_notify or (lambda _gid: None)
        self.changes: Changes | None = None
        self.streams: Streams | None = None
        self._logging_in: set[str] = set()  # devices whose login is being checked now
        self.desk = TableDesk(club, self._notified)
        self.web_dir = resource_path("web")

    @property
    def lang(self) -> str:
        """The language of the pages and of the refusals (the gate's: one for both)."""
        return self.gate.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.gate.lang = lang

    def _notified(self, game_id: str) -> None:
        self.on_notify(game_id)  # the desk's windows
        if self.changes is not None:
            self.changes.notify(game_id)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self.gate.guard])
        r = app.router
        for path in PAGES:
            r.add_get(path, self.page)
        r.add_get("/static/{name}", self.static)
        r.add_get("/pair", self.pair)
        r.add_post("/api/login", self.login)
        r.add_post("/api/logout", self.logout)
        r.add_get("/api/me", self.me)
        r.add_get("/api/games", self.games)
        r.add_get("/api/games/{id}", self.game)
        r.add_get("/api/games/{id}/live", self.live)
        r.add_get("/api/board/live", self.board_live)
        r.add_post("/api/games/{id}/shot", self.shot)
        r.add_post("/api/games/{id}/undo", self.undo)
        r.add_post("/api/games/{id}/act", self.act)
        r.add_get("/api/games/{id}/roles", self.roles)
        r.add_get("/api/mafia/clauses", self.clauses)
        app.on_startup.append(self._started)
        return app

    async def _started(self, _app) -> None:
        self.changes = Changes(asyncio.get_running_loop())
        self.streams = Streams(self.changes, self.call)

    async def call(self, fn):
        return await dispatch.run(self.dispatcher, fn)

    # ---- pages --------------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        html = (self.web_dir / PAGES[request.path]).read_text(encoding="utf-8")
        return web.Response(text=html.replace("{{lang}}", self.lang), content_type="text/html")

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=Path(self.web_dir / name).read_bytes(), content_type=STATIC[name],
                            headers={"Cache-Control": "no-cache"})

    async def pair(self, request: web.Request) -> web.Response:
        # off the event loop: the pairing is written to the store (remembered across a restart of the desk)
        try:
            device, why = await asyncio.get_running_loop().run_in_executor(None, self.pairing.redeem,
                                                                           request.query.get("t", ""))
        except KnownError as exc:  # the store did not take it: nothing paired, the same code works again later
            return self._refused(exc.message(self.lang), 503)
        if device is None:
            return self._refused(self.gate.word(why), 403)
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(DEVICE, device, max_age=int(DEVICE_TTL_S), httponly=True, samesite="Strict", path="/")
        return response

    def _refused(self, message: str, status: int) -> web.Response:
        """The page a phone's camera opened, refused in one line (a pairing link is opened, not fetched by app.js)."""
        page = (self.web_dir / "refused.html").read_text(encoding="utf-8")
        return web.Response(text=page.replace("{{lang}}", self.lang).replace("{{message}}", html.escape(message)),
                            content_type="text/html", status=status)

    # ---- login --------------------------------------------------------------------------------
    async def login(self, request: web.Request) -> web.Response:
        device = request.cookies.get(DEVICE)
        if not self.pairing.device_ok(device):
            return self.gate.refuse(401, "not_paired")
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            return self.gate.refuse(403, "csrf")
        body = await self.gate.body(request)
        if body is None or not isinstance(body.get("login"), str) or not isinstance(body.get("password"), str):
            return self.gate.refuse(400, "bad_request")
        accounts = self.club.accounts
        # The wrong passwords typed here count per login *and phone*, apart from the desk's own: counted per login,
        # anybody at a paired phone locked the Mafia host's (or the administrator's) own phone out of his login by
        # typing wrong passwords for it. A phone now locks only itself. What that gives a guesser is bounded by the
        # phones he holds, and each needs a one-time QR code from the desk's screen, good for five minutes; a phone
        # is unpaired after 20 wrong logins (auth.DEVICE_FAILURES), so one code buys at most 20 guesses, 10 of them at
        # one login in 15 minutes (the guard's waits and lock, services/accounts.py).
        channel = f"web\n{device_tag(device)}"

        def check():
            from clubdesk.services.scopes import display_name
            try:
                actor = accounts.login(body["login"], body["password"], channel=channel)
            except KnownError as exc:
                if exc.code == "login_failed":  # enough of them and the phone must scan a new QR code (a write)
                    self.pairing.login_failed(device)
                raise
            stamp = self.club.store.read("SELECT password_hash FROM accounts WHERE id = ?", (actor.account_id,))
            return actor, display_name(self.club.store, actor), stamp[0][0] if stamp else ""
        # the password hash takes ~0.2 s of a core: in a thread of its own, never on the desk's GUI thread, and one at
        # a time per phone, so a script guessing names in parallel cannot take every core of the desk's PC
        if device in self._logging_in:
            return self.gate.refuse(429, "too_fast")
        self._logging_in.add(device)
        try:
            actor, name, stamp = await asyncio.get_running_loop().run_in_executor(None, check)
        finally:
            self._logging_in.discard(device)
        s = self.pairing.open_session(device, actor, name, self.lang, stamp)
        response = web.json_response(self._me(s), dumps=dumps)
        response.set_cookie(SESSION, s.id, httponly=True, samesite="Strict", path="/")
        return response

    async def logout(self, request: web.Request) -> web.Response:
        s = self.gate.need(request, post=True)
        if isinstance(s, web.Response):
            return s
        self.pairing.close_session(s.id)
        response = web.json_response({"ok": True})
        response.del_cookie(SESSION, path="/")
        return response

    def _me(self, s: Session) -> dict:
        return {"login": s.actor.login, "name": s.name, "roles": sorted(s.actor.roles), "csrf": s.csrf,
                "lang": s.lang}

    async def me(self, request: web.Request) -> web.Response:
        s = self.gate.need(request)
        return s if isinstance(s, web.Response) else web.json_response(self._me(s), dumps=dumps)

    # ---- games --------------------------------------------------------------------------------
    async def games(self, request: web.Request) -> web.Response:
        s = self.gate.need(request)
        if isinstance(s, web.Response):
            return s
        rows = await self.call(lambda: self.desk.running(s.actor, s.name))
        return web.json_response({"games": rows}, dumps=dumps)

    async def game(self, request: web.Request) -> web.Response:
        s = self.gate.need(request)
        if isinstance(s, web.Response):
            return s
        gid = request.match_info["id"]
        return web.json_response(await self.call(lambda: self.desk.view(gid)), dumps=dumps)

    async def shot(self, request: web.Request) -> web.Response:
        return await self._write(request, self.desk.shot)

    async def undo(self, request: web.Request) -> web.Response:
        return await self._write(request, self.desk.undo)

    async def act(self, request: web.Request) -> web.Response:
        """A Mafia host's action (web/mafia.py): the same checks, key and answers as a tapped shot."""
        return await self._write(request, self.desk.act)

    async def roles(self, request: web.Request) -> web.Response:
        """The roles, for the game's host while he holds «Роли»: never stored by the browser or a proxy, and asked
        with the CSRF token like a POST, so another page cannot make the phone fetch them."""
        s = self.gate.need(request, post=True)
        if isinstance(s, web.Response):
            return s
        gid = request.match_info["id"]
        data = await self.call(lambda: self.desk.roles(s.actor, s.name, gid))
        return web.json_response(data, dumps=dumps, headers={"Cache-Control": "no-store, max-age=0",
                                                              "Pragma": "no-cache"})

    async def clauses(self, request: web.Request) -> web.Response:
        s = self.gate.need(request)
        if isinstance(s, web.Response):
            return s
        from clubdesk.web.mafia import clauses
        return web.json_response({"clauses": clauses(s.lang)}, dumps=dumps, headers={"Cache-Control": "no-cache"})

    async def _write(self, request: web.Request, action) -> web.Response:
        s = self.gate.need(request, post=True)
        if isinstance(s, web.Response):
            return s
        body = await self.gate.body(request)
        key = body.get("key") if body is not None else None
        if body is None or not isinstance(key, str) or not _KEY.match(key):
            return self.gate.refuse(400, "bad_request")
        gid = request.match_info["id"]

        def work() -> tuple[int, dict]:
            # on the services' thread, so a retry arriving while the first try is stored waits for its answer
            done = s.idem.get(key)
            if done is not None:
                return done
            try:
                answer = (200, action(s.actor, s.name, gid, body))
            except KnownError as exc:
                extra = {}
                if exc.code in ("stale", "event_refused", "seq_clash"):
                    extra["game"] = self.desk.view(gid)  # the log as stored: the page shows it at once
                answer = (409 if exc.code in ("stale", "seq_clash") else 403 if exc.code == "permission_denied"
                          else 422, {"error": exc.message(self.lang), "code": exc.code, **extra})
            if answer[0] != 403:  # a refusal of rights is not remembered: the desk may grant them meanwhile
                s.idem[key] = answer
                while len(s.idem) > IDEM_KEPT:
                    s.idem.pop(next(iter(s.idem)))
            return answer
        status, payload = await self.call(work)
        return web.json_response(payload, status=status, dumps=dumps)

    # ---- live streams -------------------------------------------------------------------------
    async def live(self, request: web.Request) -> web.StreamResponse:
        s = self.gate.need(request)
        if isinstance(s, web.Response):
            return s
        gid = request.match_info["id"]
        return await self.streams.serve(request, s.id, gid, lambda polled: self.desk.view(gid, catch_up=polled),
                                        lambda: self.gate.refuse(503, "busy"), lambda: self.gate.still(request, s))

    async def board_live(self, request: web.Request) -> web.StreamResponse:
        """The hall scoreboard: every running table's names and score; never a role, never a private field."""
        s = self.gate.need(request)
        if isinstance(s, web.Response):
            return s
        return await self.streams.serve(request, s.id, "*", lambda _polled: self.desk.board(),
                                        lambda: self.gate.refuse(503, "busy"), lambda: self.gate.still(request, s))

