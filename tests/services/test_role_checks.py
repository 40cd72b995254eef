"""Every service entry point, called by each role that must not reach it: PermissionDenied and nothing stored.

One club is set up once (a tournament with a running round, a Пирамидка match, a Mafia evening with a game and a
ban flag); each case is one (entry point, role) pair. The roles a case allows are the ones the issue names: the desk
runs the club, a referee scores billiards and its round clock, a host runs Mafia, a display reads public data only.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable
from dataclasses import replace

import pytest

from clubdesk.errors import PermissionDenied
from clubdesk.rules.mafia.script import ROLES as MAFIA_ROLES
from clubdesk.services.accounts import AccountService
from clubdesk.services.conflicts import ConflictService
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.player_fixes import PlayerFixes
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.services.scopes import assign_table_referee, referee_accounts
from clubdesk.services.staff import StaffService
from clubdesk.services.tournaments import TournamentService

STAFF = ("desk", "referee", "host", "display")
DEAL = {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(MAFIA_ROLES)}}
TODAY = dt.date(2026, 12, 2)


class Club:
    """The set-up every case reads; built once for the module (a refused call stores nothing, so it stays)."""

    def __init__(self, path) -> None:
        from clubdesk.store.db import open_store

        self.store = store = open_store(path)
        accounts = AccountService(store)
        self.admin = admin = accounts.create_first_admin("admin", "secret-admin")
        self.actors = {r: accounts.create_account(admin, r + "1", "long-enough", (r,)) for r in STAFF}
        self.games = GameService(store)
        self.players = PlayerService(store, TODAY)
        ids = [self.players.add(admin, PlayerData(f"Игрок Номер{i:02}", f"Ник{i:02}")).id for i in range(12)]
        self.ids = ids
        self.tournaments = TournamentService(store, self.games)
        self.tid = self.tournaments.create(admin, "Кубок", ids[:8])
        self.tournaments.draw_stage(admin, self.tid, seed=7)
        self.round_id = self.tournaments.stages(self.tid)[0].rounds[0].id
        self.next_round_id = self.tournaments.stages(self.tid)[0].rounds[1].id
        self.table = self.tournaments.start_round(admin, self.round_id)[0]
        self.games.record(admin, self.table.game_id, {"type": "shot", "player": self.table.players[0],
                                                       "potted": [{"ball": "std", "legal": True}]})
        # a table already ended: end_table has nothing to record there, so only its own role check can refuse
        self.ended = self.games.create(admin, "zhuk", [{"id": p} for p in ids[:3]], {})
        self.games.record(admin, self.ended, {"type": "round_end"})
        self.matches = MatchService(store, self.games, self.players)
        self.match = self.matches.create(admin, ids[8], ids[9])
        self.matches.record_shot(admin, self.match, {"call": [], "potted": [], "off_table": [],
                                                     "touched_control": False, "trick": None, "foul": None})
        self.evenings = EveningService(store, self.games, self.players)
        self.evening = self.evenings.create(admin, TODAY, admin.account_id, tables=1, name="Среда").id
        self.evening2 = self.evenings.create(admin, TODAY, admin.account_id, tables=1, name="Четверг").id
        for pid in ids[:10]:
            self.evenings.check_in(admin, self.evening, pid)
        self.evenings.check_in(admin, self.evening2, ids[11])
        self.guest = self.evenings.add_guest(admin, self.evening2, PlayerData("Гость Вечера", "Гость")).player_id
        self.tid_open = self.tournaments.create(admin, "Не разыгран", ids[:8])
        self.staff = StaffService(store)
        self.seated = list(self.evenings.draw_seating(admin, self.evening, 1, seed=4).rounds[0][0])
        self.mafia = self.evenings.start_game(admin, self.evening, 1, 1, self.seated)
        self.games.record(admin, self.mafia, DEAL)
        self.games.record(admin, self.mafia, {"type": "foul", "seat": 3, "clause": "3.3"})
        self.flag = self.evenings.ban_flags(self.evening)[0]
        self.pyramid = PyramidTournamentService(store, self.games)
        self.ptid_open = self.pyramid.create(admin, "Пирамида", ids[:4], {})
        self.ptid = self.pyramid.create(admin, "Пирамида 2", ids[4:8], {})
        self.pyramid.draw(admin, self.ptid, "random", seed=3)
        self.bout = self.pyramid.engine(self.ptid).ready_bouts()[0]
        self.bout_winner = self.pyramid.engine(self.ptid).bouts[self.bout].a

    def stored(self) -> tuple:
        """Every row count and the last change, read past every cache."""
        conn = sqlite3.connect(self.store.path)
        try:
            tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            counts = tuple(conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in sorted(tables))
            return counts, conn.execute("SELECT max(hlc) FROM change_log").fetchone()[0]
        finally:
            conn.close()


# (entry point, roles allowed besides admin, call) — the call is made as it would succeed for an allowed role.
Call = Callable[[Club, object], object]
CASES: list[tuple[str, tuple[str, ...], Call]] = [
    ("PlayerService.add", ("desk",), lambda c, a: c.players.add(a, PlayerData("Новый Игрок"))),
    ("PlayerService.update", ("desk",),
     lambda c, a: c.players.update(a, c.ids[0], PlayerData("Другое Имя", "Ник00"))),
    ("TournamentService.create", ("desk",), lambda c, a: c.tournaments.create(a, "Ещё", c.ids[:8])),
    ("TournamentService.draw_stage", ("desk",), lambda c, a: c.tournaments.draw_stage(a, c.tid, seed=1)),
    ("TournamentService.draw_final", ("desk",), lambda c, a: c.tournaments.draw_final(a, c.tid, seed=1)),
    ("TournamentService.start_round", ("desk", "referee"),
     lambda c, a: c.tournaments.start_round(a, c.next_round_id)),
    ("TournamentService.end_table", ("desk", "referee"), lambda c, a: c.tournaments.end_table(a, c.table.game_id)),
    ("TournamentService.end_table (ended)", ("desk", "referee"),
     lambda c, a: c.tournaments.end_table(a, c.ended)),
    ("TournamentService.end_round", ("desk", "referee"), lambda c, a: c.tournaments.end_round(a, c.round_id)),
    ("TournamentService.start_clock", ("desk", "referee"), lambda c, a: c.tournaments.start_clock(a, c.round_id)),
    ("TournamentService.stop_clock", ("desk", "referee"), lambda c, a: c.tournaments.stop_clock(a, c.round_id)),
    ("GameService.create zhuk", ("desk", "referee"),
     lambda c, a: c.games.create(a, "zhuk", [{"id": p} for p in c.ids[:3]], {})),
    ("GameService.create pyramid100", ("desk", "referee"),
     lambda c, a: c.games.create(a, "pyramid100", c.ids[:2], {})),
    ("GameService.create mafia", ("desk", "host"),
     lambda c, a: c.games.create(a, "mafia", c.seated, {})),
    ("GameService.record zhuk", ("desk", "referee"),
     lambda c, a: c.games.record(a, c.table.game_id, {"type": "shot", "player": c.games.engine(
         c.table.game_id).to_move, "potted": [{"ball": "std", "legal": True}]})),
    ("GameService.undo zhuk", ("desk", "referee"), lambda c, a: c.games.undo(a, c.table.game_id, "ошибка")),
    ("GameService.take_over zhuk", ("desk", "referee"), lambda c, a: c.games.take_over(a, c.table.game_id)),
    ("MatchService.create", ("desk", "referee"), lambda c, a: c.matches.create(a, c.ids[10], c.ids[11])),
    ("MatchService.record_shot", ("desk", "referee"),
     lambda c, a: c.matches.record_shot(a, c.match, {"call": [], "potted": [], "off_table": [],
                                                      "touched_control": False, "trick": None, "foul": None})),
    ("MatchService.concede", ("desk", "referee"),
     lambda c, a: c.matches.concede(a, c.match, c.ids[8])),
    ("MatchService.undo", ("desk", "referee"), lambda c, a: c.matches.undo(a, c.match, "ошибка")),
    ("GameService.record mafia", ("desk", "host"),
     lambda c, a: c.games.record(a, c.mafia, {"type": "foul", "seat": 1, "clause": "4.1"})),
    ("GameService.undo mafia", ("desk", "host"), lambda c, a: c.games.undo(a, c.mafia, "ошибка")),
    ("GameService.take_over mafia", ("desk", "host"), lambda c, a: c.games.take_over(a, c.mafia)),
    # a game created by mistake is cancelled by the desk alone (issue 34): not by its referee or host
    ("GameService.cancel pyramid100", ("desk",), lambda c, a: c.games.cancel(a, c.match)),
    ("GameService.cancel mafia", ("desk",), lambda c, a: c.games.cancel(a, c.mafia)),
    ("MatchService.cancel", ("desk",), lambda c, a: c.matches.cancel(a, c.match)),
    ("EveningService.create", ("desk", "host"), lambda c, a: c.evenings.create(a, TODAY, None, tables=1)),
    ("EveningService.check_in", ("desk", "host"), lambda c, a: c.evenings.check_in(a, c.evening2, c.ids[0])),
    ("EveningService.add_guest", ("desk", "host"),
     lambda c, a: c.evenings.add_guest(a, c.evening, PlayerData("Гость Вечера"))),
    ("EveningService.draw_seating", ("desk", "host"),
     lambda c, a: c.evenings.draw_seating(a, c.evening, 2, seed=5)),
    ("EveningService.swap", ("desk", "host"),
     lambda c, a: c.evenings.swap(a, c.evening, 1, c.seated[0], c.seated[1])),
    ("EveningService.start_game", ("desk", "host"),
     lambda c, a: c.evenings.start_game(a, c.evening, 1, 1, c.seated)),
    ("EveningService.confirm_ban", ("desk",), lambda c, a: c.evenings.confirm_ban(a, c.evening, c.flag)),
    # the registry's own check (PlayerService.update) refuses the call above even without the evening's: a flag
    # naming nobody is refused by the evening's check alone — without it, the ban fails on the missing player
    ("EveningService.confirm_ban (a flag of nobody)", ("desk",),
     lambda c, a: c.evenings.confirm_ban(a, c.evening, replace(c.flag, player_id="no-such-player"))),
    ("PlayerService.register_guest", ("desk",), lambda c, a: c.players.register_guest(a, c.guest)),
    # ids[10] has nothing recorded (removable); ids[11] is checked in elsewhere and never played him
    ("PlayerFixes.remove", ("desk",), lambda c, a: PlayerFixes(c.store).remove(a, c.ids[10])),
    ("PlayerFixes.merge", ("desk",), lambda c, a: PlayerFixes(c.store).merge(a, c.ids[11], c.ids[10])),
    ("TournamentService.withdraw", ("desk",), lambda c, a: c.tournaments.withdraw(a, c.tid_open, c.ids[0])),
    ("EveningService.cancel_check_in", ("desk", "host"),
     lambda c, a: c.evenings.cancel_check_in(a, c.evening2, c.ids[11])),
    ("StaffService.list", (), lambda c, a: c.staff.list(a)),
    ("StaffService.get", (), lambda c, a: c.staff.get(a, "desk1")),
    ("StaffService.create", (), lambda c, a: c.staff.create(a, "newhost", "long-enough", ("host",))),
    ("StaffService.reset_password", (), lambda c, a: c.staff.reset_password(a, c.actors["host"].account_id,
                                                                               "other-password")),
    ("StaffService.set_active", (), lambda c, a: c.staff.set_active(a, c.actors["host"].account_id, False)),
    ("StaffService.set_roles", (), lambda c, a: c.staff.set_roles(a, c.actors["host"].account_id, ("referee",))),
    ("ConflictService.merge_players", (), lambda c, a: ConflictService(c.store).merge_players(a, c.ids[0], c.ids[1])),
    # no conflict is open: with its check deleted each of these refuses «not found», not PermissionDenied
    ("ConflictService.merge_conflict", (), lambda c, a: ConflictService(c.store).merge_conflict(a, 1)),
    ("ConflictService.keep_branch", (), lambda c, a: ConflictService(c.store).keep_branch(a, 1)),
    ("ConflictService.set_aside", (), lambda c, a: ConflictService(c.store).set_aside(a, 1)),
    ("PyramidTournamentService.create", ("desk",), lambda c, a: c.pyramid.create(a, "Ещё", c.ids[:4], {})),
    ("PyramidTournamentService.draw", ("desk",), lambda c, a: c.pyramid.draw(a, c.ptid_open, seed=1)),
    ("PyramidTournamentService.withdraw", ("desk",), lambda c, a: c.pyramid.withdraw(a, c.ptid, c.ids[4])),
    ("PyramidTournamentService.undo", ("desk",), lambda c, a: c.pyramid.undo(a, c.ptid, "ошибка")),
    ("PyramidTournamentService.start_game", ("desk", "referee"),
     lambda c, a: c.pyramid.start_game(a, c.ptid, c.bout)),
    # the bracket log's own check (GameService.record) refuses the two calls above without theirs; for a
    # tournament that is not there only the service's check can refuse (without it: KeyError)
    ("PyramidTournamentService.start_game (no such tournament)", ("desk", "referee"),
     lambda c, a: c.pyramid.start_game(a, "no-such-tournament", c.bout)),
    ("PyramidTournamentService.walk_over (no such tournament)", ("desk", "referee"),
     lambda c, a: c.pyramid.walk_over(a, "no-such-tournament", c.bout, c.bout_winner)),
    ("PyramidTournamentService.correct_game", ("desk", "referee"),
     lambda c, a: c.pyramid.correct_game(a, c.ptid, c.bout, "ошибка")),
    ("PyramidTournamentService.walk_over", ("desk", "referee"),
     lambda c, a: c.pyramid.walk_over(a, c.ptid, c.bout, c.bout_winner)),
    ("scopes.referee_accounts", ("desk",), lambda c, a: referee_accounts(c.store, a)),
    ("MatchService.set_referee", ("desk",), lambda c, a: c.matches.set_referee(a, c.match, "referee1")),
    ("MatchService.referees", ("desk", "referee"), lambda c, a: c.matches.referees(a)),
    ("scopes.assign_table_referee", ("desk",),
     lambda c, a: assign_table_referee(c.store, a, c.table.game_id, "referee1")),
    ("AccountService.create_account", ("desk",),
     lambda c, a: AccountService(c.store).create_account(a, "newref", "long-enough", ("referee",))),
]
PAIRS = [(name, role, call) for name, allowed, call in CASES for role in STAFF if role not in allowed]


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    c = Club(tmp_path_factory.mktemp("roles") / "club.sqlite")
    yield c
    c.store.close()


@pytest.mark.parametrize(("entry", "role", "call"), PAIRS, ids=[f"{n}-as-{r}" for n, r, _ in PAIRS])
def test_a_role_that_must_not_reach_an_entry_point_is_refused_and_nothing_is_stored(club, entry, role, call):
    before = club.stored()
    states = {g: club.games.state(g) for g in (club.table.game_id, club.match, club.mafia)}
    with pytest.raises(PermissionDenied):
        call(club, club.actors[role])
    assert club.stored() == before
    assert {g: club.games.state(g) for g in states} == states



# clubdesk/roles.py itself: who has a role, who reads private data, what a refusal says ------------------------------

def actor(*roles: str):
    from clubdesk.roles import Actor

    return Actor("acc", "login", frozenset(roles))


def test_an_administrator_has_every_role_and_a_staff_account_only_its_own():
    assert actor("admin").has("desk") and actor("admin").has("referee", "host")
    assert actor("referee").has("desk", "referee") and actor("referee", "host").has("host")
    assert not actor("referee").has("desk") and not actor("display").has("desk", "host")
    assert not actor().has("desk")


def test_a_display_account_reads_no_private_data_and_any_other_role_beside_it_does():
    from clubdesk.roles import sees_private

    assert not sees_private(actor("display")) and not sees_private(actor())
    assert all(sees_private(actor(r)) for r in ("admin", "desk", "referee", "host"))
    assert sees_private(actor("display", "desk"))


def test_a_refusal_names_every_role_that_would_do_in_both_languages():
    from clubdesk.roles import require

    require(actor("host"), "desk", "host")   # one of them is enough
    with pytest.raises(PermissionDenied) as refused:
        require(actor("display"), "desk", "host")
    assert refused.value.ru == "Недостаточно прав: нужна роль «стойка, ведущий»."
    assert refused.value.en == "Not allowed: needs the role 'desk, host'."
