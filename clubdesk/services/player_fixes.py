"""Putting a registration made by mistake right at the desk (issue 34 item 5): remove a player of whom nothing is
recorded, or merge two registrations of one person.

Both are a row change through the unit of work, so they reach every desk like any write, and nothing is deleted:
a removed player's row stays, `players.merged_into` = `resolutions.REMOVED` hides him as a merged one is hidden;
a merge is the sync's own (`conflicts.merge_players`): the other player's games, check-ins, entries and ratings
count as the kept one's, both histories as written.
"""

from __future__ import annotations

from typing import NamedTuple

from clubdesk.errors import ValidationError
from clubdesk.roles import Actor, require
from clubdesk.services import conflicts
from clubdesk.services.players import ROW_COLUMNS, PlayerRow, row_of
from clubdesk.store.db import Store
from clubdesk.sync import resolutions

FIX_ROLES = ("desk",)  # and the administrator (Actor.has)


class Recorded(NamedTuple):
    """One kind of record that keeps a player in the registry: how many, and the reason in Russian and English."""

    count: int
    ru: str
    en: str


# What may name a player, each with the reason a removal is refused for. A game names its players in players_json
# (ids as JSON strings in every kind: ["a", "b"], [{"id": "a"}, …]); a Жук seat or a check-in withdrawn is not
# counted (a tombstone: the desk took it back), every ban is (lifted or not, it is the club's word on a person).
_RECORDS = (
    ("SELECT count(*) FROM games WHERE instr(players_json, ?) > 0", '"{id}"', "игры", "games"),
    ("SELECT count(*) FROM tournament_entries WHERE player_id = ? AND NOT deleted", "{id}",
     "заявки на турниры", "tournament entries"),
    ("SELECT count(*) FROM check_ins WHERE player_id = ? AND NOT deleted", "{id}", "отметки на вечерах",
     "evening check-ins"),
    ("SELECT count(*) FROM seats WHERE player_id = ? AND NOT deleted", "{id}", "места за столами", "table seats"),
    ("SELECT count(*) FROM bans WHERE player_id = ?", "{id}", "запреты посещения", "bans"),
    ("SELECT count(*) FROM accounts WHERE player_id = ?", "{id}", "учётная запись сотрудника", "a staff account"),
    ("SELECT count(*) FROM players WHERE merged_into = ?", "{id}", "объединённые с ним регистрации",
     "registrations merged into him"),
)


class PlayerFixes:
    def __init__(self, store: Store) -> None:
        self.store = store

    def _listed(self, player_id: str) -> PlayerRow:
        """The player as the registry lists him; one merged or removed (or unknown) is not found."""
        rows = self.store.read(f"SELECT {ROW_COLUMNS}, merged_into FROM players WHERE id = ?", (player_id,))
        if not rows or rows[0][-1]:
            raise ValidationError("players", "Игрок не найден (удалён или объединён на другом месте?).",
                                  "Player not found (removed or merged elsewhere?).")
        return row_of(rows[0][:-1])

    def recorded(self, player_id: str) -> list[Recorded]:
        """Everything recorded of the player, kind by kind; empty: he may be removed."""
        out = []
        for sql, param, ru, en in _RECORDS:
            n = self.store.read(sql, (param.format(id=player_id),))[0][0]
            if n:
                out.append(Recorded(n, ru, en))
        return out

    def removable(self, player_id: str) -> bool:
        return not self.recorded(player_id)

    def remove(self, actor: Actor, player_id: str) -> PlayerRow:
        """Remove a player registered by mistake; refused, naming what is recorded, when anything is (his games,
        entries, check-ins, bans, an account, a merge): such a player is merged, never removed. Returns the row."""
        from clubdesk.store.models import Player
        from clubdesk.store.uow import UnitOfWork

        require(actor, *FIX_ROLES)
        row = self._listed(player_id)
        found = self.recorded(player_id)
        if found:
            ru = ", ".join(f"{r.ru} ({r.count})" for r in found)
            en = ", ".join(f"{r.en} ({r.count})" for r in found)
            raise ValidationError("players", f"{row.name} не удалён: у него есть {ru}. Удаляют только игрока, о котором "
                                  "ничего не записано; одного человека, записанного дважды, объединяют.",
                                  f"{row.name} is not removed: he has {en}. Only a player with nothing recorded is "
                                  "removed; one person registered twice is merged.")
        with UnitOfWork(self.store, actor.account_id) as uow:
            p = uow.session.get(Player, player_id)
            p.merged_into = resolutions.REMOVED  # the row stays; the change log carries the field to every desk
            uow.session.flush()
        return row

    def merge(self, actor: Actor, kept_id: str, other_id: str) -> PlayerRow:
        """One person registered twice: `other_id` becomes part of `kept_id`, whose name, phone and nickname stay.
        Refused for two players who played one game or entered one tournament (two people). Returns the kept row."""
        require(actor, *FIX_ROLES)
        if kept_id == other_id:
            raise ValidationError("players", "Игрока нельзя объединить с самим собой.",
                                  "A player cannot be merged with himself.")
        kept, other = self._listed(kept_id), self._listed(other_id)
        together = self.store.read(
            "SELECT (SELECT count(*) FROM games WHERE instr(players_json, ?) > 0 AND instr(players_json, ?) > 0), "
            "(SELECT count(*) FROM tournament_entries a JOIN tournament_entries b ON a.tournament_id = b.tournament_id "
            "WHERE a.player_id = ? AND b.player_id = ? AND NOT a.deleted AND NOT b.deleted)",
            (f'"{kept_id}"', f'"{other_id}"', kept_id, other_id))[0]
        if any(together):
            raise ValidationError("players", f"{kept.name} и {other.name} играли в одной игре или турнире: это два "
                                  "разных человека, их не объединяют.",
                                  f"{kept.name} and {other.name} played in one game or tournament: two people are "
                                  "not merged.")
        conflicts.merge_players(self.store, actor, kept_id, other_id)
        return kept
