"""The player registry: add, edit, ban, and search (what a typed word finds is player_search's)."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, NamedTuple

from clubdesk import phones
from clubdesk.errors import ValidationError
from clubdesk.names import full_name, split_name
from clubdesk.roles import Actor, require
from clubdesk.services.player_search import search_key, search_where, yo_as_e
from clubdesk.store.db import Store

if TYPE_CHECKING:
    from clubdesk.store.models import Player
    from clubdesk.store.uow import UnitOfWork

# Regular expressions are compiled on first use, here and in player_search: both modules are read before the main
# window's first frame, where compiling them cost ~1 M instructions each that no first frame uses.
PHONE_CHARS = r"^[0-9+()\-\s.]*$"  # re.match(PHONE_CHARS, text): what a phone may be typed with


class PlayerData(NamedTuple):
    """The fields a desk worker fills in; a service validates them before anything is stored.

    NamedTuples, not dataclasses, here and in PlayerRow: the registry is read before the first frame.

    The name is in two parts, `surname` and `first_name` (the player dialog's fields; the first name may carry a
    patronymic). A caller holding the whole name in one string, surname first (a quick-add, the demo, an import),
    passes it as `name` and leaves the parts empty: it is split at the first space. Validated data has all three,
    `name` derived from the parts (clubdesk.names.full_name)."""

    name: str = ""
    nickname: str = ""
    phone: str = ""
    notes: str = ""
    banned: bool = False
    ban_reason: str = ""
    ban_until: dt.date | None = None
    birthday: dt.date | None = None   # optional; with the name it tells a namesake from the same person
    surname: str = ""
    first_name: str = ""


class PlayerRow(NamedTuple):
    """A read-only snapshot of one player for lists and models."""

    id: str
    name: str
    nickname: str
    phone: str
    notes: str
    status: str
    ban_reason: str
    ban_until: dt.date | None
    is_guest: bool = False   # added at an evening on the spot; a guest until the desk registers him
    birthday: dt.date | None = None
    surname: str = ""
    first_name: str = ""

    def banned_on(self, day: dt.date) -> bool:
        return self.status == "banned" and (self.ban_until is None or self.ban_until >= day)

    def as_data(self) -> PlayerData:
        return PlayerData(self.name, self.nickname, self.phone, self.notes, self.status == "banned",
                          self.ban_reason, self.ban_until, self.birthday, self.surname, self.first_name)


class PlayerBanned(ValidationError):
    """A player under a club ban in force that day does not join anything: a check-in, a tournament, a draw,
    a match."""

    code = "player_banned"

    def __init__(self, ru: str, en: str) -> None:
        super().__init__("players", ru, en)


class PossibleDuplicate(ValidationError):
    """Not a refusal but a question: a player with the same phone, or the same name and date of birth, is already
    in the registry. Nothing is stored; the desk opens that player or saves again with `duplicate_ok`."""

    code = "possible_duplicate"

    def __init__(self, matches: list[tuple[PlayerRow, str]]) -> None:
        self.matches = matches
        first, why = matches[0]
        why_ru = {"phone": f"тот же телефон {phones.readable(first.phone)}",
                  "birthday": f"то же имя и дата рождения {first.birthday:%d.%m.%Y}" if first.birthday else ""}[why]
        why_en = {"phone": f"the same phone {phones.readable(first.phone)}",
                  "birthday": f"the same name and date of birth {first.birthday:%d.%m.%Y}" if first.birthday
                  else ""}[why]
        super().__init__("phone" if why == "phone" else "name",
                         f"Возможно, этот игрок уже есть: {first.name} — {why_ru}. Сохранить ещё одного?",
                         f"This player may already be registered: {first.name} — {why_en}. Save another one?")


def ban_text(p: PlayerRow) -> tuple[str, str]:
    """The refusal of a banned player in Russian and English, with the reason and the end date."""
    until_ru = f"до {p.ban_until:%d.%m.%Y}" if p.ban_until else "бессрочно"
    until_en = f"until {p.ban_until:%d.%m.%Y}" if p.ban_until else "indefinitely"
    return (f"{p.name}: запрет посещения {until_ru}. Причина: {p.ban_reason}",
            f"{p.name}: banned from the club {until_en}. Reason: {p.ban_reason}")


def _row(p: Player) -> PlayerRow:
    return PlayerRow(p.id, p.name, p.nickname, p.phone, p.notes, p.status, p.ban_reason, p.ban_until, p.is_guest,
                     p.birthday, p.surname, p.first_name)


# Reads go through Store.read (plain sqlite3): the registry is the first page shown, before the ORM loads.
ROW_COLUMNS = "id, name, nickname, phone, notes, status, ban_reason, ban_until, is_guest, birthday, surname, first_name"


def row_of(r: tuple) -> PlayerRow:
    """A PlayerRow from a `SELECT ROW_COLUMNS` tuple."""
    return PlayerRow(*r[:7], dt.date.fromisoformat(r[7]) if r[7] else None, bool(r[8]),
                     dt.date.fromisoformat(r[9]) if r[9] else None, r[10], r[11])


def _name_parts(data: PlayerData) -> PlayerData:
    """The surname and first name trimmed (from `name` when the caller gave the name in one string), and `name`
    derived from them."""
    surname, first_name = data.surname, data.first_name
    if not (surname.strip() or first_name.strip()):
        surname, first_name = split_name(data.name)
    surname, first_name = " ".join(surname.split()), " ".join(first_name.split())
    return data._replace(surname=surname, first_name=first_name, name=full_name(surname, first_name))


def _check_name(data: PlayerData) -> None:
    """One clear line for the first field that is wrong: the surname (required, one word), the first name, the
    nickname."""
    if not data.surname:
        raise ValidationError("surname", "Введите фамилию игрока.", "Enter the player's surname.")
    if " " in data.surname:
        raise ValidationError("surname", "Фамилия — одно слово; двойную пишите через дефис: Петрова-Водкина.",
                              "The surname is one word; join a double one with a hyphen: Petrova-Vodkina.")
    if len(data.surname) < 2:
        raise ValidationError("surname", "В фамилии хотя бы две буквы.", "A surname has at least two letters.")
    if len(data.surname) > 100:
        raise ValidationError("surname", "Фамилия длиннее 100 знаков.", "The surname is longer than 100 characters.")
    if len(data.first_name) > 100:
        raise ValidationError("first_name", "Имя длиннее 100 знаков.",
                              "The first name is longer than 100 characters.")
    if len(data.nickname) > 100:
        raise ValidationError("nickname", "Псевдоним длиннее 100 знаков.",
                              "The nickname is longer than 100 characters.")


def validate(data: PlayerData, today: dt.date, stored_phone: str = "") -> PlayerData:
    """Trimmed, checked data, or a ValidationError naming the field. `stored_phone`: the player's phone as stored;
    one migration 0010 could not read is kept while the desk leaves it unchanged (a ban is never refused for it)."""
    data = _name_parts(data)._replace(nickname=data.nickname.strip(), phone=data.phone.strip(),
                                      notes=data.notes.strip(), ban_reason=data.ban_reason.strip())
    _check_name(data)
    if data.phone and not (stored_phone and data.phone == stored_phone.strip()):
        e164 = phones.normalised(data.phone) if re.match(PHONE_CHARS, data.phone) else None
        if not e164:
            raise ValidationError("phone", f"Такого номера телефона не бывает: «{data.phone[:40]}». "
                                  "Например: +7 916 123-45-67 или 8 916 123-45-67.",
                                  f"No such phone number: '{data.phone[:40]}'. For example: +7 916 123-45-67.")
        data = data._replace(phone=e164)   # stored as E.164: one phone is one string however it was typed
    if data.birthday is not None and not dt.date(1900, 1, 1) <= data.birthday <= today:
        raise ValidationError("birthday", "Дата рождения не может быть в будущем или раньше 1900 года.",
                              "The date of birth cannot be in the future or before 1900.")
    if data.banned:
        if not data.ban_reason:
            raise ValidationError("ban_reason", "Укажите причину запрета посещения.", "Give the reason for the ban.")
        if data.ban_until is not None and data.ban_until < today:
            raise ValidationError("ban_until", "Дата окончания запрета уже прошла.", "The ban end date has passed.")
    else:
        data = data._replace(ban_reason="", ban_until=None)
    return data


class PlayerService:
    def __init__(self, store: Store, today: dt.date | None = None) -> None:
        self.store = store
        self._today = today

    def today(self) -> dt.date:
        return self._today or dt.date.today()

    def count(self, text: str = "") -> int:
        where, params = search_where(text)
        return self.store.read(f"SELECT count(*) FROM players{where}", params)[0][0]

    def search(self, text: str = "", offset: int = 0, limit: int = 200) -> list[PlayerRow]:
        """Players every typed word finds (`needle`: the start of the surname, first name or nickname, digits
        anywhere in the phone), by name."""
        where, params = search_where(text)
        rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players{where} ORDER BY name, id LIMIT ? OFFSET ?",
                               (*params, limit, offset))
        return [row_of(r) for r in rows]

    def get(self, player_id: str) -> PlayerRow | None:
        rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE id = ?", (player_id,))
        return row_of(rows[0]) if rows else None

    def rows(self, ids: list[str]) -> list[PlayerRow]:
        """The players `ids` in the given order (one query by primary key: the page a filter shows)."""
        if not ids:
            return []
        # Plain sqlite3: a 200-id IN through the ORM layer costs 5–18 ms, this ~1 ms.
        rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE id IN ({','.join('?' * len(ids))})",
                               tuple(ids))
        found = {r[0]: row_of(r) for r in rows}
        return [found[i] for i in ids if i in found]

    def refuse_banned(self, player_ids, day: dt.date | None = None) -> None:
        """PlayerBanned for the first of these players under a ban in force on `day` (today by default);
        ValidationError when one is not in the registry."""
        day = day or self.today()
        for pid in player_ids:
            row = self.get(pid)
            if row is None:
                raise ValidationError("players", "Игрок не найден.", "Player not found.")
            if row.banned_on(day):
                raise PlayerBanned(*ban_text(row))

    def duplicates(self, data: PlayerData, own_id: str | None = None) -> list[tuple[PlayerRow, str]]:
        """Other players who may be this one: the same phone ("phone"), or the same name and date of birth
        ("birthday"); a player merged into another is not one. `data` is validated (its phone in E.164)."""
        out: list[tuple[PlayerRow, str]] = []
        if data.phone:
            rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE phone = ? AND id <> ? AND merged_into = '' "
                                   "ORDER BY name, id", (data.phone, own_id or ""))
            out += [(row_of(r), "phone") for r in rows]
        if data.birthday is not None:
            name = yo_as_e(data.name.casefold())  # «Королев» is «Королёв», as the search reads them
            rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE birthday = ? AND id <> ? "
                                   "AND merged_into = '' ORDER BY name, id", (data.birthday.isoformat(), own_id or ""))
            seen = {p.id for p, _ in out}
            out += [(row_of(r), "birthday") for r in rows
                    if yo_as_e(" ".join(r[1].split()).casefold()) == name and r[0] not in seen]
        return out

    def _ask_about_duplicates(self, data: PlayerData, own: PlayerRow | None, duplicate_ok: bool) -> None:
        """PossibleDuplicate unless the desk said it is another person, or (editing) the phone, name and date of
        birth are as they were: a pair the desk already kept is not asked about at every edit of a note."""
        if duplicate_ok:
            return
        if own is not None and (own.phone, own.name, own.birthday) == (data.phone, data.name, data.birthday):
            return
        found = self.duplicates(data, own.id if own else None)
        if found:
            raise PossibleDuplicate(found)

    def add(self, actor: Actor, data: PlayerData, *, duplicate_ok: bool = False) -> PlayerRow:
        """A new player; PossibleDuplicate (nothing stored) when he may already be registered, unless
        `duplicate_ok` (the desk answered that he is another person)."""
        from clubdesk.store.models import Player
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        data = validate(data, self.today())
        self._ask_about_duplicates(data, None, duplicate_ok)
        with UnitOfWork(self.store, actor.account_id) as uow:
            self.check_nickname(uow, data.nickname, None)
            p = Player()
            self.assign(p, data)
            uow.session.add(p)
            uow.session.flush()
            self.write_ban(uow, p.id, data)
            return _row(p)

    def update(self, actor: Actor, player_id: str, data: PlayerData, *, duplicate_ok: bool = False) -> PlayerRow:
        from clubdesk.store.models import Player
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        own = self.get(player_id)
        data = validate(data, self.today(), own.phone if own else "")
        if own is not None:
            self._ask_about_duplicates(data, own, duplicate_ok)
        with UnitOfWork(self.store, actor.account_id) as uow:
            p = uow.session.get(Player, player_id)
            if p is None:
                raise ValidationError("id", "Игрок не найден (удалён на другом месте?).", "Player not found.")
            self.check_nickname(uow, data.nickname, player_id)
            self.assign(p, data)
            uow.session.flush()
            self.write_ban(uow, p.id, data)
            return _row(p)

    def register_guest(self, actor: Actor, player_id: str) -> PlayerRow:
        """The desk registers an evening's guest in the club: from now on an ordinary registry player."""
        from clubdesk.store.models import Player
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        with UnitOfWork(self.store, actor.account_id) as uow:
            p = uow.session.get(Player, player_id)
            if p is None:
                raise ValidationError("id", "Игрок не найден (удалён на другом месте?).", "Player not found.")
            p.is_guest = False
            uow.session.flush()
            return _row(p)

    @staticmethod
    def check_nickname(uow: UnitOfWork, nickname: str, own_id: str | None) -> None:
        """Refuse a nickname another player has (ignoring case), inside the caller's unit of work."""
        if not nickname:
            return
        from sqlalchemy import select

        from clubdesk.store.models import Player
        from clubdesk.sync.resolutions import REMOVED

        other = uow.session.scalar(select(Player).where(Player.nickname_key == nickname.casefold(),
                                                        Player.id != (own_id or ""),
                                                        Player.merged_into != REMOVED))  # removed: a mistake
        if other is not None:
            raise ValidationError("nickname", f"Псевдоним «{nickname}» уже у игрока {other.name}.",
                                  f"The nickname '{nickname}' belongs to {other.name}.")

    @staticmethod
    def write_ban(uow: UnitOfWork, player_id: str, d: PlayerData) -> None:
        """The ban as rows (`bans`): a ban updates the one in force or adds one; no ban lifts those in force.

        Only what changed is written, so saving a player's phone writes no ban row at all."""
        from sqlalchemy import select

        from clubdesk.store.models import Ban

        in_force = list(uow.session.scalars(select(Ban).where(Ban.player_id == player_id, Ban.lifted.is_(False))
                                            .order_by(Ban.hlc.desc(), Ban.desk_id.desc())))
        if not d.banned:
            for ban in in_force:
                ban.lifted = True
        elif in_force:
            in_force[0].reason, in_force[0].until = d.ban_reason, d.ban_until
        else:
            uow.session.add(Ban(player_id=player_id, reason=d.ban_reason, until=d.ban_until))

    @staticmethod
    def assign(p: Player, d: PlayerData) -> None:
        """Copy validated data onto a Player row, with the keys search and uniqueness rely on."""
        p.name, p.nickname, p.phone, p.notes, p.birthday = d.name, d.nickname, d.phone, d.notes, d.birthday
        p.surname, p.first_name = d.surname, d.first_name
        p.status = "banned" if d.banned else "active"
        p.ban_reason, p.ban_until = d.ban_reason, d.ban_until
        p.nickname_key = d.nickname.casefold()
        p.search_key = search_key(d.name, d.nickname, d.phone)
