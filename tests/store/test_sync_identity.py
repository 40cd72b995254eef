"""A desk's identity: kept across restarts, new for a restored backup or a copied file (docs/sync.md)."""

from __future__ import annotations

import shutil

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import backup, open_store
from clubdesk.sync import cursors


def _filled(path):
    store = open_store(path)
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    PlayerService(store).add(admin, PlayerData("Иван Петров"))
    return store, admin


def test_a_desk_keeps_its_id_across_restarts_full_and_deferred(tmp_path):
    path = tmp_path / "club.sqlite"
    store, _ = _filled(path)
    desk = store.desk_id
    store.close()
    for deferred in (False, True):
        again = open_store(path, deferred=deferred)
        assert again.desk_id == desk
        again.close()


def test_a_restored_backup_writes_under_a_new_desk_id_and_still_pushes_its_old_rows(tmp_path):
    path = tmp_path / "club.sqlite"
    store, admin = _filled(path)
    old = store.desk_id
    saved = backup(path)
    PlayerService(store).add(admin, PlayerData("После копии"))  # rows the backup does not have
    store.close()
    shutil.copy(saved, path)  # the backup put back in place of the store
    restored = open_store(path, deferred=True)  # as the GUI opens it
    assert restored.desk_id != old
    PlayerService(restored).add(admin, PlayerData("Новый после восстановления"))
    assert cursors.pending_since(restored, 0, 100)[0]["desk_seq"] == 1  # a fresh sequence: no reuse
    assert cursors.local_desk_ids(restored)[1:] == [old]
    assert cursors.pending_since(restored, 0, 100, desk_id=old)  # its old rows are still its to push
    new = restored.desk_id
    restored.close()
    assert open_store(path, deferred=True).desk_id == new  # and from then on it keeps the new id


def test_a_file_copied_elsewhere_gets_its_own_desk_id(tmp_path):
    path = tmp_path / "club.sqlite"
    store, _ = _filled(path)
    old = store.desk_id
    store.close()
    (tmp_path / "other").mkdir()
    shutil.copy(path, tmp_path / "other" / "club.sqlite")
    copy = open_store(tmp_path / "other" / "club.sqlite", deferred=True)
    assert copy.desk_id != old
    copy.close()
    assert open_store(path).desk_id == old


def test_a_wiped_store_starts_with_a_new_desk_id(tmp_path):
    path = tmp_path / "club.sqlite"
    store, _ = _filled(path)
    old = store.desk_id
    store.close()
    path.unlink()
    fresh = open_store(path)
    assert fresh.desk_id != old and cursors.last_desk_seq(fresh) == 0
    fresh.close()
