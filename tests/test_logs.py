"""The log file and the crash handler without Qt: rotation, the CLI's one line, threads, --version's paths."""

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from clubdesk import logs
from clubdesk.cli import main
from clubdesk.store.db import backup_dir

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    """A fresh user state/log directory; the handlers the test adds to the clubdesk logger are removed after."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    logger = logging.getLogger(logs.LOGGER)
    before = list(logger.handlers)
    yield tmp_path / "state"
    for handler in logger.handlers[:]:
        if handler not in before:
            handler.close()
            logger.removeHandler(handler)


def test_log_is_in_the_user_log_dir(state_home):
    assert logs.log_path() == state_home / "ClubDesk" / "log" / "clubdesk.log"


def test_log_file_rotates_and_keeps_five_old_ones(state_home):
    path = logs.setup_logging(state_home / "x.log", max_bytes=300)
    log = logging.getLogger("clubdesk.test")
    for i in range(60):
        log.info("record %03d of a long session at the desk", i)
    names = sorted(p.name for p in path.parent.iterdir())
    assert names == ["x.log", "x.log.1", "x.log.2", "x.log.3", "x.log.4", "x.log.5"]
    assert "record 059" in path.read_text(encoding="utf-8")
    assert all(p.stat().st_size <= 300 for p in path.parent.iterdir())


def test_setting_up_twice_adds_no_second_handler(state_home):
    logs.setup_logging()
    logs.setup_logging()
    files = [h for h in logging.getLogger(logs.LOGGER).handlers if isinstance(h, logging.FileHandler)]
    assert len(files) == 1


CRASHING_CLI = """
import sys
import clubdesk.commands.replay as replay
def broken(*args, **kwargs):
    return {}["missing"]
replay.run = broken
from clubdesk.cli import main
from clubdesk.store.db import backup_dir
sys.argv = ["clubdesk", "replay", "game.json"]
sys.exit(main())
"""


def test_a_bug_in_a_command_prints_one_line_naming_the_log_and_logs_the_traceback(tmp_path):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CRASHING_CLI], capture_output=True, text=True, env=env, timeout=60)
    log = tmp_path / "state" / "ClubDesk" / "log" / "clubdesk.log"
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"ClubDesk: внутренняя ошибка (KeyError: 'missing'); подробности в журнале {log}"]
    text = log.read_text(encoding="utf-8")
    assert "CRITICAL" in text and "Traceback" in text and 'line 5, in broken' in text


def test_an_exception_in_a_worker_thread_is_logged(state_home, monkeypatch, capsys):
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    path = logs.install_crash_handler("en")

    def work():
        raise RuntimeError("the checkpoint thread failed")

    t = threading.Thread(target=work, name="checkpoint")
    t.start()
    t.join()
    assert "uncaught exception in thread checkpoint" in path.read_text(encoding="utf-8")
    assert capsys.readouterr().err == (f"ClubDesk: internal error (RuntimeError: the checkpoint thread failed); "
                                       f"details are in the log {path}\n")


def test_version_says_where_data_backups_and_log_are(state_home, tmp_path, capsys):
    db = tmp_path / "club" / "desk.sqlite"
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(db), "--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        f"data:    {db}", f"backups: {backup_dir(db)}", f"log:     {logs.log_path()}"]
    assert tmp_path / "club" in backup_dir(db).parents
