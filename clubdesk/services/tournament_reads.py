"""What a Жук tournament is now, read from the store and the tables' games: tournaments, stages and their draws,
rounds, tables, balances and banks (Z§6, Z-15). The standings (tournaments_standings.py) and the windows read it;
TournamentService (tournaments.py) adds what changes a tournament."""

from __future__ import annotations

import json

from sqlalchemy import select

from clubdesk.rules.zhuk import tournament as zt
from clubdesk.services import player_names
from clubdesk.services.games import GameService
from clubdesk.services.tournaments_data import RoundInfo, StageInfo, TableInfo, TournamentInfo
from clubdesk.store.db import Store
from clubdesk.store.models import Game, GameTable, Round, Stage, Tournament, TournamentEntry


class TournamentReads:
    """The read side of a Жук tournament's use cases (TournamentService is one)."""

    def __init__(self, store: Store, games: GameService) -> None:
        self.store = store
        self.games = games

    def tournaments(self) -> list[TournamentInfo]:
        with self.store.session_factory() as s:
            rows = s.scalars(select(Tournament).where(Tournament.game == "zhuk")
                             .order_by(Tournament.created_at.desc())).all()
            out = []
            for t in rows:
                opts = json.loads(t.options_json)
                entries = s.scalars(select(TournamentEntry.player_id)
                                    .where(TournamentEntry.tournament_id == t.id, TournamentEntry.deleted.is_(False))).all()
                out.append(TournamentInfo(t.id, t.name, t.status, opts.get("settlement", "previous"),
                                          opts.get("bankroll", "carry"), tuple(entries), len(t.stages)))
            return out

    def get(self, tournament_id: str) -> TournamentInfo:
        for t in self.tournaments():
            if t.id == tournament_id:
                return t
        raise KeyError(tournament_id)

    def names(self, player_ids) -> dict[str, str]:
        """Display names (name, and the nickname in quotes when there is one)."""
        return player_names.display_names(self.store, player_ids)

    def board_names(self, player_ids) -> dict[str, str]:
        """How the public boards name these players (clubdesk.names.board_name of the stored fields)."""
        return player_names.board_names(self.store, player_ids)

    def stages(self, tournament_id: str) -> list[StageInfo]:
        with self.store.session_factory() as s:
            stages = s.scalars(select(Stage).where(Stage.tournament_id == tournament_id).order_by(Stage.number))
            return [StageInfo(st.id, st.number, st.kind, st.seed,
                              tuple(RoundInfo(r.id, st.number, r.number, r.nominal, r.minutes) for r in st.rounds))
                    for st in stages]

    def draw_of(self, tournament_id: str, stage_number: int) -> tuple[tuple[str, ...], ...]:
        """The tables of a stage as drawn (turn order of the stage's first round)."""
        with self.store.session_factory() as s:
            draw = s.scalar(select(Stage.draw_json).where(Stage.tournament_id == tournament_id,
                                                          Stage.number == stage_number))
        return tuple(tuple(tb) for tb in json.loads(draw)) if draw else ()

    def verify_draw(self, tournament_id: str, stage_number: int) -> bool:
        """Re-check a stored draw from its seed: the same players and seed give the same tables."""
        stage = next(st for st in self.stages(tournament_id) if st.number == stage_number)
        drawn = self.draw_of(tournament_id, stage_number)
        return zt.draw([p for tb in drawn for p in tb], stage.seed) == drawn

    def tables(self, round_id: str) -> list[TableInfo]:
        with self.store.session_factory() as s:
            rows = s.execute(select(GameTable, Game.id, Game.referee).join(Game, Game.table_id == GameTable.id)
                             .where(GameTable.round_id == round_id, Game.status != "cancelled")  # created by mistake
                             .order_by(GameTable.number)).all()
            return [TableInfo(t.id, t.number, round_id, gid, tuple(seat.player_id for seat in t.seats), referee)
                    for t, gid, referee in rows]

    def round_info(self, round_id: str) -> tuple[str, RoundInfo]:
        """(tournament id, round) of a round id."""
        with self.store.session_factory() as s:
            r = s.get(Round, round_id)
            return r.stage.tournament_id, RoundInfo(r.id, r.stage.number, r.number, r.nominal, r.minutes)

    def round_over(self, round_id: str) -> bool:
        """Every table of the round is closed; read from Game.status (kept by GameService) — no replay."""
        with self.store.session_factory() as s:
            statuses = list(s.scalars(select(Game.status).join(GameTable, Game.table_id == GameTable.id)
                                      .where(GameTable.round_id == round_id, Game.status != "cancelled")))
        return bool(statuses) and all(st == "finished" for st in statuses)

    def _stage_before(self, tournament_id: str, number: int) -> str:
        stages = [st for st in self.stages(tournament_id) if st.number < number]
        return stages[-1].id

    def _options_json(self, tournament_id: str) -> str:
        with self.store.session_factory() as s:
            return s.get(Tournament, tournament_id).options_json

    def _latest_tables(self, stage_id: str) -> list[TableInfo]:
        """The tables of the stage's latest seated round (live or ended); none before its first round."""
        with self.store.session_factory() as s:
            round_ids = [r.id for r in s.get(Stage, stage_id).rounds]
        latest: list[TableInfo] = []
        for rid in round_ids:
            tables = self.tables(rid)
            if not tables:
                break
            latest = tables
        return latest

    def stage_balances(self, stage_id: str) -> dict[str, int]:
        """Each player's balance now: the latest seated round of the stage (live or ended)."""
        return {p: b for t in self._latest_tables(stage_id) for p, b in self.games.state(t.game_id)["balances"].items()}

    def stage_banks(self, stage_id: str) -> dict[int, int]:
        """Each table's bank now (table number → B): the latest seated round of the stage. Once the stage has
        ended this is the bank not won — out of play, nobody's balance (Z-15)."""
        return {t.number: self.games.state(t.game_id)["bank"] for t in self._latest_tables(stage_id)}

    def stage_end(self, stage_id: str) -> zt.StageEnd:
        return zt.stage_end(self.stage_balances(stage_id))

    def ended_by_hand(self, game_id: str) -> tuple[str, str] | None:
        """(who, HH:MM) when the table's round was ended early by hand, else None (the clock ended it)."""
        with self.store.session_factory() as s:
            raw = s.scalar(select(GameTable.ended_by_hand_json).join(Game, Game.table_id == GameTable.id)
                           .where(Game.id == game_id))
        note = json.loads(raw) if raw else None
        return (note["by"], note["at"]) if note else None

    def running_tables(self) -> list[TableInfo]:
        """Every Жук table whose game is running, in rounds whose tables are seated, oldest round first."""
        with self.store.session_factory() as s:
            rows = s.execute(select(GameTable, Game.id, Game.referee).join(Game, Game.table_id == GameTable.id)
                             .where(Game.game == "zhuk", Game.status == "running", GameTable.round_id.is_not(None))
                             .order_by(Game.created_at, GameTable.number)).all()
            return [TableInfo(t.id, t.number, t.round_id, gid, tuple(seat.player_id for seat in t.seats), referee)
                    for t, gid, referee in rows]
