"""How a player is named on every public board: the nickname, else the surname and the first name's initial.

One function for the Жук scoreboard and its table cards and the Mafia room display, fed with the player's
two stored fields (name and nickname) — never by taking a display string apart again. The registry keeps the
name surname first («Фамилия Имя»; the player dialog asks for it in that order), as the protocols print it.
"""

from __future__ import annotations


def board_name(name: str, nickname: str = "") -> str:
    """«Карамболь» for a player with a nickname; «Иванов П.» for «Иванов Пётр»; a one-word name as it is."""
    if nickname.strip():
        return nickname.strip()
    words = name.split()
    if len(words) < 2:
        return " ".join(words)
    return f"{words[0]} {words[1][0]}."
