"""Жук tournaments: participants, seeded stage draws, rounds with their tables and games, the round clock."""

from __future__ import annotations

import datetime as dt
import json
import random
import time
from collections.abc import Callable

from sqlalchemy import select

from clubdesk.errors import KnownError, ValidationError
from clubdesk.rules.errors import RuleError
from clubdesk.rules.zhuk import tournament as zt
from clubdesk.rules.zhuk.events import SETTLEMENTS, START_BALANCE
from clubdesk.services.accounts import Actor, require
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerBanned, PlayerService
from clubdesk.services.tournament_reads import TournamentReads
from clubdesk.services.tournaments_data import (
    ClockState,
    RoundInfo,
    StageInfo,
    TableInfo,
    club_ratings10,
    rating_json,
)
from clubdesk.services.tournaments_standings import qualifiers
from clubdesk.store.db import Store
from clubdesk.store.models import (
    Account,
    Game,
    GameTable,
    Player,
    Round,
    Seat,
    Stage,
    Tournament,
    TournamentEntry,
    canonical_json,
)
from clubdesk.store.uow import UnitOfWork

ORGANISER_ROLES = ("desk",)
CLOCK_ROLES = ("desk", "referee")
FINAL_STAGE = 4


class TournamentError(KnownError):
    code = "tournament"


class TournamentService(TournamentReads):
    """Use cases of a Жук tournament; games are recorded through the shared GameService."""

    def __init__(self, store: Store, games: GameService, now: Callable[[], float] = time.time) -> None:
        super().__init__(store, games)
        self.now = now  # injected so tests and the clock widgets can drive time

    # ---- tournaments ----------------------------------------------------------------------------

    def create(self, actor: Actor, name: str, player_ids: list[str], settlement: str = "previous",
               bankroll: str = "carry") -> str:
        require(actor, *ORGANISER_ROLES)
        name = " ".join(name.split())
        if len(name) < 2:
            raise ValidationError("name", "Введите название турнира.", "Enter the tournament name.")
        if settlement not in SETTLEMENTS or bankroll not in zt.BANKROLLS:
            raise ValidationError("options", "Неизвестный вариант расчёта или банкролла.",
                                  "Unknown settlement or bankroll option.")
        ids = list(dict.fromkeys(player_ids))
        try:
            zt.table_sizes(len(ids))
        except RuleError as exc:
            raise ValidationError("players", f"Участников {len(ids)}: {exc.message('ru')}. Нужно 3, 4 или 6 и больше.",
                                  f"{len(ids)} players: {exc.message('en')}. Need 3, 4 or 6 and more.") from exc
        PlayerService(self.store).refuse_banned(ids)  # a banned player is not entered (nor rated)
        with UnitOfWork(self.store, actor.account_id) as uow:
            found = set(uow.session.scalars(select(Player.id).where(Player.id.in_(ids))))
            if len(found) != len(ids):
                raise ValidationError("players", "Часть участников не найдена в реестре.",
                                      "Some participants are not in the registry.")
            t = Tournament(name=name, game="zhuk",
                           options_json=canonical_json({"settlement": settlement, "bankroll": bankroll}))
            uow.session.add(t)
            uow.session.flush()
            uow.session.add_all(TournamentEntry(tournament_id=t.id, player_id=p) for p in ids)
            return t.id

    def withdraw(self, actor: Actor, tournament_id: str, player_id: str) -> None:
        """Take a participant off a tournament before its first draw (a tombstone on his entry). After a draw
        the tables of the stage are fixed: he plays the stage out, and with 0 B or less at its end he is out
        (Z§9) — a withdrawal is refused then, with that reason."""
        require(actor, *ORGANISER_ROLES)
        info = self.get(tournament_id)
        name = self.names([player_id]).get(player_id, player_id)
        if info.stage_count:
            raise TournamentError(
                f"{name}: жеребьёвка уже сделана — столы этапа не меняются. Игрок доигрывает этап; с балансом "
                "0 B или меньше в конце этапа он выбывает (Z§9).",
                f"{name}: the draw is made and the stage's tables are fixed. The player plays the stage out; with "
                "0 B or less at its end he is out (Z§9).")
        left = len(info.players) - (player_id in info.players)
        try:
            zt.table_sizes(left)
        except RuleError as exc:
            raise ValidationError("players", f"После снятия останется {left}: {exc.message('ru')}. Нужно 3, 4 "
                                  "или 6 и больше.", f"{left} would be left: {exc.message('en')}. Need 3, 4 "
                                  "or 6 and more.") from exc
        with UnitOfWork(self.store, actor.account_id) as uow:
            entry = uow.session.scalar(select(TournamentEntry).where(
                TournamentEntry.tournament_id == tournament_id, TournamentEntry.player_id == player_id,
                TournamentEntry.deleted.is_(False)))
            if entry is None:
                raise ValidationError("players", f"{name} не участвует в турнире.", f"{name} is not entered.")
            entry.deleted = True

    # ---- stages and draws -------------------------------------------------------------------------

    def draw_stage(self, actor: Actor, tournament_id: str, seed: int | None = None) -> str:
        """Draw the next stage (1–3) by a recorded seed: its tables and the first round's games."""
        require(actor, *ORGANISER_ROLES)
        info = self.get(tournament_id)
        stages = self.stages(tournament_id)
        number = len(stages) + 1
        if number > 3:
            raise TournamentError("Все три этапа уже разыграны: дальше — финал.",
                                  "All three stages are drawn: the final comes next.")
        if stages:
            self._require_stage_over(stages[-1])
            players = self.stage_end(stages[-1].id).survivors
        else:
            players = info.players
        return self._create_stage(actor, tournament_id, number, "stage", players, seed)

    def draw_final(self, actor: Actor, tournament_id: str, seed: int | None = None) -> str:
        """Z§6.3: the top 4 still in after three stages play the final (1000, 2 × 30 min)."""
        require(actor, *ORGANISER_ROLES)
        stages = self.stages(tournament_id)
        if len(stages) != 3:
            raise TournamentError("Финал разыгрывается после трёх этапов.", "The final is drawn after three stages.")
        self._require_stage_over(stages[-1])
        return self._create_stage(actor, tournament_id, FINAL_STAGE, "final", qualifiers(self, tournament_id), seed)

    def _require_stage_over(self, stage: StageInfo) -> None:
        if not all(self.round_over(r.id) for r in stage.rounds):
            raise TournamentError(f"Этап {stage.number} ещё идёт: сначала закончите все его раунды.",
                                  f"Stage {stage.number} is still running: finish all its rounds first.")

    def _create_stage(self, actor: Actor, tournament_id: str, number: int, kind: str, players, seed) -> str:
        try:  # a ban imposed after the entry keeps the player out of every later draw
            PlayerService(self.store).refuse_banned(players)
        except PlayerBanned as exc:
            raise PlayerBanned(f"Жеребьёвка не проведена. {exc.ru.rstrip('.')}. Снимите игрока с турнира или снимите запрет.",
                               f"The draw was not made. {exc.en.rstrip('.')}. Withdraw the player or lift the ban.") from exc
        seed = random.SystemRandom().randrange(100_000_000, 1_000_000_000) if seed is None else int(seed)
        try:
            tables = zt.draw(players, seed)
        except RuleError as exc:
            raise TournamentError(exc.message("ru"), exc.message("en")) from exc
        rounds = [r for r in zt.schedule() if r.stage == number]
        with UnitOfWork(self.store, actor.account_id) as uow:
            st = Stage(tournament_id=tournament_id, number=number, kind=kind, seed=seed,
                       draw_json=canonical_json([list(tb) for tb in tables]))
            uow.session.add(st)
            uow.session.flush()
            uow.session.add_all(Round(stage_id=st.id, number=r.number, nominal=r.nominal, minutes=r.minutes)
                                for r in rounds)
            stage_id = st.id
        return stage_id

    # ---- rounds, tables, games --------------------------------------------------------------------

    def start_round(self, actor: Actor, round_id: str) -> list[TableInfo]:
        """Seat the round's tables (balances carried, ratings fixed now) and start its clock."""
        require(actor, *CLOCK_ROLES)
        tables = self.tables(round_id)
        if not tables:
            tables = self._open_tables(actor, round_id)
        self.start_clock(actor, round_id)
        return tables

    def _previous_round(self, round_id: str) -> tuple[RoundInfo | None, StageInfo]:
        tid, info = self.round_info(round_id)
        stages = self.stages(tid)
        stage = next(st for st in stages if st.number == info.stage)
        if info.number > 1:
            return stage.rounds[info.number - 2], stage
        return None, stage

    def _open_tables(self, actor: Actor, round_id: str) -> list[TableInfo]:
        tid, info = self.round_info(round_id)
        prev, stage = self._previous_round(round_id)
        opts = json.loads(self._options_json(tid))
        seated = list(self.draw_of(tid, info.stage))  # the stage's draw is every round's turn order
        banks: dict[int, int] = {}
        if prev is not None:
            if not self.round_over(prev.id):
                raise TournamentError(f"Раунд {prev.number} ещё идёт.", f"Round {prev.number} is still running.")
            before = self.tables(prev.id)
            balances = {}  # within a stage the money flows on from round to round
            for t in before:
                state = self.games.state(t.game_id)
                balances.update(state["balances"])
                # Z-15: the bank too, at the same table (the draw seats the same players there every round),
                # read from the ended round's log, so the header holds no figure of its own
                banks[t.number] = state["bank"]
        else:
            players = [p for tb in seated for p in tb]
            stage_before = self._stage_before(tid, info.stage) if info.stage > 1 else None
            before = self._latest_tables(stage_before) if stage_before else []
            previous = self.stage_balances(stage_before) if stage_before else {}
            balances = zt.stage_start_balances(previous, players, opts.get("bankroll", "carry"))
        # «Судья стола…»: a table's referee stays at it into the next round and the next stage's first, by number
        referees = {t.number: t.referee for t in before}
        ratings = club_ratings10(self.store)
        label = self.get(tid).name
        for number, players in enumerate(seated, start=1):
            with UnitOfWork(self.store, actor.account_id) as uow:
                table = GameTable(number=number, round_id=round_id)
                uow.session.add(table)
                uow.session.flush()
                uow.session.add_all(Seat(table_id=table.id, seat_no=i + 1, player_id=p)
                                    for i, p in enumerate(players))
                table_id = table.id
            header = [{"id": p, "balance": balances.get(p, START_BALANCE),
                       "rating": rating_json(ratings.get(p))} for p in players]
            title = f"{label} · этап {info.stage} · раунд {info.number} · стол {number}"
            options = {"nominal": info.nominal, "settlement": opts.get("settlement", "previous")}
            if banks.get(number):  # a round that opens with an empty bank keeps the header it always had
                options["bank"] = banks[number]
            self.games.create(actor, "zhuk", header, options, title, table_id, referee=referees.get(number, ""))
        return self.tables(round_id)

    def end_table(self, actor: Actor, game_id: str, by_hand: bool = False) -> dict:
        """Z-10: the round's time is up at this table: record round_end (nothing after it). `by_hand`: the
        referee or the desk ended it early; who and when are noted first (a note without its round_end,
        left by a crash between the two, is never read)."""
        require(actor, *CLOCK_ROLES)
        state = self.games.state(game_id)
        if state["finished"]:
            return state
        if by_hand:
            self._note_end_by_hand(actor, game_id)
        return self.games.record(actor, game_id, {"type": "round_end"})

    def end_round(self, actor: Actor, round_id: str, by_hand: bool = False) -> None:
        """Record round_end on every table of the round that is still playing, and stop the clock."""
        require(actor, *CLOCK_ROLES)
        for t in self.tables(round_id):
            self.end_table(actor, t.game_id, by_hand)
        self.stop_clock(actor, round_id)

    def _note_end_by_hand(self, actor: Actor, game_id: str) -> None:
        with UnitOfWork(self.store, actor.account_id) as uow:
            s = uow.session
            table = s.scalar(select(GameTable).join(Game, Game.table_id == GameTable.id).where(Game.id == game_id))
            who = s.get(Account, actor.account_id) if actor.account_id else None
            # On the table's own row: two tables ended on two desks never rewrite one tournament field.
            table.ended_by_hand_json = canonical_json({
                "by": (who.display_name or who.login) if who else actor.login,
                "at": dt.datetime.fromtimestamp(self.now()).strftime("%H:%M")})

    # ---- the round clock (kept in the round's row, so a restart resumes it) -------------------------

    def _write_clock(self, actor: Actor, round_id: str, elapsed: float, started_at: float | None) -> None:
        with UnitOfWork(self.store, actor.account_id) as uow:
            r = uow.session.get(Round, round_id)
            r.clock_elapsed, r.clock_started_at = elapsed, started_at

    def _clock_row(self, round_id: str) -> tuple[int, float, float | None]:
        """(minutes, elapsed before the last start, last start or None) of a round."""
        with self.store.session_factory() as s:
            r = s.get(Round, round_id)
            return r.minutes, r.clock_elapsed, r.clock_started_at

    def clock(self, round_id: str) -> ClockState:
        minutes, elapsed, started = self._clock_row(round_id)
        if started is not None:
            elapsed += max(0.0, self.now() - started)
        return ClockState(minutes * 60, max(0.0, minutes * 60 - elapsed), started is not None,
                          started is None and elapsed > 0)

    def start_clock(self, actor: Actor, round_id: str) -> ClockState:
        require(actor, *CLOCK_ROLES)
        _minutes, elapsed, started = self._clock_row(round_id)
        if started is None:
            self._write_clock(actor, round_id, elapsed, self.now())
        return self.clock(round_id)

    def stop_clock(self, actor: Actor, round_id: str) -> ClockState:
        require(actor, *CLOCK_ROLES)
        _minutes, elapsed, started = self._clock_row(round_id)
        if started is not None:
            self._write_clock(actor, round_id, elapsed + max(0.0, self.now() - started), None)
        return self.clock(round_id)
