"""An accelerated club evening on the real main window (issue 36), shared by `benchmarks/evening.py` (12 cycles, RSS
and the tick's cost) and `tests/ui/test_evening.py` (three short cycles: no widget or window may pile up).

One cycle is about twenty minutes of a desk's evening: every page shown; a new Жук tournament whose two tables are
opened from «Столы», scored from the keyboard, ended, printed and closed; two Пирамидка matches opened from «Столы»,
scored, printed, conceded and closed; one whole Mafia game on the host panel with its room display, printed and
closed. Everything goes through the windows as a desk would (clicks, keys, the windows' own print buttons); only the
set-up of a tournament and a match is done through the services, as the dialogs would.

After each cycle `sample()` collects garbage, lets Qt delete what was closed, trims malloc and counts: RSS, widgets,
top-level windows (and the hidden ones among them), the engines the GameService keeps.
"""

from __future__ import annotations

import ctypes
import datetime as dt
import gc
import os
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

TICKS = 60  # hub polls timed per measurement


@dataclass(frozen=True)
class Sample:
    cycle: int
    rss_mb: float
    widgets: int
    windows: int          # top-level widgets
    hidden: int           # top-level widgets not shown: a closed window kept is one of these
    engines: int          # games the GameService keeps live
    tick_ms: float        # GUI-thread CPU of one clock tick with the cycle's two Жук tables open: the median
    tick_min_ms: float    # and the least of TICKS: what the tick itself costs, whatever else runs on the machine
    seconds: float        # wall time of the cycle


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def settle() -> None:
    """What a closed window leaves is deleted now: Python's garbage, Qt's deferred deletes, malloc's free pages."""
    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except OSError:  # not glibc: RSS then includes free heap pages
        pass


class Evening:
    """A demo club on `folder`, its main window shown; `cycle()` plays twenty minutes of an evening.

    `own_app`: set the application up as ClubDesk does (Russian Qt strings, the offscreen plugin's noise silenced);
    a test leaves pytest-qt's application and message handler as they are. `history`, `staff`: the demo club's past
    and staff accounts, as `clubdesk --demo` makes them (a test does without: seconds and four password hashes)."""

    def __init__(self, folder: Path, *, shots: int, history: bool = True, staff: bool = True,
                 cycles: int = 12, own_app: bool = True) -> None:
        from clubdesk.services.club import Club
        from clubdesk.services.demo import create_demo_club
        from clubdesk.services.evenings import EveningService
        from clubdesk.store.db import open_store
        from clubdesk.ui import windows
        from clubdesk.ui.app import apply_style, make_application, show_main_window

        self.shots, self.n = shots, 0
        if own_app:
            self.app, self._translators = make_application("ru", quiet=True)
        else:
            self.app, self._translators = QApplication.instance(), []
        ini = str(folder / "ui.ini")
        windows.settings = lambda: QSettings(ini, QSettings.Format.IniFormat)
        self.club = Club(open_store(folder / "club.sqlite"))
        self.admin = create_demo_club(self.club.store, staff=staff, history=history)
        self.players = [p.id for p in self.club.players.search("", 0, 200) if not p.banned_on(dt.date.today())]
        evenings = EveningService(self.club.store, self.club.games, self.club.players)
        self.evening = evenings.create(self.admin, dt.date.today(), self.admin.account_id, name="Вечер бенчмарка").id
        for p in self.players[:10]:
            evenings.check_in(self.admin, self.evening, p)
        evenings.draw_seating(self.admin, self.evening, cycles, seed=36)
        apply_style()
        self.window = show_main_window(self.club, self.admin, QSettings(ini, QSettings.Format.IniFormat))
        settle()

    def close(self) -> None:
        from clubdesk.ui.app import _close_windows

        _close_windows(self.app, self._translators)
        self.club.close()

    # ---- one cycle --------------------------------------------------------------------------------------------
    def cycle(self) -> Sample:
        self.n += 1
        start = time.perf_counter()
        self.pages()
        tick, tick_min = self.zhuk()
        self.pyramid()
        self.mafia()
        seconds = time.perf_counter() - start
        settle()
        top = QApplication.topLevelWidgets()
        return Sample(self.n, rss_mb(), len(QApplication.allWidgets()), len(top),
                      sum(1 for w in top if not w.isVisible()), len(self.club.games._live),  # noqa: SLF001
                      tick, tick_min, seconds)

    def pages(self) -> None:
        from clubdesk.ui.main_window import PAGES

        for key in PAGES:
            self.window.show_page(key)
            self.app.processEvents()

    def zhuk(self) -> tuple[float, float]:
        """Two tables of a new tournament, opened from «Столы»; returns the tick's GUI-thread CPU meanwhile (ms):
        the median and the least of TICKS."""
        page = self._show("live")
        svc = page.hub.tournaments
        ids = self.players[8 * (self.n % 4):][:8]
        tid = svc.create(self.admin, f"Кубок вечера {self.n}", ids)
        svc.draw_stage(self.admin, tid, seed=self.n)
        round_id = svc.stages(tid)[0].rounds[0].id
        tables = svc.start_round(self.admin, round_id)
        page.hub.notify_structure()  # what the draws page's «Начать раунд» says
        wins = []
        for t in tables:
            QTest.mouseClick(page.board.cards[t.game_id], Qt.MouseButton.LeftButton)
            wins.append(page.windows[t.game_id])
        for win in wins:
            self._zhuk_shots(win.scoring)
        tick = self.tick_ms(page.hub)
        page.hub.end_round(self.admin, round_id)  # the referee's «Закончить раунд»: the time is up
        for win in wins:
            win.scoring.print_button.click()
            self._close_previews(win)
            win.close()
        self.app.processEvents()
        return tick

    def _zhuk_shots(self, scoring) -> None:
        for i in range(self.shots):
            state = scoring.state
            if state["finished"]:
                return
            if i % 5 == 0 and state["balls"]["std"] > 1:
                QTest.keyClick(scoring, Qt.Key.Key_1)  # a ball potted; else an empty draft: a miss
            QTest.keyClick(scoring, Qt.Key.Key_Return)
            if scoring.error.isVisibleTo(scoring):  # refused (its clause shown): type a miss instead
                QTest.keyClick(scoring, Qt.Key.Key_Escape)
                QTest.keyClick(scoring, Qt.Key.Key_Return)

    def tick_ms(self, hub) -> tuple[float, float]:
        """GUI-thread CPU of the hub's tick (the expiry check and every handler), in ms: the median and the least of
        TICKS. CPU time still jitters by a third on a shared machine (caches, the other core's load); the least
        is what the tick's own work costs, and grows as that work grows."""
        self.app.processEvents()
        spent = []
        for _ in range(TICKS):
            t0 = time.thread_time()
            hub.poll()
            spent.append(time.thread_time() - t0)
        return 1000 * statistics.median(spent), 1000 * min(spent)

    def pyramid(self) -> None:
        page = self._show("live")
        feed = page.pyramid_feed
        a, b, c, d = self.players[-4:]
        matches = [feed.service.create(self.admin, x, y, table=f"Стол {k}")
                   for k, (x, y) in enumerate(((a, b), (c, d)), start=5)]
        feed.matches_changed.emit()  # what «Новый матч…» says
        page.pyramid.refresh()  # now, not after the cards' 150 ms
        wins = []
        for gid in matches:
            QTest.mouseClick(page.pyramid.cards[gid], Qt.MouseButton.LeftButton)
            wins.append(feed.windows[gid])
        for win in wins:
            self._pyramid_shots(win)
            win.print_button.click()
            self._close_previews(win)
            if not win._service.engine(win.game_id).finished:  # noqa: SLF001
                win.concede(win.players[1])
            win.close()
        self.app.processEvents()

    def _pyramid_shots(self, win) -> None:
        from clubdesk.rules.pyramid100 import CONTROL, CUE

        engine = win._service.engine(win.game_id)  # noqa: SLF001 - read-only, as the window itself does
        for i in range(self.shots):
            if engine.finished:
                return
            balls = [x for x in engine.callable_balls() if x != CUE]
            if i % 25 == 7 and balls:
                ball = balls[-1]
                digits = "0" if ball == CONTROL else f"1{ball - 10}" if ball > 10 else str(ball)
                for ch in digits + "3":
                    QTest.keyClicks(win, ch)
                QTest.keyClick(win, Qt.Key.Key_Plus)
                if not win.error.isVisibleTo(win):
                    continue
                QTest.keyClick(win, Qt.Key.Key_Escape)
            QTest.keyClick(win, Qt.Key.Key_Minus)  # nothing fell

    def mafia(self) -> None:
        from clubdesk.services.demo_mafia import _finished_game

        page = self._show("mafia")
        page.select(self.evening)
        games = page.games
        page.tabs.setCurrentWidget(games)
        games.slot.setCurrentIndex(0)
        games.start.click()
        games.view.selectRow(games.model.rowCount() - 1)
        games.host.click()
        games.display.click()
        panel, display = games.windows[-2:]  # the last two opened (before issue 36, every click added one)
        c = panel.c

        def record(_gid: str, obj: dict | None) -> dict:
            if obj is not None and not c.record(obj):
                raise AssertionError(f"the host panel refused {obj}: {panel.error.text()}")
            return c.state
        _finished_game(record, c.game_id)
        panel.print_button.click()
        self._close_previews(panel)
        panel.close()
        display.close()
        self.app.processEvents()

    # ---- helpers --------------------------------------------------------------------------------------------
    def _show(self, key: str):
        self.window.show_page(key)
        self.app.processEvents()
        return self.window.page(key)

    def _close_previews(self, parent) -> None:
        from clubdesk.ui.print_preview import PrintPreview

        self.app.processEvents()
        previews = parent.findChildren(PrintPreview)
        if not previews:
            raise AssertionError(f"no print preview opened over {parent.windowTitle()}")
        for p in previews:
            p.close()


def growth(samples: list[Sample], field: str) -> float:
    """How much `field` grew from the first cycle (warm) to the last, as a fraction of the first."""
    first, last = getattr(samples[0], field), getattr(samples[-1], field)
    return (last - first) / first if first else 0.0
