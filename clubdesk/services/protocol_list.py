"""What can be printed: the Protocols page's list of finished games, tournaments and evenings, read from the store
without the printing (ReportLab is loaded when a document is printed, issue 36)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import func, or_, select

from clubdesk.services.protocol_names import game_name, player_ids, printed_date
from clubdesk.services.titles import shown_title
from clubdesk.store.db import Store
from clubdesk.store.models import (
    Evening,
    Game,
    GameTable,
    Player,
    Projection,
    Round,
    Stage,
    Tournament,
    TournamentEntry,
)


@dataclass(frozen=True)
class ProtocolRow:
    """One printable document: a finished game, a tournament or an evening."""

    kind: str  # game | tournament | evening
    id: str
    game: str  # pyramid100 | zhuk | mafia
    title: str
    date: str  # dd.mm.yyyy
    detail: str  # players, or how many games
    finished: bool = True  # a tournament whose final is not over yet prints its standings so far


class ProtocolList:
    def __init__(self, store: Store) -> None:
        self.store = store

    def list_documents(self, lang: str = "ru") -> list[ProtocolRow]:
        """Every finished game, tournament and evening, newest first."""
        rows: list[tuple[str, ProtocolRow]] = []
        with self.store.session_factory() as s:
            names = dict(s.execute(select(Player.id, Player.name)).all())
            # Mafia states say `phase: finished` rather than `finished: true`, so the cache is asked too.
            finished = select(Game).outerjoin(Projection, Projection.game_id == Game.id).where(
                or_(Game.status == "finished", Projection.state_json.like('%"phase":"finished"%')),
                Game.status != "cancelled",  # created by mistake: no result to print
                Game.game != "pyramid100_bracket")  # a Пирамидка tournament's log prints as its bracket
            where = self._table_titles(s, lang)
            for g in s.scalars(finished):
                who = ", ".join(names.get(p, p) for p in player_ids(g.players))
                title = (" · ".join(x for x in (where.get(g.table_id or ""), shown_title(g.title, lang)) if x)
                         or game_name(g.game, lang))
                rows.append((g.created_at, ProtocolRow("game", g.id, g.game, title, printed_date(g.created_at), who)))
            entries = dict(s.execute(select(TournamentEntry.tournament_id, func.count())
                                     .where(TournamentEntry.deleted.is_(False)).group_by(TournamentEntry.tournament_id)).all())
            for tnm in s.scalars(select(Tournament).where(Tournament.game == "pyramid100")):
                log = json.loads(tnm.options_json).get("log")
                if log is None:
                    continue
                n = entries.get(tnm.id, 0)
                detail = (f"participants: {n}" if lang == "en" else f"участников: {n}") if n else ""
                over = s.scalar(select(Game.status).where(Game.id == log)) == "finished"
                rows.append((tnm.created_at, ProtocolRow("tournament", tnm.id, tnm.game, tnm.name,
                                                         printed_date(tnm.created_at), detail, over)))
            for tnm in s.scalars(select(Tournament).where(Tournament.game == "zhuk")):
                n = entries.get(tnm.id, 0)
                detail = (f"participants: {n}" if lang == "en" else f"участников: {n}") if n else ""
                rows.append((tnm.created_at, ProtocolRow("tournament", tnm.id, tnm.game, tnm.name,
                                                         printed_date(tnm.created_at), detail,
                                                         self._tournament_over(s, tnm.id))))
            counts = dict(s.execute(select(GameTable.evening_id, func.count(Game.id))
                                    .join(Game, Game.table_id == GameTable.id)
                                    .where(GameTable.evening_id.is_not(None), Game.status != "cancelled")
                                    .group_by(GameTable.evening_id)).all())
            playing = self._evenings_playing(s)
            for ev in s.scalars(select(Evening)):
                iso = ev.date.isoformat()
                title = ev.name or ("Вечер мафии" if lang != "en" else "Mafia evening")
                n = counts.get(ev.id, 0)
                detail = f"games: {n}" if lang == "en" else f"игр: {n}"
                rows.append((iso, ProtocolRow("evening", ev.id, "mafia", title, printed_date(iso), detail,
                                              ev.id not in playing)))
        rows.sort(key=lambda r: r[0], reverse=True)
        return [r for _, r in rows]

    @staticmethod
    def _evenings_playing(s) -> set[str]:
        """The evenings with a game not over (not finished, not cancelled): their protocol is the evening so far."""
        return set(s.scalars(select(GameTable.evening_id).join(Game, Game.table_id == GameTable.id)
                             .outerjoin(Projection, Projection.game_id == Game.id)
                             .where(GameTable.evening_id.is_not(None), Game.status.not_in(("finished", "cancelled")),
                                    or_(Projection.state_json.is_(None),
                                        Projection.state_json.not_like('%"phase":"finished"%')))))

    @staticmethod
    def _tournament_over(s, tournament_id: str) -> bool:
        """The final (Z§6.3) is drawn and every table of its every round is closed."""
        final = s.scalar(select(Stage).where(Stage.tournament_id == tournament_id, Stage.kind == "final"))
        if final is None or not final.rounds:
            return False
        for r in final.rounds:
            statuses = list(s.scalars(select(Game.status).join(GameTable, Game.table_id == GameTable.id)
                                      .where(GameTable.round_id == r.id, Game.status != "cancelled")))
            if not statuses or any(st != "finished" for st in statuses):
                return False
        return True

    @staticmethod
    def _table_titles(s, lang: str) -> dict[str, str]:
        """Game table id → «Кубок, этап 1, раунд 2, стол 3» or «Вечер, стол 1», for the list."""
        en = lang == "en"
        tnames = dict(s.execute(select(Tournament.id, Tournament.name)).all())
        stages = {i: (n, t) for i, n, t in s.execute(select(Stage.id, Stage.number, Stage.tournament_id))}
        rounds = {i: (n, st) for i, n, st in s.execute(select(Round.id, Round.number, Round.stage_id))}
        evenings = {i: (name or printed_date(d.isoformat())) for i, name, d in s.execute(
            select(Evening.id, Evening.name, Evening.date))}
        out = {}
        for tid, number, round_id, evening_id in s.execute(
                select(GameTable.id, GameTable.number, GameTable.round_id, GameTable.evening_id)):
            table = f"table {number}" if en else f"стол {number}"
            if round_id in rounds:
                rnum, stage_id = rounds[round_id]
                snum, t_id = stages[stage_id]
                out[tid] = (f"{tnames[t_id]}, stage {snum}, round {rnum}, {table}" if en
                            else f"{tnames[t_id]}, этап {snum}, раунд {rnum}, {table}")
            elif evening_id in evenings:
                out[tid] = f"{evenings[evening_id]}, {table}"
        return out
