"""Printed protocols from the store: what can be printed, and the PDF of a game, a tournament or an evening."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import func, or_, select

from clubdesk.errors import KnownError
from clubdesk.rules.zhuk.events import START_RATING, from10
from clubdesk.services import matches, scopes
from clubdesk.services.games import GameService
from clubdesk.services.titles import shown_title
from clubdesk.services.tournaments_data import club_ratings10
from clubdesk.store.db import Store
from clubdesk.store.models import (
    Account,
    Evening,
    Event,
    Game,
    GameTable,
    Player,
    Projection,
    Round,
    Setting,
    Stage,
    Tournament,
    TournamentEntry,
)

if TYPE_CHECKING:
    from clubdesk.reports.base import Meta
    from clubdesk.reports.zhuk_tournament import TournamentData

# ReportLab (clubdesk.reports, ~10 MB) is imported by the methods that print, not with the service: the Protocols
# page lists what can be printed without it (issue 36).

GAME_NAMES = {"pyramid100": ("Пирамидка 100", "Pyramid 100"), "zhuk": ("Жук", "Zhuk"), "mafia": ("Мафия", "Mafia")}
KINDS = ("game", "tournament", "evening")


# Characters no file name may hold on Windows (the strictest of the desk's systems), and control characters.
_ILLEGAL_IN_FILE_NAMES = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]+')


def file_name(*parts: str) -> str:
    """A file name that says what the document is, parts joined by « — »: «Жук — Кубок декабря — этап 1 — стол 2»;
    characters a file name cannot hold become «_», trailing dots and spaces go (Windows drops them), at most 150
    characters, and never empty."""
    text = " — ".join(" ".join(p.split()) for p in parts if p and p.strip())
    text = _ILLEGAL_IN_FILE_NAMES.sub("_", text)[:150].rstrip(" .")
    return text or "protocol"


class NotFound(KnownError):
    code = "not_found"


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


def _date(iso: str | None) -> str:
    """dd.mm.yyyy from an ISO date or timestamp."""
    if not iso:
        return ""
    y, m, d = str(iso)[:10].split("-")
    return f"{d}.{m}.{y}"


def _ids(players: list) -> list[str]:
    return [p["id"] if isinstance(p, dict) else p for p in players]


class ProtocolService:
    def __init__(self, store: Store, games: GameService) -> None:
        self.store = store
        self.games = games

    # ---- what can be printed ------------------------------------------------------------------
    def list_documents(self, lang: str = "ru") -> list[ProtocolRow]:
        """Every finished game, tournament and evening, newest first."""
        rows: list[tuple[str, ProtocolRow]] = []
        with self.store.session_factory() as s:
            names = self._names(s)
            # Mafia states say `phase: finished` rather than `finished: true`, so the cache is asked too.
            finished = select(Game).outerjoin(Projection, Projection.game_id == Game.id).where(
                or_(Game.status == "finished", Projection.state_json.like('%"phase":"finished"%')),
                Game.status != "cancelled",  # created by mistake: no result to print
                Game.game != "pyramid100_bracket")  # a Пирамидка tournament's log prints as its bracket
            where = self._table_titles(s, lang)
            for g in s.scalars(finished):
                who = ", ".join(names.get(p, p) for p in _ids(g.players))
                title = (" · ".join(x for x in (where.get(g.table_id or ""), shown_title(g.title, lang)) if x)
                         or self._game_name(g.game, lang))
                rows.append((g.created_at, ProtocolRow("game", g.id, g.game, title, _date(g.created_at), who)))
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
                                                         _date(tnm.created_at), detail, over)))
            for tnm in s.scalars(select(Tournament).where(Tournament.game == "zhuk")):
                n = entries.get(tnm.id, 0)
                detail = (f"participants: {n}" if lang == "en" else f"участников: {n}") if n else ""
                rows.append((tnm.created_at, ProtocolRow("tournament", tnm.id, tnm.game, tnm.name,
                                                         _date(tnm.created_at), detail,
                                                         self._tournament_over(s, tnm.id))))
            counts = dict(s.execute(select(GameTable.evening_id, func.count(Game.id))
                                    .join(Game, Game.table_id == GameTable.id)
                                    .where(GameTable.evening_id.is_not(None), Game.status != "cancelled")
                                    .group_by(GameTable.evening_id)).all())
            for ev in s.scalars(select(Evening)):
                iso = ev.date.isoformat()
                title = ev.name or ("Вечер мафии" if lang != "en" else "Mafia evening")
                n = counts.get(ev.id, 0)
                detail = f"games: {n}" if lang == "en" else f"игр: {n}"
                rows.append((iso, ProtocolRow("evening", ev.id, "mafia", title, _date(iso), detail)))
        rows.sort(key=lambda r: r[0], reverse=True)
        return [r for _, r in rows]

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

    def _table_titles(self, s, lang: str) -> dict[str, str]:
        """Game table id → «Кубок, этап 1, раунд 2, стол 3» or «Вечер, стол 1», for the list."""
        en = lang == "en"
        tnames = dict(s.execute(select(Tournament.id, Tournament.name)).all())
        stages = {i: (n, t) for i, n, t in s.execute(select(Stage.id, Stage.number, Stage.tournament_id))}
        rounds = {i: (n, st) for i, n, st in s.execute(select(Round.id, Round.number, Round.stage_id))}
        evenings = {i: (name or _date(d.isoformat())) for i, name, d in s.execute(
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

    @staticmethod
    def _game_name(game: str, lang: str) -> str:
        ru, en = GAME_NAMES.get(game, (game, game))
        return en if lang == "en" else ru

    # ---- lookups --------------------------------------------------------------------------------
    def _names(self, s, mafia: bool = False) -> dict[str, str]:
        """Player id → the name printed: the full name, and in a Mafia protocol the nickname the table knows after it
        («Иванов Пётр «Карамболь»», as the check-in list writes it): every player named the same way (issue 38 item 9;
        some were printed by the nickname alone)."""
        rows = s.execute(select(Player.id, Player.name, Player.nickname)).all()
        return {pid: f"{name} «{nick}»" if mafia and nick else name for pid, name, nick in rows}

    def _club(self, s) -> str:
        row = s.get(Setting, "club_name")
        return row.value if row and row.value else "ClubDesk"

    def _account_name(self, s, account_id: str | None) -> str | None:
        acc = s.get(Account, account_id) if account_id else None
        return (acc.display_name or acc.login) if acc else None

    def game_meta(self, game_id: str, lang: str = "ru") -> tuple[dict, Meta]:
        """The game's record (the events that count) and what the store knows about it."""
        from clubdesk.reports.base import Meta

        with self.store.session_factory() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise NotFound("Игра не найдена в этой базе.", "The game is not in this database.")
            meta = Meta(names=self._names(s, mafia=g.game == "mafia"), date=_date(g.created_at),
                        club=self._club(s), title=None)
            if g.game == matches.GAME:
                self._match_header(g, meta, scopes.person_names(self.store))
            else:
                meta.official = self._account_name(s, self._recorder(s, game_id))
                if g.title:
                    meta.context.append(("Игра" if lang != "en" else "Game", shown_title(g.title, lang)))
            tbl = s.get(GameTable, g.table_id) if g.table_id else None
            if tbl is not None:
                meta.table = str(tbl.number)
                self._table_context(s, tbl, meta, lang)
        return self.games.to_record(game_id), meta

    @staticmethod
    def _recorder(s, game_id: str) -> str | None:
        """The account that recorded most of the game's events: the one who signs a Жук table or a Mafia game, whose
        store rows name no referee or host of their own."""
        authors = Counter(s.scalars(select(Event.author_id).where(Event.game_id == game_id)))
        return authors.most_common(1)[0][0] if authors else None

    @staticmethod
    def _match_header(g: Game, meta: Meta, persons: dict[str, str]) -> None:
        """A Пирамидка match names its table and referee (games.table_name, games.referee: picked at creation or
        named since), the referee as the person, not his login (issue 34 item 4). Whoever typed the shots is not the
        referee, so a match created without one prints none."""
        meta.table, meta.official = g.table_name or None, scopes.shown_referee(g.referee, persons) or None

    def _table_context(self, s, tbl: GameTable, meta: Meta, lang: str) -> None:
        en = lang == "en"
        if tbl.round_id:
            rnd = s.get(Round, tbl.round_id)
            stage = s.get(Stage, rnd.stage_id)
            tnm = s.get(Tournament, stage.tournament_id)
            where = (f"{tnm.name}, stage {stage.number}, round {rnd.number}" if en
                     else f"{tnm.name}, этап {stage.number}, раунд {rnd.number}")
            meta.context.insert(0, ("Tournament" if en else "Турнир", where))
        elif tbl.evening_id:
            ev = s.get(Evening, tbl.evening_id)
            meta.context.insert(0, ("Evening" if en else "Вечер", ev.name or _date(ev.date.isoformat())))
            host = self._account_name(s, ev.host_account_id)
            meta.official = host or meta.official

    # ---- file names -----------------------------------------------------------------------------
    def game_file_name(self, game_id: str, lang: str = "ru") -> str:
        """«Жук — Кубок декабря — этап 1 — раунд 2 — стол 2», «Мафия — Клубный вечер 03.12.2026 — игра 1 — стол 1»,
        «Пирамидка 100 — Иванов Пётр — Сидорова Анна — 03.12.2026»."""
        en = lang == "en"
        with self.store.session_factory() as s:
            g = s.get(Game, game_id)
            if g is None:
                raise NotFound("Игра не найдена в этой базе.", "The game is not in this database.")
            parts = [self._game_name(g.game, lang)]
            tbl = s.get(GameTable, g.table_id) if g.table_id else None
            if tbl is not None and tbl.round_id:
                rnd = s.get(Round, tbl.round_id)
                stage = s.get(Stage, rnd.stage_id)
                tnm = s.get(Tournament, stage.tournament_id)
                stage_word = ("final" if en else "финал") if stage.kind == "final" else \
                    (f"stage {stage.number}" if en else f"этап {stage.number}")
                parts += [tnm.name, stage_word, f"round {rnd.number}" if en else f"раунд {rnd.number}",
                          f"table {tbl.number}" if en else f"стол {tbl.number}"]
            elif tbl is not None and tbl.evening_id:
                ev = s.get(Evening, tbl.evening_id)
                parts += [" ".join(x for x in (ev.name, _date(ev.date.isoformat())) if x)]
                if tbl.evening_round:
                    parts.append(f"game {tbl.evening_round}" if en else f"игра {tbl.evening_round}")
                parts.append(f"table {tbl.number}" if en else f"стол {tbl.number}")
            else:
                names = self._names(s)
                parts += [names.get(p, "") for p in _ids(g.players)] + [g.table_name, _date(g.created_at)]
        return file_name(*parts)

    def tournament_file_name(self, tournament_id: str, stage: int | None = None, lang: str = "ru") -> str:
        """«Жук — Кубок декабря — турнирная таблица», «Жук — Кубок декабря — итоги этапа 1»."""
        with self.store.session_factory() as s:
            tnm = s.get(Tournament, tournament_id)
            if tnm is None:
                raise NotFound("Турнир не найден в этой базе.", "The tournament is not in this database.")
            game, name = self._game_name(tnm.game, lang), tnm.name
        what = ("standings" if lang == "en" else "турнирная таблица") if stage is None else \
            (f"stage {stage} results" if lang == "en" else f"итоги этапа {stage}")
        return file_name(game, name, what)

    def evening_file_name(self, evening_id: str, what: str, lang: str = "ru") -> str:
        """«Мафия — Клубный вечер 03.12.2026 — итоги вечера» (`what`: the document, in the user's words)."""
        with self.store.session_factory() as s:
            ev = s.get(Evening, evening_id)
            if ev is None:
                raise NotFound("Вечер не найден в этой базе.", "The evening is not in this database.")
            day = " ".join(x for x in (ev.name, _date(ev.date.isoformat())) if x)
        return file_name(self._game_name("mafia", lang), day, what)

    # ---- documents ------------------------------------------------------------------------------
    def game_pdf(self, game_id: str, lang: str = "ru") -> bytes:
        from clubdesk.reports import build_record_pdf

        record, meta = self.game_meta(game_id, lang)   # NotFound first
        if self.games.cancelled(game_id):  # its window printed it, signatures and «партия не окончена» (evening3)
            raise KnownError("Игра отменена как созданная по ошибке: протокола у неё нет.",
                             "The game was cancelled as created by mistake: it has no protocol.", code="game_cancelled")
        bankroll, stage_last = self._tournament_round(game_id)
        return build_record_pdf(record, meta, lang, bankroll=bankroll, stage_last=stage_last)

    def _tournament_round(self, game_id: str) -> tuple[str | None, bool | None]:
        """The bankroll rule (Z-10) of the tournament the game's table plays in, and whether its round is the
        stage's last (Z-15: the bank left is then not won); (None, None) outside a tournament."""
        with self.store.session_factory() as s:
            row = s.execute(select(Tournament.options_json, Round.number, Round.stage_id)
                            .join(Stage, Stage.tournament_id == Tournament.id)
                            .join(Round, Round.stage_id == Stage.id)
                            .join(GameTable, GameTable.round_id == Round.id)
                            .join(Game, Game.table_id == GameTable.id).where(Game.id == game_id)).first()
            if row is None:
                return None, None
            rounds = s.scalar(select(func.count()).select_from(Round).where(Round.stage_id == row.stage_id))
        # the default TournamentData reads too
        return json.loads(row.options_json or "{}").get("bankroll", "carry"), row.number == rounds

    def tournament_data(self, tournament_id: str) -> tuple[TournamentData, Meta]:
        """Stages, rounds and tables of a Жук tournament with every table's start and current balances."""
        from clubdesk.reports.base import Meta
        from clubdesk.reports.zhuk_tournament import RoundResult, StageData, TableResult, TournamentData

        with self.store.session_factory() as s:
            tnm = s.get(Tournament, tournament_id)
            if tnm is None:
                raise NotFound("Турнир не найден в этой базе.", "The tournament is not in this database.")
            meta = Meta(names=self._names(s), date=_date(tnm.created_at), club=self._club(s))
            data = TournamentData(tnm.name, json.loads(tnm.options_json or "{}"), [])
            plan = []
            for stage in s.scalars(select(Stage).where(Stage.tournament_id == tnm.id).order_by(Stage.number)):
                sd = StageData(stage.number, stage.kind, stage.seed)
                data.stages.append(sd)
                for rnd in s.scalars(select(Round).where(Round.stage_id == stage.id).order_by(Round.number)):
                    rr = RoundResult(rnd.number, rnd.nominal, rnd.minutes)
                    sd.rounds.append(rr)
                    tables = s.scalars(select(GameTable).where(GameTable.round_id == rnd.id).order_by(GameTable.number))
                    for tbl in tables:
                        game = s.scalar(select(Game).where(Game.table_id == tbl.id, Game.status != "cancelled")
                                        .order_by(Game.created_at))
                        if game is not None:
                            plan.append((rr, tbl.number, game.id, game.players, game.status == "finished"))
        # Ties are broken by the club rating as it stands now (Z§8), as the service ranks and draws the final
        # (tournaments_standings.qualifiers): not by a player's rating when his first table was seated.
        club = club_ratings10(self.store)
        for rr, number, game_id, players, finished in plan:
            state = self.games.state(game_id)
            balances = state["balances"]
            ids = _ids(players)
            rr.tables.append(TableResult(number, ids, {p["id"]: p.get("balance", 10000) for p in players},
                                         {p: balances[p] for p in ids}, finished,
                                         state["opening_bank"], state["bank"]))
            for p in ids:
                data.ratings.setdefault(p, from10(club.get(p, START_RATING * 10)))
        for sd in data.stages:  # a round whose tables are not yet seated is not a result yet
            sd.rounds = [r for r in sd.rounds if r.tables]
        return data, meta

    def tournament_pdf(self, tournament_id: str, stage: int | None = None, lang: str = "ru") -> bytes:
        with self.store.session_factory() as s:
            tnm = s.get(Tournament, tournament_id)
            pyramid = tnm is not None and tnm.game == "pyramid100"
        if pyramid:  # a Пирамидка tournament prints as its bracket and group tables
            from clubdesk.services.pyramid_tournaments import PyramidTournamentService

            return PyramidTournamentService(self.store, self.games).bracket_pdf(tournament_id, lang)
        from clubdesk.reports.zhuk_tournament import build_tournament

        data, meta = self.tournament_data(tournament_id)
        if stage is not None and stage not in {s.number for s in data.stages}:
            raise NotFound(f"В турнире нет этапа {stage}.", f"The tournament has no stage {stage}.")
        return build_tournament(data, meta, lang, stage)

    def seating_pdf(self, evening_id: str, lang: str = "ru") -> bytes:
        """The evening's seating, every game table by table (M-8), with its seed; a clear error before a draw."""
        from clubdesk.reports.mafia_seating import build_mafia_seating
        from clubdesk.services.evenings import EveningService
        from clubdesk.services.players import PlayerService

        seating = EveningService(self.store, self.games, PlayerService(self.store)).seating(evening_id)
        if seating is None:
            raise NotFound("У вечера ещё нет рассадки.", "The evening has no seating yet.")
        return build_mafia_seating(seating, self._evening_meta(evening_id, lang), lang)

    def _evening_meta(self, evening_id: str, lang: str) -> Meta:
        from clubdesk.reports.base import Meta

        with self.store.session_factory() as s:
            ev = s.get(Evening, evening_id)
            if ev is None:
                raise NotFound("Вечер не найден в этой базе.", "The evening is not in this database.")
            meta = Meta(names=self._names(s, mafia=True), date=_date(ev.date.isoformat()), club=self._club(s),
                        official=self._account_name(s, ev.host_account_id))
            if ev.name:
                meta.context.append(("Evening" if lang == "en" else "Вечер", ev.name))
            return meta

    def evening_pdf(self, evening_id: str, lang: str = "ru") -> bytes:
        """The evening summary: standings over its Mafia games (evening → tables → games)."""
        from clubdesk.reports.mafia import EveningGame, build_mafia_evening

        meta = self._evening_meta(evening_id, lang)
        with self.store.session_factory() as s:
            ev = s.get(Evening, evening_id)
            games = s.execute(select(Game.id, Game.title, GameTable.number).join(GameTable, Game.table_id == GameTable.id)
                              .where(GameTable.evening_id == ev.id, Game.game == "mafia", Game.status != "cancelled")
                              .order_by(Game.created_at)).all()
            options = json.loads(ev.options_json or "{}")
            seed = ev.seed
        label = "Game {n}, table {t}" if lang == "en" else "Игра {n}, стол {t}"
        items = [EveningGame(shown_title(title, lang) or label.format(n=i + 1, t=num), self.games.to_record(gid))
                 for i, (gid, title, num) in enumerate(games)]
        from clubdesk.services.evenings_standings import COLUMNS, standing_rows

        engines = [self.games.engine(gid) for gid, _t, _n in games]
        rows = standing_rows(engines, {p: meta.name(p) for e in engines for p in e.players})  # names cut for paper
        shown = ([c.title(lang) for c in COLUMNS], [[c.text(r) for c in COLUMNS] for r in rows])
        return build_mafia_evening(items, meta, lang, scoring=options.get("scoring", "fiim"), seed=seed,
                                   variants=options.get("variants", {}), standings=shown)
