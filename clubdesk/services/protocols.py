"""Printed protocols from the store: the PDF of a game, a tournament or an evening, and the file name it is saved
under. What can be printed is listed by protocol_list."""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING

from sqlalchemy import func, select

from clubdesk.errors import KnownError
from clubdesk.rules.zhuk.events import START_RATING, from10
from clubdesk.services import matches, scopes
from clubdesk.services.games import GameService
from clubdesk.services.protocol_names import file_name, game_name, player_ids, printed_date
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
    Round,
    Setting,
    Stage,
    Tournament,
)

if TYPE_CHECKING:
    from clubdesk.reports.base import Meta
    from clubdesk.reports.zhuk_tournament import TournamentData

# ReportLab (clubdesk.reports, ~10 MB) is imported by the methods that print, not with the service: the desk's windows
# hold a ProtocolService before anything is printed (issue 36).


class NotFound(KnownError):
    code = "not_found"


class ProtocolService:
    def __init__(self, store: Store, games: GameService) -> None:
        self.store = store
        self.games = games

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
            meta = Meta(names=self._names(s, mafia=g.game == "mafia"), date=printed_date(g.created_at),
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
            meta.context.insert(0, ("Evening" if en else "Вечер", ev.name or printed_date(ev.date.isoformat())))
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
            parts = [game_name(g.game, lang)]
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
                parts += [" ".join(x for x in (ev.name, printed_date(ev.date.isoformat())) if x)]
                if tbl.evening_round:
                    parts.append(f"game {tbl.evening_round}" if en else f"игра {tbl.evening_round}")
                parts.append(f"table {tbl.number}" if en else f"стол {tbl.number}")
            else:
                names = self._names(s)
                parts += [names.get(p, "") for p in player_ids(g.players)] + [g.table_name, printed_date(g.created_at)]
        return file_name(*parts)

    def tournament_file_name(self, tournament_id: str, stage: int | None = None, lang: str = "ru") -> str:
        """«Жук — Кубок декабря — турнирная таблица», «Жук — Кубок декабря — итоги этапа 1»."""
        with self.store.session_factory() as s:
            tnm = s.get(Tournament, tournament_id)
            if tnm is None:
                raise NotFound("Турнир не найден в этой базе.", "The tournament is not in this database.")
            game, name = game_name(tnm.game, lang), tnm.name
        what = ("standings" if lang == "en" else "турнирная таблица") if stage is None else \
            (f"stage {stage} results" if lang == "en" else f"итоги этапа {stage}")
        return file_name(game, name, what)

    def evening_file_name(self, evening_id: str, what: str, lang: str = "ru") -> str:
        """«Мафия — Клубный вечер 03.12.2026 — итоги вечера» (`what`: the document, in the user's words)."""
        with self.store.session_factory() as s:
            ev = s.get(Evening, evening_id)
            if ev is None:
                raise NotFound("Вечер не найден в этой базе.", "The evening is not in this database.")
            day = " ".join(x for x in (ev.name, printed_date(ev.date.isoformat())) if x)
        return file_name(game_name("mafia", lang), day, what)

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
            meta = Meta(names=self._names(s), date=printed_date(tnm.created_at), club=self._club(s))
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
            ids = player_ids(players)
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
            meta = Meta(names=self._names(s, mafia=True), date=printed_date(ev.date.isoformat()), club=self._club(s),
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
