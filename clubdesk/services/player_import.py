"""The preview of a player import (issue 39): which column is which field, and every row judged before a byte is
written — new, the same as a registered player, a duplicate of an earlier row of the file, or refused.

The columns are mapped by their headers in Russian and English («Фамилия», «Имя», «Отчество», «ФИО», «Псевдоним»/
«Ник», «Телефон», …), each mapping changeable. A whole name («ФИО») is split as the registry keeps names
(`names.split_name`: the first word is the surname, the rest — a patronymic too — the first name); a patronymic in
a column of its own joins the first name. Each row is checked by the registry's own `players.validate`, so the
phone is normalised as the registry does and a row is refused for exactly what the player dialog refuses.

«The same player» is the issue's rule: the same phone, or the same surname, first name and nickname (ignoring
case and ё/е) — unless both have a phone and the phones differ: namesakes with two phones are two people (a club of
2 000 has several Ивановых Иванов). Such a row is skipped or updates that player (only the fields the file fills and that differ), as
the administrator chooses, row by row or for all. Writing is `player_imports.ImportService.run`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import NamedTuple

from clubdesk import phones
from clubdesk.errors import KnownError, ValidationError
from clubdesk.names import full_name, split_name
from clubdesk.services.player_files import Table, cell_text
from clubdesk.services.players import PHONE_CHARS, PlayerData, PlayerRow, validate  # PHONE_CHARS: the registry's rule
from clubdesk.sync import resolutions

REMOVED = resolutions.REMOVED  # players.merged_into of a player taken out (an import undone; «Удалить игрока…»)

# field key: (Russian title, English title, headers it is recognised by — normalised by `_norm`)
FIELDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "full_name": ("ФИО", "Full name", ("фио", "ф и о", "фамилия имя отчество", "фамилия имя", "фамилия и имя",
                                       "имя и фамилия", "игрок", "участник", "член клуба", "full name", "name",
                                       "player", "member")),
    "surname": ("Фамилия", "Surname", ("фамилия", "surname", "last name", "family name", "lastname")),
    "first_name": ("Имя", "First name", ("имя", "first name", "given name", "firstname")),
    "patronymic": ("Отчество", "Patronymic", ("отчество", "patronymic", "middle name")),
    "nickname": ("Псевдоним", "Nickname", ("псевдоним", "ник", "никнейм", "ник нейм", "прозвище", "nickname",
                                           "nick", "alias")),
    "phone": ("Телефон", "Phone", ("телефон", "тел", "моб", "мобильный", "мобильный телефон", "сотовый",
                                   "номер телефона", "phone", "mobile", "telephone", "tel", "phone number", "cell")),
    "birthday": ("Дата рождения", "Date of birth", ("дата рождения", "день рождения", "д р", "др", "birthday",
                                                    "date of birth", "birth date", "dob")),
    "notes": ("Примечание", "Notes", ("примечание", "примечания", "комментарий", "комментарии", "заметки",
                                      "заметка", "note", "notes", "comment", "comments", "remarks")),
    "ban": ("Запрет", "Ban", ("запрет", "запрет посещения", "причина запрета", "бан", "ban", "banned",
                              "ban reason")),
    "ban_until": ("Запрет до", "Ban until", ("запрет до", "бан до", "ban until", "banned until")),
}
NAME_FIELDS = ("full_name", "surname")  # one of them must be mapped: a player without a surname is refused
_YES = {"да", "yes", "1", "+", "x", "х", "true", "истина"}
_NO = {"нет", "no", "0", "-", "false", "ложь"}
BAN_FROM_LIST = "из прежнего списка клуба"  # the reason of a ban the file marks only «да»


_YO = {ord("ё"): "е"}  # «Семёнов» and «Семенов»: one name as a spreadsheet spells it


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold().translate(_YO)).replace("_", " ").split())


def field_of(header: str) -> str | None:
    """The field a column header names: one of its aliases exactly, else the longest alias it starts with
    («Телефон мобильный», «Фамилия (как в паспорте)»)."""
    h = _norm(header)
    if not h:
        return None
    best, length = None, 0
    for key, (_ru, _en, aliases) in FIELDS.items():
        for a in aliases:
            if h == a:
                return key
            if h.startswith(a + " ") and len(a) > length:
                best, length = key, len(a)
    return best


def header_score(cells: list[str]) -> int:
    """How many cells of a row name a field: the header is the row that names most (`read_table`)."""
    return len({f for f in map(field_of, cells) if f})


def guess_mapping(headers: list[str]) -> list[str | None]:
    """A field per column (None: not imported); a field goes to the first column that names it."""
    out: list[str | None] = []
    for h in headers:
        f = field_of(h)
        out.append(f if f not in out else None)
    return out


def field_key(text: str) -> str | None:
    """A field named on the command line: its key («phone»), its title in either language, or a header it is
    recognised by; «-», «skip», «нет» for a column not imported (None). Unknown: KnownError."""
    t = _norm(text)
    if t in ("", "skip", "нет", "none", "пропустить"):
        return None
    for key, (ru, en, _aliases) in FIELDS.items():
        if t in (key.replace("_", " "), _norm(ru), _norm(en)):
            return key
    found = field_of(text)
    if found:
        return found
    known = ", ".join((*FIELDS, "skip"))
    raise KnownError(f"Поле «{text}» не известно. Поля: {known}.", f"Unknown field '{text}'. Fields: {known}.")


def column_index(table: Table, column: str) -> int:
    """A column named on the command line: its header, its letter (A, B, …) or its number (1, 2, …)."""
    for k, h in enumerate(table.headers):
        if _norm(h) == _norm(column) and _norm(column):
            return k
    if column.isdigit() and 1 <= int(column) <= len(table.headers):
        return int(column) - 1
    if column.isalpha() and column.isascii() and len(column) <= 2:
        from openpyxl.utils import column_index_from_string

        k = column_index_from_string(column.upper()) - 1
        if k < len(table.headers):
            return k
    raise KnownError(f"Столбца «{column}» в файле нет; есть: {', '.join(h for h in table.headers if h)}.",
                     f"There is no column '{column}'; there are: {', '.join(h for h in table.headers if h)}.")


def check_mapping(mapping: list[str | None]) -> None:
    if not any(f in NAME_FIELDS for f in mapping):
        raise KnownError("Укажите столбец с фамилией или с ФИО: без фамилии игрока не записать.",
                         "Map a column to the surname or the full name: a player is not recorded without a surname.")
    taken = [f for f in mapping if f]
    twice = sorted({f for f in taken if taken.count(f) > 1})
    if twice:
        raise KnownError(f"Поле «{FIELDS[twice[0]][0]}» выбрано для двух столбцов.",
                         f"The field '{FIELDS[twice[0]][1]}' is mapped to two columns.")


class Verdict(NamedTuple):
    """One row of the file, judged. `kind`: new | same | duplicate | refused."""

    row: int
    kind: str
    data: PlayerData | None = None      # validated (phone in E.164); refused: the row as read (None: unreadable)
    match: PlayerRow | None = None      # same: the registered player
    why: str = ""                       # same: "phone" | "name"
    changes: tuple[str, ...] = ()       # same: the fields an update changes
    earlier: int = 0                    # duplicate: the earlier row it repeats
    digits: str = ""                    # the phone's words of the search key (`phones.search_digits`)
    ru: str = ""                        # refused: the reason
    en: str = ""

    def line(self, lang: str = "ru") -> str:
        """The verdict in one line, the row's number first."""
        name = self.data.name if self.data else ""
        if lang == "en":
            text = {"new": f"new — {name}",
                    "same": f"already registered as {self.match.name if self.match else ''} "
                            f"({'the same phone' if self.why == 'phone' else 'the same name and nickname'}); "
                            + (f"an update changes: {', '.join(FIELDS[f][1] for f in self.changes)}"
                               if self.changes else "nothing to update"),
                    "duplicate": f"repeats row {self.earlier} — {name}",
                    "refused": f"refused: {self.en}"}[self.kind]
            return f"row {self.row}: {text}"
        text = {"new": f"новый — {name}",
                "same": f"уже есть: {self.match.name if self.match else ''} "
                        f"({'тот же телефон' if self.why == 'phone' else 'те же фамилия, имя и псевдоним'}); "
                        + (f"обновление изменит: {', '.join(FIELDS[f][0] for f in self.changes)}"
                           if self.changes else "обновлять нечего"),
                "duplicate": f"повтор строки {self.earlier} — {name}",
                "refused": f"отклонена: {self.ru}"}[self.kind]
        return f"строка {self.row}: {text}"


def _date(text: str, what_ru: str, what_en: str) -> dt.date | None:
    if not text:
        return None
    for fmt in ("%d.%m.%Y", "%Y-%m-%d", "%d/%m/%Y", "%d.%m.%y", "%d-%m-%Y"):
        try:
            return dt.datetime.strptime(text.split()[0], fmt).date()
        except ValueError:
            continue
    raise ValidationError(what_en, f"{what_ru} «{text[:20]}» не прочитана: пишите дд.мм.гггг.",
                          f"The {what_en.replace('_', ' ')} '{text[:20]}' is not a date: write dd.mm.yyyy.")


def row_data(mapping: list[str | None], cells: list[object]) -> PlayerData:
    """The row's fields as the registry's form would hold them (not yet validated)."""
    got: dict[str, str] = {}
    raw: dict[str, object] = {}
    for f, value in zip(mapping, cells, strict=False):
        if f:
            got[f], raw[f] = cell_text(value), value
    surname, first = got.get("surname", ""), " ".join(x for x in (got.get("first_name", ""),
                                                                  got.get("patronymic", "")) if x)
    if not surname and got.get("full_name"):
        surname, rest = split_name(got["full_name"])
        first = first or rest
    ban = got.get("ban", "")
    banned = bool(ban) and _norm(ban) not in _NO
    reason = BAN_FROM_LIST if _norm(ban) in _YES else ban

    def date_of(f: str, ru: str, en: str) -> dt.date | None:
        v = raw.get(f)
        if isinstance(v, dt.datetime):
            return v.date()
        return v if isinstance(v, dt.date) else _date(got.get(f, ""), ru, en)

    return PlayerData(nickname=got.get("nickname", ""), phone=got.get("phone", ""), notes=got.get("notes", ""),
                      banned=banned, ban_reason=reason if banned else "",
                      ban_until=date_of("ban_until", "Дата окончания запрета", "ban_until") if banned else None,
                      birthday=date_of("birthday", "Дата рождения", "birthday"), surname=surname, first_name=first)


def _fold(text: str) -> str:
    """A name part as two spellings of one person compare: case, ё/е and spacing aside (the registry's spelling
    stays when only these differ)."""
    return " ".join(text.split()).casefold().translate(_YO)


def read_phone(text: str) -> tuple[str, str] | None:
    """(E.164, its `phones.search_digits`) of a phone the registry takes, read once: two readings per row by
    `validate` and `search_key` were half of an import's time (benchmarks/player_import.py)."""
    import phonenumbers

    if not re.match(PHONE_CHARS, text):
        return None
    number = phones.parse(text)
    if number is None or not phonenumbers.is_valid_number(number):
        return None
    e164 = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
    digits = e164[1:]
    national = "".join(c for c in phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
                       if c.isdigit())
    return e164, digits if national == digits else f"{digits} {national}"


def checked(raw: PlayerData, today: dt.date) -> tuple[PlayerData, str]:
    """`players.validate` of a row, and its phone's search digits; a phone the registry refuses is refused by
    `validate` itself, in its words."""
    phone = raw.phone.strip()
    read = read_phone(phone) if phone else None
    if read is None:
        return validate(raw, today), ""
    e164, digits = read
    return validate(raw._replace(phone=e164), today, stored_phone=e164), digits


def name_key(d: PlayerData | PlayerRow) -> tuple[str, str, str]:
    return _fold(d.surname), _fold(d.first_name), _fold(d.nickname)


class Registry(NamedTuple):
    """What the judging compares with: the listed players by phone and by name key, and every nickname held."""

    by_phone: dict[str, PlayerRow]
    by_name: dict[tuple[str, str, str], PlayerRow]
    nicknames: dict[str, PlayerRow]


def registry_of(rows: Iterable[tuple[PlayerRow, bool]]) -> Registry:
    """From (player, listed) in (name, id) order: a merged player still holds his nickname (the registry's
    `check_nickname`), only a listed one is «the same player»; a removed one is neither."""
    reg = Registry({}, {}, {})
    for p, listed in rows:
        if p.nickname:
            reg.nicknames.setdefault(p.nickname.casefold(), p)
        if listed:
            if p.phone:
                reg.by_phone.setdefault(p.phone, p)
            reg.by_name.setdefault(name_key(p), p)
    return reg


def changes(data: PlayerData, p: PlayerRow, mapping: list[str | None]) -> tuple[str, ...]:
    """The fields an update would change: those the file fills, where they differ (an empty cell erases
    nothing). Name parts count when the file has the name in any form."""
    out = []
    names = any(f in ("full_name", "surname", "first_name", "patronymic") for f in mapping)
    if names and _fold(data.surname) != _fold(p.surname):
        out.append("surname")
    if names and data.first_name and _fold(data.first_name) != _fold(p.first_name):
        out.append("first_name")
    if "nickname" in mapping and data.nickname and _fold(data.nickname) != _fold(p.nickname):
        out.append("nickname")
    for f in ("phone", "notes", "birthday"):
        if f in mapping and getattr(data, f) and getattr(data, f) != getattr(p, f):
            out.append(f)
    if data.banned and (p.status != "banned" or (p.ban_reason, p.ban_until) != (data.ban_reason, data.ban_until)):
        out.append("ban")
    return tuple(out)


def updated(data: PlayerData, p: PlayerRow, fields: tuple[str, ...]) -> PlayerData:
    """The registered player's data with the changed fields from the file."""
    base = p.as_data()
    values = {f: getattr(data, f) for f in fields if f != "ban"}
    if "ban" in fields:
        values.update(banned=True, ban_reason=data.ban_reason, ban_until=data.ban_until)
    data = base._replace(**values)
    return data._replace(name=full_name(data.surname, data.first_name))


def _agree(phone: str, other: str) -> bool:
    """Two rows of one name are one person unless both have a phone and the phones differ."""
    return not (phone and other) or phone == other


def judge(table: Table, mapping: list[str | None], reg: Registry, today: dt.date) -> list[Verdict]:
    """Every row of the table, judged in order against the registry and the rows before it."""
    check_mapping(mapping)
    out: list[Verdict] = []
    seen_phone: dict[str, int] = {}
    seen_name: dict[tuple[str, str, str], tuple[int, str]] = {}
    seen_match: dict[str, int] = {}
    seen_nick: dict[str, int] = {}
    for n, cells in table.rows:
        if not any(f and cell_text(c) for f, c in zip(mapping, cells, strict=False)):
            continue  # a row with nothing in the imported columns (a numbered blank line of a template)
        raw = None
        try:
            raw = row_data(mapping, cells)
            data, digits = checked(raw, today)
        except ValidationError as exc:
            out.append(Verdict(n, "refused", raw, ru=exc.ru, en=exc.en))
            continue
        key, nick = name_key(data), data.nickname.casefold()
        earlier = seen_phone.get(data.phone) if data.phone else None
        if earlier is None and key in seen_name and _agree(seen_name[key][1], data.phone):
            earlier = seen_name[key][0]
        match, why = (reg.by_phone.get(data.phone), "phone") if data.phone else (None, "")
        if match is None:
            match, why = reg.by_name.get(key), "name"
            if match is not None and not _agree(match.phone, data.phone):
                match = None  # namesakes with two phones: two people
        if earlier is None and match is not None:
            earlier = seen_match.get(match.id)
        if earlier is not None:
            out.append(Verdict(n, "duplicate", data, earlier=earlier))
            continue
        holder = reg.nicknames.get(nick) if nick else None
        if holder is not None and (match is None or holder.id != match.id):
            out.append(Verdict(n, "refused", ru=f"псевдоним «{data.nickname}» уже у игрока {holder.name}.",
                               en=f"the nickname '{data.nickname}' belongs to {holder.name}."))
            continue
        if nick in seen_nick:
            out.append(Verdict(n, "refused", ru=f"псевдоним «{data.nickname}» уже у строки {seen_nick[nick]}.",
                               en=f"the nickname '{data.nickname}' is already in row {seen_nick[nick]}."))
            continue
        if data.phone:
            seen_phone[data.phone] = n
        seen_name.setdefault(key, (n, data.phone))
        if nick:
            seen_nick[nick] = n
        if match is None:
            out.append(Verdict(n, "new", data, digits=digits))
        else:
            seen_match[match.id] = n
            out.append(Verdict(n, "same", data, match, why, changes(data, match, mapping), digits=digits))
    return out


def counts(verdicts: list[Verdict]) -> dict[str, int]:
    out = dict.fromkeys(("new", "same", "duplicate", "refused"), 0)
    for v in verdicts:
        out[v.kind] += 1
    return out
