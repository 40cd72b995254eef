"""Joining and syncing on a computer without a system keyring (issue 26): the password goes to ClubDesk's own
file, 0600 in a 0700 folder, and the sync finds it; a file others can read is refused with its path and the fix;
a service gives the password by CLUBDESK_HUB_PASSWORD, CLUBDESK_HUB_PASSWORD_FILE or `join --password-file`.
Nowhere is the password in the SQLite file, the settings or the log."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import keyring
import keyring.core
import pytest
from keyring.backends import fail

from clubdesk.cli import main
from clubdesk.sync import password_file
from clubdesk.sync.credentials import load_password, save_password
from clubdesk.sync.errors import SyncError
from clubdesk.sync.hub import HubAddress

ADDRESS = HubAddress.parse("postgresql://hub.club.local:5432/clubdesk")


@pytest.fixture
def no_keyring():
    """keyring's fail backend: what keyring picks on a Linux PC without GNOME Keyring or KWallet."""
    before = keyring.get_keyring()
    keyring.core.set_keyring(fail.Keyring())
    yield
    keyring.core.set_keyring(before)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def run(capsys, *args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def files_holding(root: Path, secret: str, *, skip: Path | None = None) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and p != skip and secret.encode() in p.read_bytes()]


# ---- the file itself --------------------------------------------------------------------------------------------

def test_without_a_keyring_the_password_goes_to_a_0600_file_in_a_0700_folder_of_the_config_dir(no_keyring,
                                                                                                tmp_path):
    os.umask(0)  # even a umask that lets everything through gives nobody else the file
    try:
        path = save_password(ADDRESS, "front", "s3cret")
    finally:
        os.umask(0o022)
    assert path == password_file.default_path() and path.is_relative_to(tmp_path / "config")
    assert mode(path) == 0o600 and mode(path.parent) == 0o700
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left beside it
    assert load_password(ADDRESS, "front") == "s3cret"
    with pytest.raises(SyncError):  # kept per desk and hub
        load_password(HubAddress.parse("postgresql://other.club.local:5432/clubdesk"), "front")


def test_a_second_desk_rewrites_the_file_whole_and_keeps_the_first(no_keyring):
    save_password(ADDRESS, "front", "one")
    first = password_file.default_path().stat().st_ino
    save_password(ADDRESS, "hall", "two")
    assert password_file.default_path().stat().st_ino != first  # renamed over, never written in place
    assert (load_password(ADDRESS, "front"), load_password(ADDRESS, "hall")) == ("one", "two")


@pytest.mark.parametrize("loose", [0o644, 0o640, 0o604, 0o620], ids=oct)
def test_a_password_file_others_can_read_is_refused_naming_the_path_and_chmod_600(no_keyring, loose):
    path = save_password(ADDRESS, "front", "s3cret")
    path.chmod(loose)
    with pytest.raises(SyncError) as err:
        load_password(ADDRESS, "front")
    for lang in ("ru", "en"):
        text = err.value.message(lang)
        assert str(path) in text and f"chmod 600 {path}" in text and "\n" not in text and "s3cret" not in text
    assert "другим пользователям" in err.value.message("ru")


def test_a_password_file_of_another_user_is_refused(no_keyring, monkeypatch):
    path = save_password(ADDRESS, "front", "s3cret")
    monkeypatch.setattr(os, "getuid", lambda: path.stat().st_uid + 1)
    with pytest.raises(SyncError) as err:
        load_password(ADDRESS, "front")
    assert str(path) in err.value.message("ru") and "другому пользователю" in err.value.message("ru")
    assert str(path) in err.value.message("en") and "another user" in err.value.message("en")


def test_no_password_anywhere_says_where_it_looked_and_how_to_join(no_keyring):
    with pytest.raises(SyncError) as err:
        load_password(ADDRESS, "front")
    assert err.value.code == "no_password"
    assert "clubdesk sync join URL --desk front" in err.value.message("ru")
    assert "CLUBDESK_HUB_PASSWORD" in err.value.message("en")


# ---- the order: environment, keyring, ClubDesk's file -----------------------------------------------------------

def test_the_environment_comes_before_the_keyring_and_the_file(keyring_file, monkeypatch, tmp_path):
    save_password(ADDRESS, "front", "from-keyring")
    assert load_password(ADDRESS, "front") == "from-keyring"
    secret = tmp_path / "credential"
    fd = os.open(secret, os.O_CREAT | os.O_WRONLY, 0o400)
    os.write(fd, b"from-file\n")
    os.close(fd)
    monkeypatch.setenv("CLUBDESK_HUB_PASSWORD_FILE", str(secret))
    assert load_password(ADDRESS, "front") == "from-file"
    monkeypatch.setenv("CLUBDESK_HUB_PASSWORD", "from-env")
    assert load_password(ADDRESS, "front") == "from-env"


def test_the_keyring_comes_before_clubdesks_file_and_saving_there_drops_the_files_copy(no_keyring):
    path = save_password(ADDRESS, "front", "old")
    from tests.sync.file_keyring import FileKeyring

    os.environ["CLUBDESK_TEST_KEYRING"] = str(path.parent.parent / "keyring.json")
    try:
        keyring.core.set_keyring(FileKeyring())
        assert load_password(ADDRESS, "front") == "old"  # a keyring set up later: the file still serves
        assert save_password(ADDRESS, "front", "new") is None
        assert load_password(ADDRESS, "front") == "new"
        assert "old" not in path.read_text()
    finally:
        del os.environ["CLUBDESK_TEST_KEYRING"]


def test_a_named_password_file_readable_by_everyone_is_refused(monkeypatch, tmp_path):
    secret = tmp_path / "credential"
    secret.write_text("s3cret\n")
    secret.chmod(0o644)
    monkeypatch.setenv("CLUBDESK_HUB_PASSWORD_FILE", str(secret))
    with pytest.raises(SyncError) as err:
        load_password(ADDRESS, "front")
    assert f"chmod 600 {secret}" in err.value.message("ru") and f"chmod 600 {secret}" in err.value.message("en")
    secret.chmod(0o640)  # a group the service user is in (root:clubdesk 0640) is a usual set-up
    assert load_password(ADDRESS, "front") == "s3cret"


# ---- on a real hub ----------------------------------------------------------------------------------------------

pg = pytest.mark.pg


def _no_secret_in_store_or_settings(tmp_path: Path, db: Path, password: str, allowed: Path | None) -> None:
    from clubdesk.store.db import open_store

    store = open_store(db)
    try:
        assert not [k for k, v in store.read("SELECT key, value FROM settings") if password in (v or "")]
    finally:
        store.close()
    for p in (db, Path(f"{db}-wal")):
        assert not p.exists() or password.encode() not in p.read_bytes()
    # the config dir (QSettings lives there too) and the log: only ClubDesk's password file, if any, holds it
    for root in (tmp_path / "config", tmp_path / "state"):
        if root.exists():
            assert files_holding(root, password, skip=allowed) == []


@pg
def test_join_without_a_keyring_keeps_the_password_in_the_file_and_a_sync_finds_it(hub, no_keyring, tmp_path,
                                                                                   capsys, monkeypatch):
    from clubdesk.store.db import open_store
    from clubdesk.sync.runner import sync_once

    _, password, name = hub.add_desk("kiosk")
    db = tmp_path / "kiosk.sqlite"
    code, out, err = run(capsys, "--db", str(db), "sync", "join", hub.address.url, "--desk", name, "--schema",
                         hub.address.schema, "--password-stdin", stdin=password + "\n", monkeypatch=monkeypatch)
    assert code == 0, err
    path = password_file.default_path()
    lines = out.strip().splitlines()
    assert len(lines) == 2 and str(path) in lines[1] and "не зашифрован" in lines[1], out
    assert mode(path) == 0o600 and mode(path.parent) == 0o700
    # the sync the GUI's worker and `sync now` run, with no password handed to it
    store = open_store(db)
    try:
        report = sync_once(store)
    finally:
        store.close()
    assert report.seconds > 0
    code, out, err = run(capsys, "--db", str(db), "sync", "now")
    assert code == 0, err
    _no_secret_in_store_or_settings(tmp_path, db, password, allowed=path)


@pg
def test_the_guis_sync_worker_finds_the_password_in_the_file(hub, no_keyring, tmp_path, qtbot):
    from clubdesk.store.db import open_store
    from clubdesk.sync.join import join
    from clubdesk.ui.sync_worker import SyncWorker

    _, password, name = hub.add_desk("hall")
    store = open_store(tmp_path / "hall.sqlite")
    try:
        join(store, hub.address, name, password)
        assert save_password(hub.address, name, password) == password_file.default_path()
        worker = SyncWorker(store)
        failed = []
        worker.failed.connect(failed.append)
        with qtbot.waitSignal(worker.finished, timeout=20_000):
            worker.request()
        worker.wait(10)
        assert failed == [] and worker.state == "online"
    finally:
        store.close()


@pg
def test_join_with_password_file_reads_its_first_line(hub, no_keyring, tmp_path, capsys):
    _, password, name = hub.add_desk("svc")
    secret = tmp_path / "credential"
    fd = os.open(secret, os.O_CREAT | os.O_WRONLY, 0o400)  # as systemd's LoadCredential= leaves it
    os.write(fd, (password + "\n").encode())
    os.close(fd)
    db = tmp_path / "svc.sqlite"
    code, out, err = run(capsys, "--db", str(db), "sync", "join", hub.address.url, "--desk", name, "--schema",
                         hub.address.schema, "--password-file", str(secret))
    assert code == 0, err
    assert load_password(hub.address, name) == password  # kept like a typed one: the next sync finds it
    _no_secret_in_store_or_settings(tmp_path, db, password, allowed=password_file.default_path())


@pg
def test_a_service_with_the_environment_variable_joins_and_syncs_and_nothing_is_kept(hub, no_keyring, tmp_path,
                                                                                       capsys, monkeypatch):
    _, password, name = hub.add_desk("env")
    monkeypatch.setenv("CLUBDESK_HUB_PASSWORD", password)
    db = tmp_path / "env.sqlite"
    code, out, err = run(capsys, "--db", str(db), "sync", "join", hub.address.url, "--desk", name, "--schema",
                         hub.address.schema)
    assert code == 0, err
    assert len(out.strip().splitlines()) == 1 and not password_file.default_path().exists()
    code, out, err = run(capsys, "--db", str(db), "sync", "now")
    assert code == 0, err
    _no_secret_in_store_or_settings(tmp_path, db, password, allowed=None)
    monkeypatch.delenv("CLUBDESK_HUB_PASSWORD")
    code, out, err = run(capsys, "--db", str(db), "sync", "now")
    assert code == 2 and "CLUBDESK_HUB_PASSWORD" in err and err.count("\n") == 1


@pg
def test_a_0644_password_file_stops_the_sync_with_one_line_naming_it(hub, no_keyring, tmp_path, capsys,
                                                                        monkeypatch):
    _, password, name = hub.add_desk("loose")
    db = tmp_path / "loose.sqlite"
    assert run(capsys, "--db", str(db), "sync", "join", hub.address.url, "--desk", name, "--schema",
               hub.address.schema, "--password-stdin", stdin=password + "\n", monkeypatch=monkeypatch)[0] == 0
    path = password_file.default_path()
    path.chmod(0o644)
    code, out, err = run(capsys, "--db", str(db), "--lang", "en", "sync", "now")
    assert code == 2 and err.count("\n") == 1 and f"chmod 600 {path}" in err and password not in err
