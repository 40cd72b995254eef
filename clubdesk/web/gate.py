"""What the table page lets in: who may ask, and what a request may hold; each refusal in one line of the page's
language.

Every request but the static files and /pair needs the pairing's device cookie; the API needs a session too, and
every POST the session's CSRF token in `X-CSRF-Token` (a cross-site form cannot set a header; the cookies are
SameSite=Strict besides). The Host header must name the address served (a DNS-rebinding page cannot reach it).
A body is JSON of at most MAX_BODY bytes.
"""

from __future__ import annotations

import asyncio
import json
import logging

from aiohttp import web

from clubdesk.errors import KnownError
from clubdesk.web import limits
from clubdesk.web.auth import Pairing, Session, same
from clubdesk.web.streams import dumps

log = logging.getLogger(__name__)

MAX_BODY = 16 * 1024
DEVICE, SESSION = "cd_device", "cd_session"

WORDS = {
    "no_session": ("Войдите снова: сеанс закончился.", "Log in again: the session has ended."),
    # a paired phone that never had a session (its first visit, or logged out): no «again», nothing ended
    "log_in": ("Войдите.", "Log in."),
    # said to a phone and to the hall's TV alike (issue 38 item 11): a TV opens the link under the code
    "not_paired": ("Это устройство не связано со стойкой: отсканируйте QR-код на странице «Столы» или откройте "
                   "ссылку под ним.",
                   "This device is not paired with the desk: scan the QR code on the Live tables page, or open the "
                   "link below it."),
    "csrf": ("Запрос отклонён: нет подтверждения страницы. Обновите страницу.",
             "Request refused: the page's token is missing. Reload the page."),
    "bad_request": ("Запрос не понят.", "The request was not understood."),
    "slow": ("Запрос шёл слишком медленно. Повторите.", "The request arrived too slowly. Try again."),
    "too_large": ("Запрос слишком большой.", "The request is too large."),
    "bad_host": ("Адрес не тот, что показан на стойке.", "Not the address the desk shows."),
    "used": ("Этот QR-код уже использован. Покажите новый на стойке (страница «Столы»).",
             "This QR code was used already. Show a new one at the desk (the Live tables page)."),
    "expired": ("Срок этого QR-кода истёк. Покажите новый на стойке (страница «Столы»).",
                "This QR code has expired. Show a new one at the desk (the Live tables page)."),
    "unknown": ("QR-код не распознан. Покажите новый на стойке (страница «Столы»).",
                "The QR code is not known. Show a new one at the desk (the Live tables page)."),
    "too_fast": ("Слишком много запросов с этого устройства: подождите секунду.",
                 "Too many requests from this device: wait a second."),
    # a live stream refused: the page asks again by itself (resources/web/live.js), nothing to reload
    "busy": ("Стойка занята: слишком много открытых страниц. Обновления придут позже.",
             "The desk is busy: too many pages are open. Updates will come later."),
    "bug": ("Ошибка программы; она записана в журнал стойки.", "A program error; it is written to the desk's log."),
}


class Gate:
    """The checks every handler of the table page makes; `hosts` are the Host header values accepted."""

    def __init__(self, store, pairing: Pairing, lang: str, hosts: set[str]) -> None:
        self.store, self.pairing, self.lang, self.hosts = store, pairing, lang, hosts

    def word(self, code: str) -> str:
        ru, en = WORDS[code]
        return en if self.lang == "en" else ru

    def refuse(self, status: int, code: str, message: str | None = None, **extra) -> web.Response:
        return web.json_response({"error": message or self.word(code), "code": code, **extra}, status=status,
                                 dumps=dumps)

    @web.middleware
    async def guard(self, request: web.Request, handler):
        if request.host not in self.hosts:
            return self.refuse(421, "bad_host")
        try:
            response = await handler(request)
        except web.HTTPRequestEntityTooLarge:
            return self.refuse(413, "too_large")
        except web.HTTPException:
            raise
        except KnownError as exc:
            return self.refuse({"stale": 409, "permission_denied": 403, "desk_busy": 503}.get(exc.code, 422),
                               exc.code, exc.message(self.lang))
        except Exception:  # a bug: logged with its traceback, the page gets one line
            log.exception("table page: %s %s", request.method, request.path)
            return self.refuse(500, "bug")
        h = response.headers
        h.setdefault("Cache-Control", "no-store")
        h["X-Content-Type-Options"] = "nosniff"
        h["Referrer-Policy"] = "no-referrer"
        h["X-Frame-Options"] = "DENY"
        h["Content-Security-Policy"] = ("default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                        "frame-ancestors 'none'; form-action 'self'")
        return response

    def session(self, request: web.Request) -> Session | None:
        s = self.pairing.session(request.cookies.get(SESSION), request.cookies.get(DEVICE))
        return s if s is None else self._current(s)

    def _current(self, s: Session) -> Session | None:
        """The session with its account as the desk keeps it now: an account disabled or given a new password at
        the desk loses its phones at their next request, and a role taken away is gone from the next one (a
        session used to keep the rights of its login for hours). One indexed row read."""
        rows = self.store.read("SELECT active, roles, password_hash, display_name FROM accounts WHERE id = ?",
                               (s.actor.account_id,))
        if not rows or not rows[0][0] or rows[0][2] != s.stamp:
            self.pairing.close_session(s.id)
            return None
        roles = frozenset(rows[0][1].split())
        if roles != s.actor.roles:
            s.actor = s.actor._replace(roles=roles)
        s.name = rows[0][3] or s.actor.login  # the scope matches the name: a renamed account keeps no old table
        return s

    def still(self, request: web.Request, s: Session) -> bool:
        """Whether the session a live stream was opened with is still this request's (a stream being watched counts
        as the phone's activity, as a request does)."""
        return self.session(request) is s

    def need(self, request: web.Request, post: bool = False) -> Session | web.Response:
        """The request's session (and, for a POST, its CSRF token checked), or the refusal to send."""
        s = self.session(request)
        if s is None:
            if not self.pairing.device_ok(request.cookies.get(DEVICE)):
                return self.refuse(401, "not_paired")
            ended = bool(request.cookies.get(SESSION))  # issue 38 item 4: a first visit is told no session ended
            return self.refuse(401, "no_session", None if ended else self.word("log_in"), ended=ended)
        if post and not same(request.headers.get("X-CSRF-Token"), s.csrf):
            return self.refuse(403, "csrf")
        if not self.pairing.spend(s):
            return self.refuse(429, "too_fast")
        return s

    async def body(self, request: web.Request) -> dict | None:
        if request.content_type != "application/json":
            return None
        try:
            # a body trickled a byte at a time would hold the connection (and a login's device) for as long as it
            # likes: a phone sends its 16 KB at most within BODY_S even on poor Wi-Fi
            body = json.loads(await asyncio.wait_for(request.read(), limits.BODY_S), parse_constant=_no_constant,
                              parse_float=_finite)
        except TimeoutError:
            raise web.HTTPRequestTimeout(text=dumps({"error": self.word("slow"), "code": "slow"}),
                                         content_type="application/json", headers={"Connection": "close"}) from None
        except (ValueError, UnicodeDecodeError, RecursionError):  # 16 KB of "[[[…" nests deeper than Python's stack
            return None
        return body if isinstance(body, dict) else None


def _no_constant(name: str):
    """NaN and ±Infinity are no JSON (Python's json reads them): a body holding one is not understood."""
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)  # 1e999 reads as infinity
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is out of range")
    return value
