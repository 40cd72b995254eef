"""Evening standings from the engines' scores (M-7), CSV and Excel export, and club-ban flags for the admin to
confirm. COLUMNS is the one list of the standings' columns: the screen, CSV, Excel and the printed evening read it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from clubdesk.columns import Column, Sheet, csv_text, xlsx_bytes
from clubdesk.decimals import tenths as decimal_tenths
from clubdesk.errors import language
from clubdesk.rules.mafia.clauses import clause
from clubdesk.rules.mafia.scoring import best_moves, evening_table
from clubdesk.services.accounts import Actor, require


@dataclass(frozen=True)
class StandingRow:
    """One player's evening: place, finished games, wins, points (tenths) and the M-7 tie-break figures. The best
    move and the host's extra points apart, named as the season names them (issue 38 item 9); their sum is the
    tie-break after the score."""

    place: int
    player_id: str
    name: str
    games: int
    wins: int
    score: int
    extra: int  # the host's extra points alone
    first_killed: int
    best_move: int = 0


@dataclass(frozen=True)
class BanFlag:
    """A group III foul (M-6) the engine flagged: the admin confirms the club ban or leaves it."""

    game_id: str
    game_title: str
    seat: int
    player_id: str
    name: str
    clause: str
    confirmed: bool

    @property
    def key(self) -> str:
        return f"{self.game_id}:{self.seat}:{self.clause}"


def tenths(value: int) -> str:
    """Points as a host writes them: 1,3 · −0,5 · 0 (in English 1.3; clubdesk.decimals)."""
    return decimal_tenths(value)


def _count(name: str) -> tuple:
    return (lambda r: getattr(r, name)), (lambda r: str(getattr(r, name)))


def _points(name: str) -> tuple:
    return (lambda r: getattr(r, name) / 10), (lambda r: tenths(getattr(r, name)))


COLUMNS: tuple[Column, ...] = (
    Column("place", "Место", "Place", *_count("place")),
    Column("name", "Игрок", "Player", lambda r: r.name, lambda r: r.name),
    Column("games", "Игр", "Games", *_count("games")),
    Column("wins", "Побед", "Wins", *_count("wins")),
    Column("score", "Баллы", "Score", *_points("score")),
    Column("best_move", "Лучший ход", "Best move", *_points("best_move")),
    Column("extra", "Доп. баллы", "Extra points", *_points("extra")),
    Column("first_killed", "Убит первым", "Killed first", *_count("first_killed")),
)


def standing_rows(engines: Iterable[Any], names: dict[str, str]) -> list[StandingRow]:
    """The M-7 evening table of finished games (engines), one row per player, best first."""
    finished = [e for e in engines if e.winner is not None]
    best = best_moves(finished)
    return [StandingRow(place, line.player, names.get(line.player, "?"), n, line.wins, line.score,
                        line.extra - best.get(line.player, 0), line.first_killed, best.get(line.player, 0))
            for place, line, n in evening_table(finished)]


class StandingsMixin:
    """Standings and ban-flag use cases of EveningService."""

    def standings(self, evening_id: str) -> list[StandingRow]:
        """Finished games only; score, then extra points (incl. best move), wins, first-night kills (M-7)."""
        finished = [self.games.engine(g.game_id) for g in self.list_games(evening_id) if g.winner is not None]
        return standing_rows(finished, self.names([p for e in finished for p in e.players]))

    def standings_csv(self, evening_id: str, lang: str | None = None) -> str:
        """The standings as CSV with the screen's columns and texts (semicolon-separated)."""
        return csv_text(COLUMNS, self.standings(evening_id), lang)

    def standings_xlsx(self, evening_id: str, lang: str | None = None) -> bytes:
        """The standings as an Excel workbook with the screen's columns; points are numbers."""
        e = self.get(evening_id)
        heading = f"{e.name}, {e.date:%d.%m.%Y}" if e.name else f"{e.date:%d.%m.%Y}"
        name = "Итоги вечера" if (lang or language()) == "ru" else "Evening"
        return xlsx_bytes([Sheet(name, heading, COLUMNS, self.standings(evening_id))], lang)

    # --- club-ban flags (M-6, group III) -----------------------------------------------------------
    def ban_flags(self, evening_id: str) -> list[BanFlag]:
        confirmed = self._confirmed_bans(evening_id)
        out = []
        for g in self.list_games(evening_id):
            for flag in self.games.state(g.game_id)["club_ban_flags"]:
                pid = g.players[flag["seat"] - 1]
                f = BanFlag(g.game_id, g.title, flag["seat"], pid, self.names([pid]).get(pid, "?"), flag["clause"],
                            False)
                out.append(replace(f, confirmed=f.key in confirmed))
        return out

    def confirm_ban(self, actor: Actor, evening_id: str, flag: BanFlag) -> None:
        """Ban the player from the club (indefinitely) with the clause as the reason, and mark the flag done."""
        require(actor, "desk")
        p = self.players.get(flag.player_id)
        c = clause(flag.clause)
        reason = f"п. {flag.clause} правил мафии" + (f" — {c.ru}" if c else "") + f" ({flag.game_title})"
        self.players.update(actor, p.id, p.as_data()._replace(banned=True, ban_reason=reason, ban_until=None),
                            duplicate_ok=True)
        from sqlalchemy import select

        from clubdesk.store.models import BanConfirmation
        from clubdesk.store.uow import UnitOfWork

        with UnitOfWork(self.store, actor.account_id) as uow:  # a row of its own, id from (evening, flag)
            known = uow.session.scalar(select(BanConfirmation).where(BanConfirmation.evening_id == evening_id,
                                                                     BanConfirmation.flag_key == flag.key))
            if known is None:
                uow.session.add(BanConfirmation(evening_id=evening_id, flag_key=flag.key))
            else:
                known.deleted = False

    def _confirmed_bans(self, evening_id: str) -> set[str]:
        from sqlalchemy import select

        from clubdesk.store.models import BanConfirmation

        with self.store.session_factory() as s:
            return set(s.scalars(select(BanConfirmation.flag_key).where(BanConfirmation.evening_id == evening_id,
                                                                        BanConfirmation.deleted.is_(False))))
