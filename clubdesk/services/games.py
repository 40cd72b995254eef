"""Recording games: validate with the engine, commit the event, then update what is shown.

The stored log is the single source of truth. Undo never deletes: it appends a `void` event that
names the event it cancels; the engine state is the replay of the events nobody voided.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from clubdesk.errors import KnownError, PermissionDenied, SeqClash, ValidationError
from clubdesk.rules.errors import RuleError, one_line
from clubdesk.rules.record import FORMAT
from clubdesk.rules.registry import engine_module
from clubdesk.services.accounts import Actor, require
from clubdesk.services.cancellation import CancelRefused, refusal
from clubdesk.services.pyramid_bouts import counted_in_bout
from clubdesk.services.table_guard import refuse_second_game
from clubdesk.services.tournaments_data import result_used_by
from clubdesk.store import projections
from clubdesk.store.db import Store
from clubdesk.store.ids import uuid7
from clubdesk.store.models import Event, Game, canonical_json
from clubdesk.store.projections import CANCEL, VOID, is_cancelled, is_finished
from clubdesk.store.projections import replay as _replay
from clubdesk.store.uow import UnitOfWork, append_event

RECORDER_ROLES = ("referee", "host", "desk")
# Who records and undoes each game (admin always may): a referee (маркер) scores billiards, a host runs Mafia.
GAME_ROLES = {"zhuk": ("referee", "desk"), "pyramid100": ("referee", "desk"), "mafia": ("host", "desk"),
              "pyramid100_bracket": ("referee", "desk")}
# A finished game is a result others read (protocols, ratings, the next draw): only the desk corrects it, with a reason.
CORRECTION_ROLES = ("desk",)
# A game created by mistake is cancelled by the desk's administrator (services/cancellation.py).
CANCEL_ROLES = ("desk",)


SECRET_REMOVAL = ("Удаление по п. 5.5 записывает только ведущий игры (M-16).",
                  "Only the game's host records a removal under M§5.5 (M-16).")


def is_secret_removal(obj: dict) -> bool:
    """A removal under M§5.5 (the Don or the Sheriff not going to sleep): its clause tells the seat's role, so only
    the game's host (or the administrator) records it (M-16); the phone's scope check makes him the game's."""
    return isinstance(obj, dict) and obj.get("type") == "removal" and obj.get("clause") == "5.5"


def recorders(game: str) -> tuple[str, ...]:
    return GAME_ROLES.get(game, RECORDER_ROLES)  # an engine not listed (a test's) is open to every recorder


def refusal_text(rule: RuleError, names: dict[str, str] | None = None, lang: str = "ru") -> str:
    """The engine's refusal as people read it: its sentence with the rule's clause once at the end, and the player
    ids the engine knows replaced by the players' names (an id is never shown)."""
    text = rule.en if lang == "en" else rule.ru
    for pid, name in sorted((names or {}).items(), key=lambda kv: -len(kv[0])):
        text = text.replace(pid, name)  # before one_line cuts quoted values: an id is replaced whole
    return one_line(f"{text} ({rule.clause})" if rule.clause else text)


class EventRefused(KnownError):
    """The engine refused an event: nothing was stored; `rule` has the code and clause. The message names the
    players (`names`: id → name), never their ids."""

    code = "event_refused"

    def __init__(self, rule: RuleError, names: dict[str, str] | None = None) -> None:
        super().__init__(refusal_text(rule, names, "ru"), refusal_text(rule, names, "en"))
        self.rule = rule


class NothingToUndo(KnownError):
    code = "nothing_to_undo"


class GameReadOnly(KnownError):
    """This desk may show the game but not record in it (another desk owns it, or it needs a newer ClubDesk)."""

    code = "game_read_only"


NEEDS_NEWER = ("В игре есть события более новой версии ClubDesk: она открыта только для просмотра. Обновите программу.",
               "The game holds events of a newer ClubDesk: it is open read-only. Update the program.")


@dataclass
class _Live:
    engine: Any
    module: Any  # the engine module (parse_event, event_to_json)
    game: str  # zhuk | pyramid100 | mafia: who may record it (GAME_ROLES)
    seq: int  # last stored seq (void events included)
    effective: list[tuple[int, dict]]  # (seq, event json) of the events the engine has applied
    finished: bool  # what Game.status says, so it is written only when it changes
    owner: str = ""  # Game.owner_desk_id: only that desk records (docs/sync.md «Games»); "" = made before 0007
    needs_newer: bool = False  # an event type this ClubDesk does not know: replayed up to it, read-only
    cancelled: bool = False  # cancelled as created by mistake (services/cancellation.py): read-only for good
    _state: dict | None = None

    @property
    def state(self) -> dict:
        """The engine's state, computed once per change (callers treat it as read-only)."""
        if self._state is None:
            self._state = self.engine.state()
        return self._state

    def changed(self) -> None:
        self._state = None


def rederive_games(store: Store, game_ids: set[str]) -> None:
    """After a conflict action changed these games' events: status and projection are rebuilt, and every
    GameService forgets them (`projections.rederive`; the sync's apply calls that itself)."""
    projections.rederive(store, game_ids)


class GameService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: dict[str, _Live] = {}
        projections.watch(self)  # told to forget the games a sync or a conflict action rebuilt

    def forget(self, game_ids: set[str]) -> None:
        for gid in game_ids:
            self._live.pop(gid, None)

    def create(self, actor: Actor, game: str, players: list, options: dict, title: str = "",
               table_id: str | None = None, *, table_name: str = "", referee: str = "",
               game_id: str | None = None, seat_table: Callable[[Session], str] | None = None) -> str:
        """A new game; `game_id` when its id was already named elsewhere (a tournament bout's game, named by the
        bracket's `game_started` before the game is made, so a crash between the two never loses the link).
        `seat_table` makes the game's table row in the game's own transaction and returns its id (a Mafia game's
        table and seats: a refused game leaves no table behind). A second game at a table whose game is on is
        refused (services/table_guard.py: TableBusy, nothing stored)."""
        module = engine_module(game)
        if module is None:
            raise KnownError(f"Неизвестная игра {game}.", f"Unknown game {game}.")
        require(actor, *recorders(game))
        try:
            module.new_game(players, options)
        except RuleError as exc:
            raise EventRefused(exc, self._names_of(p["id"] if isinstance(p, dict) else p for p in players)) from exc
        with UnitOfWork(self.store, actor.account_id) as uow:
            if seat_table is not None:
                table_id = seat_table(uow.session)
            g = Game(**({"id": game_id} if game_id else {}), game=game, title=title, table_id=table_id,
                     table_name=table_name, referee=referee,
                     players_json=canonical_json(players),
                     options_json=canonical_json(options), owner_desk_id=self.store.desk_id)
            uow.session.add(g)
            uow.session.flush()
            # After the insert, which holds the write lock: a second start at once waits here, then sees this game.
            refuse_second_game(uow.session, g)
            return g.id

    def _load(self, game_id: str) -> _Live:
        live = self._live.get(game_id)
        if live is not None:
            return live
        with self.store.session_factory() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise KeyError(game_id)
            rows = [(e.seq, e.type, json.loads(e.payload)) for e in
                    s.scalars(select(Event).where(Event.game_id == game_id).order_by(Event.seq))]
        engine, module, effective, needs_newer = _replay(g.game, g.players, g.options, rows)
        live = _Live(engine, module, g.game, rows[-1][0] if rows else 0, effective, g.status == "finished",
                     g.owner_desk_id, needs_newer, is_cancelled(rows))
        self._live[game_id] = live
        return live

    def engine(self, game_id: str) -> Any:
        return self._load(game_id).engine

    def player_names(self, game_id: str) -> dict[str, str]:
        """id → name of the game's players: a refusal names them (the engines know ids only)."""
        with self.store.session_factory() as s:
            g = s.get(Game, game_id)
            ids = [p["id"] if isinstance(p, dict) else p for p in (g.players if g else [])]
        return self._names_of(ids)

    def _names_of(self, ids) -> dict[str, str]:
        from clubdesk.store.models import Player

        ids = [i for i in ids if isinstance(i, str)]
        if not ids:
            return {}
        with self.store.session_factory() as s:
            return dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())

    def state(self, game_id: str) -> dict:
        """The current state (replay.md output); do not mutate it, it is shared until the next event."""
        return self._load(game_id).state

    def seq(self, game_id: str) -> int:
        """The seq of the game's last stored event (voids included) as this service knows it: a second tablet
        on the same table says which log its tap was made on (clubdesk/web), and a stale one is refused."""
        return self._load(game_id).seq

    def catch_up(self, game_id: str) -> bool:
        """Re-read the game if another process on this file (a second ClubDesk, `clubdesk serve`) stored events
        this copy does not know; True when it did. One indexed read of the last seq."""
        live = self._live.get(game_id)
        if live is None:
            return False
        row = self.store.read("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,))
        if (row[0][0] or 0) == live.seq:
            return False
        self._live.pop(game_id, None)
        return True

    def read_only_reason(self, game_id: str) -> str | None:
        """Why this desk cannot record in the game (one line, the user's language), or None."""
        try:
            self._check_writable(self._load(game_id))
        except GameReadOnly as exc:
            return str(exc)
        return None

    def _check_writable(self, live: _Live) -> None:
        if live.cancelled:
            raise GameReadOnly("Игра отменена как созданная по ошибке: записывать в неё нельзя.",
                               "The game was cancelled as created by mistake: nothing more is recorded in it.")
        if live.needs_newer:
            raise GameReadOnly(*NEEDS_NEWER)
        if live.owner and live.owner != self.store.desk_id:
            raise GameReadOnly(
                "Эту игру ведёт другое место; здесь она только для просмотра. Чтобы вести её здесь, примите игру.",
                "Another desk records this game; here it is read-only. Take the game over to record it here.")

    def take_over(self, actor: Actor, game_id: str) -> None:
        """The hand-over: this desk becomes the one that records the game (a referee's laptop died)."""
        require(actor, *recorders(self._load(game_id).game))
        with UnitOfWork(self.store, actor.account_id) as uow:
            uow.session.get(Game, game_id).owner_desk_id = self.store.desk_id
        self._live.pop(game_id, None)

    def record(self, actor: Actor, game_id: str, obj: dict) -> dict:
        """Validate `obj` with the engine, store it, and return the new state; refused → nothing stored."""
        live = self._load(game_id)
        require(actor, *recorders(live.game))
        if live.game == "mafia" and is_secret_removal(obj) and not actor.has("host"):
            raise PermissionDenied(*SECRET_REMOVAL)  # M-16, before the engine, whose refusal would tell a role
        self._check_writable(live)
        try:
            event = live.module.parse_event(obj)
            live.engine.apply(event)  # validates before it mutates
        except RuleError as exc:
            raise EventRefused(exc, self.player_names(game_id)) from exc
        live.changed()
        payload = live.module.event_to_json(event)
        try:
            self._append(actor, game_id, live, payload["type"], payload)
        except SeqClash as exc:
            self._clashed(game_id, exc)
        except BaseException:
            live.engine.undo()  # the store did not take it, so neither does the screen
            live.changed()
            raise
        live.effective.append((live.seq, payload))
        return live.state

    def undo(self, actor: Actor, game_id: str, reason: str = "", *,
             correctors: tuple[str, ...] = CORRECTION_ROLES) -> dict:
        """Cancel the last counted event by appending a void event; returns the new state.

        A finished game is corrected only by the desk (`correctors`: a tournament bout's game taken back from its
        bout also by its referee), with a reason (kept in the void event), and never once a later draw or round
        took its result (tournaments_data.result_used_by)."""
        live = self._load(game_id)
        require(actor, *recorders(live.game))
        self._check_writable(live)
        if not live.effective:
            raise NothingToUndo("Отменять нечего.", "Nothing to undo.")
        if live.finished:
            self._check_correction(actor, game_id, reason, correctors)
        target_seq, _ = live.effective[-1]
        live.engine.undo()
        live.changed()
        payload = {"type": VOID, "target_seq": target_seq, "reason": reason}
        try:
            self._append(actor, game_id, live, VOID, payload)
        except SeqClash as exc:
            self._clashed(game_id, exc)
        except BaseException:
            self._live.pop(game_id, None)
            raise
        live.effective.pop()
        return live.state

    def cancel(self, actor: Actor, game_id: str, reason: str = "") -> None:
        """Cancel a game created by mistake: a `game_cancelled` event (nothing deleted) makes it `cancelled` — no
        result, no rating, left out of every list, count, standings and protocol, read-only. Refused, with the
        reason, once its result counts elsewhere (services/cancellation.py)."""
        require(actor, *CANCEL_ROLES)
        why = self.cancel_refusal(game_id)
        if why is not None:
            raise why
        live = self._load(game_id)
        seq = live.seq + 1
        payload = {"type": CANCEL, "reason": " ".join(reason.split())}
        try:
            append_event(self.store, {"id": uuid7(), "game_id": game_id, "seq": seq, "type": CANCEL,
                                      "payload": canonical_json(payload), "author_id": actor.account_id},
                         game_status="cancelled", projection=(seq, canonical_json(live.state)))
        except SeqClash as exc:
            self._clashed(game_id, exc)
        except BaseException:
            self._live.pop(game_id, None)
            raise
        live.seq, live.cancelled = seq, True

    def cancel_refusal(self, game_id: str) -> KnownError | None:
        """Why `cancel` would refuse the game now, or None: the desk asks it before its question, so nobody confirms
        «Вернуть её нельзя» for a cancel that is then refused."""
        live = self._load(game_id)
        if live.cancelled:
            return CancelRefused("Эта игра уже отменена.", "This game is already cancelled.")
        try:
            self._check_writable(live)
        except GameReadOnly as exc:
            return exc
        return refusal(self, game_id)

    def cancelled(self, game_id: str) -> bool:
        return self._load(game_id).cancelled

    def _clashed(self, game_id: str, exc: SeqClash) -> None:
        """Another desk on this file stored the game's next event first: forget this copy of the game, so the
        next read replays the log as stored (the other desk's events included) and the next write takes the
        seq after them. Raised on to the window, which shows the log again and keeps what was typed."""
        self._live.pop(game_id, None)
        raise exc

    def _check_correction(self, actor: Actor, game_id: str, reason: str, correctors: tuple[str, ...]) -> None:
        if not actor.has(*correctors):
            raise PermissionDenied("Законченную игру исправляет только стойка или администратор.",
                                   "Only the desk or an administrator corrects a finished game.")
        if not reason.strip():
            raise ValidationError("reason", "Укажите причину исправления законченной игры.",
                                  "Give the reason for correcting a finished game.")
        counted = counted_in_bout(self.store, self.engine, game_id)
        if counted is not None:
            raise PermissionDenied(f"Исправление не принято: партия уже засчитана во встрече {counted[0]} турнира "
                                   f"«{counted[1]}». Верните её на исправление в сетке турнира.",
                                   f"Correction refused: the game is already counted in bout {counted[0]} of the "
                                   f"tournament '{counted[1]}'. Take it back for correction in the bracket.")
        used = result_used_by(self.store, game_id)
        if used is not None:
            ru, en = used
            raise PermissionDenied(f"Исправление не принято: балансы этого стола уже взяты в {ru}.",
                                   f"Correction refused: this table's balances were already used by {en}.")

    def _append(self, actor: Actor, game_id: str, live: _Live, typ: str, payload: dict) -> None:
        """Store the event, the projection and (when it changes) the game's status in one transaction."""
        seq, state = live.seq + 1, live.state
        finished = is_finished(state)
        status = ("finished" if finished else "running") if finished != live.finished else None
        append_event(self.store, {"id": uuid7(), "game_id": game_id, "seq": seq, "type": typ,
                                  "payload": canonical_json(payload), "author_id": actor.account_id},
                     game_status=status, projection=(seq, canonical_json(state)))
        live.seq, live.finished = seq, finished

    def events(self, game_id: str) -> list[dict]:
        """The events that count, oldest first, without a database read (the dicts are shared: read-only)."""
        return [obj for _seq, obj in self._load(game_id).effective]

    def to_record(self, game_id: str) -> dict:
        """The portable record (replay.md) of the events that count."""
        events = self.events(game_id)
        with self.store.session_factory() as s:
            g = s.get(Game, game_id)
            return {"format": FORMAT, "game": g.game, "options": g.options, "players": g.players, "events": events}

    def rederive(self, game_ids: set[str]) -> None:
        """Status and projection of these games from the events this desk has (`projections.rederive`)."""
        projections.rederive(self.store, game_ids)

    def rebuild_projections(self) -> int:
        """Recompute every cached state by replaying the log (`clubdesk db rebuild`); returns games done."""
        self._live.clear()
        return projections.rebuild_all(self.store)
