"""Live tables page: every running Жук table as a card, round clocks, the scoreboard; click a table to score it.
Below them the running Пирамидка matches (clubdesk/ui/pyramid/tables.py, when that area is installed)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from clubdesk.optional import optional_module
from clubdesk.services.accounts import Actor
from clubdesk.services.scopes import referee_accounts
from clubdesk.ui.game_windows import GameWindows
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import guard
from clubdesk.ui.window_styles import ZHUK, style_window
from clubdesk.ui.zhuk.board import TableBoard
from clubdesk.ui.zhuk.clock import clock_text
from clubdesk.ui.zhuk.end_round import EndRoundDialog
from clubdesk.ui.zhuk.hub import ZhukHub, hub_for
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
from clubdesk.ui.zhuk.scoring import ZhukTableWindow
from clubdesk.ui.zhuk.standings import StandingsWindow
from clubdesk.ui.zhuk.table_referee import TableRefereeDialog


class LivePage(QWidget):
    def __init__(self, hub: ZhukHub, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        style_window(self, ZHUK)  # the cards, Пирамидка's among them, and the round clock
        self.hub, self.actor = hub, actor
        self.windows = GameWindows(self._window_gone)  # game id → its one open scoring window
        self.scoreboard: ScoreboardWindow | None = None
        self.standings: StandingsWindow | None = None
        title = QLabel(tr("Столы"))
        title.setObjectName("pageTitle")
        self.round_label = QLabel()
        self.round_label.setObjectName("roundClock")
        self.pause = QPushButton(tr("Пауза"))
        self.end = QPushButton(tr("Закончить раунд"))
        can_clock = actor.has("desk", "referee")
        self.pause.setEnabled(can_clock)
        self.end.setEnabled(can_clock)
        self.referee_button = QPushButton(tr("Судья стола…"))
        self.referee_button.setEnabled(actor.has("desk"))  # who scores a table from a tablet: the desk decides
        self.referee_button.setToolTip(tr("Кто из судей ведёт стол со страницы для столов") if actor.has("desk")
                                       else tr("Судью стола назначает стойка или администратор"))
        self.board_button = QPushButton(tr("Табло для игроков"))
        self.table_button = QPushButton(tr("Турнирная таблица"))
        # The round line has a row of its own: beside four buttons a tournament's name and the clock were cut
        # («… раунд 1 · 09:3…») in the main window's first size on a laptop.
        bar = QHBoxLayout()
        bar.addWidget(self.pause)
        bar.addWidget(self.end)
        bar.addWidget(self.referee_button)
        bar.addStretch(1)
        bar.addWidget(self.table_button)
        bar.addWidget(self.board_button)
        self.error = QLabel()
        self.error.setObjectName("formError")
        self.error.hide()
        from clubdesk.ui.web_panel import WebPanel

        self.web = WebPanel(hub.club, self)
        self.web.toggle.setEnabled(actor.has("desk"))  # it opens the desk's login to the LAN: the desk decides
        self.web.unpair.setEnabled(actor.has("desk"))
        if not actor.has("desk"):
            self.web.unpair.setToolTip(tr("Телефоны отвязывает стойка или администратор"))
        QApplication.instance().aboutToQuit.connect(self.web.stop)
        hint = QLabel(tr("Щёлкните стол, чтобы вести счёт. Удар вводится цифрами, Enter — записать."))
        hint.setObjectName("muted")
        self.board = TableBoard(hub, columns=3)
        self.board.table_clicked.connect(self.open_table)
        self.board.referee_requested.connect(lambda t: self.assign_referee(t.game_id))
        self.board.cancel_requested.connect(lambda t: self.cancel_table(t))
        content = QWidget()
        tables = QVBoxLayout(content)
        tables.addWidget(self.board)
        self.pyramid = self._pyramid_tables()
        if self.pyramid is not None:
            tables.addWidget(self.pyramid)
        tables.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(content)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.round_label)
        layout.addLayout(bar)
        layout.addWidget(self.error)
        layout.addWidget(self.web)
        layout.addWidget(hint)
        layout.addWidget(scroll, 1)
        self.pause.clicked.connect(self.toggle_pause)
        self.end.clicked.connect(self.end_round)
        self.referee_button.clicked.connect(lambda: self.assign_referee())
        self.board_button.clicked.connect(self.open_scoreboard)
        self.table_button.clicked.connect(self.open_standings)
        hub.tick.connect(self._tick)
        hub.structure_changed.connect(self._structure_changed)
        self._title: tuple[str | None, str] = (None, "")  # the running round and its line, read when it changes
        self._update_round()

    def _pyramid_tables(self) -> QWidget | None:
        module = optional_module("clubdesk.ui.pyramid.tables")
        if module is None:
            return None
        from clubdesk.ui.pyramid.feed import feed_for

        self.pyramid_feed = feed_for(self.hub.club)
        tables = module.PyramidTables(self.pyramid_feed, columns=3)
        tables.match_clicked.connect(self.open_match)
        return tables

    def open_match(self, game_id: str):
        """The Пирамидка match window (the same one «Жеребьёвка» opens)."""
        return self.pyramid_feed.open_match(self.actor, game_id, self)

    def current_round(self) -> str | None:
        tables = self.hub.running_tables()
        return tables[0].round_id if tables else None

    def _structure_changed(self) -> None:
        self._title = (None, "")  # a round started or ended, a tournament renamed: read the line again
        self._update_round()

    def _tick(self) -> None:
        if self.isVisible():  # another page is shown: no clock read twice a second for nobody (showEvent)
            self._update_round()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._update_round()
        super().showEvent(event)

    def _update_round(self) -> None:
        rid = self.current_round()
        self.pause.setVisible(rid is not None)
        self.end.setVisible(rid is not None)
        self.referee_button.setVisible(rid is not None)
        if rid is None:
            self.round_label.setText(tr("Идущих раундов нет"))
            return
        c = self.hub.clock(rid)
        if self._title[0] != rid:  # not on every tick: the tournament's name is read from all its rows
            self._title = (rid, self._round_text(rid))
        self.round_label.setText(f"{self._title[1]} · {clock_text(c)}")
        self.pause.setText(tr("Продолжить") if c.paused else tr("Пауза"))

    def toggle_pause(self) -> None:
        rid = self.current_round()
        if rid is None:
            return
        svc = self.hub.tournaments
        self._guard(lambda: svc.start_clock(self.actor, rid) if svc.clock(rid).paused
                    else svc.stop_clock(self.actor, rid))
        self._update_round()

    def end_round(self) -> None:
        """Ask first — which tables, how much time is left — then end the round or one table, by hand."""
        rid = self.current_round()
        if rid is None:
            return
        svc = self.hub.tournaments
        tables = [t for t in svc.running_tables() if t.round_id == rid]
        names = svc.names(p for t in tables for p in t.players)
        dialog = EndRoundDialog(self._round_text(rid), clock_text(svc.clock(rid)), tables, names, self)
        if not self.run_dialog(dialog):
            return
        game_id = dialog.choice()
        if game_id is None:
            self._guard(lambda: self.hub.end_round(self.actor, rid))
        else:
            self._guard(lambda: self.hub.end_table(self.actor, rid, game_id))

    def referee_dialog(self, game_id: str | None = None) -> TableRefereeDialog | None:
        """«Судья стола…» over the running tables, on this one (its card's menu); None when no table runs or the
        account may not assign (the card's menu is everyone's: the line above the tables names the role)."""
        svc = self.hub.tournaments
        tables = svc.running_tables()
        referees: list = []
        if not tables or not self._guard(lambda: referees.extend(referee_accounts(self.hub.club.store, self.actor))):
            return None
        names = svc.board_names(p for t in tables for p in t.players)  # «Штопор», not four full names in a line
        return TableRefereeDialog(tables, names, referees, game_id, self)

    def assign_referee(self, game_id: str | None = None) -> None:
        """Pick a running table and a referee account, or any referee; the cards show it at once."""
        dialog = self.referee_dialog(game_id)
        if dialog is not None and self.run_dialog(dialog):
            gid, login = dialog.choice()
            self._guard(lambda: self.hub.set_referee(self.actor, gid, login))

    @staticmethod
    def run_dialog(dialog) -> bool:
        """Modal here; tests answer the same dialog through its widgets."""
        return bool(dialog.exec())

    def _round_text(self, rid: str) -> str:
        tid, info = self.hub.tournaments.round_info(rid)
        what = tr("финал") if info.stage == 4 else tr("этап {s}").format(s=info.stage)
        return tr("{name}: {what}, раунд {r}").format(name=self.hub.tournaments.get(tid).name, what=what,
                                                      r=info.number)

    def cancel_table(self, table, ask=None, tell=None) -> bool:
        """A Жук table seated by mistake, before its first shot: cancelled after a confirmation (ui/cancel_game.py)."""
        from clubdesk.ui.cancel_game import cancel_game

        what = tr("Стол {n}").format(n=table.number) + " · " + self._round_text(table.round_id)
        return cancel_game(self, self.hub, self.actor, table.game_id, what, ask=ask, tell=tell)

    def _guard(self, action) -> bool:
        return guard(self.error, action)

    def open_table(self, table) -> ZhukTableWindow:
        """The table's scoring window: the open one raised, else a new one (deleted when it is closed)."""
        return self.windows.open(table.game_id, lambda: self._table_window(table))

    def _table_window(self, table) -> ZhukTableWindow:
        tid, info = self.hub.tournaments.round_info(table.round_id)
        what = tr("финал") if info.stage == 4 else tr("этап {s}").format(s=info.stage)
        title = tr("Стол {n} — {name}, {what}, раунд {r}").format(
            n=table.number, name=self.hub.tournaments.get(tid).name, what=what, r=info.number)
        return ZhukTableWindow(self.hub, self.actor, table.game_id, table.round_id, title, self)

    def _window_gone(self, game_id: str) -> None:
        """The engine of a table no longer running goes with its window; a running one's stays: its card shows it."""
        if game_id not in self.board.cards:
            self.hub.games.forget({game_id})

    def open_scoreboard(self) -> ScoreboardWindow:
        if self.scoreboard is None:
            self.scoreboard = ScoreboardWindow(self.hub, self)
        self.scoreboard.show_on_display()
        return self.scoreboard

    def open_standings(self) -> StandingsWindow:
        if self.standings is None:
            self.standings = StandingsWindow(self.hub, self)
        self.standings.show()
        self.standings.raise_()
        return self.standings


def create_page(club, actor: Actor, window) -> LivePage:
    return LivePage(hub_for(club, actor), actor)


def extra_screenshots(window, out_dir: Path) -> list[Path]:
    """zhuk-table.png (the scoring window of a demo table), scoreboard.png, table-referee.png, standings.png."""
    page: LivePage = window.page("live")
    written = []
    tables = page.hub.tournaments.running_tables()
    shots: list[tuple[str, QWidget]] = []
    if tables:
        win = page.open_table(tables[0])
        win.resize(1280, 800)
        shots.append(("zhuk-table", win))
    board = page.open_scoreboard()
    board.resize(1280, 720)
    shots.append(("scoreboard", board))
    dialog = page.referee_dialog(tables[0].game_id) if tables else None
    if dialog is not None:
        shots.append(("table-referee", dialog))
    standings = page.open_standings()
    standings.resize(1100, 700)
    standings.standings.refresh_chart()  # now, not a quarter of a second after the table
    shots.append(("standings", standings))
    for name, widget in shots:
        QApplication.processEvents()
        path = out_dir / f"{name}.png"
        if not widget.grab().save(str(path)):
            raise OSError(f"cannot write {path}")
        written.append(path)
        if widget is not standings:
            widget.close()
    # standings-chart.png: the tournament with the most rounds seated, its balances drawn round by round
    tours = page.hub.tournaments.tournaments()
    if tours:
        svc = page.hub.tournaments
        most = max(tours, key=lambda t: sum(1 for st in svc.stages(t.id) for r in st.rounds if svc.tables(r.id)))
        standings.standings.show_tournament(most.id)
        standings.standings.refresh_chart()
        QApplication.processEvents()
        path = out_dir / "standings-chart.png"
        if not standings.grab().save(str(path)):
            raise OSError(f"cannot write {path}")
        written.append(path)
    standings.close()
    return written
