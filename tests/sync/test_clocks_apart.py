"""Issue 35 item 2: desks whose clocks are days apart converge, a desk's own write included (one merge rule for a
local write and an applied one: store/hlc.py `above`); the desk's clock follows the hub's and says so; the hub
refuses stamps far ahead of its clock; `sync status --verify` holds the rows, not only the logs.

The desks' clocks are moved through the store's clock (its `_wall_ms`, the machine's clock as the desk reads it)."""

from __future__ import annotations

import time

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import hub_facts
from clubdesk.sync.errors import SyncError
from clubdesk.sync.row_digests import check_tables
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg
HOUR_MS, DAY_MS = 3_600_000, 86_400_000


def set_clock(desk, ahead_ms: int) -> None:
    """The desk's machine clock is `ahead_ms` off the true time (the hub's)."""
    desk.open().clock._wall_ms = lambda: int(time.time() * 1000) + ahead_ms


@pytest.fixture
def club(hub, tmp_path):
    """Desk a (right clock) with the club's administrator, desk c; both synced, then c's clock 3 days ahead."""
    a, c = make_desk(hub, tmp_path, "a"), make_desk(hub, tmp_path, "c")
    AccountService(a.open()).create_first_admin("admin", "secret-admin")
    a.sync()
    c.sync()
    set_clock(c, 3 * DAY_MS)
    actors = [AccountService(d.store).login("admin", "secret-admin") for d in (a, c)]
    yield a, c, actors
    a.close()
    c.close()


def notes(desk, player_id: str) -> str:
    return desk.store.read("SELECT notes FROM players WHERE id = ?", (player_id,))[0][0]


def test_an_edit_on_a_right_clock_of_a_player_registered_days_ahead_is_what_every_desk_shows(club):
    a, c, (on_a, on_c) = club
    player = PlayerService(c.store).add(on_c, PlayerData(name="Ёлкин Пётр", notes="с часами впереди")).id
    c.sync()
    a.sync()
    svc = PlayerService(a.store)
    svc.update(on_a, player, svc.get(player).as_data()._replace(notes="правка на верных часах"))
    for _ in range(2):
        a.sync()
        c.sync()
    assert notes(a, player) == notes(c, player) == "правка на верных часах"
    for desk in (a, c):
        assert all(t.equal for t in check_tables(desk.store)), [t for t in check_tables(desk.store) if not t.equal]
    assert {t.table: t.digest for t in check_tables(a.store)} == {t.table: t.digest for t in check_tables(c.store)}


def test_a_game_handed_over_away_from_a_desk_days_ahead_has_one_owner_on_both(club):
    a, c, (on_a, on_c) = club
    players = [PlayerService(c.store).add(on_c, PlayerData(name=n)).id for n in ("Аня", "Боря", "Вера")]
    game = GameService(c.store).create(on_c, "zhuk", [{"id": p, "balance": 500} for p in players],
                                       {"nominal": 10, "settlement": "previous"})
    c.sync()
    a.sync()
    GameService(a.store).take_over(on_a, game)
    a.sync()
    c.sync()
    owners = [d.store.read("SELECT owner_desk_id FROM games WHERE id = ?", (game,))[0][0] for d in (a, c)]
    assert owners == [a.store.desk_id, a.store.desk_id]


def test_a_desk_whose_clock_is_off_follows_the_hub_and_is_told_so(club):
    a, c, (_on_a, on_c) = club
    assert hub_facts.clock_off(c.store) is None  # before its next sync it cannot know
    PlayerService(c.store).add(on_c, PlayerData(name="Аня"))
    c.sync()
    off = hub_facts.clock_off(c.store)
    assert off is not None and abs(off + 3 * DAY_MS) < 60_000
    assert hub_facts.clock_off(a.store) is None
    # from here on c stamps by the hub's clock, even its write over a row it stamped days ahead wins
    player = PlayerService(c.store).add(on_c, PlayerData(name="Боря")).id
    stamp = c.store.read("SELECT max(hlc) FROM change_log WHERE entity_id = ?", (player,))[0][0]
    assert abs((stamp >> 16) - time.time() * 1000) < 10 * 60_000
    # and after a restart too (the correction is the store's setting)
    c.close()
    assert c.open().clock.offset_ms == off


def test_a_desk_days_behind_converges_with_one_days_ahead(hub, tmp_path):
    a, b, c = (make_desk(hub, tmp_path, n) for n in "abc")
    AccountService(a.open()).create_first_admin("admin", "secret-admin")
    for d in (a, b, c):
        d.sync()
    set_clock(a, -2 * HOUR_MS)
    set_clock(c, 3 * DAY_MS)
    actors = {d.name: AccountService(d.store).login("admin", "secret-admin") for d in (a, b, c)}
    player = PlayerService(c.store).add(actors[c.name], PlayerData(name="Вера", phone="+7 900 111 22 33")).id
    c.sync()
    for d, note in ((a, "a"), (b, "b"), (a, "a2")):
        d.sync()
        svc = PlayerService(d.store)
        svc.update(actors[d.name], player, svc.get(player).as_data()._replace(notes=note))
        d.sync()
    for _ in range(2):
        for d in (a, b, c):
            d.sync()
    assert {notes(d, player) for d in (a, b, c)} == {"a2"}
    for d in (a, b, c):
        d.close()


def test_the_hub_refuses_rows_stamped_more_than_a_week_ahead_in_one_line_and_keeps_them_on_the_desk(club):
    a, c, (_on_a, on_c) = club
    set_clock(c, 30 * DAY_MS)
    PlayerService(c.store).add(on_c, PlayerData(name="Гоша"))
    with pytest.raises(SyncError) as refused:
        c.sync()
    assert refused.value.code == "clock_ahead" and "\n" not in refused.value.message("ru")
    assert c.store.read("SELECT count(*) FROM players WHERE name = 'Гоша'")[0][0] == 1
    a.sync()
    assert a.store.read("SELECT count(*) FROM players WHERE name = 'Гоша'")[0][0] == 0


def test_verify_compares_the_rows_and_names_the_table_a_desk_holds_other_values_in(club, capsys, monkeypatch):
    """The divergence of issue 35 brought back on purpose (a local write stamped below the value it overwrote): the
    logs still equal the hub's, and --verify now says which table's rows differ, exit 1."""
    from clubdesk.cli import main
    from clubdesk.store.hlc import HybridLogicalClock
    from clubdesk.sync.credentials import save_password

    a, c, (on_a, on_c) = club
    player = PlayerService(c.store).add(on_c, PlayerData(name="Ёлкин Пётр", notes="впереди")).id
    c.sync()
    a.sync()
    with monkeypatch.context() as bug:
        bug.setattr(HybridLogicalClock, "above", lambda self, _floor: self.now())  # the bug, planted
        svc = PlayerService(a.store)
        svc.update(on_a, player, svc.get(player).as_data()._replace(notes="здесь"))
    a.sync()
    c.sync()
    assert notes(a, player) != notes(c, player)
    save_password(a.address, a.name, a.password)
    a.close()
    code = main(["--db", str(a.path), "sync", "status", "--verify"])
    out, err = capsys.readouterr()
    assert code == 1, out
    assert "players" in err and "РАЗЛИЧАЕТСЯ" in out and err.count("\n") == 1
    assert [line for line in out.splitlines() if "РАЗЛИЧАЕТСЯ" in line][0].split()[0] == "players"


def test_a_desk_whose_clock_is_off_is_told_in_one_line_on_its_sync_page_and_at_login(club, qtbot):
    from clubdesk.services.club import Club
    from clubdesk.ui.app import clock_notice
    from clubdesk.ui.login import LoginDialog
    from clubdesk.ui.pages.sync import SyncPage

    a, c, (on_a, on_c) = club
    c.sync()
    pages = {}
    for desk, actor in ((a, on_a), (c, on_c)):
        pages[desk.name] = page = SyncPage(Club(desk.store), actor, None)
        qtbot.addWidget(page)
    assert not pages[a.name].clock_note.isVisibleTo(pages[a.name]) and clock_notice(a.store) == ""
    line = pages[c.name].clock_note.text()
    assert pages[c.name].clock_note.isVisibleTo(pages[c.name]) and "спешат на 3 дн." in line and "\n" not in line
    assert clock_notice(c.store) == line
    dialog = LoginDialog(lambda: AccountService(c.store), notice=clock_notice(c.store))
    qtbot.addWidget(dialog)
    assert any(label.text() == line for label in dialog.findChildren(type(pages[c.name].clock_note)))
