"""The player's card on paper: who he is, his ratings with their charts, his Жук tournaments, and his Mafia —
seasons, roles, last games and the season score by evening. Plain data in (services/player_report.py builds it
from the same services as the card on screen), PDF bytes out."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Table, TableStyle

from clubdesk.charts import Chart
from clubdesk.reports.base import WIDTH, heading, info_block, note, render, table, title
from clubdesk.reports.charts import ChartFlowable
from clubdesk.reports.strings import t

CHART_HEIGHT = 55 * mm


@dataclass
class CardTable:
    """A table of the card: its heading, column titles and cell texts (empty: `empty` is said instead)."""

    heading: str
    head: list[str]
    body: list[list[str]]
    widths: list[float]
    empty: str = ""
    right: tuple[int, ...] = ()


@dataclass
class PlayerCardData:
    name: str
    facts: list[tuple[str, str]]                       # label, value: nickname, phone, ratings, ban
    billiards: list[CardTable] = field(default_factory=list)
    billiards_charts: list[Chart] = field(default_factory=list)
    mafia: list[CardTable] = field(default_factory=list)
    mafia_facts: list[tuple[str, str]] = field(default_factory=list)
    mafia_charts: list[Chart] = field(default_factory=list)
    club: str = "ClubDesk"


def _table(ct: CardTable) -> list:
    out: list = [heading(ct.heading)]
    if ct.body:
        out.append(table([ct.head, *ct.body], ct.widths, align_right=ct.right))
    else:
        out.append(note(ct.empty))
    return [KeepTogether(out)] if len(ct.body) <= 12 else out  # a short table is not split from its heading


def _charts(charts: list[Chart]) -> list:
    """Two charts side by side, a single one across the page."""
    if not charts:
        return []
    if len(charts) == 1:
        return [KeepTogether([ChartFlowable(charts[0], WIDTH, CHART_HEIGHT)])]
    half = WIDTH / 2 - 2 * mm
    row = Table([[ChartFlowable(c, half, CHART_HEIGHT) for c in charts[:2]]], colWidths=[WIDTH / 2] * 2)
    row.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                             ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return [row] + _charts(charts[2:])


def build_player_card(data: PlayerCardData, lang: str = "ru") -> bytes:
    doc_title = t("pc_title", lang)
    story: list = [title(f"{doc_title}: {data.name}"), info_block(data.facts), heading(t("pc_billiards", lang))]
    story += _charts(data.billiards_charts)
    for ct in data.billiards:
        story += _table(ct)
    story.append(heading(t("pc_mafia", lang)))
    if data.mafia_facts:
        story.append(info_block(data.mafia_facts))
    story += _charts(data.mafia_charts)
    for ct in data.mafia:
        story += _table(ct)
    return render(doc_title, story, lang=lang, club=data.club)
