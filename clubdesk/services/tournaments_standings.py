"""Жук standings per stage and overall, the final's qualifiers, and the CSV export (Z§2, Z§6.3, Z§9)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from clubdesk.errors import language
from clubdesk.rules.zhuk import tournament as zt
from clubdesk.services.tournaments_data import club_ratings10

if TYPE_CHECKING:
    from clubdesk.services.tournaments import TournamentService

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


def _stage_results(svc: TournamentService, tournament_id: str) -> tuple[dict[int, dict[str, int]], dict[int, bool]]:
    results, over = {}, {}
    for st in svc.stages(tournament_id):
        balances = svc.stage_balances(st.id)
        if balances:
            results[st.number] = balances
            over[st.number] = all(svc.round_over(r.id) for r in st.rounds)
    return results, over


def qualifiers(svc: TournamentService, tournament_id: str) -> tuple[str, ...]:
    """Z§6.3: the top 4 after three stages among those still in."""
    results, _over = _stage_results(svc, tournament_id)
    info = svc.get(tournament_id)
    totals = zt.ranking_totals([results[n] for n in (1, 2, 3) if n in results], info.bankroll)
    ratings = {p: v / 10 for p, v in club_ratings10(svc.store).items()}
    return zt.final_players(totals, zt.stage_end(results.get(3, {})).eliminated, ratings)


def standings(svc: TournamentService, tournament_id: str) -> Standings:
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


def to_csv(st: Standings) -> str:
    """The overall standings as CSV (semicolon, as spreadsheets in Russian locales expect)."""
    en = language() == "en"
    head = (["place", "player", "stage 1", "stage 2", "stage 3", "final", "total", "status"] if en else
            ["место", "игрок", "этап 1", "этап 2", "этап 3", "финал", "итог", "статус"])
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(head)
    for r in st.overall:
        w.writerow([r.place, r.name, *["" if a is None else a for a in r.amounts], r.total,
                    STATUS_TEXT[r.status][1 if en else 0]])
    return buf.getvalue()


def export_csv(svc: TournamentService, tournament_id: str, path) -> None:
    """Write the standings to `path` in UTF-8 with a BOM so spreadsheets open the Cyrillic right."""
    with open(path, "w", encoding="utf-8-sig", newline="") as f:
        f.write(to_csv(standings(svc, tournament_id)))
