"""Two and three desks through a real hub: rows move both ways, exactly the new ones each time, and a failed
sync leaves the desk working offline with nothing lost."""

from __future__ import annotations

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import cursors
from clubdesk.sync.errors import SyncError
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg


def player_names(store) -> set[str]:
    return {r[0] for r in store.read("SELECT name FROM players")}


@pytest.fixture
def two(hub, tmp_path):
    a, b = make_desk(hub, tmp_path, "a"), make_desk(hub, tmp_path, "b")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    yield a, b, admin
    a.close()
    b.close()


def test_players_registered_on_one_desk_reach_the_other_and_an_incremental_sync_moves_only_new_rows(two):
    a, b, admin = two
    players = PlayerService(a.open())
    for i in range(5):
        players.add(admin, PlayerData(name=f"Игрок {i}", phone=f"+7 900 000 00 0{i}"))
    first = a.sync()
    assert first.pushed == cursors.last_desk_seq(a.store) > 0
    got = b.sync()
    assert got.pulled == first.pushed and player_names(b.store) == player_names(a.store)

    for i in range(5, 8):
        players.add(admin, PlayerData(name=f"Игрок {i}"))
    new_rows = cursors.last_desk_seq(a.store) - first.pushed
    again = a.sync()
    assert (again.pushed, again.pulled) == (new_rows, 0)
    assert b.sync().pulled == new_rows
    assert player_names(b.store) == player_names(a.store)
    assert (a.sync().pushed, b.sync().pulled) == (0, 0)


def test_a_sync_does_not_count_its_own_cursors_and_settings_as_a_referee_recording_at_the_desk(two):
    """A pull applies on the idle budget and checkpoints as it goes unless a shot was recorded in the last 5 s
    (`Store.recording`): the push's cursor, the pull's and the sync's outcome, written just before or during it,
    are background writes, or every pull would run on the recording budget (193 transactions of 100 000 rows
    instead of 383 in benchmarks/sync.py)."""
    a, b, admin = two
    PlayerService(a.open()).add(admin, PlayerData(name="Игрок"))
    assert a.sync().pushed > 0
    assert b.sync().pulled > 0
    assert not a.store.recording(5.0) and not b.store.recording(5.0)
    with b.store.write() as cur:  # a write typed at the desk does count
        cur.execute("INSERT INTO settings (key, value) VALUES ('shot', '1')")
    assert b.store.recording(5.0)


def test_an_unreachable_hub_leaves_the_desk_offline_with_its_rows_kept_for_later(two, hub):
    a, b, admin = two
    a.sync()
    good = a.password
    a.password = "wrong"
    with a.open().write() as cur:  # point the desk at a port nobody listens on
        cur.execute("UPDATE settings SET value = 'host=127.0.0.1 port=1 user=x dbname=none' "
                    "WHERE key = 'sync.hub_url'")
    PlayerService(a.store).add(admin, PlayerData(name="Пришёл без сети"))
    with pytest.raises(SyncError) as info:
        a.sync()
    assert info.value.code == "unreachable" and "\n" not in str(info.value)
    from clubdesk.sync.status import local_status

    st = local_status(a.store)
    assert st.pending_up > 0 and st.last_error == str(info.value)
    with a.store.write() as cur:
        cur.execute("UPDATE settings SET value = ? WHERE key = 'sync.hub_url'", (a.address.url,))
    a.password = good
    assert a.sync().pushed == st.pending_up
    b.sync()
    assert "Пришёл без сети" in player_names(b.store)
