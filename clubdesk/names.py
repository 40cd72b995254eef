"""How a player is named: the full name from its parts, and on every public board the nickname, else the surname
and the first name's initial.

The registry keeps the surname and the first name in fields of their own (0013; the first name may carry a
patronymic, «Пётр Ильич»: the club writes one where it keeps one) and the nickname. `players.name` is derived
from them, surname first («Фамилия Имя»), as the protocols, lists and reports print it. A surname is one word
(a double one is hyphenated, «Петрова-Водкина»), so the name's first word is the surname and `split_name` is the
exact inverse of `full_name`: board_name, and a row from a desk older than 0013 that carries only `name`, read
the parts back from it.
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


def full_name(surname: str, first_name: str) -> str:
    """«Иванов Пётр» from «Иванов» and «Пётр»; a player with a surname only is his surname."""
    return " ".join(x for x in (" ".join(surname.split()), " ".join(first_name.split())) if x)


def split_name(name: str) -> tuple[str, str]:
    """(surname, first name) of a full name: split at the first space; a one-word name is a surname."""
    surname, _, first_name = " ".join(name.split()).partition(" ")
    return surname, first_name


def parts_and_name(name: str) -> tuple[str, str, str]:
    """`split_name`'s parts of a name and the full name they make (`full_name` of them: the name's words joined by
    single spaces), in one pass: a first pull derives them for every player row a desk older than 0013 wrote."""
    words = " ".join(name.split())
    surname, _, first_name = words.partition(" ")
    return surname, first_name, words
