"""The evening's seating on paper (M-8): for every game a list per table — seat and player — who sits out, and
the seed that reproduces the draw, so the host can pin it up and anyone can re-check it."""

from __future__ import annotations

from reportlab.platypus import KeepTogether

from clubdesk.reports.base import Meta, heading, info_block, note, render, signatures, table, title
from clubdesk.reports.strings import t
from clubdesk.rules.mafia.seating import Seating


def _game(number: int, tables: tuple[tuple[str, ...], ...], resting: tuple[str, ...], meta: Meta, lang: str):
    """One game's tables, kept on one page."""
    parts: list = [heading(t("mf_seating_game", lang, n=number))]
    for n, players in enumerate(tables, start=1):
        body = [[t("mf_seat", lang), f"{t('table', lang)} {n}"]]
        body += [[str(seat), meta.name(p)] for seat, p in enumerate(players, start=1)]
        parts.append(table(body, [14, 90], align_right=(0,)))
    if resting:
        parts.append(note(t("mf_sitting_out", lang, names=", ".join(meta.name(p) for p in resting))))
    return KeepTogether(parts)


def build_mafia_seating(seating: Seating, meta: Meta | None = None, lang: str = "ru") -> bytes:
    """The seating of every game of the evening, as PDF bytes."""
    meta = meta or Meta()
    doc_title = meta.title or t("mf_seating_title", lang)
    pairs = list(meta.context) + [(t("date", lang), meta.date or "—"), (t("host", lang), meta.official or "—"),
                                  ("", t("mf_seed", lang, seed=seating.seed))]
    story: list = [title(doc_title), info_block(pairs)]
    for number, (tables, resting) in enumerate(zip(seating.rounds, seating.sitting_out, strict=True), start=1):
        story.append(_game(number, tables, resting, meta, lang))
    story.append(signatures([t("host", lang)], lang))
    return render(doc_title, story, lang=lang, club=meta.club)
