"""Пирамидка tournaments: entries, the draw, bouts whose games are Пирамидка matches, walk-overs, withdrawals.

The tournament's events are a game of kind `pyramid100_bracket` (GameService: validated, stored, undone by a void),
named in the tournament's options (`log`); each game of a bout is an ordinary Пирамидка match, linked to its bout by
the tournament's own `game_started` event, and scored in the Пирамидка window.
When such a match ends its result is counted in the bout (`game_ended`, called by MatchService; `settle` again on
every read of the bracket, so a crash between the two loses nothing) and the winner advances by himself.
A counted game with a wrong result is taken back for correction (`correct_game`) and counted again when it ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sqlalchemy import select

from clubdesk.errors import KnownError, ValidationError
from clubdesk.rules.errors import RuleError
from clubdesk.rules.pyramid100.bracket import engine as bracket_engine
from clubdesk.rules.pyramid100.bracket import options as bracket_options
from clubdesk.services import player_names
from clubdesk.services.accounts import Actor, require
from clubdesk.services.games import GameReadOnly, GameService
from clubdesk.services.players import PlayerService
from clubdesk.services.pyramid_bouts import GAME, PyramidTournamentInfo, bout_of_game, pyramid_tournaments
from clubdesk.store.db import Store
from clubdesk.store.ids import new_id
from clubdesk.store.models import Game, Player, Tournament, TournamentEntry, canonical_json
from clubdesk.store.uow import UnitOfWork

BRACKET = "pyramid100_bracket"
ORGANISER_ROLES = ("desk",)  # create, draw, withdraw, undo (an administrator always may)
RECORD_ROLES = ("referee", "desk")  # start a bout's game, walk-over, count results


class TournamentError(KnownError):
    code = "pyramid_tournament"


@dataclass(frozen=True)
class BoutGameInfo:
    game_id: str
    number: int
    finished: bool


class PyramidTournamentService:
    """Use cases of a Пирамидка tournament; every event goes through the shared GameService."""

    def __init__(self, store: Store, games: GameService) -> None:
        self.store, self.games = store, games

    @classmethod
    def of(cls, club) -> PyramidTournamentService:
        return cls(club.store, club.games)

    # ---- tournaments ---------------------------------------------------------------------------
    def create(self, actor: Actor, name: str, player_ids: list[str], options: dict) -> str:
        """A tournament with its entries (PT§1) and format options (PT§2, PT§4, PT§9); drawn later."""
        require(actor, *ORGANISER_ROLES)
        name = " ".join(name.split())
        if len(name) < 2 or len(name) > 200:
            raise ValidationError("name", "Введите название турнира.", "Enter the tournament name.")
        try:
            # A new tournament drops its losers in today's order; one stored without the key keeps the old (PT§8).
            options = bracket_options.check_options({"drop_order": bracket_options.NEW_DROP_ORDER, **options})
        except RuleError as exc:
            raise ValidationError("options", exc.message("ru"), exc.message("en")) from exc
        ids = list(dict.fromkeys(player_ids))
        least = bracket_options.minimum_field(options)
        if len(ids) < least:
            raise ValidationError("players", f"Участников {len(ids)}: для этого формата нужно не меньше {least}.",
                                  f"{len(ids)} players: this format needs at least {least}.")
        PlayerService(self.store).refuse_banned(ids)
        with UnitOfWork(self.store, actor.account_id) as uow:
            s = uow.session
            found = set(s.scalars(select(Player.id).where(Player.id.in_(ids))))
            if len(found) != len(ids):
                raise ValidationError("players", "Часть участников не найдена в реестре.",
                                      "Some participants are not in the registry.")
            log = Game(game=BRACKET, title=name, players_json="[]", options_json=canonical_json(options),
                       owner_desk_id=self.store.desk_id)
            s.add(log)
            s.flush()  # the log's id, set once in the tournament's options (they never change after creation)
            t = Tournament(name=name, game=GAME, options_json=canonical_json({**options, "log": log.id}))
            s.add(t)
            s.flush()
            s.add_all(TournamentEntry(tournament_id=t.id, player_id=p) for p in ids)
            return t.id

    def tournaments(self) -> list[PyramidTournamentInfo]:
        return pyramid_tournaments(self.store)

    def get(self, tournament_id: str) -> PyramidTournamentInfo:
        for t in self.tournaments():
            if t.id == tournament_id:
                return t
        raise KeyError(tournament_id)

    def engine(self, tournament_id: str) -> bracket_engine.Tournament:
        """The live tournament engine (for the bracket's queries); never mutate it."""
        return self.games.engine(self.get(tournament_id).log_game_id)

    def state(self, tournament_id: str) -> dict:
        return self.games.state(self.get(tournament_id).log_game_id)

    def names(self, player_ids) -> dict[str, str]:
        return player_names.display_names(self.store, player_ids)

    def board_names(self, player_ids) -> dict[str, str]:
        """How the bracket and the hall board name these players (clubdesk.names.board_name)."""
        return player_names.board_names(self.store, player_ids)

    # ---- the draw ------------------------------------------------------------------------------
    def draw(self, actor: Actor, tournament_id: str, method: str = "rating", seed: int | None = None) -> dict:
        """PT§3: enter everyone with his Пирамидка rating now, then draw by the printed seed (one is made up)."""
        require(actor, *ORGANISER_ROLES)
        info = self.get(tournament_id)
        engine = self.engine(tournament_id)
        if engine.draw is not None:
            raise TournamentError("Жеребьёвка уже проведена.", "The draw is already made.")
        try:
            PlayerService(self.store).refuse_banned(info.players)
        except KnownError as exc:
            raise TournamentError(f"Жеребьёвка не проведена. {exc.ru}", f"The draw was not made. {exc.en}") from exc
        from clubdesk.services.ratings import RatingService

        ratings = RatingService(self.store).pyramid_ratings()
        for p in info.players:  # a draw cut short by a crash goes on with those not entered yet
            if p not in engine.entries:
                rating = ratings.get(p)
                self.games.record(actor, info.log_game_id, {"type": "enter", "player": p,
                                                            **({"rating": round(rating, 2)} if rating else {})})
        seed = random.SystemRandom().randrange(100_000_000, 1_000_000_000) if seed is None else int(seed)
        return self.games.record(actor, info.log_game_id, {"type": "draw", "method": method, "seed": seed})

    # ---- bouts and their games -----------------------------------------------------------------
    def bout_games(self, tournament_id: str) -> dict[str, list[BoutGameInfo]]:
        """Each bout's Пирамидка games, in the order they were started (from the tournament's own events)."""
        started = {b.spec.code: list(b.started) for b in self.engine(tournament_id).bouts.values() if b.started}
        ids = [g for games in started.values() for g in games]
        with self.store.session_factory() as s:
            status = dict(s.execute(select(Game.id, Game.status).where(Game.id.in_(ids))).all()) if ids else {}
        return {bout: [BoutGameInfo(g, n, status.get(g) == "finished") for n, g in enumerate(games, start=1)]
                for bout, games in started.items()}

    def tournament_of_game(self, game_id: str) -> tuple[str, str] | None:
        """(tournament id, bout) of a Пирамидка game started for a tournament's bout, else None."""
        found = bout_of_game(self.store, self.games.engine, game_id)
        return (found[0].id, found[1]) if found is not None else None

    def live(self, tournament_id: str) -> dict[str, str]:
        """bout -> its game being played now (the bracket highlights these)."""
        return {bout: games[-1].game_id for bout, games in self.bout_games(tournament_id).items()
                if games and not games[-1].finished}

    def start_game(self, actor: Actor, tournament_id: str, bout: str) -> str:
        """The bout's next game as a Пирамидка match (or the one running). The break alternates: place a breaks
        the odd games, place b the even ones (PT§5).

        The bracket names the game first (`game_started` with a fresh id), then the match is made with that id:
        a crash between the two leaves a bout whose game is still to be made — `_make_missing_games` makes it on
        the next open — and never a plain match the bracket does not know."""
        require(actor, *RECORD_ROLES)
        info = self.get(tournament_id)
        self._make_missing_games(actor, tournament_id)
        running = self.live(tournament_id).get(bout)
        if running:
            return running
        b = self.engine(tournament_id).bouts.get(bout)
        if b is None or not b.ready:
            raise TournamentError(f"Встреча {bout} сейчас не играется.", f"Bout {bout} cannot be played now.")
        game_id = new_id()
        self.games.record(actor, info.log_game_id, {"type": "game_started", "bout": bout, "game": game_id})
        self._make_game(actor, info, b, game_id)
        return game_id

    def _make_game(self, actor: Actor, info: PyramidTournamentInfo, b, game_id: str) -> None:
        number = b.started.index(game_id) + 1
        players = [b.a, b.b] if number % 2 else [b.b, b.a]
        title = f"{info.name} · {b.spec.code} · партия {number}"
        self.games.create(actor, GAME, players, {}, title=title[:200], game_id=game_id)

    def _make_missing_games(self, actor: Actor, tournament_id: str) -> int:
        """Make the match of every game the bracket started that has none (a crash after `game_started`)."""
        info = self.get(tournament_id)
        if self.games.read_only_reason(info.log_game_id) is not None:
            return 0  # only the desk that records the bracket makes its games
        engine = self.engine(tournament_id)
        ids = list(engine.started_ids)
        if not ids:
            return 0
        with self.store.session_factory() as s:
            stored = set(s.scalars(select(Game.id).where(Game.id.in_(ids))))
        missing = [g for g in ids if g not in stored]
        made = 0
        for game_id in missing:
            b = engine.bouts[engine.started_ids[game_id]]
            if b.a and b.b:  # not for a bout a withdrawal decided meanwhile
                self._make_game(actor, info, b, game_id)
                made += 1
        return made

    def correct_game(self, actor: Actor, tournament_id: str, bout: str, reason: str) -> str:
        """Take the bout's last counted game back for correction (PT§5): the bracket forgets its result by a
        `game_voided` event, then the match's ending is voided (nothing is deleted), so the referee corrects it
        and, when it ends again, it is counted again. Refused once a later bout was played on the result.
        Returns the match's id (to open it).

        A crash between the two writes leaves the match finished and uncounted: the next settle counts it again,
        so the bracket is as before the correction — never a running match counted in its bout."""
        require(actor, *RECORD_ROLES)
        if not reason.strip():
            raise ValidationError("reason", "Укажите причину исправления партии.",
                                  "Give the reason for correcting the game.")
        info = self.get(tournament_id)
        b = self.engine(tournament_id).bouts.get(bout)
        game_id = b.games[-1] if b is not None and b.games else ""
        if not game_id:
            raise TournamentError(f"Во встрече {bout} нет засчитанной партии.",
                                  f"Bout {bout} has no counted game.")
        if b.started[-1] != game_id:
            number = len(b.started)
            raise TournamentError(f"Во встрече {bout} уже начата партия {number}: исправить можно только последнюю.",
                                  f"Game {number} of bout {bout} is already started: only the last can be corrected.")
        for gid in (info.log_game_id, game_id):
            why = self.games.read_only_reason(gid)
            if why is not None:
                raise TournamentError(why, why)
        self.games.record(actor, info.log_game_id, {"type": "game_voided", "bout": bout, "game": game_id})
        self.games.undo(actor, game_id, reason, correctors=RECORD_ROLES)
        return game_id

    def settle(self, actor: Actor, tournament_id: str) -> int:
        """Count every finished game of a bout not counted yet (PT§5); returns how many were counted."""
        info = self.get(tournament_id)
        self._make_missing_games(actor, tournament_id)
        engine = self.engine(tournament_id)
        done = 0
        for bout, games in self.bout_games(tournament_id).items():
            for g in games:
                b = engine.bouts.get(bout)
                if not g.finished or g.game_id in engine.game_ids or b is None or not b.ready:
                    continue
                winner = self.games.state(g.game_id).get("winner")
                if winner in (b.a, b.b):
                    self.games.record(actor, info.log_game_id, {"type": "game_won", "bout": bout, "winner": winner,
                                                                "game": g.game_id})
                    done += 1
        return done

    def game_ended(self, actor: Actor, game_id: str) -> None:
        """A Пирамидка match ended: if it is a bout's game, count it (another desk keeping the log counts it)."""
        found = self.tournament_of_game(game_id) if actor.has(*RECORD_ROLES) else None
        if found is not None:
            try:
                self.settle(actor, found[0])
            except GameReadOnly:
                pass

    def walk_over(self, actor: Actor, tournament_id: str, bout: str, winner: str) -> dict:
        """PT§6: the bout to `winner`, the other did not come."""
        require(actor, *RECORD_ROLES)
        return self._record(actor, tournament_id, {"type": "walk_over", "bout": bout, "winner": winner})

    def withdraw(self, actor: Actor, tournament_id: str, player_id: str) -> dict | None:
        """PT§7: before the draw the entry is taken back; after it the withdrawal is an event of the tournament."""
        require(actor, *ORGANISER_ROLES)
        if self.engine(tournament_id).draw is not None:
            return self._record(actor, tournament_id, {"type": "withdraw", "player": player_id})
        with UnitOfWork(self.store, actor.account_id) as uow:
            entry = uow.session.scalar(select(TournamentEntry).where(
                TournamentEntry.tournament_id == tournament_id, TournamentEntry.player_id == player_id,
                TournamentEntry.deleted.is_(False)))
            if entry is None:
                raise ValidationError("players", "Игрок не участвует в турнире.", "The player is not entered.")
            entry.deleted = True
        return None

    def undo(self, actor: Actor, tournament_id: str, reason: str = "") -> dict:
        """Cancel the last walk-over, withdrawal or draw (a void event). A game's result comes from the game itself
        and is not undone here."""
        require(actor, *ORGANISER_ROLES)
        info = self.get(tournament_id)
        events = self.games.events(info.log_game_id)
        if events and events[-1]["type"] in ("game_won", "game_voided") and events[-1].get("game"):
            raise TournamentError("Результат партии берётся из самой партии, его не отменить в сетке.",
                                  "A game's result comes from the game itself; it is not undone in the bracket.")
        return self.games.undo(actor, info.log_game_id, reason)

    # ---- printing and export -------------------------------------------------------------------
    def bracket_pdf(self, tournament_id: str, lang: str = "ru") -> bytes:
        """The bracket and the group tables as on screen, on landscape A4 sheets."""
        from clubdesk.reports.bracket_layout import LABELS_EN, Labels, layout
        from clubdesk.reports.pyramid_bracket import build_bracket_pdf

        info, state = self.get(tournament_id), self.state(tournament_id)
        drawing = layout(state, self.board_names(info.players), self.live(tournament_id),
                         LABELS_EN if lang == "en" else Labels())
        fmt = {"single": ("олимпийская система", "single elimination"), "double": ("двойное выбывание",
               "double elimination"), "groups": ("группы и плей-офф", "groups and play-off")}[info.format]
        seed = state["draw"]["seed"] if state["draw"] else None
        ru = f"{fmt[0]} · участников: {len(info.players)}" + (f" · зерно жеребьёвки {seed}" if seed else "")
        en = f"{fmt[1]} · {len(info.players)} players" + (f" · draw seed {seed}" if seed else "")
        return build_bracket_pdf(drawing, info.name, en if lang == "en" else ru,
                                 "sheet {n} of {m}" if lang == "en" else "лист {n} из {m}")

    def bracket_xlsx(self, tournament_id: str, lang: str = "ru") -> bytes:
        from clubdesk.reports.pyramid_bracket_xlsx import bracket_workbook

        info = self.get(tournament_id)
        return bracket_workbook(self.state(tournament_id), self.names(info.players), lang)

    def _record(self, actor: Actor, tournament_id: str, obj: dict) -> dict:
        return self.games.record(actor, self.get(tournament_id).log_game_id, obj)
