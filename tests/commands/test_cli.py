"""The clubdesk command: db maintenance, demo, headless GUI start, screenshots."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from clubdesk.cli import main
from clubdesk.store import migrate


def cli(*args, env=None):
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "clubdesk", *args], capture_output=True, text=True,
                          env=full_env, timeout=120)


def test_version_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith("clubdesk 0.")


def test_db_upgrade_then_check_reports_current_schema(tmp_path, capsys):
    db = tmp_path / "c.sqlite"
    assert main(["--db", str(db), "db", "upgrade"]) == 0
    assert main(["--db", str(db), "db", "check"]) == 0
    out = capsys.readouterr().out
    assert f"схема {migrate.head_revision()} (актуальна)" in out


def test_db_check_of_a_text_file_exits_2_and_leaves_it(tmp_path, capsys):
    db = tmp_path / "x.sqlite"
    db.write_text("hello")
    assert main(["--db", str(db), "db", "check"]) == 2
    assert "не является базой" in capsys.readouterr().err
    assert db.read_text() == "hello"


def test_db_upgrade_of_a_text_file_exits_2_in_english(tmp_path, capsys):
    db = tmp_path / "x.sqlite"
    db.write_text("hello")
    assert main(["--db", str(db), "--lang", "en", "db", "upgrade"]) == 2
    assert "is not a ClubDesk" in capsys.readouterr().err


def test_db_backup_writes_a_copy(tmp_path, capsys):
    db = tmp_path / "c.sqlite"
    main(["--db", str(db), "demo"])
    assert main(["--db", str(db), "db", "backup"]) == 0
    copy = Path(capsys.readouterr().out.strip().splitlines()[-1])
    assert copy.parent == tmp_path / "backups" / "c.sqlite"
    assert sqlite3.connect(copy).execute("SELECT count(*) FROM players").fetchone() == (40,)


def test_demo_refuses_a_database_with_players(tmp_path, capsys):
    db = tmp_path / "c.sqlite"
    assert main(["--db", str(db), "demo"]) == 0
    assert main(["--db", str(db), "demo"]) == 2
    assert "уже есть игроки" in capsys.readouterr().err


def test_db_rebuild_runs_on_an_empty_club(tmp_path, capsys):
    db = tmp_path / "c.sqlite"
    assert main(["--db", str(db), "db", "rebuild"]) == 0
    assert "пересчитано игр: 0" in capsys.readouterr().out


def test_clubdesk_db_env_var_chooses_the_file(tmp_path):
    db = tmp_path / "env.sqlite"
    r = cli("db", "upgrade", env={"CLUBDESK_DB": str(db)})
    assert r.returncode == 0, r.stderr
    assert db.exists()


def test_gui_without_display_says_what_to_do_in_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    r = subprocess.run([sys.executable, "-m", "clubdesk", "--db", str(tmp_path / "g.sqlite")], capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "clubdesk --demo --screenshots DIR" in lines[0]
    assert not (tmp_path / "g.sqlite").exists()


def test_demo_screenshots_render_every_page_headless(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    out = tmp_path / "shots"
    r = subprocess.run([sys.executable, "-m", "clubdesk", "--demo", "--screenshots", str(out)], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    names = {p.name for p in out.glob("*.png")}
    assert {"main.png", "players.png", "draws.png", "live-tables.png", "mafia.png", "protocols.png", "sync.png",
            "staff.png"} <= names
    # the windows that are not pages (issues 6 and 7 name them)
    assert {"zhuk-table.png", "pyramid-match.png", "scoreboard.png", "standings.png", "table-referee.png",
            "mafia-evening.png", "mafia-seating.png", "mafia-host.png", "mafia-display.png"} <= names
    from PySide6.QtGui import QImage
    img = QImage(str(out / "main.png"))
    assert (img.width(), img.height()) == (1280, 800)
    from tests.ui.images import assert_rendered_and_distinct
    # each a drawn window, no page saved twice; the main window opens on the players page, the Mafia page on its
    # evening (registration) tab
    assert_rendered_and_distinct(sorted(out.glob("*.png")), same={"mafia-evening.png": "mafia.png", "players.png": "main.png"})


def test_accounts_add_list_passwd_disable_from_the_command_line(tmp_path, monkeypatch, capsys):
    import io

    from clubdesk.services.accounts import AccountService, LoginFailed
    from clubdesk.store.db import open_store

    db = str(tmp_path / "c.sqlite")
    assert main(["--db", db, "db", "upgrade"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("host-pass\n"))
    assert main(["--db", db, "accounts", "add", "vera", "--roles", "host,referee", "--name", "Вера Ким",
                 "--password-stdin"]) == 0
    assert main(["--db", db, "accounts", "list"]) == 0
    assert "vera\tВера Ким\tсудья, ведущий" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("new-pass-1\n"))
    assert main(["--db", db, "accounts", "passwd", "vera", "--password-stdin"]) == 0
    store = open_store(tmp_path / "c.sqlite")
    try:
        assert AccountService(store).login("vera", "new-pass-1").roles == frozenset({"host", "referee"})
    finally:
        store.close()
    assert main(["--db", db, "accounts", "disable", "vera"]) == 0
    assert main(["--db", db, "accounts", "list"]) == 0
    assert "(отключена)" in capsys.readouterr().out
    store = open_store(tmp_path / "c.sqlite")
    try:
        with pytest.raises(LoginFailed):
            AccountService(store).login("vera", "new-pass-1")
    finally:
        store.close()
    assert main(["--db", db, "accounts", "add", "x", "--roles", "boss", "--password-stdin"]) == 2
    assert "Роли:" in capsys.readouterr().err
