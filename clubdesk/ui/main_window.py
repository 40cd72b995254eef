"""The main window: a sidebar of pages, the status bar, remembered geometry and last page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from PySide6.QtCore import QSettings, QSize, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QMainWindow, QStackedWidget, QWidget

from clubdesk.errors import language
from clubdesk.optional import optional_module
from clubdesk.roles import ROLE_NAMES, Actor, sees_private
from clubdesk.services.club import Club
from clubdesk.ui.i18n import tr

PAGES = ("players", "draws", "live", "mafia", "protocols", "sync", "staff")
PRIVATE_PAGES = ("players",)  # phones, notes and bans: not for a display account (roles.sees_private)

# A page with a module here is built by its `create_page(club, actor, window) -> QWidget`; a page whose
# module does not exist yet shows what it will do (LaterPage).
PAGE_MODULES = {"players": "clubdesk.ui.pages.players", "draws": "clubdesk.ui.pages.draws",
                "live": "clubdesk.ui.pages.live", "mafia": "clubdesk.ui.pages.mafia",
                "protocols": "clubdesk.ui.pages.protocols", "sync": "clubdesk.ui.pages.sync",
                "staff": "clubdesk.ui.pages.staff"}


def page_module(key: str) -> ModuleType | None:
    return optional_module(PAGE_MODULES[key])


def _page_titles() -> dict[str, str]:
    return {"players": tr("Игроки"), "draws": tr("Жеребьёвка"), "live": tr("Столы"),
            "mafia": tr("Мафия"), "protocols": tr("Протоколы"), "sync": tr("Синхронизация"),
            "staff": tr("Сотрудники")}


def _later_texts() -> dict[str, str]:
    return {
        "draws": tr("Турниры «Жук» и матчи «Пирамидка 100»: участники, жеребьёвка по зерну, "
                    "пережеребьёвка между этапами, финал четырёх. Окно появится в следующей версии."),
        "live": tr("Все идущие столы: очередь хода, балансы, банк, часы раунда; ввод ударов с клавиатуры. "
                   "Окно появится в следующей версии."),
        "mafia": tr("Вечера мафии: регистрация, рассадка, панель ведущего с таймерами, табло для зала. "
                    "Окно появится в следующей версии."),
        "protocols": tr("Протоколы матчей, турниров и игр для печати (PDF). Появится в следующей версии."),
        "sync": tr("Обмен данными между стойками через центральный сервер. Сейчас каждая стойка работает "
                   "автономно; все записи хранятся локально и будут переданы, когда сервер подключат."),
    }


FRAME_POLL_MS = 5  # how often a window not yet on screen is asked whether its first frame is painted
# A window shown but never exposed (started minimized, on a screen turned off) stops the asking after this long and
# runs what waited for its frame: a poll of 200 a second must not last an evening.
FRAME_WAIT_MAX_MS = 10_000
MAX_GAME_LINES = 8  # games named one by one in the closing warning; the rest are counted


def _running_line(g) -> str:
    """One running game as the closing warning names it."""
    if g.game == "mafia":
        return tr("Мафия: {title}").format(title=g.title)
    a, b = g.names
    line = tr("Пирамидка: {a} — {b}, {sa}:{sb}").format(a=a, b=b, sa=g.score[0], sb=g.score[1])
    return f"{line} ({g.title})" if g.title else line


class MainWindow(QMainWindow):
    def __init__(self, club: Club, actor: Actor, settings: QSettings | None = None) -> None:
        super().__init__()
        self.club, self.actor = club, actor
        self._settings = settings or QSettings()
        self._after_paint: list[Callable[[], None]] | None = []  # None once the first frame is painted
        self._frame_watch: QTimer | None = None  # polls for the first frame while something waits for it
        self.reopen: Path | None = None  # set when the store must be reopened (a restored backup)
        self.in_event_loop = False  # app.exec() runs for this window (clubdesk.ui.app sets it)
        self.setWindowTitle(tr("ClubDesk — стойка клуба"))
        self.setMinimumSize(QSize(760, 540))

        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(200)
        # Pages are built the first time they are shown and only then put in the stack: the window opens as fast as
        # its first page (no empty stand-ins for the others — the style sheet polished each of them before the frame).
        self.stack = QStackedWidget()
        self.pages: dict[str, QWidget] = {}
        titles = _page_titles()
        # addItems(texts): the sidebar's first frame builds no QListWidgetItem. QListWidgetItem(text, list)'s overloads
        # take a QIcon, and PySide builds QIcon's Python type for them, its 151-member ThemeIcon enum with it (~1.5 ms
        # of CPU); addItem(text)'s and item(row)'s build QListWidgetItem's, its ItemType enum with it
        self.sidebar.addItems([titles[key] for key in PAGES])
        self.sidebar.setRowHidden(PAGES.index("staff"), not actor.has("admin"))  # the administrator's
        self.sidebar.currentRowChanged.connect(self._on_row)

        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.sidebar)
        layout.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self._build_status_bar()
        self._restore()
        self.after_first_paint(self._start_sync)

    def _build_status_bar(self) -> None:
        store = self.club.store
        lang_index = 1 if language() == "en" else 0
        roles = ", ".join(ROLE_NAMES[r][lang_index] for r in sorted(self.actor.roles))
        bar = self.statusBar()
        bar.addWidget(QLabel(tr("База: {path}").format(path=store.path)))
        bar.addPermanentWidget(QLabel(tr("Стойка {desk}").format(desk=store.desk_id[:8])))
        bar.addPermanentWidget(QLabel(tr("Вход: {login} ({roles})").format(login=self.actor.login, roles=roles)))
        self.sync_state = QLabel()  # filled when the desk has joined a hub (_start_sync)
        bar.addPermanentWidget(self.sync_state)

    def _start_sync(self) -> None:
        """Start the background sync if this desk has joined a hub; arrivals refresh the live windows."""
        from clubdesk.ui.sync_worker import worker_for

        worker = worker_for(self.club)
        if worker is None:
            return
        from clubdesk.ui.pages.sync import state_text

        worker.state_changed.connect(lambda state: self.sync_state.setText(tr("Синхронизация: {state}").format(
            state=state_text(state))))
        worker.arrived.connect(self._on_rows_arrived)
        self.sync_state.setText(tr("Синхронизация: {state}").format(state=state_text(worker.state)))
        worker.start()

    def _on_rows_arrived(self, games: set[str]) -> None:
        """Rows from other desks were applied: every open view re-derives what it shows."""
        zhuk = getattr(self.club, "_zhuk_hub", None)
        if zhuk is not None:
            for game_id in games:
                zhuk.changed.emit(game_id)
            zhuk.structure_changed.emit()
        pyramid = getattr(self.club, "_pyramid_feed", None)  # the Пирамидка windows (ui/pyramid/feed.py)
        if pyramid is not None:
            for game_id in games:
                pyramid.changed.emit(game_id)
        for page in self.pages.values():
            for name in ("reload", "refresh"):
                if callable(getattr(page, name, None)):
                    getattr(page, name)()
                    break

    def after_first_paint(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the event loop's next turn after the window's first frame (soon, if it is painted).

        Start-up puts here what the first frame does not need: the store check and ORM load, the ratings.
        """
        if self._after_paint is None:
            QTimer.singleShot(0, self, fn)
            return
        self._after_paint.append(fn)
        self._watch_first_frame()

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt override (show() calls it)
        super().setVisible(visible)
        self._watch_first_frame()

    def _watch_first_frame(self) -> None:
        """Once the window is shown and something waits for its first frame, ask every FRAME_POLL_MS whether it is
        painted. Polled, not a `paintEvent` override: handing Python the QPaintEvent made PySide build QEvent's type
        and its 179-member Type enum in the middle of the first frame (~12 M instructions, ~3 ms of CPU)."""
        if self._after_paint and self._frame_watch is None and self.isVisible():
            self._frame_watch = QTimer(self, interval=FRAME_POLL_MS)
            self._frame_watch.timeout.connect(self._check_first_frame)
            self._frame_polls_left = FRAME_WAIT_MAX_MS // FRAME_POLL_MS
            self._frame_watch.start()

    def _check_first_frame(self) -> None:
        """The first frame is painted once the window is exposed: Qt paints a widget window synchronously while it
        delivers the expose event that marks the window exposed (QWidgetWindow::handleExposeEvent), on xcb as
        offscreen, so a timer never sees an exposed window that is not painted yet."""
        handle = self.windowHandle()
        self._frame_polls_left -= 1
        if (handle is None or not handle.isExposed()) and self._frame_polls_left > 0:
            return
        self._frame_watch.stop()
        self._frame_watch.deleteLater()
        self._frame_watch = None
        waiting, self._after_paint = self._after_paint or [], None
        for fn in waiting:  # queued, as they were registered: each on a turn of its own
            QTimer.singleShot(0, self, fn)

    def page(self, key: str) -> QWidget:
        """The page for `key`, built now if it has not been shown yet."""
        if key not in self.pages:
            module = page_module(key)
            if key in PRIVATE_PAGES and not sees_private(self.actor):
                from clubdesk.ui.pages.later import LaterPage

                page = LaterPage(_page_titles()[key], tr("Учётная запись табло видит только открытые данные: "
                                                         "столы, счёт, таблицы и рассадку."))
            elif module is not None:
                page = module.create_page(self.club, self.actor, self)
            else:
                from clubdesk.ui.pages.later import LaterPage

                page = LaterPage(_page_titles()[key], _later_texts()[key])
            self.stack.addWidget(page)
            self.pages[key] = page
            if key != "players":  # its user text is in a table model (plain); the first frame must stay cheap
                from clubdesk.ui.plain import plain_text_labels

                plain_text_labels(page)
        return self.pages[key]

    def _on_row(self, row: int) -> None:
        if row >= 0:
            self.stack.setCurrentWidget(self.page(PAGES[row]))

    def show_page(self, key: str) -> None:
        self.sidebar.setCurrentRow(PAGES.index(key))

    def current_page(self) -> str:
        shown = self.stack.currentWidget()
        return next((key for key, page in self.pages.items() if page is shown), "players")

    def _restore(self) -> None:
        geometry = self._settings.value("main/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1200, 720)
        self._keep_on_screen()
        last = self._settings.value("main/page", "players")
        self.show_page(last if last in PAGES else "players")

    def unfinished(self) -> list[str]:
        """What is still going on (issue 38 item 5): running Жук rounds (their clocks run on), this desk's running
        Пирамидка matches and Mafia games, a shot typed and not recorded, and the phones' table page."""
        from PySide6.QtWidgets import QApplication

        from clubdesk.services.running import running_games
        from clubdesk.services.tournaments import TournamentService

        svc = TournamentService(self.club.store, self.club.games)
        rounds: dict[str, list[int]] = {}
        for t in svc.running_tables():
            rounds.setdefault(t.round_id, []).append(t.number)
        lines = []
        for rid, numbers in rounds.items():
            tid, info = svc.round_info(rid)
            what = tr("финал") if info.stage == 4 else tr("этап {s}").format(s=info.stage)
            playing = (tr("играет стол {tables}") if len(numbers) == 1 else tr("играют столы {tables}")).format(
                tables=", ".join(map(str, numbers)))
            lines.append(tr("«Жук» {name}: {what}, раунд {r} — {playing}").format(
                name=svc.get(tid).name, what=what, r=info.number, playing=playing))
        games = running_games(self.club.store)
        for g in games[:MAX_GAME_LINES]:
            lines.append(_running_line(g))
        if len(games) > MAX_GAME_LINES:
            lines.append(tr("и ещё игр: {n}").format(n=len(games) - MAX_GAME_LINES))
        listed = {g.game_id for g in games}
        for w in QApplication.topLevelWidgets():  # a window's own line: a typed shot, a game not listed above
            text = w.open_game_text() if w.isVisible() and hasattr(w, "open_game_text") else ""
            if text and getattr(w, "game_id", None) not in listed:
                lines.append(text)
        web = getattr(self.pages.get("live"), "web", None)
        if web is not None and web.running:
            phones = web.server.pairing.sessions_open()
            lines.append(tr("Страница для столов: телефоны, вошедшие в неё ({n}), потеряют связь со стойкой")
                         .format(n=phones) if phones else
                         tr("Страница для столов: телефоны у столов потеряют связь со стойкой"))
        return lines

    def run_dialog(self, box) -> bool:
        """Modal here; tests answer the same box through its buttons. True: the accepting button was clicked."""
        box.exec()
        return box.clickedButton() is box.accept_button

    def _keep_on_screen(self) -> None:
        """No taller or wider than the screen's free area (a 1366×768 laptop: 1366×~728), and inside it."""
        from PySide6.QtCore import QRect
        from PySide6.QtGui import QGuiApplication

        if self.isMaximized() or self.isFullScreen():
            return
        area = (self.screen() or QGuiApplication.primaryScreen()).availableGeometry()
        self.resize(self.size().boundedTo(QSize(area.width(), area.height() - 32)))
        frame = QRect(self.pos(), QSize(self.width(), self.height() + 32))
        if not area.contains(frame):
            frame.moveCenter(area.center())
            self.move(max(area.left(), frame.left()), max(area.top(), frame.top()))

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        from PySide6.QtWidgets import QMessageBox

        # Asked only of a person closing the running window: not of a restored backup's reopening, nor of the
        # screenshots or the shutdown clean-up (their windows never run an event loop of their own).
        asked = self.in_event_loop and self.isVisible() and self.reopen is None
        busy = self.unfinished() if asked else []
        if busy:
            box = QMessageBox(QMessageBox.Icon.Warning, tr("Закрыть ClubDesk?"),
                              tr("Ещё не закончено:") + "\n" + "\n".join(f"• {line}" for line in busy), parent=self)
            box.setInformativeText(tr("Всё записанное сохранено: после запуска игры продолжатся с того же места. "
                                      "Часы раунда «Жука» идут и без программы: раунд, время которого вышло, "
                                      "закончится при запуске сам."))
            box.accept_button = box.addButton(tr("Закрыть программу"), QMessageBox.ButtonRole.AcceptRole)
            box.setDefaultButton(box.addButton(tr("Не закрывать"), QMessageBox.ButtonRole.RejectRole))
            if not self.run_dialog(box):
                event.ignore()
                return
        if asked:  # «Закрыть программу» closes the program: the host panels, tables and boards go with it
            from PySide6.QtWidgets import QApplication
            for w in QApplication.topLevelWidgets():
                if w is not self and w.isVisible():
                    w.close()  # a typed shot was named above: its window gives it up without a second question
        worker = getattr(self.club, "_sync_worker", None)
        if worker is not None:
            worker.stop()
        self._settings.setValue("main/geometry", self.saveGeometry())
        self._settings.setValue("main/page", self.current_page())
        super().closeEvent(event)
