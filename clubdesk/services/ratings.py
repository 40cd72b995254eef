"""Club Жук rating and tournament history per player, derived from the Жук round games (Z§8, Z-6).

Nothing here is stored: the ratings are the sum of the rating deltas of finished rounds (read from the
cached projections, which `clubdesk db rebuild` recomputes from the events), from 1000.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

from clubdesk.rules.pyramid100.rating import MatchResult, rate
from clubdesk.rules.zhuk.events import START_RATING
from clubdesk.rules.zhuk.tournament import apply_round, club_ratings
from clubdesk.store.db import Store
from clubdesk.sync.resolutions import identities, survivors

GAME = "zhuk"


@dataclass(frozen=True)
class RoundResult:
    """One Жук round game as the ratings see it."""

    game_id: str
    tournament_id: str | None
    tournament: str
    stage: int
    round: int
    finished: bool
    balances: dict[str, int]
    rating_delta: dict[str, float]
    created_at: str = ""  # the game's creation (UTC ISO): the round's day


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating right after one result of his: the day, the rating, and what it came from (the tournament
    of a Жук round, the opponent of a Пирамидка match); `group` is the tournament id (Жук), marked on the charts."""

    date: dt.date
    value: float
    label: str
    group: str = ""


@dataclass(frozen=True)
class TournamentLine:
    """A player's tournament: rounds played, the balance after the last one, the rating won or lost."""

    tournament_id: str
    name: str
    created_at: str
    status: str
    rounds: int
    balance: int | None  # None: registered, no round played yet
    rating_change: float


def _fold(by_player: dict, alias: dict[str, str]) -> dict:
    """Per-player values with merged players' values added to their survivor's."""
    out: dict = {}
    for pid, value in by_player.items():
        pid = alias.get(pid, pid)
        out[pid] = out[pid] + value if pid in out else value
    return out


class RatingService:
    def __init__(self, store: Store) -> None:
        self.store = store

    def rounds(self) -> list[RoundResult]:
        """Every Жук game with a state, in play order (tournament, stage, round, then creation)."""
        # Plain SQL through Store.read: the players page shows ratings on its first paint, before the ORM loads.
        rows = self.store.read(
            "SELECT g.id, g.created_at, p.state_json, r.number, st.number, t.id, t.name, t.created_at "
            "FROM games g JOIN projections p ON p.game_id = g.id "
            "LEFT JOIN game_tables gt ON gt.id = g.table_id LEFT JOIN rounds r ON r.id = gt.round_id "
            "LEFT JOIN stages st ON st.id = r.stage_id LEFT JOIN tournaments t ON t.id = st.tournament_id "
            "WHERE g.game = ? AND g.status != 'cancelled'", (GAME,))  # a table cancelled as created by mistake
        rows.sort(key=lambda r: (r[7] or r[1], r[5] or "", r[4] or 0, r[3] or 0, r[1], r[0]))
        alias = survivors(self.store.read)  # a merged player's rounds are the survivor's (docs/sync.md)
        out = []
        for gid, created, state_json, rnd, stage, tid, tname, _tcreated in rows:
            state = json.loads(state_json)
            out.append(RoundResult(gid, tid, tname or "", stage or 0, rnd or 0, bool(state.get("finished")),
                                   _fold(state.get("balances", {}), alias),
                                   _fold(state.get("rating_delta", {}), alias), created))
        return out

    def zhuk_history(self, player_id: str, rounds: list[RoundResult] | None = None) -> list[RatingPoint]:
        """The player's club Жук rating after each finished round he played, in play order (the charts' series):
        the ratings of `ratings()` computed one round at a time."""
        rounds = self.rounds() if rounds is None else rounds
        ratings: dict[str, float] = {}
        out = []
        for r in rounds:
            if not r.finished:
                continue
            ratings = apply_round(ratings, r.rating_delta)
            if player_id in r.rating_delta:
                out.append(RatingPoint(_day(r.created_at), ratings.get(player_id, START_RATING), r.tournament,
                                       r.tournament_id or ""))
        return out

    def ratings(self, rounds: list[RoundResult] | None = None) -> dict[str, float]:
        """Club rating of every player who finished a round; everyone else has START_RATING (1000)."""
        rounds = self.rounds() if rounds is None else rounds
        return club_ratings(r.rating_delta for r in rounds if r.finished)

    def rating(self, player_id: str) -> float:
        return self.ratings().get(player_id, START_RATING)

    def history(self, player_id: str) -> list[TournamentLine]:
        """The player's tournaments, newest first: entered or played, with balance and rating change."""
        from sqlalchemy import select

        from clubdesk.store.models import Tournament, TournamentEntry

        with self.store.session_factory() as s:
            tours = {t.id: t for t in s.scalars(select(Tournament).join(
                TournamentEntry, TournamentEntry.tournament_id == Tournament.id)
                .where(TournamentEntry.player_id.in_(identities(self.store.read, player_id)),
                       TournamentEntry.deleted.is_(False)))}
            played = [r for r in self.rounds() if player_id in r.balances and r.tournament_id]
            missing = {r.tournament_id for r in played} - tours.keys()
            if missing:
                tours.update({t.id: t for t in s.scalars(select(Tournament).where(Tournament.id.in_(missing)))})
        lines = []
        for tid, t in tours.items():
            mine = [r for r in played if r.tournament_id == tid]
            change = sum(r.rating_delta.get(player_id, 0) for r in mine if r.finished)
            lines.append(TournamentLine(tid, t.name, t.created_at, t.status, len(mine),
                                        mine[-1].balances[player_id] if mine else None,
                                        int(change) if change == int(change) else change))
        lines.sort(key=lambda line: line.created_at, reverse=True)
        return lines

    # ---- Пирамидка ------------------------------------------------------------------------------------
    def pyramid_timeline(self) -> list[tuple[dt.date, MatchResult]]:
        """Finished Пирамидка matches in the order they ended (their last event's clock; the id breaks ties), each
        with the day it ended."""
        rows = self.store.read(
            "SELECT g.id, g.players_json, p.state_json, (SELECT MAX(e.hlc) FROM events e WHERE e.game_id = g.id) "
            "FROM games g JOIN projections p ON p.game_id = g.id WHERE g.game = 'pyramid100' "
            "AND g.status != 'cancelled'", ())
        alias = survivors(self.store.read)
        out = []
        for _gid, players_json, state_json, ended in sorted(rows, key=lambda r: (r[3] or 0, r[0])):
            winner = json.loads(state_json).get("winner")
            a, b = json.loads(players_json)
            if winner in (a, b):
                out.append((_hlc_day(ended or 0),
                            MatchResult(alias.get(a, a), alias.get(b, b), alias.get(winner, winner))))
        return out

    def pyramid_results(self) -> list[MatchResult]:
        """Finished Пирамидка matches in the order they ended (their last event's clock; the id breaks ties)."""
        return [m for _day, m in self.pyramid_timeline()]

    def pyramid_history(self, player_id: str, timeline: list[tuple[dt.date, MatchResult]] | None = None,
                        names: dict[str, str] | None = None) -> list[RatingPoint]:
        """The player's Пирамидка rating after each finished match of his, in the order they ended: the ratings of
        `pyramid_ratings()` computed one match at a time."""
        timeline = self.pyramid_timeline() if timeline is None else timeline
        ratings: dict[str, float] = {}
        out = []
        for day, m in timeline:
            ratings = rate([m], ratings)
            if player_id in (m.a, m.b):
                other = m.b if m.a == player_id else m.a
                out.append(RatingPoint(day, ratings[player_id], (names or {}).get(other, "")))
        return out

    def pyramid_ratings(self, results: list[MatchResult] | None = None) -> dict[str, float]:
        """The club's Пирамидка rating (Elo, rules/pyramid100/rating.py) of everyone who finished a match."""
        return rate(self.pyramid_results() if results is None else results)


def _day(iso: str) -> dt.date:
    """The local day of a stored UTC timestamp (an unparsable one: today, so a point is never lost)."""
    try:
        stamp = dt.datetime.fromisoformat(iso)
    except ValueError:
        return dt.date.today()
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return stamp.astimezone().date()


def _hlc_day(hlc: int) -> dt.date:
    """The local day of a hybrid logical clock value (wall-clock milliseconds above 16 counter bits)."""
    return dt.datetime.fromtimestamp((hlc >> 16) / 1000).date() if hlc else dt.date.today()
