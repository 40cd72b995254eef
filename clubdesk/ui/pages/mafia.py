"""Mafia page: evenings, check-in, seating, games (host panel, public display) and evening standings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.optional import optional_module
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import EveningService
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.dialogs import EveningDialog
from clubdesk.ui.mafia.display import PublicDisplay
from clubdesk.ui.mafia.games_tab import GamesTab, StandingsTab
from clubdesk.ui.mafia.registration import RegistrationTab
from clubdesk.ui.mafia.seating_tab import SeatingTab
from clubdesk.ui.models.mafia import EveningsModel
from clubdesk.ui.views import table_view


class MafiaPage(QWidget):
    def __init__(self, service: EveningService, actor: Actor, protocols=None, parent=None) -> None:
        super().__init__(parent)
        self.service, self._actor = service, actor
        self.evenings = EveningsModel(service.list, self)
        title = QLabel(tr("Мафия"))
        title.setObjectName("pageTitle")
        self.list = table_view(self.evenings)
        self.list.setFixedWidth(250)
        self.list.hideColumn(2)
        self.new = QPushButton(tr("Новый вечер…"))
        self.new.setEnabled(actor.has("desk", "host"))
        self.season_button = QPushButton(tr("Сезон…"))
        self.season_button.setToolTip(tr("Таблица игроков за период: все вечера, рейтинг по баллам клуба"))
        self.header = QLabel()
        self.header.setObjectName("sectionTitle")
        self.header.setWordWrap(True)
        self.registration = RegistrationTab(service, actor)
        self.seating = SeatingTab(service, actor)
        self.games = GamesTab(service, actor)
        self.standings = StandingsTab(service, actor, protocols)
        self.tabs = QTabWidget()
        for w, name in ((self.registration, tr("Регистрация")), (self.seating, tr("Рассадка")),
                        (self.games, tr("Игры")), (self.standings, tr("Итоги вечера"))):
            self.tabs.addTab(w, name)
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.new)
        left.addWidget(self.season_button)
        right = QVBoxLayout()
        right.addWidget(self.header)
        right.addWidget(self.tabs, 1)
        body = QHBoxLayout()
        body.addLayout(left)
        body.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(body, 1)
        self.new.clicked.connect(self.new_evening)
        self.season_button.clicked.connect(self.open_season)
        self.list.selectionModel().selectionChanged.connect(self._selected)
        self.tabs.currentChanged.connect(lambda _i: self.current_tab_refresh())
        if self.evenings.rowCount():
            self.list.selectRow(0)
        else:
            self._show(None)

    def open_season(self):
        """The season window over every evening (a period, not this evening)."""
        from clubdesk.services.seasons import SeasonService
        from clubdesk.ui.mafia.season_window import SeasonWindow

        self._season = SeasonWindow(SeasonService(self.service), self.service.players.today())
        self._season.show()
        return self._season

    def evening_id(self) -> str | None:
        rows = self.list.selectionModel().selectedRows()
        return self.evenings.row_at(rows[0].row()).id if rows else None

    def _selected(self) -> None:
        self._show(self.evening_id())

    def _show(self, evening_id: str | None) -> None:
        if evening_id:
            e = self.service.get(evening_id)
            self.header.setText(tr("{title} · ведущий: {host} · столов: {tables} · очки: {scoring}").format(
                title=e.title() if not e.name else f"{e.name}, {e.date:%d.%m.%Y}", host=e.host_name or "—",
                tables=e.tables, scoring=tr("ФИИМ") if e.scoring == "fiim" else tr("только победы")))
        else:
            self.header.setText(tr("Создайте вечер: «Новый вечер…»"))
        self.tabs.setEnabled(evening_id is not None)
        for tab in (self.registration, self.seating, self.games, self.standings):
            tab.set_evening(evening_id)

    def current_tab_refresh(self) -> None:
        """Another tab may have changed what this one shows (check-ins → seating → games → standings)."""
        tab = self.tabs.currentWidget()
        if self.evening_id():
            tab.refresh()

    def new_evening(self) -> None:
        dialog = EveningDialog(self.service, self._actor, self.service.players.today(), self)
        if dialog.exec() and dialog.saved:
            self.select(dialog.saved.id)

    def select(self, evening_id: str) -> None:
        self.evenings.refresh()
        row = next(i for i in range(self.evenings.rowCount()) if self.evenings.row_at(i).id == evening_id)
        self.list.selectRow(row)


def create_page(club, actor: Actor, window) -> MafiaPage:
    protocols = optional_module("clubdesk.services.protocols")
    service = EveningService(club.store, club.games, club.players)
    return MafiaPage(service, actor, protocols.ProtocolService(club.store, club.games) if protocols else None)


def _save(widget: QWidget, path: Path) -> Path:
    QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise OSError(f"cannot write {path}")
    return path


def extra_screenshots(window, out_dir: Path) -> list[Path]:
    """mafia-evening.png, mafia-seating.png, mafia-host.png, mafia-display.png of the demo evening, and
    mafia-season.png (the season window over the demo club's evenings)."""
    page: MafiaPage = window.page("mafia")
    written = []
    page.tabs.setCurrentWidget(page.registration)
    written.append(_save(window, out_dir / "mafia-evening.png"))
    page.tabs.setCurrentWidget(page.seating)
    written.append(_save(window, out_dir / "mafia-seating.png"))
    page.tabs.setCurrentWidget(page.games)
    games = page.games
    running = next((i for i in range(games.model.rowCount()) if games.model.row_at(i).winner is None), None)
    if running is not None:
        games.view.selectRow(running)
        host = games.open_game(display=False)
        host.resize(1280, 860)
        written.append(_save(host, out_dir / "mafia-host.png"))
        c = games.controller(running)
        display = PublicDisplay(c, c.title)
        display.resize(1280, 720)
        display.show()
        written.append(_save(display, out_dir / "mafia-display.png"))
        for w in (host, display):
            w.close()
    page.tabs.setCurrentWidget(page.registration)
    season = page.open_season()
    season.preset.setCurrentIndex(1)  # this quarter: the demo's weekly evenings of the past five weeks
    season.resize(1280, 600)
    written.append(_save(season, out_dir / "mafia-season.png"))
    season.close()
    return written
