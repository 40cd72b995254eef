"""What a printed document calls things: the game by its name, a day as printed, the file it is saved under. The
Protocols page's list and the documents say them alike."""

from __future__ import annotations

import re

GAME_NAMES = {"pyramid100": ("Пирамидка 100", "Pyramid 100"), "zhuk": ("Жук", "Zhuk"), "mafia": ("Мафия", "Mafia")}

# Characters no file name may hold on Windows (the strictest of the desk's systems), and control characters.
_ILLEGAL_IN_FILE_NAMES = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]+')


def file_name(*parts: str) -> str:
    """A file name that says what the document is, parts joined by « — »: «Жук — Кубок декабря — этап 1 — стол 2»;
    characters a file name cannot hold become «_», trailing dots and spaces go (Windows drops them), at most 150
    characters, and never empty."""
    text = " — ".join(" ".join(p.split()) for p in parts if p and p.strip())
    text = _ILLEGAL_IN_FILE_NAMES.sub("_", text)[:150].rstrip(" .")
    return text or "protocol"


def game_name(game: str, lang: str) -> str:
    ru, en = GAME_NAMES.get(game, (game, game))
    return en if lang == "en" else ru


def printed_date(iso: str | None) -> str:
    """dd.mm.yyyy from an ISO date or timestamp."""
    if not iso:
        return ""
    y, m, d = str(iso)[:10].split("-")
    return f"{d}.{m}.{y}"


def player_ids(players: list) -> list[str]:
    """The ids of a game row's players (a Жук table's entries are dicts with the starting balance)."""
    return [p["id"] if isinstance(p, dict) else p for p in players]
