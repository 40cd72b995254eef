"""Пирамидка 100 matches: create by picking two players, list with score, record shots, concede, undo, cancel."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select

from clubdesk.errors import ValidationError
from clubdesk.names import board_name
from clubdesk.roles import require
from clubdesk.rules import pyramid100
from clubdesk.services import scopes
from clubdesk.services.accounts import Actor
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerService
from clubdesk.store.db import Store
from clubdesk.store.models import Game, Player, Projection

GAME = "pyramid100"


def make_title(table: str, referee: str) -> str:
    """The match's title for lists: «Стол 3 · судья Орлов». Only read by people: the table and the referee are
    columns of their own (games.table_name, games.referee), never parsed back out of it."""
    return f"{table} · судья {referee}" if referee else table


@dataclass(frozen=True)
class MatchRow:
    """One match as the lists show it; `players` are ids, `names` what people read."""

    id: str
    players: tuple[str, str]
    names: tuple[str, str]
    table: str
    referee: str  # games.referee as stored: whom the table page lets score it (services/scopes.py)
    score: tuple[int, int]
    to_move: str | None  # player id
    finished: bool
    winner: str | None  # player id
    termination: str | None
    created_at: str
    referee_name: str = ""  # the referee as people read him: the person, not «orlov» (scopes.shown_referee)
    cancelled: bool = False  # cancelled as created by mistake (GameService.cancel): no result, no rating

    @property
    def over(self) -> bool:
        """Not on any more: finished, or cancelled."""
        return self.finished or self.cancelled

    def name_of(self, player_id: str | None) -> str:
        return self.names[self.players.index(player_id)] if player_id in self.players else ""


class MatchService:
    """The use cases of the Пирамидка window; every event goes through GameService (validate, commit)."""

    def __init__(self, store: Store, games: GameService, players: PlayerService) -> None:
        self.store, self.games, self.players = store, games, players

    @classmethod
    def of(cls, club) -> MatchService:
        """The service over an open Club, sharing its GameService (and so its live engines)."""
        return cls(club.store, club.games, club.players)

    # ---- creating and listing ----------------------------------------------------------------
    def create(self, actor: Actor, first: str, second: str, table: str = "", referee_login: str | None = None) -> str:
        """A new match; `first` breaks (P§2). Banned or unknown players and a player against himself are refused.

        The referee is picked from the referee accounts (`referees`), or None: any referee (issue 34 item 4: a name
        typed as text matched no account and locked every phone out)."""
        if not first or not second:
            raise ValidationError("players", "Выберите двух игроков.", "Choose two players.")
        if first == second:
            raise ValidationError("players", "Игрок не может играть сам с собой.", "A player cannot play himself.")
        self.players.refuse_banned((first, second))
        table = " ".join(table.split())
        if len(table) > 100:
            raise ValidationError("table", "Слишком длинное название стола.", "The table name is too long.")
        referee = scopes.match_referee(self.store, referee_login)
        return self.games.create(actor, GAME, [first, second], {}, title=make_title(table, referee),
                                 table_name=table, referee=referee)

    def referees(self, actor: Actor) -> list[scopes.RefereeAccount]:
        """The referee accounts a new match may name: who creates a match (the desk, a referee) picks one."""
        require(actor, "desk", "referee")  # who may create one
        return scopes.active_referees(self.store)

    def set_referee(self, actor: Actor, game_id: str, login: str | None) -> str:
        """Put another referee account on the match, or any referee (None); the desk's (scopes.assign_match_referee).
        Returns what is stored."""
        return scopes.assign_match_referee(self.store, actor, game_id, login)

    def names(self, ids) -> dict[str, str]:
        ids = list(set(ids))
        if not ids:
            return {}
        with self.store.session_factory() as s:
            return dict(s.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())

    def board_names(self, ids) -> dict[str, str]:
        """How the public boards name these players (clubdesk.names.board_name of the stored fields)."""
        ids = list(set(ids))
        with self.store.session_factory() as s:
            rows = s.execute(select(Player.id, Player.name, Player.nickname).where(Player.id.in_(ids))).all()
        return {pid: board_name(name, nick) for pid, name, nick in rows}

    def list(self, status: str | None = None) -> list[MatchRow]:
        """Matches, running first, newest first; scores come from the cached projections (no replay)."""
        q = (select(Game, Projection.state_json).outerjoin(Projection, Projection.game_id == Game.id)
             .where(Game.game == GAME))
        if status:
            q = q.where(Game.status == status)
        with self.store.session_factory() as s:
            rows = s.execute(q).all()
        names, persons = self.names(pid for g, _ in rows for pid in g.players), scopes.person_names(self.store)
        out = [self._row(g, json.loads(state) if state else None, names, persons) for g, state in rows]
        out.sort(key=lambda m: m.created_at, reverse=True)
        out.sort(key=lambda m: m.over)
        return out

    def get(self, game_id: str) -> MatchRow:
        with self.store.session_factory() as s:
            g = s.get(Game, game_id)
            if g is None or g.game != GAME:
                raise ValidationError("match", "Матч не найден.", "Match not found.")
        return self._row(g, self.games.state(game_id), self.names(g.players), scopes.person_names(self.store))

    @staticmethod
    def _row(g: Game, state: dict | None, names: dict[str, str], persons: dict[str, str]) -> MatchRow:
        a, b = g.players
        table, referee = g.table_name, g.referee
        if state is None:  # no event yet: the break is to come
            state = {"score": {a: 0, b: 0}, "to_move": a, "finished": False, "winner": None}
        return MatchRow(g.id, (a, b), (names.get(a, "?"), names.get(b, "?")), table, referee,
                        (state["score"][a], state["score"][b]), state.get("to_move"), bool(state.get("finished")),
                        state.get("winner"), state.get("termination"), g.created_at,
                        scopes.shown_referee(referee, persons), g.status == "cancelled")

    # ---- playing -----------------------------------------------------------------------------
    def state(self, game_id: str) -> dict:
        return self.games.state(game_id)

    def engine(self, game_id: str):
        """The live engine, for its UI queries (callable_balls, trick_possible…); never mutate it."""
        return self.games.engine(game_id)

    def record_shot(self, actor: Actor, game_id: str, shot: dict) -> dict:
        """Record one shot of the player to move; EventRefused (nothing stored) when the engine says no."""
        obj = {"type": "shot", "player": self.engine(game_id).to_move, **shot}
        return self._ended(actor, game_id, self.games.record(actor, game_id, obj))

    def concede(self, actor: Actor, game_id: str, player: str) -> dict:
        return self._ended(actor, game_id, self.games.record(actor, game_id, {"type": "concede", "player": player}))

    def _ended(self, actor: Actor, game_id: str, state: dict) -> dict:
        """A match that just ended and is a tournament bout's game is counted there (the winner advances)."""
        if state.get("finished"):
            from clubdesk.services.pyramid_tournaments import PyramidTournamentService

            PyramidTournamentService(self.store, self.games).game_ended(actor, game_id)
        return state

    def cancel(self, actor: Actor, game_id: str, reason: str = "") -> None:
        """Cancel a match created by mistake (the wrong referee, a typo in the table): no result, no rating move;
        refused once it is over or when it is a tournament's game (services/cancellation.py)."""
        self.games.cancel(actor, game_id, reason)

    def undo(self, actor: Actor, game_id: str, reason: str = "") -> dict:
        """Cancel the last counted event with a void event (never deletes)."""
        return self.games.undo(actor, game_id, reason)

    def log(self, game_id: str) -> list[dict]:
        """The events that count, oldest first (voided ones and voids left out)."""
        return list(self.games.to_record(game_id)["events"])

    def history(self, game_id: str) -> list[ShotLine]:
        """Every counted event with what the engine made of it, replayed once (a match is a few hundred)."""
        record = self.games.to_record(game_id)
        engine = pyramid100.new_game(record["players"], record["options"])
        out = []
        for obj in record["events"]:
            engine.apply(pyramid100.parse_event(obj))
            out.append(line_after(obj, engine.state()))
        return out


@dataclass(frozen=True)
class ShotLine:
    """One counted event of the shot log: the event, what it decided, the score after it."""

    event: dict
    result: dict
    score: dict[str, int]


def line_after(event: dict, state: dict) -> ShotLine:
    """The log line of `event`, from the state right after it (`state["last_shot"]`)."""
    return ShotLine(event, state["last_shot"] or {}, dict(state["score"]))


def readable(text: str, names: dict[str, str]) -> str:
    """An engine message with player ids replaced by names, for people at the table."""
    for pid, name in names.items():
        text = text.replace(pid, name)
    return text
