"""Жук standings per stage and overall, the final's qualifiers, each player's balance round by round, and the CSV
and Excel exports (Z§2, Z§6.3, Z§9). OVERALL_COLUMNS and STAGE_COLUMNS are the one list of each table's columns:
the standings window, CSV and Excel read them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from clubdesk.columns import Column, Sheet, csv_text, xlsx_bytes
from clubdesk.errors import language
from clubdesk.rules.zhuk import tournament as zt
from clubdesk.services.tournaments_data import club_ratings10

if TYPE_CHECKING:
    from clubdesk.services.tournament_reads import TournamentReads

IN, OUT, FINALIST = "in", "out", "final"
STATUS_TEXT = {IN: ("в игре", "in"), OUT: ("выбыл", "out"), FINALIST: ("в финале", "finalist")}


@dataclass(frozen=True)
class StandingRow:
    place: int
    player: str
    name: str
    amounts: tuple[int | None, ...]  # balance per stage 1–3 and the final (None: did not play it)
    total: int                       # what the player is ranked by (carry: last balance, reset: the sum)
    status: str                      # in | out | final
    out_stage: int | None            # the stage after which the player went out


@dataclass(frozen=True)
class Standings:
    stages: dict[int, list[tuple[int, str, int]]]  # stage number → (place, player, balance) best first
    overall: list[StandingRow]
    names: dict[str, str]


def _stage_results(svc: TournamentReads, tournament_id: str) -> tuple[dict[int, dict[str, int]], dict[int, bool]]:
    results, over = {}, {}
    for st in svc.stages(tournament_id):
        balances = svc.stage_balances(st.id)
        if balances:
            results[st.number] = balances
            over[st.number] = all(svc.round_over(r.id) for r in st.rounds)
    return results, over


def qualifiers(svc: TournamentReads, tournament_id: str) -> tuple[str, ...]:
    """Z§6.3: the top 4 after three stages among those still in."""
    results, _over = _stage_results(svc, tournament_id)
    info = svc.get(tournament_id)
    totals = zt.ranking_totals([results[n] for n in (1, 2, 3) if n in results], info.bankroll)
    ratings = {p: v / 10 for p, v in club_ratings10(svc.store).items()}
    return zt.final_players(totals, zt.stage_end(results.get(3, {})).eliminated, ratings)


def standings(svc: TournamentReads, tournament_id: str) -> Standings:
    info = svc.get(tournament_id)
    results, over = _stage_results(svc, tournament_id)
    ratings = {p: v / 10 for p, v in club_ratings10(svc.store).items()}
    per_stage = {n: zt.standings(b, ratings) for n, b in results.items()}
    out_stage: dict[str, int] = {}
    for n in (1, 2, 3):
        if over.get(n):
            for p in zt.stage_end(results[n]).eliminated:
                out_stage.setdefault(p, n)
    finalists = set(qualifiers(svc, tournament_id)) if over.get(3) else set()
    rows = []
    for p in info.players:
        amounts = tuple(results.get(n, {}).get(p) for n in (1, 2, 3, 4))
        played = [a for a in amounts[:3] if a is not None]
        total = (played[-1] if info.bankroll == "carry" else sum(played)) if played else 0
        status = OUT if p in out_stage else FINALIST if p in finalists else IN
        rows.append((p, amounts, total, status))

    def key(row):
        p, amounts, total, status = row
        in_final = amounts[3] is not None
        last = max((n for n in (1, 2, 3) if amounts[n - 1] is not None), default=0)
        return (not in_final, -(amounts[3] or 0), status == OUT, -last, -total, -ratings.get(p, 1000), p)

    rows.sort(key=key)
    names = svc.names(info.players)
    overall = [StandingRow(i + 1, p, names.get(p, p), amounts, total, status, out_stage.get(p))
               for i, (p, amounts, total, status) in enumerate(rows)]
    return Standings(per_stage, overall, names)


def amount_text(amount: int | None) -> str:
    """B with thin-space thousands and a true minus, as on the club's boards: 10 000, −2 500; «—» not played."""
    return "—" if amount is None else f"{amount:,}".replace(",", "\u202f").replace("-", "−")


def status_text(status: str) -> str:
    return STATUS_TEXT[status][1 if language() == "en" else 0] if status else ""


@dataclass(frozen=True)
class StageRow:
    """One player's line of one stage's table: place, balance at the end of the stage (or now), out or in."""

    place: int
    player: str
    name: str
    balance: int
    status: str  # out | "" (still in)


def _stage_amount(n: int) -> Column:
    ru, en = (f"Этап {n}", f"Stage {n}") if n < 4 else ("Финал", "Final")
    return Column(f"stage{n}", ru, en, lambda r: "" if r.amounts[n - 1] is None else r.amounts[n - 1],
                  lambda r: amount_text(r.amounts[n - 1]))


OVERALL_COLUMNS: tuple[Column, ...] = (
    Column("place", "Место", "Place", lambda r: r.place, lambda r: str(r.place)),
    Column("name", "Игрок", "Player", lambda r: r.name, lambda r: r.name),
    *(_stage_amount(n) for n in (1, 2, 3, 4)),
    Column("total", "Итог, B", "Total, B", lambda r: r.total, lambda r: amount_text(r.total)),
    Column("status", "Статус", "Status", lambda r: status_text(r.status), lambda r: status_text(r.status)),
)
STAGE_COLUMNS: tuple[Column, ...] = (
    Column("place", "Место", "Place", lambda r: r.place, lambda r: str(r.place)),
    Column("name", "Игрок", "Player", lambda r: r.name, lambda r: r.name),
    Column("balance", "Баланс, B", "Balance, B", lambda r: r.balance, lambda r: amount_text(r.balance)),
    Column("status", "Статус", "Status", lambda r: status_text(r.status), lambda r: status_text(r.status)),
)


def stage_rows(st: Standings, stage: int) -> list[StageRow]:
    """One stage's table: the balance of everyone who played it, best first; 0 B or less is out (Z§6.2)."""
    return [StageRow(place, p, st.names.get(p, p), amount, OUT if amount <= 0 else "")
            for place, p, amount in st.stages.get(stage, [])]


def to_csv(st: Standings) -> str:
    """The overall standings as CSV (semicolon, as spreadsheets in Russian locales expect), the screen's columns."""
    return csv_text(OVERALL_COLUMNS, st.overall)


def to_xlsx(st: Standings, tournament: str, lang: str | None = None) -> bytes:
    """The overall standings and each stage's table, one sheet each, with the screen's columns; amounts are
    numbers a spreadsheet can sum."""
    ru = (lang or language()) == "ru"
    sheets = [Sheet("Общая" if ru else "Overall", tournament, OVERALL_COLUMNS, st.overall)]
    for n in sorted(st.stages):
        name = ("Финал" if ru else "Final") if n == 4 else (f"Этап {n}" if ru else f"Stage {n}")
        sheets.append(Sheet(name, f"{tournament} — {name}", STAGE_COLUMNS, stage_rows(st, n)))
    return xlsx_bytes(sheets, lang)


def export_csv(svc: TournamentReads, tournament_id: str, path) -> None:
    """Write the standings to `path` in UTF-8 with a BOM so spreadsheets open the Cyrillic right."""
    with open(path, "w", encoding="utf-8-sig", newline="") as f:
        f.write(to_csv(standings(svc, tournament_id)))


def export_xlsx(svc: TournamentReads, tournament_id: str, path) -> None:
    with open(path, "wb") as f:
        f.write(to_xlsx(standings(svc, tournament_id), svc.get(tournament_id).name))


@dataclass(frozen=True)
class BalanceHistory:
    """Each player's balance at the end of every seated round (now, for a round still running), in play order:
    `rounds` are (stage, round) pairs (stage 4 is the final), the first (1, 0) being the start, where everybody
    seated in the first round has START_BALANCE (10 000 B); a value is None where the player had no seat."""

    rounds: tuple[tuple[int, int], ...]
    balances: dict[str, tuple[int | None, ...]]
    names: dict[str, str]


def balance_history(svc: TournamentReads, tournament_id: str, players=None) -> BalanceHistory:
    """Read from the round games' states, as the standings are: the last round of a stage gives the stage's
    balance in the standings. `players`: the tournament's, when the caller has them (the standings window does,
    and asking the service again costs a read of every tournament on each shot)."""
    rounds: list[tuple[int, int]] = []
    per_round: list[dict[str, int]] = []
    for st in svc.stages(tournament_id):
        if not rounds and st.rounds and (first := svc.tables(st.rounds[0].id)):
            rounds.append((st.number, 0))  # the start: a line from 10 000 even while the first round runs
            per_round.append({p: zt.START_BALANCE for t in first for p in t.players})
        for r in st.rounds:
            tables = svc.tables(r.id)
            if not tables:
                break
            balances: dict[str, int] = {}
            for t in tables:
                balances.update(svc.games.state(t.game_id)["balances"])
            rounds.append((st.number, r.number))
            per_round.append(balances)
    players = svc.get(tournament_id).players if players is None else tuple(players)
    return BalanceHistory(tuple(rounds), {p: tuple(b.get(p) for b in per_round) for p in players},
                          svc.board_names(players))  # a legend's names: short, as on the hall boards
