"""Typed ORM models. Every row has a UUID key and the HLC of its last write (sync-ready).

Derived things (balances, scores, shelves, ratings) are never stored as facts: they come from the
append-only `events` through the rules engines; `projections` is a rebuildable cache of them.
Money (B) and ratings (×10, for the 0.5 step) are integers.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from clubdesk.roles import ROLES  # noqa: F401 - one list, also read before the ORM loads
from clubdesk.store.ids import new_id

GAMES = ("pyramid100", "zhuk", "mafia", "pyramid100_bracket")


def canonical_json(obj: Any) -> str:
    """One spelling per value, so the same event hashes and syncs identically on every desk."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def utc_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Base(DeclarativeBase):
    pass


class Synced:
    """Columns every synced row carries: its UUID, the desk that wrote it last and when (HLC)."""

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_id)
    hlc: Mapped[int] = mapped_column(BigInteger, default=0)
    desk_id: Mapped[str] = mapped_column(String(36), default="")


class Player(Synced, Base):
    __tablename__ = "players"
    # The registry's pages are read in (name, id) order (PlayerService.search, the players page at start).
    __table_args__ = (Index("ix_players_name_id", "name", "id"),)
    # Derived (clubdesk.names.full_name): «surname first_name», kept for the registry's order and every reader
    # that prints a player; each desk derives it from the two synced fields, so it never syncs itself (0013).
    name: Mapped[str] = mapped_column(String(200))
    surname: Mapped[str] = mapped_column(String(100), default="", server_default=text("''"))
    first_name: Mapped[str] = mapped_column(String(100), default="", server_default=text("''"))  # may hold a patronymic
    nickname: Mapped[str] = mapped_column(String(100), default="")
    # E.164 («+79031234567», clubdesk.phones) since 0010; one that could not be read then is kept as it was.
    # Indexed: a new player is looked up by his phone (a possible duplicate) and so is one arriving by sync.
    phone: Mapped[str] = mapped_column(String(40), default="", index=True)
    birthday: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    # status, ban_reason, ban_until: derived from the player's `bans` rows (the ban in force), never synced.
    status: Mapped[str] = mapped_column(String(20), default="active")  # active | banned
    # added on the spot at an evening; the server default is what migration 0003 gave every older player
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    ban_reason: Mapped[str] = mapped_column(Text, default="")
    ban_until: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    nickname_key: Mapped[str] = mapped_column(String(100), default="", index=True)  # casefolded, for uniqueness
    # casefolded "name nickname phone": SQLite's lower() does not fold Cyrillic, so we filter on this.
    search_key: Mapped[str] = mapped_column(Text, default="", index=True)
    created_at: Mapped[str] = mapped_column(String(32), default=utc_now)
    # The survivor's id once the administrator merged this player into it (0012): the registry hides this
    # player, and its games, check-ins and entries count as the survivor's; both histories stay as written.
    merged_into: Mapped[str] = mapped_column(String(36), default="", server_default=text("''"))


class Ban(Synced, Base):
    """A club ban of a player, a row of its own (a ban on one desk and a phone edit on another never meet).

    Lifting is `lifted` (never a DELETE); a lift lifts the bans its desk knew, so a ban made meanwhile elsewhere
    stays in force. The player's status/ban_reason/ban_until are the newest ban in force (docs/sync.md)."""

    __tablename__ = "bans"
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    until: Mapped[dt.date | None] = mapped_column(Date, nullable=True)
    lifted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[str] = mapped_column(String(32), default=utc_now)


class Account(Synced, Base):
    __tablename__ = "accounts"
    login: Mapped[str] = mapped_column(String(64), unique=True)
    display_name: Mapped[str] = mapped_column(String(200), default="")
    password_hash: Mapped[str] = mapped_column(String(200))
    roles: Mapped[str] = mapped_column(String(100), default="")  # space-separated subset of ROLES
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), nullable=True)

    @property
    def role_set(self) -> frozenset[str]:
        return frozenset(self.roles.split())


class Tournament(Synced, Base):
    __tablename__ = "tournaments"
    name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(20), default="zhuk")
    options_json: Mapped[str] = mapped_column(Text, default="{}")
    status: Mapped[str] = mapped_column(String(20), default="open")  # open | finished
    created_at: Mapped[str] = mapped_column(String(32), default=utc_now)
    stages: Mapped[list[Stage]] = relationship(back_populates="tournament", order_by="Stage.number")


class TournamentEntry(Synced, Base):
    """A participant of a tournament; eliminations and standings are derived from the rounds."""

    __tablename__ = "tournament_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id"),)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # withdrawn: a tombstone


class Stage(Synced, Base):
    __tablename__ = "stages"
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(10), default="stage")  # stage | final
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # the draw's seed, printed
    # The tables as drawn, canonical JSON (a row of its own per stage: two desks' draws never share a field).
    draw_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    tournament: Mapped[Tournament] = relationship(back_populates="stages")
    rounds: Mapped[list[Round]] = relationship(back_populates="stage", order_by="Round.number")


class Round(Synced, Base):
    __tablename__ = "rounds"
    stage_id: Mapped[str] = mapped_column(ForeignKey("stages.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    nominal: Mapped[int] = mapped_column(Integer)
    minutes: Mapped[int] = mapped_column(Integer)
    # The round clock: seconds run before the last pause, and when (epoch seconds) it was last started,
    # None while paused or not started. Stored, so a restart resumes it (Z-10).
    clock_elapsed: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    clock_started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    stage: Mapped[Stage] = relationship(back_populates="rounds")


class Evening(Synced, Base):
    __tablename__ = "evenings"
    date: Mapped[dt.date] = mapped_column(Date)
    name: Mapped[str] = mapped_column(String(200), default="")
    host_account_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    options_json: Mapped[str] = mapped_column(Text, default="{}")
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # The seating's base: {"players", "rounds", "draw"}; its swaps are rows of SeatingSwap (docs/sync.md).
    seating_json: Mapped[str | None] = mapped_column(Text, nullable=True)


class SeatingSwap(Synced, Base):
    """One swap of two players in one game of an evening's seating; swaps apply in (number, hlc, desk_id) order."""

    __tablename__ = "seating_swaps"
    evening_id: Mapped[str] = mapped_column(ForeignKey("evenings.id"), index=True)
    draw: Mapped[str] = mapped_column(String(36))  # the seating draw it belongs to: a new draw forgets old swaps
    round_no: Mapped[int] = mapped_column(Integer)
    player_a: Mapped[str] = mapped_column(String(36))
    player_b: Mapped[str] = mapped_column(String(36))
    number: Mapped[int] = mapped_column(Integer)


class BanConfirmation(Synced, Base):
    """A Mafia club-ban flag the desk confirmed (M-6); id from (evening_id, flag_key)."""

    __tablename__ = "ban_confirmations"
    __table_args__ = (UniqueConstraint("evening_id", "flag_key"),)
    evening_id: Mapped[str] = mapped_column(ForeignKey("evenings.id"))
    flag_key: Mapped[str] = mapped_column(String(200))
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # withdrawn: a tombstone


class CheckIn(Synced, Base):
    __tablename__ = "check_ins"
    __table_args__ = (UniqueConstraint("evening_id", "player_id"),)
    evening_id: Mapped[str] = mapped_column(ForeignKey("evenings.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    checked_in_at: Mapped[str] = mapped_column(String(32), default=utc_now)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # withdrawn: a tombstone


class GameTable(Synced, Base):
    """A physical table for one round of a tournament or one game slot of an evening."""

    __tablename__ = "game_tables"
    number: Mapped[int] = mapped_column(Integer)
    round_id: Mapped[str | None] = mapped_column(ForeignKey("rounds.id"), nullable=True, index=True)
    evening_id: Mapped[str | None] = mapped_column(ForeignKey("evenings.id"), nullable=True, index=True)
    evening_round: Mapped[int | None] = mapped_column(Integer, nullable=True)  # a Mafia table: its game of the evening
    # Who ended the table's round early by hand and when ({"by", "at"}), else NULL (the clock ended it).
    ended_by_hand_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    # A freed seat is a tombstone (docs/sync.md), never a DELETE: the table's seats are the live ones.
    seats: Mapped[list[Seat]] = relationship(primaryjoin="and_(GameTable.id == Seat.table_id, Seat.deleted.is_(False))",
                                             order_by="Seat.seat_no", viewonly=True)


class Seat(Synced, Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat_no"),)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seat_no: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    deleted: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # withdrawn: a tombstone


class Game(Synced, Base):
    """One game: its header (players, options) as in a game record; the events say the rest."""

    __tablename__ = "games"
    game: Mapped[str] = mapped_column(String(20))
    title: Mapped[str] = mapped_column(String(200), default="")
    # A Пирамидка match's table and referee as typed when it was created (0010: they were parsed out of the title).
    table_name: Mapped[str] = mapped_column(String(100), default="", server_default=text("''"))
    referee: Mapped[str] = mapped_column(String(200), default="", server_default=text("''"))
    table_id: Mapped[str | None] = mapped_column(ForeignKey("game_tables.id"), nullable=True, index=True)
    players_json: Mapped[str] = mapped_column(Text)
    options_json: Mapped[str] = mapped_column(Text, default="{}")
    status: Mapped[str] = mapped_column(String(20), default="running")  # running | finished | cancelled; derived, never synced
    created_at: Mapped[str] = mapped_column(String(32), default=utc_now)
    # The desk that records this game's events; set at creation, moved only by a hand-over (docs/sync.md).
    owner_desk_id: Mapped[str] = mapped_column(String(36), default="", server_default=text("''"))
    # The administrator's decision on a game two desks wrote while partitioned (0012): {"desk", "fork"}.
    branch_json: Mapped[str] = mapped_column(Text, default="", server_default=text("''"))

    @property
    def players(self) -> list:
        return json.loads(self.players_json)

    @property
    def options(self) -> dict:
        return json.loads(self.options_json)


class Event(Base):
    """One accepted rules event. Append-only: never updated or deleted (triggers enforce it)."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    id: Mapped[str] = mapped_column(String(36), primary_key=True)  # UUIDv7
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))  # indexed by the (game_id, seq) unique key
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    payload: Mapped[str] = mapped_column(Text)  # canonical JSON of the whole event object
    recorded_at: Mapped[str] = mapped_column(String(32), default=utc_now)
    hlc: Mapped[int] = mapped_column(BigInteger)
    desk_id: Mapped[str] = mapped_column(String(36))
    author_id: Mapped[str | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)


class Projection(Base):
    """Cached engine state after `seq` events of a game; `clubdesk db rebuild` recomputes it."""

    __tablename__ = "projections"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    state_json: Mapped[str] = mapped_column(Text)


class ChangeLog(Base):
    """Every write, local or applied from another desk, in the writing transaction: the unit of sync.

    Append-only (triggers); `(desk_id, desk_seq)` is gap-free per origin desk. Format: docs/sync.md.
    """

    __tablename__ = "change_log"
    __table_args__ = (UniqueConstraint("desk_id", "desk_seq"), Index("ix_change_log_entity", "entity", "entity_id"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    desk_id: Mapped[str] = mapped_column(String(36))
    desk_seq: Mapped[int] = mapped_column(Integer)
    hlc: Mapped[int] = mapped_column(BigInteger, index=True)
    entity: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[str] = mapped_column(String(36))
    op: Mapped[str] = mapped_column(String(10))  # upsert | tombstone
    payload: Mapped[str] = mapped_column(Text)  # the changed fields only
    schema_version: Mapped[int] = mapped_column(Integer)


class SyncCursor(Base):
    """Push and pull bookkeeping ("pull", "push:<desk_id>"); a trigger lets a value only grow."""

    __tablename__ = "sync_cursors"
    name: Mapped[str] = mapped_column(String(80), primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger)


class SyncQuarantine(Base):
    """Log rows of a newer schema, kept in change_log but not applied until this desk is updated."""

    __tablename__ = "sync_quarantine"
    log_id: Mapped[int] = mapped_column(ForeignKey("change_log.id"), primary_key=True)


class Conflict(Base):
    """What a sync could not merge on its own, for the administrator (local: it does not sync)."""

    __tablename__ = "conflicts"
    __table_args__ = (Index("ix_conflicts_entity", "kind", "entity_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(30))  # game_branch | duplicate_player | duplicate_account
    entity: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[str] = mapped_column(String(36))
    other_id: Mapped[str] = mapped_column(String(36), default="")
    detail_json: Mapped[str] = mapped_column(Text, default="{}")
    created_at: Mapped[str] = mapped_column(String(32), default=utc_now)
    resolved: Mapped[bool] = mapped_column(Boolean, default=False)
    resolution: Mapped[str] = mapped_column(String(20), default="", server_default=text("''"))  # merged|kept|…


class Setting(Base):
    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
