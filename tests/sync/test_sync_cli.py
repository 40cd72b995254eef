"""`clubdesk sync …` end to end on a real hub: init-hub, add-desk, join, now, status (--verify), conflicts;
refusals are one line and exit 2."""

from __future__ import annotations

import pytest

from clubdesk.cli import main
from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store

pytestmark = pytest.mark.pg


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_hub_set_up_and_two_desks_synced_from_the_command_line(hub, tmp_path, capsys):
    url = hub.address.url
    schema = hub.address.schema
    admin_db, bar_db = str(tmp_path / "admin.sqlite"), str(tmp_path / "bar.sqlite")
    code, out, _ = run(capsys, "--db", admin_db, "sync", "init-hub", url, "--schema", schema)
    assert code == 0 and hub.club_id in out
    for name, staff in (("front", ["--staff"]), ("bar", [])):  # the front desk makes the accounts (h005)
        code, out, _ = run(capsys, "--db", admin_db, "sync", "add-desk", f"{hub.prefix}_{name}", *staff)
        assert code == 0 and "clubdesk_" in out
        hub.roles.append(f"clubdesk_{hub.prefix}_{name}")
    # the passwords are in this machine's keyring (add-desk put them there), so join asks for nothing
    assert run(capsys, "--db", admin_db, "sync", "join", url, "--desk", f"{hub.prefix}_front",
               "--schema", schema)[0] == 0
    assert run(capsys, "--db", bar_db, "sync", "join", url, "--desk", f"{hub.prefix}_bar", "--schema", schema)[0] == 0

    store = open_store(admin_db)
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    PlayerService(store).add(admin, PlayerData(name="Ёлкин Пётр"))
    store.close()
    code, out, _ = run(capsys, "--db", admin_db, "sync", "status")
    assert code == 0 and "Ждут отправки:" in out and "Конфликты:" in out
    code, out, _ = run(capsys, "--db", admin_db, "sync", "now")
    assert code == 0 and "отправлено" in out
    code, out, _ = run(capsys, "--db", bar_db, "sync", "now")
    assert code == 0
    code, out, err = run(capsys, "--db", bar_db, "sync", "status", "--verify")
    assert code == 0, err
    assert "players" in out and "РАЗЛИЧАЕТСЯ" not in out
    store = open_store(bar_db)
    assert store.read("SELECT name FROM players") == [("Ёлкин Пётр",)]
    store.close()
    assert run(capsys, "--db", bar_db, "sync", "conflicts")[1].strip() == "Конфликтов нет."


def test_verify_names_a_table_the_desk_and_the_hub_disagree_on(hub, tmp_path, capsys):
    from tests.sync.desks import make_desk

    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    PlayerService(a.store).add(admin, PlayerData(name="Игрок"))
    a.sync()
    from clubdesk.sync.credentials import save_password

    save_password(a.address, a.name, a.password)
    path = str(a.path)
    a.close()
    assert run(capsys, "--db", path, "sync", "status", "--verify")[0] == 0
    with hub.address.connect() as conn:  # the hub loses a players row
        conn.execute("DELETE FROM log_rows WHERE entity = 'players' AND desk_seq = "
                     "(SELECT max(desk_seq) FROM log_rows WHERE entity = 'players')")
        conn.commit()
    code, out, err = run(capsys, "--db", path, "sync", "status", "--verify")
    assert code == 1 and "players" in out and "РАЗЛИЧАЕТСЯ" in out and "clubdesk sync now" in err


def test_a_desk_that_never_joined_is_told_how_in_one_line(tmp_path, capsys):
    code, out, err = run(capsys, "--db", str(tmp_path / "x.sqlite"), "sync", "now")
    assert code == 2 and err.count("\n") == 1 and "clubdesk sync join" in err


def test_sync_now_against_an_unreachable_hub_is_exit_2_and_one_line(hub, tmp_path, capsys):
    from tests.sync.desks import make_desk

    a = make_desk(hub, tmp_path, "a")
    with a.open().write() as cur:
        cur.execute("UPDATE settings SET value = 'host=127.0.0.1 port=1 user=x dbname=none' "
                    "WHERE key = 'sync.hub_url'")
    from clubdesk.sync.config import load_config
    from clubdesk.sync.credentials import save_password

    save_password(load_config(a.store).address, a.name, a.password)
    a.close()
    code, out, err = run(capsys, "--db", str(a.path), "sync", "now")
    assert code == 2 and err.count("\n") == 1 and "недоступен" in err
