"""Mafia evenings: create, check players in (bans refused), guests, games of the evening, ban flags."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from clubdesk.errors import ValidationError
from clubdesk.names import board_name
from clubdesk.rules.mafia.engine import VARIANTS
from clubdesk.rules.mafia.scoring import SCORING
from clubdesk.services.accounts import Actor, require
from clubdesk.services.evenings_seating import SeatingMixin
from clubdesk.services.evenings_standings import StandingsMixin
from clubdesk.services.games import GameService
from clubdesk.services.guests import GuestMatchesPlayer, same_person
from clubdesk.services.players import PlayerBanned, PlayerData, PlayerService, ban_text, validate
from clubdesk.services.table_guard import TableBusy, refuse_mafia
from clubdesk.store.db import Store
from clubdesk.store.models import Account, CheckIn, Evening, Game, GameTable, Player, Seat, canonical_json
from clubdesk.store.uow import UnitOfWork

EVENING_ROLES = ("desk", "host")
MAX_TABLES = 10


@dataclass(frozen=True)
class EveningRow:
    id: str
    date: dt.date
    name: str
    host_account_id: str | None
    host_name: str
    tables: int
    scoring: str
    seed: int | None
    variants: dict[str, Any] = field(default_factory=dict)   # M-14 options that differ from «Маэстро»

    def title(self) -> str:
        return self.name or self.date.strftime("%d.%m.%Y")


@dataclass(frozen=True)
class CheckInRow:
    player_id: str
    name: str
    nickname: str
    is_guest: bool
    checked_in_at: str

    @property
    def label(self) -> str:
        """What a host calls the player: the nickname, else the name."""
        return self.nickname or self.name


@dataclass(frozen=True)
class GameRow:
    """One game of an evening with its place in the seating and where it stands."""

    game_id: str
    round: int
    table: int
    title: str
    players: tuple[str, ...]
    step: str
    day: int
    winner: str | None
    host: str = ""   # the host named to run it from a phone (games.referee, services/scopes.py); "" — any host
    cancelled: bool = False  # cancelled as created by mistake (listed only when asked: list_games)


class EveningService(SeatingMixin, StandingsMixin):
    """Use cases of a Mafia evening; seating and standings live in evenings_seating / evenings_standings."""

    def __init__(self, store: Store, games: GameService, players: PlayerService) -> None:
        self.store, self.games, self.players = store, games, players

    # --- evenings --------------------------------------------------------------------------------
    def hosts(self) -> list[tuple[str, str]]:
        """(account id, display name) of the accounts that may host."""
        with self.store.session_factory() as s:
            accs = s.scalars(select(Account).where(Account.active.is_(True)).order_by(Account.display_name))
            return [(a.id, a.display_name or a.login) for a in accs if a.role_set & {"host", "admin"}]

    def create(self, actor: Actor, date: dt.date, host_account_id: str | None, tables: int = 1, name: str = "",
               scoring: str = "fiim", variants: dict[str, Any] | None = None) -> EveningRow:
        """A new evening; `variants` are M-14 rule variants every game of it is played under (default «Маэстро»)."""
        require(actor, *EVENING_ROLES)
        if not 1 <= tables <= MAX_TABLES:
            raise ValidationError("tables", f"Столов: от 1 до {MAX_TABLES}.", f"Tables: 1 to {MAX_TABLES}.")
        if scoring not in SCORING:
            raise ValidationError("scoring", "Неизвестный способ подсчёта очков.", "Unknown scoring.")
        options = {"tables": tables, "scoring": scoring}
        chosen = _variants(variants or {})
        if chosen:
            options["variants"] = chosen
        with UnitOfWork(self.store, actor.account_id) as uow:
            ev = Evening(date=date, name=" ".join(name.split()), host_account_id=host_account_id,
                         options_json=canonical_json(options))
            uow.session.add(ev)
            uow.session.flush()
            return self._row(uow.session, ev)

    def list(self) -> list[EveningRow]:
        with self.store.session_factory() as s:
            evs = s.scalars(select(Evening).order_by(Evening.date.desc(), Evening.hlc.desc()))
            return [self._row(s, e) for e in evs]

    def get(self, evening_id: str) -> EveningRow:
        with self.store.session_factory() as s:
            ev = s.get(Evening, evening_id)
            if ev is None:
                raise ValidationError("evening", "Вечер не найден.", "Evening not found.")
            return self._row(s, ev)

    @staticmethod
    def _row(s, ev: Evening) -> EveningRow:
        opts = json.loads(ev.options_json)
        host = s.get(Account, ev.host_account_id) if ev.host_account_id else None
        return EveningRow(ev.id, ev.date, ev.name, ev.host_account_id, host.display_name if host else "",
                          opts.get("tables", 1), opts.get("scoring", "fiim"), ev.seed, opts.get("variants", {}))

    def options(self, evening_id: str) -> dict[str, Any]:
        with self.store.session_factory() as s:
            return json.loads(s.get(Evening, evening_id).options_json)

    # --- check-in ----------------------------------------------------------------------------------
    def check_in(self, actor: Actor, evening_id: str, player_id: str) -> CheckInRow:
        """Mark a registry player present; a ban in force on the evening's day is refused with its reason."""
        require(actor, *EVENING_ROLES)
        evening = self.get(evening_id)
        player = self.players.get(player_id)
        if player is None:
            raise ValidationError("player", "Игрок не найден.", "Player not found.")
        if player.banned_on(evening.date):
            raise PlayerBanned(*ban_text(player))
        with UnitOfWork(self.store, actor.account_id) as uow:
            known = uow.session.scalar(select(CheckIn).where(CheckIn.evening_id == evening_id,
                                                             CheckIn.player_id == player_id))
            if known is not None and not known.deleted:
                raise ValidationError("player", f"{player.name} уже отмечен на этом вечере.",
                                      f"{player.name} is already checked in.")
            if known is not None:  # withdrawn earlier (a tombstone): the same row comes back
                known.deleted = False
            else:
                uow.session.add(CheckIn(evening_id=evening_id, player_id=player_id))
        return next(c for c in self.checked_in(evening_id) if c.player_id == player_id)

    def cancel_check_in(self, actor: Actor, evening_id: str, player_id: str) -> bool:
        """Undo a check-in made by mistake (a tombstone, never a DELETE: the row comes back on a new check-in).
        A player already seated in a started game is refused; a seating drawn with him and not yet played is
        dropped and must be drawn again. Returns True when the seating was dropped."""
        require(actor, *EVENING_ROLES)
        player = self.players.get(player_id)
        name = player.name if player else player_id
        seating = self.seating(evening_id)
        seated = seating is not None and (any(player_id in t for r in seating.rounds for t in r)
                                          or any(player_id in r for r in seating.sitting_out))
        started = self.list_games(evening_id)
        if any(player_id in g.players for g in started):
            raise ValidationError("player", f"{name}: за столом начатой игры этого вечера — отметку не отменить.",
                                  f"{name}: at the table of a started game of this evening — the check-in stays.")
        if seated and started:
            raise ValidationError("player", f"{name} в рассадке начатого вечера: замените его в рассадке "
                                  "(«Поменять местами…»).", f"{name} is in the seating of an evening under way: "
                                  "swap him out of the seating instead.")
        with UnitOfWork(self.store, actor.account_id) as uow:
            row = uow.session.scalar(select(CheckIn).where(CheckIn.evening_id == evening_id,
                                                           CheckIn.player_id == player_id,
                                                           CheckIn.deleted.is_(False)))
            if row is None:
                raise ValidationError("player", f"{name} не отмечен на этом вечере.",
                                      f"{name} is not checked in.")
            row.deleted = True
            if seated:  # the seating (evenings.seating_json, with its swaps by draw id) is dropped with it
                uow.session.get(Evening, evening_id).seating_json = None
        return seated

    def add_guest(self, actor: Actor, evening_id: str, data: PlayerData, *, anyway: bool = False) -> CheckInRow:
        """A guest registered on the spot (validated as in the registry) and checked in, in one transaction.
        GuestMatchesPlayer (nothing stored) when a registry player has his phone, nickname or name, unless
        `anyway` (the desk answered that the guest is another person)."""
        require(actor, *EVENING_ROLES)
        data = validate(PlayerData(data.name, data.nickname, data.phone, data.notes, surname=data.surname,
                                   first_name=data.first_name), self.players.today())
        self.get(evening_id)
        if not anyway and (matches := same_person(self.store, data)):
            raise GuestMatchesPlayer(matches)
        with UnitOfWork(self.store, actor.account_id) as uow:
            PlayerService.check_nickname(uow, data.nickname, None)  # the registry's own uniqueness rule
            p = Player(is_guest=True)
            PlayerService.assign(p, data)
            uow.session.add(p)
            uow.session.flush()
            uow.session.add(CheckIn(evening_id=evening_id, player_id=p.id))
            pid = p.id
        return next(c for c in self.checked_in(evening_id) if c.player_id == pid)

    def checked_in(self, evening_id: str) -> list[CheckInRow]:
        """Players present, in the order they came."""
        q = (select(CheckIn, Player).join(Player, Player.id == CheckIn.player_id)
             .where(CheckIn.evening_id == evening_id, CheckIn.deleted.is_(False)).order_by(CheckIn.checked_in_at, CheckIn.hlc))
        with self.store.session_factory() as s:
            return [CheckInRow(p.id, p.name, p.nickname, p.is_guest, c.checked_in_at) for c, p in s.execute(q)]

    def names(self, player_ids: list[str]) -> dict[str, str]:
        """player id → the name a host calls out and the room display shows: the nickname, else «Фамилия И.»
        (clubdesk.names.board_name, as on every board)."""
        with self.store.session_factory() as s:
            rows = s.scalars(select(Player).where(Player.id.in_(player_ids)))
            return {p.id: board_name(p.name, p.nickname) for p in rows}

    # --- games -------------------------------------------------------------------------------------
    def start_refusal(self, evening_id: str, round_no: int, table_no: int) -> TableBusy | None:
        """Why game `round_no` at table `table_no` cannot start now, or None: the rule `start_game` applies
        (services/table_guard.py), asked before the click so the desk's button can say it."""
        with self.store.session_factory() as s:
            try:
                refuse_mafia(s, evening_id, round_no, table_no)
            except TableBusy as busy:
                return busy
        return None

    def start_game(self, actor: Actor, evening_id: str, round_no: int, table_no: int,
                   players: list[str]) -> str:
        """A Mafia game for one table of one round: the table and seats are stored, then the game itself."""
        require(actor, *EVENING_ROLES)
        evening = self.get(evening_id)
        with self.store.session_factory() as s:  # asked first too, so a refused start builds no engine
            refuse_mafia(s, evening_id, round_no, table_no)

        def seat_table(session) -> str:  # in the game's own transaction: a refused game leaves no table
            table = GameTable(number=table_no, evening_id=evening_id, evening_round=round_no)
            session.add(table)
            session.flush()
            for i, pid in enumerate(players, 1):
                session.add(Seat(table_id=table.id, seat_no=i, player_id=pid))
            return table.id

        title = f"{evening.title()} · игра {round_no} · стол {table_no}"
        options = {"scoring": evening.scoring, **evening.variants}   # the record says the rules it was played by
        # TableBusy (services/table_guard.py) when the table's game is on: a second click, the phone, another desk
        return self.games.create(actor, "mafia", list(players), options, title, seat_table=seat_table)

    def list_games(self, evening_id: str, *, with_cancelled: bool = False) -> list[GameRow]:
        """The evening's games by (round, table); a game cancelled as created by mistake only `with_cancelled`
        (the games tab shows it as cancelled; standings, seasons, cards and protocols never count it)."""
        q = (select(Game, GameTable.evening_round, GameTable.number).join(GameTable, Game.table_id == GameTable.id)
             .where(GameTable.evening_id == evening_id, GameTable.evening_round.is_not(None)))
        if not with_cancelled:
            q = q.where(Game.status != "cancelled")
        with self.store.session_factory() as s:
            rows = s.execute(q).all()
        out = []
        for g, r, t in rows:
            st = self.games.state(g.id)
            out.append(GameRow(g.id, r, t, g.title, tuple(g.players), st["step"], st["day"], st["winner"], g.referee,
                               g.status == "cancelled"))
        return sorted(out, key=lambda x: (x.round, x.table, x.cancelled))


def _variants(variants: dict[str, Any]) -> dict[str, Any]:
    """The M-14 variants that differ from the default; an unknown name or value is the user's error."""
    out = {}
    for name, value in variants.items():
        allowed = VARIANTS.get(name)
        if allowed is None or not any(value is a if isinstance(a, bool) else value == a for a in allowed):
            raise ValidationError("variants", "Неизвестный вариант правил: его нет среди вариантов M-14.",
                                  "There is no such rule variant among those of M-14.")
        if value != allowed[0]:
            out[name] = value
    return out
