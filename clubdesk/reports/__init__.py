"""Printed protocols (PDF, ReportLab platypus): one module per document family over plain data and game records."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubdesk.reports.base import Meta

__all__ = ["Meta", "build_record_pdf"]


def __getattr__(name: str):
    """`Meta` on first use (PEP 562): ReportLab (~10 MB, ~60 ms) is loaded by printing, not by a window that
    only lays a bracket out (reports.bracket_layout) — issue 36."""
    if name == "Meta":
        from clubdesk.reports.base import Meta

        return Meta
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_record_pdf(record: dict, meta: Meta | None = None, lang: str = "ru", bankroll: str | None = None,
                     stage_last: bool | None = None) -> bytes:
    """The protocol of any game record (replay.md); raises rules.record.ReplayError when it does not replay.

    `bankroll` is the tournament's rule (Z-10) for a Жук table of a tournament, `stage_last` whether its round is the
    stage's last (Z-15: the bank left is not won): the record does not carry them.
    """
    from clubdesk.rules.errors import RuleError
    from clubdesk.rules.record import ReplayError, new_engine

    try:
        new_engine(record)  # checks the header (format, game, players) before we pick a document
    except RuleError as exc:
        raise ReplayError(None, exc) from exc
    game = record["game"]
    if game == "pyramid100":
        from clubdesk.reports.pyramid import build_pyramid_match
        return build_pyramid_match(record, meta, lang)
    if game == "zhuk":
        from clubdesk.reports.zhuk import build_zhuk_round
        return build_zhuk_round(record, meta, lang, bankroll, stage_last)
    from clubdesk.reports.mafia import build_mafia_game
    return build_mafia_game(record, meta, lang)
