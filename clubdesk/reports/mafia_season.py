"""The Mafia season table on paper: the period, the minimum of games, one row per player, the M-7 tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

from clubdesk.reports.base import Meta, heading, info_block, note, render, signatures, table, title
from clubdesk.reports.strings import t

# Name and place wide, the figures narrow (13 columns on A4 portrait).
_WIDTHS = [9, 48, 10, 12, 12, 10, 10, 10, 10, 10, 11, 10, 10]


def build_season(period: str, min_games: int, head: Sequence[str], body: Sequence[Sequence[str]], legend: str = "",
                 meta: Meta | None = None, lang: str = "ru") -> bytes:
    """`head` and `body` are the screen's column titles (short on paper, `legend` says them in full) and cell texts
    (services.seasons.COLUMNS), best first."""
    meta = meta or Meta()
    doc_title = meta.title or t("mf_season_title", lang)
    pairs = list(meta.context) + [(t("mf_season_period", lang), period),
                                  (t("mf_season_min_games", lang), str(min_games))]
    story: list = [title(doc_title), info_block(pairs), heading(t("mf_season_table", lang))]
    if body:
        story.append(table([list(head), *map(list, body)], _WIDTHS[:len(head)],
                           align_right=(0, *range(2, len(head)))))
    else:
        story.append(note(t("mf_season_empty", lang)))
    if legend:
        story.append(note(legend))
    story.append(note(t("mf_season_note", lang)))
    story.append(signatures([t("mf_season_signed", lang)], lang))
    return render(doc_title, story, lang=lang, club=meta.club)
