"""A damaged file is refused in one line and left as it was (issue 37.2): SQLite's findings over several lines or in
bytes that are not UTF-8, a file cut short by less than a page, a text cell that is not UTF-8; `db backup` copies only
a ClubDesk store this ClubDesk reads; `demo` refuses a store that has players before it writes a byte."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3

import pytest

from clubdesk.cli import main
from clubdesk.errors import StoreError
from clubdesk.store import backups, db
from clubdesk.store.db import check_file, file_revision
from clubdesk.store.schema import HEAD
from tests.store.stores_by_revision import PAST, build


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def refused(capsys, *args) -> str:
    """The command's one line on stderr, after checking it exited 2 with one line and no traceback."""
    assert main(list(args)) == 2, args
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err.strip()


def _rows(path, index: bool = False) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t(x TEXT)")
    if index:
        con.execute("CREATE INDEX ix_t ON t(x)")
    con.executemany("INSERT INTO t VALUES (?)", [(f"{i:04d}" + "y" * 100,) for i in range(300)])
    con.commit()
    con.close()


@pytest.fixture
def broken_cells(tmp_path):
    """A table leaf page whose cell pointers point outside it: integrity_check answers over four lines."""
    path = tmp_path / "cells.sqlite"
    _rows(path)
    data = bytearray(path.read_bytes())
    data[2 * 4096 + 8: 2 * 4096 + 14] = b"\x00\x10\x00\x10\xff\xf0"  # page 3, its first three cell pointers
    path.write_bytes(bytes(data))
    return path


@pytest.fixture
def bad_name(tmp_path):
    """An index renamed in the schema to bytes that are not UTF-8: SQLite's own error message quotes them."""
    path = tmp_path / "name.sqlite"
    _rows(path, index=True)
    con = sqlite3.connect(path)
    con.execute("PRAGMA writable_schema=ON")
    con.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX ix_t ON t(x COLLATE NOCASE)', "
                "name = CAST(x'69785fff' AS TEXT) WHERE name = 'ix_t'")
    con.commit()
    con.close()
    return path


def test_integrity_findings_over_several_lines_are_one_line_in_the_refusal(broken_cells, capsys):
    before = sha(broken_cells)
    with pytest.raises(StoreError) as exc:
        check_file(broken_cells)
    assert exc.value.code == "corrupt" and "On tree page 3" in exc.value.ru
    assert "\n" not in exc.value.ru and "\n" not in exc.value.en
    assert "повреждена" in refused(capsys, "--db", str(broken_cells), "db", "check")
    assert "\n" not in backups._problem(broken_cells)
    assert sha(broken_cells) == before


def test_findings_in_bytes_that_are_not_utf8_are_a_refusal_not_a_decoding_error(bad_name, capsys):
    before = sha(bad_name)
    with pytest.raises(StoreError) as exc:
        check_file(bad_name)
    assert exc.value.code == "corrupt"
    assert "повреждена" in refused(capsys, "--db", str(bad_name), "db", "check")
    assert backups._problem(bad_name)  # a backup copy like it is not kept
    assert sha(bad_name) == before


@pytest.fixture
def club(club_file):
    path, _desk = club_file
    return path


@pytest.mark.parametrize("short", [1, 4096, 8192 + 100])
def test_a_file_cut_short_is_refused_as_cut_short(club, capsys, short):
    """One byte short passed integrity_check: SQLite reads the missing end of the last page as zeros."""
    data = club.read_bytes()
    club.write_bytes(data[:-short])
    with pytest.raises(StoreError) as exc:
        check_file(club)
    assert exc.value.code == "corrupt" and "обрезан" in exc.value.ru and "cut short" in exc.value.en
    assert "обрезан" in refused(capsys, "--db", str(club), "db", "check")
    with pytest.raises(StoreError):
        db.open_store(club)
    assert club.read_bytes() == data[:-short]


def test_a_text_cell_that_is_not_utf8_is_refused_by_check_rebuild_and_print_naming_where(club, tmp_path, capsys):
    con = sqlite3.connect(club)
    game, players = con.execute("SELECT id, players_json FROM games WHERE game = 'pyramid100' LIMIT 1").fetchone()
    player = players.split('"')[1]
    con.execute("UPDATE players SET name = CAST(x'd0b8ff' AS TEXT) WHERE id = ?", (player,))
    con.commit()
    con.close()
    for args in (["db", "check"], ["db", "rebuild"], ["print", "--game", game, "-o", str(tmp_path / "g.pdf")]):
        line = refused(capsys, "--db", str(club), *args)
        assert f"players.name {player}" in line and "UTF-8" in line, args
    assert not (tmp_path / "g.pdf").exists()


def test_db_backup_refuses_another_programs_sqlite_file_and_a_newer_clubdesks(club, tmp_path, capsys):
    other = tmp_path / "photos.db"
    _rows(other)
    assert "другой программы" in refused(capsys, "--db", str(other), "db", "backup")
    con = sqlite3.connect(club)
    con.execute("UPDATE alembic_version SET version_num = '9999'")
    con.commit()
    con.close()
    assert "новее" in refused(capsys, "--db", str(club), "db", "backup")
    assert not db.list_backups(other) and not db.list_backups(club)


def test_demo_refuses_a_store_with_players_before_writing_to_it(club, tmp_path, capsys):
    """A copy of the store (another desk to ClubDesk: opening it gives it a new desk id) and a store of an older
    schema (opening it upgrades it after a backup) are left byte for byte and without a backup."""
    copy = tmp_path / "elsewhere" / "club.sqlite"
    copy.parent.mkdir()
    shutil.copyfile(club, copy)
    before = sha(copy)
    assert "уже есть игроки" in refused(capsys, "--db", str(copy), "demo")
    assert sha(copy) == before and not db.list_backups(copy)
    assert file_revision(copy) == HEAD
    old = tmp_path / "old.sqlite"
    build(old, PAST[-1])
    before = sha(old)
    assert "уже есть игроки" in refused(capsys, "--db", str(old), "demo")
    assert sha(old) == before and not db.list_backups(old) and file_revision(old) == PAST[-1]
