"""A person added on the spot (a guest of a Mafia evening) who may already be in the registry.

A guest is typed in a hurry at the door; the same person registered last month, typed again, would be a second
player with half the history each. So before a guest is stored the registry is asked for the same phone, the same
nickname or the same name, and the desk is told who that is and offered to check him in instead; the guest is
added only when the desk says it is another person (issue 28).
"""

from __future__ import annotations

from clubdesk import phones
from clubdesk.errors import ValidationError
from clubdesk.services.player_search import yo_as_e
from clubdesk.services.players import ROW_COLUMNS, PlayerData, PlayerRow, row_of
from clubdesk.store.db import Store

WHY = ("phone", "nickname", "name")  # the order matches are told in: the surest first


def same_person(store: Store, data: PlayerData) -> list[tuple[PlayerRow, str]]:
    """Registry players (guests of earlier evenings too; not one merged into another) with the phone, the nickname
    (ignoring case) or the name (surname and first name, ignoring case) of validated `data`: (player, why) with
    why one of WHY, each player once, by his surest match, then by name."""
    found: dict[str, tuple[PlayerRow, str]] = {}
    if data.phone:
        for r in store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE phone = ? AND merged_into = '' "
                            "ORDER BY name, id", (data.phone,)):
            found.setdefault(r[0], (row_of(r), "phone"))
    if data.nickname:
        for r in store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE nickname_key = ? AND merged_into = '' "
                            "ORDER BY name, id", (data.nickname.casefold(),)):
            found.setdefault(r[0], (row_of(r), "nickname"))
    # The name: the search key starts with it casefolded (SQLite's lower() does not fold Cyrillic), an indexed
    # range; then the whole name is compared here. Up to its first е or ё only: «Королев» at the door is the
    # registry's «Королёв», as the search reads them (player_search.yo_as_e), and the key keeps the ё.
    name = yo_as_e(data.name.casefold())
    prefix = name[:name.find("е")] if "е" in name else name
    for r in store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE search_key >= ? AND search_key < ? "
                        "AND merged_into = '' ORDER BY name, id", (prefix, prefix + "\U0010ffff")):
        if yo_as_e(" ".join(r[1].split()).casefold()) == name:
            found.setdefault(r[0], (row_of(r), "name"))
    return sorted(found.values(), key=lambda m: (WHY.index(m[1]), m[0].name, m[0].id))


def _who(p: PlayerRow) -> str:
    return f"{p.name} «{p.nickname}»" if p.nickname else p.name


class GuestMatchesPlayer(ValidationError):
    """Not a refusal but a question: the guest typed may be a registry player. Nothing is stored; the desk checks
    that player in instead, or adds the guest again with `anyway` (another person)."""

    code = "guest_matches_player"

    def __init__(self, matches: list[tuple[PlayerRow, str]]) -> None:
        self.matches = matches
        first, why = matches[0]
        phone = phones.readable(first.phone)
        why_ru = {"phone": f"тот же телефон {phone}", "nickname": f"тот же псевдоним «{first.nickname}»",
                  "name": "те же фамилия и имя"}[why]
        why_en = {"phone": f"the same phone {phone}", "nickname": f"the same nickname '{first.nickname}'",
                  "name": "the same surname and first name"}[why]
        more_ru = f" (и ещё {len(matches) - 1})" if len(matches) > 1 else ""
        more_en = f" (and {len(matches) - 1} more)" if len(matches) > 1 else ""
        guest_ru = "гость прошлого вечера" if first.is_guest else "игрок клуба"
        guest_en = "a guest of an earlier evening" if first.is_guest else "a club player"
        super().__init__("phone" if why == "phone" else "nickname" if why == "nickname" else "surname",
                         f"Уже есть {guest_ru}: {_who(first)} — {why_ru}{more_ru}. Отметить его вместо гостя?",
                         f"Already registered, {guest_en}: {_who(first)} — {why_en}{more_en}. "
                         "Check him in instead of a guest?")
