"""A game's stored title in the reader's language: the words the services put into it are theirs, not data.

The services title a game once, in Russian, and the title is stored and synced as it is: «Кубок декабря · этап 1 ·
раунд 2 · стол 3» (tournaments.py), «Клубный вечер · игра 1 · стол 2» (evenings.py), «Кубок · W1-2 · партия 3»
(pyramid_tournaments.py), «Стол 5 · судья Пётр Орлов» (matches.make_title). An English protocol printed those words
(issue 38 item 13). Only the words between « · » and a number (or a referee's name) are ours; what is typed — the
tournament's, the evening's and the table's names, the referee — is shown as typed."""

from __future__ import annotations

import re

_ENGLISH = {"этап": "stage", "раунд": "round", "стол": "table", "игра": "game", "партия": "game", "судья": "referee"}
_REFEREE = "судья"
# a numbered part («· этап 2») or the referee's («· судья Пётр Орлов»), built from the words above
_OURS = re.compile(" · (" + "|".join(w for w in _ENGLISH if w != _REFEREE) + r")(?= \d)| · (" + _REFEREE + ")(?= )")


def shown_title(title: str | None, lang: str) -> str:
    """`title` as the `lang` reader reads it (Russian: as stored)."""
    if not title or lang != "en":
        return title or ""
    return _OURS.sub(lambda m: " · " + _ENGLISH[m.group(1) or m.group(2)], title)
