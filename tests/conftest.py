"""Test-wide set-up: Qt offscreen, a fresh store per test, an admin actor."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")


def _own_user_dirs() -> None:
    """Each test process (each xdist worker of `make test`) has per-user dirs of its own: the translations compiled
    into the cache (two workers compiling at once shared one temporary file), the log, Qt's settings and Chromium's
    profile were the user's — and shared by the workers. A test about a dir sets its own. The dir is removed at exit,
    and by the next run when the process could not (an xdist worker ends without running atexit)."""
    import atexit
    import shutil
    import tempfile
    from pathlib import Path

    root = Path(tempfile.gettempdir())
    for old in root.glob("clubdesk-tests-*"):
        pid = old.name.removeprefix("clubdesk-tests-")
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    base = root / f"clubdesk-tests-{os.getpid()}"
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(base / name.lower())
    atexit.register(shutil.rmtree, base, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


_own_user_dirs()

import datetime as dt  # noqa: E402

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# No clock on a test: `deadline` times each example and the too_slow health check times the drawing of them, by the
# wall — on a loaded machine (make test beside other runs) the load, not the code.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=60, **UNTIMED)
settings.register_profile("soak", max_examples=2000, **UNTIMED)
# `make mutate`: the same examples for every mutant, and none carried over from another mutant's failure
settings.register_profile("mutate", max_examples=60, derandomize=True, database=None, **UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _cheap_password_hashing() -> None:
    """Argon2 at its lowest cost in this process: the desk's cost (0.1 s a hash or a check) was paid by every test that
    makes an admin or logs in, about two minutes of `make test`. The hash is still argon2id and verified as one; a
    command run as a subprocess hashes at the desk's cost."""
    from argon2 import PasswordHasher

    from clubdesk.services import accounts, staff

    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    accounts._hasher = staff._hasher = cheap


_cheap_password_hashing()


@pytest.fixture
def store(tmp_path):
    from clubdesk.store.db import open_store

    s = open_store(tmp_path / "club.sqlite")
    yield s
    s.close()


@pytest.fixture(scope="session")
def _demo_file(tmp_path_factory):
    """The demo club (an admin, 40 players, today's tournament, matches and evening), built once per test process:
    ~0.6 s of SQLAlchemy a build, paid by some eighty tests before."""
    from clubdesk.services.demo import create_demo_club
    from clubdesk.store.db import open_store

    path = tmp_path_factory.mktemp("demo") / "club.sqlite"
    store = open_store(path)
    admin = create_demo_club(store, players=40)
    desk_id = store.desk_id
    store.close()
    return path, desk_id, admin


@pytest.fixture
def club_file(_demo_file, tmp_path):
    """A store at head with an admin and the demo club in it, closed (its WAL checkpointed): a copy for one test."""
    from tests.stores import same_desk_copy

    built, desk_id, _admin = _demo_file
    path = tmp_path / "club.sqlite"
    same_desk_copy(built, path)
    return path, desk_id


@pytest.fixture
def admin(store):
    from clubdesk.services.accounts import AccountService

    return AccountService(store).create_first_admin("admin", "secret-admin")


@pytest.fixture
def today():
    return dt.date(2026, 12, 2)


def pytest_collection_modifyitems(config, items):
    """`slow` soaks run only when asked for (`-m slow`); `make test` stays well under ten minutes."""
    if "slow" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="soak run: opt in with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _qt_teardown():
    """Close and delete every window a test left open before Python tears Qt down (avoids exit-time crashes)."""
    yield
    import gc

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    app.processEvents()
    gc.collect()
    app.processEvents()


@pytest.fixture(scope="session")
def _history_file(tmp_path_factory):
    """The GUI demo club with its past (a finished Жук stage, Пирамидка matches, five Mafia evenings), built once."""
    from clubdesk.services.demo import create_demo_club
    from clubdesk.store.db import open_store

    path = tmp_path_factory.mktemp("history") / "club.sqlite"
    store = open_store(path)
    create_demo_club(store, history=True)
    store.close()
    return path


@pytest.fixture
def history_store(_history_file, tmp_path):
    """A copy of the demo club with its past, for one test."""
    import shutil

    from clubdesk.store.db import open_store

    path = tmp_path / "club.sqlite"
    shutil.copy(_history_file, path)
    s = open_store(path)
    yield s
    s.close()


def _collect_on_the_main_thread_only() -> None:
    """The automatic cyclic collector off in every test process; the tests' main thread (Qt's GUI thread) makes its
    collections at each test's end — the desk's own arrangement (clubdesk/ui/gui_collector.py), driven by the tests'
    boundaries instead of a timer, which fires only while an event loop turns.

    Why: a reference cycle holding a Qt object collected in whichever thread allocates — the table page's or a
    phone's stream thread — destroys that object off its thread. A worker crashed so in a fresh-clone run beside two
    CPU hogs: in tests/web/test_mafia_secrets.py, after Qt tests in the same worker, Qt said «QObject::~QObject:
    Timers cannot be stopped from another thread» and the next processEvents segfaulted. A full collection after
    every Qt test, the first cure, was over half the CPU of the Qt tests (a walk of the worker's whole heap, 0.1-0.4 s
    each); the generations' own rule collects the young objects each time and walks the heap rarely."""
    from clubdesk.sync import collector

    collector.hand_to_one_thread()


def pytest_configure(config):
    if getattr(config, "workerinput", None) is not None or not config.getoption("numprocesses", default=None):
        _collect_on_the_main_thread_only()  # a process that runs tests: not xdist's controller, which runs none


@pytest.fixture
def automatic_collector():
    """The automatic collector for one test, as a desk's process starts with it; the tests' own arrangement taken
    back after it."""
    import gc

    from clubdesk.sync import collector

    collector.hand_back()
    assert gc.isenabled()
    yield
    collector.hand_to_one_thread()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    """After each test (pytest-qt's own teardown done: its widgets closed), the collection the automatic collector
    would have made, here on the main thread. Taken over again first: a test of the collector itself
    (tests/ui/test_gui_collector.py) gives it back to the automatic one."""
    from clubdesk.sync import collector
    from clubdesk.ui import gui_collector

    names = getattr(item, "fixturenames", ())
    if "qtbot" in names:
        _delete_closed_widgets()
    if "club_style" not in names:
        _clear_club_style()
    collector.hand_to_one_thread()
    gui_collector.collect_due()


def _clear_club_style() -> None:
    """The application's style sheet a test left set (it showed the main window, a backup's offer) cleared: its
    `QWidget { font-size }` would win over a later test's `setFont` in the same worker (a log row measured at the old
    size failed once in CI). A file that wants the club's sheet asks for `club_style`, kept for its tests."""
    import sys

    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None:  # no widgets imported: no sheet could be set
        return
    app = widgets.QApplication.instance()
    if isinstance(app, widgets.QApplication) and app.styleSheet():
        app.setStyleSheet("")


def _delete_closed_widgets() -> None:
    """The deletions pytest-qt's closing of the test's widgets asked for (deleteLater) made now. Left to the next
    test's event loop, a closed window's timer could fire there first, reading a store whose test is over, and the
    Python objects its deletion frees took the collector's count back under its threshold in the middle of a test
    of that count (tests/ui/test_gui_collector.py)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
