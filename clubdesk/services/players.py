"""The player registry: add, edit, ban, and search as you type."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, NamedTuple

from clubdesk.errors import ValidationError
from clubdesk.roles import Actor, require
from clubdesk.store.db import Store

if TYPE_CHECKING:
    from clubdesk.store.models import Player
    from clubdesk.store.uow import UnitOfWork

_PHONE_CHARS = re.compile(r"^[0-9+()\-\s]*$")


class PlayerData(NamedTuple):
    """The fields a desk worker fills in; a service validates them before anything is stored.

    NamedTuples, not dataclasses, here and in PlayerRow: the registry is read before the first frame."""

    name: str
    nickname: str = ""
    phone: str = ""
    notes: str = ""
    banned: bool = False
    ban_reason: str = ""
    ban_until: dt.date | None = None


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

    def banned_on(self, day: dt.date) -> bool:
        return self.status == "banned" and (self.ban_until is None or self.ban_until >= day)

    def as_data(self) -> PlayerData:
        return PlayerData(self.name, self.nickname, self.phone, self.notes, self.status == "banned",
                          self.ban_reason, self.ban_until)


class PlayerBanned(ValidationError):
    """A player under a club ban in force that day does not join anything: a check-in, a tournament, a draw,
    a match."""

    code = "player_banned"

    def __init__(self, ru: str, en: str) -> None:
        super().__init__("players", ru, en)


def ban_text(p: PlayerRow) -> tuple[str, str]:
    """The refusal of a banned player in Russian and English, with the reason and the end date."""
    until_ru = f"до {p.ban_until:%d.%m.%Y}" if p.ban_until else "бессрочно"
    until_en = f"until {p.ban_until:%d.%m.%Y}" if p.ban_until else "indefinitely"
    return (f"{p.name}: запрет посещения {until_ru}. Причина: {p.ban_reason}",
            f"{p.name}: banned from the club {until_en}. Reason: {p.ban_reason}")


# Bidi controls and zero-width characters change how a name looks, not who it is: «Пет\u202eров» must be found by
# «петров» (issue 18 item 11), so the search key and the typed words are both read without them.
_INVISIBLE = re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def search_key(name: str, nickname: str, phone: str) -> str:
    digits = re.sub(r"\D", "", phone)
    return " ".join(x for x in (_INVISIBLE.sub("", name).casefold(), _INVISIBLE.sub("", nickname).casefold(), digits)
                    if x)


def _row(p: Player) -> PlayerRow:
    return PlayerRow(p.id, p.name, p.nickname, p.phone, p.notes, p.status, p.ban_reason, p.ban_until, p.is_guest)


# Reads go through Store.read (plain sqlite3): the registry is the first page shown, before the ORM loads.
ROW_COLUMNS = "id, name, nickname, phone, notes, status, ban_reason, ban_until, is_guest"


def row_of(r: tuple) -> PlayerRow:
    """A PlayerRow from a `SELECT ROW_COLUMNS` tuple."""
    return PlayerRow(*r[:7], dt.date.fromisoformat(r[7]) if r[7] else None, bool(r[8]))


def search_words(text: str) -> tuple[str, ...]:
    """The words a search matches on: casefolded, phone-like words reduced to their digits."""
    out = []
    for token in _INVISIBLE.sub("", text).casefold().split():
        token = re.sub(r"\D", "", token) if re.fullmatch(r"[+\d()\-]+", token) else token
        if token:
            out.append(token)
    return tuple(out)


def validate(data: PlayerData, today: dt.date) -> PlayerData:
    """Trimmed, checked data, or a ValidationError naming the field."""
    data = data._replace(name=" ".join(data.name.split()), nickname=data.nickname.strip(),
                   phone=data.phone.strip(), notes=data.notes.strip(), ban_reason=data.ban_reason.strip())
    if len(data.name) < 2:
        raise ValidationError("name", "Введите имя и фамилию игрока.", "Enter the player's name.")
    if len(data.name) > 200 or len(data.nickname) > 100:
        raise ValidationError("name", "Слишком длинное имя или ник.", "The name or nickname is too long.")
    if data.phone:
        digits = re.sub(r"\D", "", data.phone)
        if not _PHONE_CHARS.match(data.phone) or not 10 <= len(digits) <= 15:
            raise ValidationError("phone", "Телефон: 10–15 цифр, например +7 916 123-45-67.",
                                  "Phone: 10 to 15 digits, e.g. +7 916 123-45-67.")
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

    @staticmethod
    def _where(text: str) -> tuple[str, tuple[str, ...]]:
        """A WHERE clause (every word a substring of search_key; a player merged into another is not listed: the
        survivor stands for both) and its parameters."""
        words = search_words(text)
        if not words:
            return " WHERE merged_into = ''", ()
        likes = " AND ".join("search_key LIKE ? ESCAPE '\\'" for _ in words)
        escaped = tuple("%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
                        for w in words)
        return f" WHERE merged_into = '' AND {likes}", escaped

    def count(self, text: str = "") -> int:
        where, params = self._where(text)
        return self.store.read(f"SELECT count(*) FROM players{where}", params)[0][0]

    def search(self, text: str = "", offset: int = 0, limit: int = 200) -> list[PlayerRow]:
        """Players whose name, nickname or phone contain every word typed, by name."""
        where, params = self._where(text)
        rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players{where} ORDER BY name, id LIMIT ? OFFSET ?",
                               (*params, limit, offset))
        return [row_of(r) for r in rows]

    def get(self, player_id: str) -> PlayerRow | None:
        rows = self.store.read(f"SELECT {ROW_COLUMNS} FROM players WHERE id = ?", (player_id,))
        return row_of(rows[0]) if rows else None

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

    def add(self, actor: Actor, data: PlayerData) -> PlayerRow:
        from clubdesk.store.models import Player
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        data = validate(data, self.today())
        with UnitOfWork(self.store, actor.account_id) as uow:
            self.check_nickname(uow, data.nickname, None)
            p = Player()
            self.assign(p, data)
            uow.session.add(p)
            uow.session.flush()
            self.write_ban(uow, p.id, data)
            return _row(p)

    def update(self, actor: Actor, player_id: str, data: PlayerData) -> PlayerRow:
        from clubdesk.store.models import Player
        from clubdesk.store.uow import UnitOfWork

        require(actor, "desk")
        data = validate(data, self.today())
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

        other = uow.session.scalar(select(Player).where(Player.nickname_key == nickname.casefold(),
                                                        Player.id != (own_id or "")))
        if other is not None:
            raise ValidationError("nickname", f"Ник «{nickname}» уже у игрока {other.name}.",
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
        p.name, p.nickname, p.phone, p.notes = d.name, d.nickname, d.phone, d.notes
        p.status = "banned" if d.banned else "active"
        p.ban_reason, p.ban_until = d.ban_reason, d.ban_until
        p.nickname_key = d.nickname.casefold()
        p.search_key = search_key(d.name, d.nickname, d.phone)
