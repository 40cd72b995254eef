"""A player import reaches the other desks by sync like any registration, and so does its undo (issue 39)."""

from __future__ import annotations

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.player_files import read_table
from clubdesk.services.player_import import guess_mapping, header_score
from clubdesk.services.player_imports import ImportService
from clubdesk.services.players import PlayerService
from tests.services.club_lists import thousand_rows, write_csv
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg


def listed(store) -> set[tuple[str, str, str]]:
    return {(p.name, p.nickname, p.phone) for p in PlayerService(store).search("", 0, 5000)}


def test_an_import_and_its_undo_reach_the_other_desk(hub, tmp_path):
    a, b = make_desk(hub, tmp_path, "a"), make_desk(hub, tmp_path, "b")
    try:
        admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
        rows, _new = thousand_rows()
        t = read_table(write_csv(tmp_path / "club.csv", rows), None, header_score)
        record = ImportService(a.store).run(admin, t, guess_mapping(t.headers)).record
        a.sync()
        b.sync()
        assert len(listed(b.open())) == record.added and listed(b.store) == listed(a.store)
        assert b.store.read("SELECT count(*) FROM conflicts")[0][0] == 0  # no row of the import is a duplicate
        ImportService(a.store).undo(admin, record.id)
        a.sync()
        b.sync()
        assert listed(b.store) == set() == listed(a.store)
    finally:
        a.close()
        b.close()
