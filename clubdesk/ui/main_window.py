"""The main window: a sidebar of pages, the status bar, remembered geometry and last page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from PySide6.QtCore import QSettings, QSize, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMainWindow, QStackedWidget, QWidget

from clubdesk.errors import language
from clubdesk.optional import optional_module
from clubdesk.roles import ROLE_NAMES, Actor
from clubdesk.services.club import Club
from clubdesk.ui.i18n import tr

PAGES = ("players", "draws", "live", "mafia", "protocols", "sync")

# A page with a module here is built by its `create_page(club, actor, window) -> QWidget`; a page whose
# module does not exist yet shows what it will do (LaterPage).
PAGE_MODULES = {"players": "clubdesk.ui.pages.players", "draws": "clubdesk.ui.pages.draws",
                "live": "clubdesk.ui.pages.live", "mafia": "clubdesk.ui.pages.mafia",
                "protocols": "clubdesk.ui.pages.protocols", "sync": "clubdesk.ui.pages.sync"}


def page_module(key: str) -> ModuleType | None:
    return optional_module(PAGE_MODULES[key])


def _page_titles() -> dict[str, str]:
    return {"players": tr("Игроки"), "draws": tr("Жеребьёвка"), "live": tr("Столы"),
            "mafia": tr("Мафия"), "protocols": tr("Протоколы"), "sync": tr("Синхронизация")}


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


class MainWindow(QMainWindow):
    def __init__(self, club: Club, actor: Actor, settings: QSettings | None = None) -> None:
        super().__init__()
        self.club, self.actor = club, actor
        self._settings = settings or QSettings()
        self._after_paint: list[Callable[[], None]] | None = []  # None once the first frame is painted
        self.reopen: Path | None = None  # set when the store must be reopened (a restored backup)
        self.in_event_loop = False  # app.exec() runs for this window (clubdesk.ui.app sets it)
        self.setWindowTitle(tr("ClubDesk — стойка клуба"))
        self.setMinimumSize(QSize(760, 540))

        self.sidebar = QListWidget()
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(200)
        self.stack = QStackedWidget()
        # Pages are built the first time they are shown: the window opens as fast as its first page.
        self.pages: dict[str, QWidget] = {}
        titles = _page_titles()
        for key in PAGES:
            self.stack.addWidget(QWidget())
            QListWidgetItem(titles[key], self.sidebar)
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

    def _build_status_bar(self) -> None:
        store = self.club.store
        lang_index = 1 if language() == "en" else 0
        roles = ", ".join(ROLE_NAMES[r][lang_index] for r in sorted(self.actor.roles))
        bar = self.statusBar()
        bar.addWidget(QLabel(tr("База: {path}").format(path=store.path)))
        bar.addPermanentWidget(QLabel(tr("Стойка {desk}").format(desk=store.desk_id[:8])))
        bar.addPermanentWidget(QLabel(tr("Вход: {login} ({roles})").format(login=self.actor.login, roles=roles)))

    def after_first_paint(self, fn: Callable[[], None]) -> None:
        """Run `fn` on the event loop's next turn after the window's first frame (soon, if it is painted).

        Start-up puts here what the first frame does not need: the store check and ORM load, the ratings.
        """
        if self._after_paint is None:
            QTimer.singleShot(0, self, fn)
        else:
            self._after_paint.append(fn)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if self._after_paint is not None:
            # Queued, not called: the children of this frame are painted before any of it runs.
            for fn in self._after_paint:
                QTimer.singleShot(0, self, fn)
            self._after_paint = None

    def page(self, key: str) -> QWidget:
        """The page for `key`, built now if it has not been shown yet."""
        if key not in self.pages:
            module = page_module(key)
            if module is not None:
                page = module.create_page(self.club, self.actor, self)
            else:
                from clubdesk.ui.pages.later import LaterPage

                page = LaterPage(_page_titles()[key], _later_texts()[key])
            index = PAGES.index(key)
            placeholder = self.stack.widget(index)
            self.stack.insertWidget(index, page)
            self.stack.removeWidget(placeholder)
            placeholder.deleteLater()
            self.pages[key] = page
        return self.pages[key]

    def _on_row(self, row: int) -> None:
        if row >= 0:
            self.page(PAGES[row])
            self.stack.setCurrentIndex(row)

    def show_page(self, key: str) -> None:
        self.sidebar.setCurrentRow(PAGES.index(key))

    def current_page(self) -> str:
        return PAGES[max(self.stack.currentIndex(), 0)]

    def _restore(self) -> None:
        geometry = self._settings.value("main/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1200, 760)
        last = self._settings.value("main/page", "players")
        self.show_page(last if last in PAGES else "players")

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._settings.setValue("main/geometry", self.saveGeometry())
        self._settings.setValue("main/page", self.current_page())
        super().closeEvent(event)
