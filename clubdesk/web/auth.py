"""Pairing tokens, paired devices, sessions and CSRF tokens of the table page.

Why a pairing token before the login: the page is served on the club's LAN over plain HTTP, so the QR code on the
desk's screen is what proves a phone stands in the room. A token is one-time and short-lived; a phone that used
one holds a device cookie for a working day and logs in with the desk's accounts (the same login guard). A
session is a random cookie (HttpOnly, SameSite=Strict) bound to that device, one per device; every POST carries
the session's CSRF token in a header, and every request spends from the session's budget (RATE).

The paired devices outlive a restart of the desk (web/devices.py keeps a one-way digest of each cookie, its end and
its wrong logins in the store); tokens and sessions are kept in memory only: after a restart a phone logs in again.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from clubdesk.roles import Actor
from clubdesk.web.devices import DeviceBook

PAIR_TTL_S = 5 * 60.0  # the QR on the desk's screen: long enough to walk to the table, short enough to go stale
DEVICE_TTL_S = 14 * 3600.0  # a paired phone logs in again without a new QR for a working day
SESSION_IDLE_S = 4 * 3600.0  # a phone left on the table logs out after this long without a request
MAX_DEVICES = MAX_SESSIONS = 200  # one session per device (open_session)
# A session's requests, each a call on the desk's GUI thread: RATE a second on average, BURST at once (a page opening
# a game asks four things; a referee taps a few shots a second at most). A script looping on the API used to take
# 2000 calls a second off the GUI thread.
RATE, BURST = 20.0, 60.0
# Wrong logins from one paired phone: the login guard (per login and phone, see device_tag) slows guesses at one name,
# not one password tried at every name; after this many the phone is unpaired and needs a new QR code from the desk (a
# referee never gets near it).
DEVICE_FAILURES = 20


@dataclass
class Session:
    id: str
    actor: Actor
    name: str  # the account's display name: a game's referee field names him
    device: str  # device_key of the phone's device cookie
    csrf: str
    seen: float
    lang: str = "ru"
    stamp: str = ""  # the account's password hash at login: a new password (set at the desk) ends the session
    idem: dict[str, tuple[int, dict]] = field(default_factory=dict)  # idempotency key → the answer given
    budget: float = BURST  # requests it may make now (refilled at RATE a second up to BURST)
    spent_at: float = 0.0


class Pairing:
    """Tokens, devices and sessions; every method is thread-safe (the desk's thread makes tokens).

    Once given a book (recall) the devices are remembered in the store: every change of a device (paired, a wrong
    login, unpaired) is written before it is answered. `clock` (monotonic) times the tokens, sessions and budgets;
    `wall` the devices, whose end must mean the same after a reboot."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, wall: Callable[[], float] = time.time) -> None:
        self.clock, self.wall = clock, wall
        self.book: DeviceBook | None = None
        self._lock = threading.Lock()
        # Changes of the devices one at a time, each with its write: what is stored is what memory holds. Apart from
        # _lock, so a request checking its device never waits for the disk.
        self._book_lock = threading.Lock()
        self._tokens: dict[str, float] = {}  # token → expiry
        self._used: dict[str, float] = {}  # spent tokens, so a replay is told apart from a typo
        self._devices: dict[str, float] = {}  # device_key → the wall-clock end of its pairing
        self._failures: dict[str, int] = {}  # device_key → its wrong logins
        self._sessions: dict[str, Session] = {}

    def recall(self, book: DeviceBook) -> None:
        """The pairings remembered in `book` and still running, and every change remembered there from now on:
        before serving, so a phone paired before a restart of the desk gets the login, not «scan a QR code»."""
        with self._book_lock:
            self.book = book
            kept = book.recall(self.wall(), MAX_DEVICES)
            with self._lock:
                for key, (until, wrong) in kept.items():
                    self._devices[key] = until
                    if wrong:
                        self._failures[key] = wrong

    # ---- pairing ------------------------------------------------------------------------------
    def new_token(self) -> str:
        """A fresh one-time token for the QR code; older unused ones stay valid until they expire."""
        token = secrets.token_urlsafe(18)
        with self._lock:
            self._prune()
            self._tokens[token] = self.clock() + PAIR_TTL_S
        return token

    def redeem(self, token: str) -> tuple[str | None, str]:
        """(device cookie, "") for a valid token, used up now; (None, why) — "used", "expired" or "unknown".
        Blocks for the store's write: call it off the event loop."""
        with self._book_lock:
            with self._lock:
                self._prune()
                now = self.clock()
                expiry = self._tokens.pop(token, None)
                if expiry is None:
                    return None, ("used" if token in self._used else "unknown")
                self._used[token] = now + PAIR_TTL_S * 4
                if expiry < now:
                    return None, "expired"
                device = secrets.token_urlsafe(24)
                key, wall = device_key(device), self.wall()
                gone = [k for k, until in self._devices.items() if until <= wall]  # ended: their rows go too
                self._devices[key] = wall + DEVICE_TTL_S
                if len(self._devices) - len(gone) > MAX_DEVICES:
                    # the room is full: a device nobody is logged in on goes first, a phone in use only after them
                    in_use = {s.device for s in self._sessions.values()}
                    live = [d for d in self._devices if d not in gone and d != key]
                    idle = [d for d in live if d not in in_use]
                    gone.append(min(idle or live, key=self._devices.get))
                before = {k: (self._devices.pop(k), self._failures.pop(k, 0)) for k in gone}
            try:
                if self.book is not None:
                    self.book.pair(key, wall + DEVICE_TTL_S, gone)
            except BaseException:  # not remembered, not paired: the same code pairs once the store takes it
                with self._lock:
                    self._devices.pop(key, None)
                    for k, (until, wrong) in before.items():
                        self._devices[k] = until
                        if wrong:
                            self._failures[k] = wrong
                    self._tokens[token] = expiry
                    self._used.pop(token, None)
                raise
            return device, ""

    def token_state(self, token: str) -> str:
        """What the desk shows for its QR code: "fresh" (it pairs a phone), "used" (a phone scanned it) or "expired"
        (also one pruned or spent by «Отвязать все телефоны»): the desk takes off a code a phone would be refused on."""
        with self._lock:
            expiry = self._tokens.get(token)
            if expiry is not None:
                return "fresh" if expiry >= self.clock() else "expired"
            return "used" if token in self._used else "expired"

    def paired_count(self) -> int:
        """The phones paired now (the desk says how many)."""
        with self._lock:
            wall = self.wall()
            return sum(1 for until in self._devices.values() if until > wall)

    def device_ok(self, device: str | None) -> bool:
        if not device:
            return False
        key = device_key(device)
        with self._lock:
            return self._devices.get(key, 0) > self.wall()

    def login_failed(self, device: str) -> None:
        """One more wrong login from this device; at DEVICE_FAILURES it is unpaired, its sessions end. Blocks for the
        store's write: call it off the event loop."""
        key = device_key(device)
        with self._book_lock:
            with self._lock:
                if key not in self._devices:
                    return  # unpaired meanwhile
                n = self._failures[key] = self._failures.get(key, 0) + 1
                until = self._devices[key]
                if n >= DEVICE_FAILURES:
                    self._devices.pop(key, None)
                    self._failures.pop(key, None)
                    for sid in [k for k, s in self._sessions.items() if s.device == key]:
                        del self._sessions[sid]
            if self.book is None:
                return
            if n >= DEVICE_FAILURES:
                self.book.forget([key])
            else:
                self.book.count(key, until, n)

    def unpair_all(self) -> None:
        """Every phone unpaired, its session ended, every QR code shown so far spent (the desk's «Отвязать все
        телефоны», for a lost phone): each needs a new QR code, also after a restart."""
        with self._book_lock:
            with self._lock:
                self._devices.clear()
                self._failures.clear()
                self._sessions.clear()
                now = self.clock()
                self._used.update(dict.fromkeys(self._tokens, now + PAIR_TTL_S * 4))
                self._tokens.clear()
            if self.book is not None:
                self.book.forget_all()

    # ---- sessions -----------------------------------------------------------------------------
    def open_session(self, device: str, actor: Actor, name: str, lang: str, stamp: str = "") -> Session:
        """A new session on this device, which ends the device's earlier one: a browser holds one session cookie, so
        sessions never outnumber the paired devices, and logging in again and again from one phone cannot push
        the other phones' sessions out of MAX_SESSIONS (it did: the least recently used one went first)."""
        key = device_key(device)
        with self._lock:
            self._prune()
            for sid in [k for k, old in self._sessions.items() if old.device == key]:
                del self._sessions[sid]
            s = Session(secrets.token_urlsafe(32), actor, name, key, secrets.token_urlsafe(24), self.clock(), lang,
                        stamp)
            self._sessions[s.id] = s
            if len(self._sessions) > MAX_SESSIONS:
                self._sessions.pop(min(self._sessions, key=lambda k: self._sessions[k].seen))
            return s

    def session(self, sid: str | None, device: str | None) -> Session | None:
        """The live session of this cookie on this device, touched; None when absent, expired or moved."""
        if not sid or not device:
            return None
        key = device_key(device)
        with self._lock:
            s = self._sessions.get(sid)
            now = self.clock()
            if s is None or s.device != key or now - s.seen > SESSION_IDLE_S or self._devices.get(key, 0) < self.wall():
                self._sessions.pop(sid, None)
                return None
            s.seen = now
            return s

    def sessions_open(self) -> int:
        """Phones logged in now (sessions not idle past SESSION_IDLE_S): what closing the desk cuts off."""
        with self._lock:
            now = self.clock()
            return sum(1 for s in self._sessions.values() if now - s.seen <= SESSION_IDLE_S)

    def spend(self, s: Session) -> bool:
        """One request of this session, if its budget holds one (see RATE); False: refuse it, nothing else done."""
        with self._lock:
            now = self.clock()
            s.budget = min(BURST, s.budget + (now - s.spent_at) * RATE)
            s.spent_at = now
            if s.budget < 1:
                return False
            s.budget -= 1
            return True

    def close_session(self, sid: str | None) -> None:
        with self._lock:
            self._sessions.pop(sid or "", None)

    def close_account(self, account_id: str) -> None:
        """Every session of an account (disabled at the desk)."""
        with self._lock:
            for sid in [k for k, s in self._sessions.items() if s.actor.account_id == account_id]:
                del self._sessions[sid]

    def _prune(self) -> None:
        """Spent and stale tokens. Ended devices are dropped by redeem(), which writes their removal too (they are
        refused meanwhile: device_ok and session() check the end)."""
        now = self.clock()
        for d in (self._tokens, self._used):
            for k in [k for k, exp in d.items() if exp < now - (PAIR_TTL_S if d is self._tokens else 0)]:
                del d[k]


def device_key(device: str) -> str:
    """The phone in the pairing (in memory and in its stored row, web/devices.py): a one-way digest of the device
    cookie, so the database file, copied into backups and a club's cloud folder, never holds the cookie that pairs a
    phone. As long as the cookie's own 192 bits, so nobody can make a cookie to match a stored digest."""
    return hashlib.blake2s(device.encode("utf-8", "surrogatepass"), digest_size=24).hexdigest()


def device_tag(device: str) -> str:
    """The phone in the login guard's stored count of wrong passwords (server.py's login): a one-way digest, so the
    database file never holds the device cookie that logs a phone in."""
    return hashlib.blake2s(device.encode(), digest_size=9).hexdigest()


def same(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two tokens (a missing one never matches)."""
    return bool(a) and bool(b) and secrets.compare_digest(a, b)
