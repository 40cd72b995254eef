"""Numbers with a fraction as each language writes them: «1,5» in Russian, «1.5» in English (issue 38 item 9).

One function for every screen, file and paper (Mafia points, Жук ratings, chart ticks): a whole number has no
fraction, a negative one a true minus «−». Qt's own number widgets follow the interface's QLocale already.
"""

from __future__ import annotations


def decimal(value: float, lang: str | None = None, places: int = 1) -> str:
    """`value` with up to `places` decimals (trailing zeros dropped), in `lang` (default: the interface's)."""
    if lang is None:
        from clubdesk.errors import language

        lang = language()
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if round(value, places) % 1 else f"{round(value):d}"
    if text in ("-0", ""):
        text = "0"
    text = text.replace("-", "−")
    return text.replace(".", ",") if lang == "ru" else text


def tenths(value: int, lang: str | None = None) -> str:
    """Points kept in tenths (Mafia, M-7) as a host writes them: 1,3 · −0,5 · 0."""
    return decimal(value / 10, lang)
