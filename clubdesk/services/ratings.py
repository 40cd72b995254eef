"""Club Жук rating and tournament history per player, derived from the Жук round games (Z§8, Z-6).

Nothing here is stored: the ratings are the sum of the rating deltas of finished rounds (read from the
cached projections, which `clubdesk db rebuild` recomputes from the events), from 1000.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from clubdesk.rules.pyramid100.rating import MatchResult, rate
from clubdesk.rules.zhuk.events import START_RATING
from clubdesk.rules.zhuk.tournament import club_ratings
from clubdesk.store.db import Store
from clubdesk.store.resolutions import identities, survivors

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
            "WHERE g.game = ?", (GAME,))
        rows.sort(key=lambda r: (r[7] or r[1], r[5] or "", r[4] or 0, r[3] or 0, r[1], r[0]))
        alias = survivors(self.store.read)  # a merged player's rounds are the survivor's (docs/sync.md)
        out = []
        for gid, _created, state_json, rnd, stage, tid, tname, _tcreated in rows:
            state = json.loads(state_json)
            out.append(RoundResult(gid, tid, tname or "", stage or 0, rnd or 0, bool(state.get("finished")),
                                   _fold(state.get("balances", {}), alias),
                                   _fold(state.get("rating_delta", {}), alias)))
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
    def pyramid_results(self) -> list[MatchResult]:
        """Finished Пирамидка matches in the order they ended (their last event's clock; the id breaks ties)."""
        rows = self.store.read(
            "SELECT g.id, g.players_json, p.state_json, (SELECT MAX(e.hlc) FROM events e WHERE e.game_id = g.id) "
            "FROM games g JOIN projections p ON p.game_id = g.id WHERE g.game = 'pyramid100'", ())
        alias = survivors(self.store.read)
        out = []
        for _gid, players_json, state_json, _ended in sorted(rows, key=lambda r: (r[3] or 0, r[0])):
            winner = json.loads(state_json).get("winner")
            a, b = json.loads(players_json)
            if winner in (a, b):
                out.append(MatchResult(alias.get(a, a), alias.get(b, b), alias.get(winner, winner)))
        return out

    def pyramid_ratings(self, results: list[MatchResult] | None = None) -> dict[str, float]:
        """The club's Пирамидка rating (Elo, rules/pyramid100/rating.py) of everyone who finished a match."""
        return rate(self.pyramid_results() if results is None else results)

