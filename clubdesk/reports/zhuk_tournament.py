"""Жук tournament documents: the draw with its seed, stage results and the standings (rules/zhuk/tournament.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.platypus import PageBreak

from clubdesk.decimals import decimal
from clubdesk.reports.base import Meta, heading, info_block, money, note, render, signatures, signed, table, title
from clubdesk.reports.strings import t
from clubdesk.rules.zhuk import tournament as zt

FINAL = 4  # the final's stage number in zt.schedule() and its column in the standings


@dataclass
class TableResult:
    """One table of one round: players in turn order, balances at its start and now, the table's bank at its start
    (carried from the stage's previous round, Z-15) and now."""

    number: int
    players: list[str]
    start: dict[str, int]
    end: dict[str, int]
    finished: bool = True
    bank_start: int = 0
    bank_end: int = 0


@dataclass
class RoundResult:
    number: int
    nominal: int
    minutes: int
    tables: list[TableResult] = field(default_factory=list)


@dataclass
class StageData:
    number: int
    kind: str = "stage"  # stage | final
    seed: int | None = None
    rounds: list[RoundResult] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        """Who played the stage: everybody seated in any of its rounds, first seen first."""
        seen: dict[str, None] = {}
        for r in self.rounds:
            for tbl in r.tables:
                seen.update(dict.fromkeys(tbl.players))
        return list(seen)

    def balances(self) -> dict[str, int]:
        """Each player's balance after the last table he played in the stage (rounds in order)."""
        out: dict[str, int] = {}
        for r in self.rounds:
            for tbl in r.tables:
                out.update(tbl.end)
        return out

    def banks(self) -> dict[int, int]:
        """Each table's bank at the end of the stage's latest round (table number → B): once the stage has ended,
        the bank not won — out of play, nobody's balance (Z-15)."""
        return {tbl.number: tbl.bank_end for tbl in self.rounds[-1].tables} if self.rounds else {}


@dataclass
class TournamentData:
    name: str
    options: dict
    stages: list[StageData]
    ratings: dict[str, float] = field(default_factory=dict)  # club rating (Z§8) that breaks ties

    @property
    def bankroll(self) -> str:
        return self.options.get("bankroll", "carry")


def options_text(data: TournamentData, lang: str) -> str:
    settlement = data.options.get("settlement", "previous")
    from clubdesk.reports.zhuk import settlement_text
    return (f"{t('zh_settlement', lang)}: {settlement_text(settlement, lang)}; {t('zh_bankroll', lang).lower()}: "
            f"{t('zh_bankroll_' + data.bankroll, lang)}. {t('zh_schedule', lang)}")


def _header(data: TournamentData, meta: Meta, lang: str, doc_title: str) -> list:
    pairs = list(meta.context) + [(t("date", lang), meta.date or "—"), (t("options", lang), options_text(data, lang))]
    return [title(doc_title), note(data.name, bold=True), info_block(pairs), note(t("zh_currency", lang))]


def draw_story(stage: StageData, name, lang: str) -> list:
    """Z§7, Z-10: the seed and the tables of the stage's first round, each in turn order."""
    head = t("zh_final_draw", lang) if stage.kind == "final" else t("zh_draw_title", lang, n=stage.number)
    story = [heading(head),
             note(t("zh_seed", lang, seed=stage.seed) if stage.seed is not None else t("zh_no_seed", lang))]
    if not stage.rounds:
        return story + [note(t("zh_no_rounds", lang))]
    body = [[t("table", lang), "1", "2", "3", "4"]]
    for tbl in stage.rounds[0].tables:
        body.append([str(tbl.number)] + [name(p) for p in tbl.players] + [""] * (4 - len(tbl.players)))
    return story + [table(body, [12, 40, 40, 40, 40], align_right=(0,))]


def stage_story(data: TournamentData, stage: StageData, name, lang: str) -> list:
    """Every round's tables with start/end balances, then the stage balance and who is out (Z§9) — or, for the
    final, its places and the winner."""
    head = t("zh_final_title", lang) if stage.kind == "final" else t("zh_stage_title", lang, n=stage.number)
    story = [heading(head)]
    if not stage.rounds:
        return story + [note(t("zh_no_rounds", lang))]
    for r in stage.rounds:
        body = [[t("table", lang), t("player", lang), t("zh_start", lang), t("zh_end", lang), t("zh_change", lang)]]
        lines = []
        for tbl in r.tables:
            lines.append(("LINEABOVE", (0, len(body)), (-1, len(body)), 1.2, colors.black))  # tables apart
            for i, p in enumerate(tbl.players):
                body.append([str(tbl.number) if i == 0 else "", name(p), money(tbl.start[p]), money(tbl.end[p]),
                             signed(tbl.end[p] - tbl.start[p])])
            # Z-15: the bank is the table's for the stage, so its start shows what the previous round left in it
            body.append(["", t("zh_table_bank", lang), money(tbl.bank_start), money(tbl.bank_end),
                         signed(tbl.bank_end - tbl.bank_start)])
        story += [note(t("zh_round_line", lang, n=r.number, minutes=r.minutes, nominal=money(r.nominal)), bold=True),
                  table(body, [12, 70, 25, 25, 25], align_right=(0, 2, 3, 4), extra=lines)]
    return story + (_final_places(data, stage, name, lang) if stage.kind == "final"
                    else _stage_balances(data, stage, name, lang)) + _banks_not_won(data, stage, lang)


def _banks_not_won(data: TournamentData, stage: StageData, lang: str) -> list:
    """Z-15: once the stage has ended, what is left in each table's bank is out of play — printed with the money
    of the stage, the balances plus those banks."""
    if not (stage_over(stage) if stage.kind == "final" else stage_ended(data, stage)):
        return []
    banks = stage.banks()
    tables = "; ".join(t("zh_table_amount", lang, n=n, amount=money(b)) for n, b in sorted(banks.items()) if b)
    total = sum(stage.balances().values()) + sum(banks.values())
    return [note(t("zh_banks_not_won", lang, tables=tables or t("zh_none", lang)) + ". "
                 + t("zh_stage_money", lang, total=money(total)))]


def _stage_balances(data: TournamentData, stage: StageData, name, lang: str) -> list:
    """The stage's balances best first: who is out (Z§9, once the stage has ended; before, who is at ≤ 0 and may
    still win his way back), who goes on, and once stage 3 is over who plays the final and that everybody else is
    out (Z§6.3)."""
    ended = stage_ended(data, stage)
    at_zero = zt.stage_end(stage.balances()).eliminated
    decided = stage.number == 3 and stage_over(stage)  # mid-stage the top 4 may still change
    chosen = set(finalists(data)) if decided else set()
    body = [[t("place", lang), t("player", lang), t("zh_stage_balance", lang), t("zh_status", lang)]]
    for place, p, amount in zt.standings(stage.balances(), data.ratings):
        if p in at_zero:
            status = t("zh_out" if ended else "zh_at_zero", lang)
        elif decided:
            status = t("zh_qualifier", lang) if p in chosen else t("zh_not_qualified", lang)
        else:
            status = t("zh_goes_on", lang)
        body.append([str(place), name(p), money(amount), status])
    return [heading(t("zh_balances", lang)), table(body, [14, 70, 30, 50], align_right=(0, 2))]


def _final_places(data: TournamentData, final: StageData, name, lang: str) -> list:
    """The final's places by balance (nobody drops out of the final at ≤ 0) and, once it is over, the winner."""
    winner = champion(data)
    body = [[t("place", lang), t("player", lang), t("zh_final_balance", lang), t("zh_status", lang)]]
    for place, p, amount in zt.standings(final.balances(), data.ratings):
        body.append([str(place), name(p), money(amount), t("zh_champion" if p == winner else "zh_finalist", lang)])
    return [heading(t("zh_final_places", lang)), table(body, [14, 70, 30, 50], align_right=(0, 2)),
            _champion_note(winner, name, lang)]


def _champion_note(winner: str | None, name, lang: str):
    """«Победитель турнира: …», or that there is none yet while the final is being played."""
    return note(t("zh_champion_line", lang, name=name(winner)) if winner else t("zh_no_champion", lang), bold=True)


def stage_over(stage: StageData) -> bool:
    """Every round the schedule gives the stage (three; the final two) is seated and all its tables are finished."""
    number = FINAL if stage.kind == "final" else stage.number
    planned = sum(1 for r in zt.schedule() if r.stage == number)
    return len(stage.rounds) >= planned and all(tbl.finished for r in stage.rounds for tbl in r.tables)


def stage_ended(data: TournamentData, stage: StageData) -> bool:
    """Z§9 judges balances when a stage ends: its rounds are all played, or the tournament has moved on (a later
    stage or the final has a seated round) — the organiser may close a stage early."""
    later = any(s.rounds and (s.kind == "final" or s.number > stage.number) for s in data.stages)
    return later or stage_over(stage)


def _played(data: TournamentData, kind: str, number: int | None = None) -> StageData | None:
    return next((s for s in data.stages if s.kind == kind and s.rounds and number in (None, s.number)), None)


def finalists(data: TournamentData) -> tuple[str, ...]:
    """Z§6.3: who plays the final — those seated in it, or once stage 3 is over the top 4 still in; nobody before."""
    final = _played(data, "final")
    if final is not None:
        return tuple(final.players)
    third = _played(data, "stage", 3)
    if third is None or not stage_over(third):
        return ()
    totals = zt.ranking_totals([s.balances() for s in data.stages if s.kind == "stage" and s.rounds], data.bankroll)
    return zt.final_players(totals, _eliminated(data), data.ratings)


def champion(data: TournamentData) -> str | None:
    """The tournament winner: first of the final by balance, ties by club rating, once the final is over."""
    final = _played(data, "final")
    if final is None or not stage_over(final):
        return None
    return zt.standings(final.balances(), data.ratings)[0][1]


def _eliminated(data: TournamentData) -> dict[str, int]:
    """Player → the stage he went out in (balance ≤ 0 at its end, Z§9)."""
    out: dict[str, int] = {}
    for s in data.stages:
        if s.kind != "stage" or not s.rounds or not stage_ended(data, s):
            continue
        for p in zt.stage_end(s.balances()).eliminated:
            out.setdefault(p, s.number)
    return out


def standings_rows(data: TournamentData) -> list[tuple[str, int | None, int]]:
    """(player, amount or None, stage out in or 0) best first: players still in by their ranking total, then the
    eliminated, later stages first, each group by tournament.standings."""
    stages = [s for s in data.stages if s.kind == "stage" and s.rounds]
    out = _eliminated(data)
    results = [s.balances() for s in stages]
    final = next((s for s in data.stages if s.kind == "final" and s.rounds), None)
    rows: list[tuple[str, int | None, int]] = []
    if final is not None:
        rows += [(p, amount, 0) for _, p, amount in zt.standings(final.balances(), data.ratings)]
    done = {p for p, _, _ in rows}
    totals = zt.ranking_totals(results, data.bankroll)
    left = {p: v for p, v in totals.items() if p not in out and p not in done}
    rows += [(p, amount, 0) for _, p, amount in zt.standings(left, data.ratings)]
    for s in reversed(stages):
        gone = {p: v for p, v in s.balances().items() if out.get(p) == s.number}
        rows += [(p, amount, s.number) for _, p, amount in zt.standings(gone, data.ratings)]
    return rows


def _standing_status(data: TournamentData, lang: str):
    """(player, stage out in or 0) → his status in the standings: out in a stage (Z§9); once the four are known
    (Z§6.3) in or not in the final; after the final the winner."""
    chosen, drawn, winner = set(finalists(data)), _played(data, "final") is not None, champion(data)

    def status(p: str, out: int) -> str:
        if out:
            return t("zh_out_stage", lang, n=out)
        if p == winner:
            return t("zh_champion", lang)
        if p in chosen:
            return t("zh_finalist" if drawn else "zh_qualifier", lang)
        return t("zh_not_qualified_short", lang) if chosen else ""

    return status


def standings_story(data: TournamentData, name, lang: str) -> list:
    stages = [s for s in data.stages if s.rounds]
    per_stage = {s.number if s.kind == "stage" else FINAL: s.balances() for s in stages}
    cols = [n for n in (1, 2, 3, FINAL) if n in per_stage]
    head = [t("place", lang), t("player", lang), t("zh_rating", lang)]
    head += [f"{t('zh_stage', lang)} {n}" if n < FINAL else t("zh_final", lang) for n in cols]
    head += [t("zh_amount", lang), t("zh_status", lang)]
    body = [head]
    status = _standing_status(data, lang)
    for i, (p, amount, out) in enumerate(standings_rows(data)):
        body.append([str(i + 1), name(p), decimal(data.ratings.get(p, zt.START_RATING), lang)]
                    + [money(per_stage[n][p]) if p in per_stage[n] else "" for n in cols]
                    + [money(amount) if amount is not None else "", status(p, out)])
    widths = [14, 42, 17] + [19] * len(cols) + [19, 46]  # one line each for «Stage 1» and «победитель турнира»
    note_key = "zh_ranked_by_reset" if data.bankroll == "reset" else "zh_ranked_by_carry"
    drawn = _played(data, "final") is not None
    story = [heading(t("zh_standings_title", lang))] + ([_champion_note(champion(data), name, lang)] if drawn else [])
    return story + [table(body, widths, align_right=(0, 2, *range(3, 4 + len(cols)))), note(t(note_key, lang))] \
        + _tournament_banks(data, lang)


def _tournament_banks(data: TournamentData, lang: str) -> list:
    """Z-15: the banks the ended stages left not won, where there are any: the tournament's money is the balances
    plus these."""
    parts = []
    for s in data.stages:
        ended = stage_over(s) if s.kind == "final" else s.rounds and stage_ended(data, s)
        left = sum(s.banks().values()) if ended else 0
        if left:
            parts.append(t("zh_final_amount", lang, amount=money(left)) if s.kind == "final"
                         else t("zh_stage_amount", lang, n=s.number, amount=money(left)))
    return [note(t("zh_tournament_banks", lang, stages="; ".join(parts)))] if parts else []


def build_tournament(data: TournamentData, meta: Meta | None = None, lang: str = "ru",
                     stage: int | None = None) -> bytes:
    """Standings plus every stage's draw and results, or with `stage` that stage's draw and results only."""
    meta = meta or Meta()
    name = meta.name
    if stage is None:
        doc_title = meta.title or t("zh_standings_title", lang)
        story = _header(data, meta, lang, doc_title) + standings_story(data, name, lang)
        for s in data.stages:
            if s.rounds:
                story += [PageBreak()] + draw_story(s, name, lang) + stage_story(data, s, name, lang)
    else:
        chosen = next((s for s in data.stages if s.number == stage), StageData(stage))
        doc_title = meta.title or (t("zh_final_title", lang) if chosen.kind == "final"
                                   else t("zh_stage_title", lang, n=stage))
        story = _header(data, meta, lang, doc_title) + draw_story(chosen, name, lang)
        story += stage_story(data, chosen, name, lang)
    story.append(signatures([t("zh_director", lang), t("referee", lang)], lang))
    return render(doc_title, story, lang=lang, club=meta.club)


def build_standings(data: TournamentData, meta: Meta | None = None, lang: str = "ru") -> bytes:
    """The standings alone (the wall sheet; also what benchmarks/reports.py times)."""
    meta = meta or Meta()
    doc_title = meta.title or t("zh_standings_title", lang)
    story = _header(data, meta, lang, doc_title) + standings_story(data, meta.name, lang)
    return render(doc_title, story, lang=lang, club=meta.club)
