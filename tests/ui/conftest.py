"""UI fixtures: a club with demo players, the Жук hub on a test clock, and a QSettings file per test."""

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture
def store(request, tmp_path):
    """A fresh store per test; when the test asks for `demo_admin`, the demo club built once (tests/conftest.py
    `_demo_file`), copied as the same desk's file before the store opens."""
    from clubdesk.store.db import open_store
    from tests.stores import same_desk_copy

    path = tmp_path / "club.sqlite"
    if "demo_admin" in request.fixturenames:
        same_desk_copy(request.getfixturevalue("_demo_file")[0], path)
    s = open_store(path)
    yield s
    s.close()


@pytest.fixture
def club(store):
    from clubdesk.services.club import Club

    return Club(store)


@pytest.fixture
def demo_admin(club, _demo_file):
    """The demo club's administrator, in the test's copy of the demo club (the `store` fixture above)."""
    return _demo_file[2]


@pytest.fixture(autouse=True)
def window_sizes(tmp_path, monkeypatch):
    """Windows remember their sizes in a file of the test's own (never the user's settings, never the last test's)."""
    from clubdesk.ui import windows

    path = str(tmp_path / "windows.ini")
    monkeypatch.setattr(windows, "settings", lambda: QSettings(path, QSettings.Format.IniFormat))
    return path


@pytest.fixture
def clock():
    """The Жук round clock's time, moved by the test."""
    from tests.clock import FakeClock

    return FakeClock(5_000_000.0)


@pytest.fixture
def hub(club, admin, clock, qtbot):
    """The desk's Жук hub on the test's clock, its timers not started (the test moves time)."""
    from clubdesk.ui.zhuk.hub import ZhukHub, install_hub

    h = install_hub(club, ZhukHub(club, now=clock, autostart=False))
    h.clock_actor = admin
    return h


@pytest.fixture
def two_tables(club, admin, hub):
    """Eight players, stage 1 drawn, round 1 (10 minutes) started: tables 1 and 2 play."""
    from clubdesk.services.players import PlayerData

    ids = [club.players.add(admin, PlayerData(f"Игрок Раунда{i}")).id for i in range(8)]
    svc = hub.tournaments
    tid = svc.create(admin, "Кубок", ids)
    svc.draw_stage(admin, tid, seed=7)
    return svc.start_round(admin, svc.stages(tid)[0].rounds[0].id)


def answer(page, pick):
    """Let `pick(dialog)` answer the page's dialog through its widgets (`page.run_dialog`); returns the dialogs
    seen."""
    from PySide6.QtWidgets import QDialog

    seen = []

    def run(dialog):
        seen.append(dialog)
        pick(dialog)
        return dialog.result() == QDialog.DialogCode.Accepted
    page.run_dialog = run
    return seen


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)


def type_text(widget, text: str) -> None:
    """Type Unicode text key by key (QTest.keyClicks asserts on non-ASCII characters)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))


@pytest.fixture(scope="module")
def club_style(qapp):
    """The club's style sheet on the application for a whole test file (`pytestmark = pytest.mark.usefixtures(
    "club_style")`): setting or clearing it polishes every widget alive again — 0.14 s a time in a worker's later
    files, twice a test when each test set it."""
    from clubdesk.ui.app import apply_style

    apply_style()
    yield
    qapp.setStyleSheet("")


def match_window(qtbot, club, admin):
    """A Пирамидка match window of two players at «Стол 5», built, not shown."""
    from clubdesk.services.matches import MatchService
    from clubdesk.services.players import PlayerData
    from clubdesk.ui.pyramid.match_window import MatchWindow

    a = club.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = club.players.add(admin, PlayerData("Сокол Анна", "Сова"))
    svc = MatchService.of(club)
    w = MatchWindow(svc, admin, svc.create(admin, a.id, b.id, table="Стол 5"))
    qtbot.addWidget(w)
    return w


def show_match_window(qtbot, club, admin, size: tuple[int, int] | None = None):
    """`match_window`, shown (at `size`, if given)."""
    w = match_window(qtbot, club, admin)
    if size is not None:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def demo_live_games(club, demo_admin):
    """Over the demo club: the Жук hub (its clock not ticking into later tests), its first running table, and a
    GameController on the running Mafia game — what the tests of the game windows open."""
    from clubdesk.ui.mafia.controller import GameController
    from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
    from tests.ui.test_host_panel import NAMES

    hub = install_hub(club, ZhukHub(club, autostart=False))
    hub.clock_actor = demo_admin
    table = hub.tournaments.running_tables()[0]
    mafia = next(g for g in club.store.read("SELECT id, status FROM games WHERE game = 'mafia'") if g[1] == "running")
    return hub, table, GameController(club.games, demo_admin, mafia[0], NAMES, "Игра 2, стол 1")
