"""Games and standings tabs of an evening: start a table's game, open the host panel and the display;
the evening standings (M-7) with CSV, Excel and PDF export, and club-ban flags to confirm.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from clubdesk.errors import KnownError, language
from clubdesk.services.accounts import Actor
from clubdesk.services.evenings import EveningService
from clubdesk.ui.cancel_game import action_text, cancel_game
from clubdesk.ui.game_windows import GameWindows
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.controller import GameController
from clubdesk.ui.mafia.display import PublicDisplay
from clubdesk.ui.mafia.feed import feed_for
from clubdesk.ui.mafia.host_panel import HostPanel
from clubdesk.ui.models.mafia import GamesModel, StandingsModel
from clubdesk.ui.views import enable, error_label, table_view


class GamesTab(QWidget):
    def __init__(self, service: EveningService, actor: Actor, parent=None) -> None:
        super().__init__(parent)
        self._svc, self._actor = service, actor
        self.evening_id: str | None = None
        self._seated = False  # the evening has a seating: «Начать игру» has games to offer
        self.model = GamesModel(self._rows, self)
        self.view = table_view(self.model)
        self.slot = QComboBox()
        self.slot.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # «Игра 2, стол 1» whole
        self.start = QPushButton(tr("Начать игру"))
        self.host = QPushButton(tr("Панель ведущего"))
        self.host.setObjectName("primary")
        self.display = QPushButton(tr("Табло для зала"))
        self.assign = QPushButton(tr("Ведущий игры…"))
        self.assign.setToolTip(tr("Кто ведёт игру с телефона (страница для столов); роли там видит только он"))
        self.cancel = QPushButton(action_text())
        self.message = error_label()
        top = QHBoxLayout()
        for w in (self.slot, self.start):
            top.addWidget(w)
        top.addStretch(1)
        for w in (self.host, self.display):
            top.addWidget(w)
        # who runs the game from a phone: a line of its own, five buttons in one row were cut at the window's width
        second = QHBoxLayout()
        second.addStretch(1)
        second.addWidget(self.cancel)
        second.addWidget(self.assign)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(second)
        layout.addWidget(self.message)
        layout.addWidget(self.view, 1)
        self.start.clicked.connect(self.start_game)
        self.slot.currentIndexChanged.connect(lambda _i: self._sync_start())
        self.cancel.clicked.connect(lambda: self.cancel_game())  # clicked(bool) is not the question to ask with
        self.host.clicked.connect(lambda: self.open_game(display=False))
        self.display.clicked.connect(lambda: self.open_game(display=True))
        self.assign.clicked.connect(lambda: self.assign_host())  # clicked(bool) is not the dialog to ask with
        # a host's phone recorded in a game of this evening: its row (step, day) shows it
        feed_for(service.games).changed.connect(self._game_changed)
        self.view.doubleClicked.connect(lambda _i: self.open_game(display=False))
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._sync_buttons())
        self.model.modelReset.connect(self._sync_buttons)
        # One controller per game (its engine state, undo stack and speech clock), shared by its host panel and its
        # room display and gone with the last of them; one of each window per game, deleted when closed.
        self.controllers: dict[str, GameController] = {}
        self.game_windows = GameWindows(self._window_gone)  # (game id, "host" | "display") → the open window

    @property
    def windows(self) -> list[QWidget]:
        """The open host panels and room displays."""
        return self.game_windows.values()

    def _rows(self):
        return self._svc.list_games(self.evening_id, with_cancelled=True) if self.evening_id else []

    def set_evening(self, evening_id: str | None) -> None:
        self.evening_id = evening_id
        self.message.hide()
        self.refresh()

    def refresh(self, pick_slot: bool = True) -> None:
        """`pick_slot=False` after a start: no game of the seating is picked, so the second click of a double
        click finds «Начать игру» disabled instead of starting the next slot (issue 34)."""
        self.model.refresh()
        seating = self._svc.seating(self.evening_id) if self.evening_id else None
        started = {(g.round, g.table) for g in self.model._rows if not g.cancelled}
        self.slot.blockSignals(True)
        self.slot.clear()
        for r, tables in enumerate(seating.rounds if seating else (), 1):
            for t in range(1, len(tables) + 1):
                if (r, t) not in started:
                    self.slot.addItem(tr("Игра {r}, стол {t}").format(r=r, t=t), (r, t))
        self.slot.setPlaceholderText(tr("Выберите игру"))
        self.slot.setCurrentIndex(0 if pick_slot and self.slot.count() else -1)
        self.slot.blockSignals(False)
        self._seated = seating is not None
        self._sync_start()
        if self.model.rowCount():
            self.view.selectRow(self.model.rowCount() - 1)
        self._sync_buttons()

    def _reload_keeping_selection(self) -> None:
        """A recorded event re-reads the games; the game picked stays picked (a reset would drop it, and the
        host panel and room display buttons would then do nothing)."""
        rows = self.view.selectionModel().selectedRows()
        keep = self.model.row_at(rows[0].row()).game_id if rows else None
        self.model.refresh()
        for r in range(self.model.rowCount()):
            if self.model.row_at(r).game_id == keep:
                self.view.selectRow(r)
        self._sync_buttons()
        self._sync_start()  # a game just ended: its table is free for the next

    def _sync_start(self) -> None:
        if not self._seated:
            enable(self.start, False, tr("Сначала рассадка: вкладка «Рассадка»"))
        elif self.slot.count() == 0:
            enable(self.start, False, tr("Все игры рассадки начаты"))
        elif self.slot.currentIndex() < 0:
            enable(self.start, False, tr("Выберите игру рядом с кнопкой"))
        else:  # the service's own rule (services/table_guard.py), said on the button before the click
            busy = self._svc.start_refusal(self.evening_id, *self.slot.currentData())
            enable(self.start, busy is None, busy.message() if busy else "")

    def _sync_buttons(self) -> None:
        picked = self.view.selectionModel().hasSelection()
        why = tr("Выберите игру в списке") if self.model.rowCount() else tr("Сначала нажмите «Начать игру»")
        for button in (self.host, self.display):
            enable(button, picked, why)
        enable(self.assign, picked and self._actor.has("desk"),
               why if not picked else tr("Ведущего игры назначает стойка"))
        game = self.model.row_at(self.view.selectionModel().selectedRows()[0].row()) if picked else None
        enable(self.cancel, game is not None and self._actor.has("desk") and not game.cancelled and game.winner is None,
               why if game is None else tr("Игру отменяет администратор стойки") if not self._actor.has("desk")
               else tr("Игра уже отменена") if game.cancelled else tr("Законченную игру не отменяют"))

    def cancel_game(self, ask=None, tell=None) -> bool:
        """«Отменить игру (создана по ошибке)…» on the picked game: asked first, then the service decides."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return False
        g = self.model.row_at(rows[0].row())
        what = tr("Игра {r}, стол {t}").format(r=g.round, t=g.table)
        if not cancel_game(self, self._svc.games, self._actor, g.game_id, what, ask=ask, tell=tell):
            return False
        feed_for(self._svc.games).changed.emit(g.game_id)  # its host panel, the phone's stream
        self.refresh()
        return True

    def _game_changed(self, game_id: str) -> None:
        if any(g.game_id == game_id for g in self.model._rows):
            self._reload_keeping_selection()

    def assign_host(self, pick=None) -> str | None:
        """Name the host who runs the picked game from a phone (services/scopes.py); «любой ведущий» opens it again.
        Only that account then records it from the table page and sees its roles there; the desk is not scoped."""
        from clubdesk.services.scopes import assign_referee

        pick = pick or QInputDialog.getItem
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        g = self.model.row_at(rows[0].row())
        anyone = tr("любой ведущий")
        names = [anyone] + [name for _id, name in self._svc.hosts()]
        now = self._svc.store.read("SELECT referee FROM games WHERE id = ?", (g.game_id,))[0][0]
        name, ok = pick(self, tr("Ведущий игры"), tr("С телефона игру «{title}» ведёт:").format(title=g.title),
                        names, names.index(now) if now in names else 0, False)
        if not ok:
            return None
        try:
            assign_referee(self._svc.store, self._actor, g.game_id, "" if name == anyone else name)
        except KnownError as exc:
            self.message.setText(exc.message())
            self.message.show()
            return None
        self._reload_keeping_selection()
        return name

    def start_game(self) -> None:
        picked = self.slot.currentData()
        if picked is None or not self.start.isEnabled():
            return
        self.start.setEnabled(False)  # while it starts: one click, one game
        r, t = picked
        players = list(self._svc.seating(self.evening_id).rounds[r - 1][t - 1])
        try:
            self._svc.start_game(self._actor, self.evening_id, r, t, players)
        except KnownError as exc:
            self.message.setText(exc.message())
            self.message.show()
            self._sync_start()
            return
        self.message.hide()
        self.refresh(pick_slot=False)

    def controller(self, row: int) -> GameController:
        g = self.model.row_at(row)
        if g.game_id not in self.controllers:
            names = self._svc.names(list(g.players))
            c = GameController(self._svc.games, self._actor, g.game_id, [names[p] for p in g.players],
                               tr("Игра {r}, стол {t}").format(r=g.round, t=g.table), parent=self)
            c.stateChanged.connect(lambda _s: self._reload_keeping_selection())
            self.controllers[g.game_id] = c
        return self.controllers[g.game_id]

    def open_game(self, display: bool) -> QWidget | None:
        """The picked game's host panel or room display: the open one raised, else a new one."""
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        row = rows[0].row()

        def make() -> QWidget:
            c = self.controller(row)
            return PublicDisplay(c, c.title) if display else HostPanel(c)
        key = (self.model.row_at(row).game_id, "display" if display else "host")
        return self.game_windows.open(key, make, PublicDisplay.show_on_room_screen if display else None)

    def _window_gone(self, key: tuple[str, str]) -> None:
        """The last window of a game is gone: so are its controller and undo stack, and a finished game's engine."""
        game_id = key[0]
        if (game_id, "host") in self.game_windows or (game_id, "display") in self.game_windows:
            return
        c = self.controllers.pop(game_id, None)
        if c is None:
            return
        if c.state["step"] == "finished":
            self._svc.games.forget({game_id})
        if isValid(c):  # not when this tab, its parent, is being deleted itself
            c.deleteLater()


class StandingsTab(QWidget):
    def __init__(self, service: EveningService, actor: Actor, protocols=None, parent=None) -> None:
        super().__init__(parent)
        self._svc, self._actor, self._protocols = service, actor, protocols
        self.evening_id: str | None = None
        self.model = StandingsModel(self._rows, self)
        self.view = table_view(self.model)
        self.csv = QPushButton(tr("Экспорт CSV…"))
        self.xlsx = QPushButton(tr("Excel…"))
        self.pdf = QPushButton(tr("Печать…"))
        self.pdf.setToolTip(tr("Итоги вечера для подписи ведущего: просмотр, печать, PDF"))
        self.pdf.setEnabled(protocols is not None)
        self.note = QLabel(tr("Считаются оконченные игры. Равенство очков: доп. баллы с лучшим ходом, победы, "
                              "убит первым (M-7)."))
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)  # beside the two buttons it was cut at a laptop's width
        self.flags = QListWidget()
        self.flags.setMaximumHeight(110)
        self.confirm = QPushButton(tr("Подтвердить запрет посещения"))
        self.confirm.setEnabled(False)
        self.flags_title = QLabel(tr("Удаления из клуба (группа III) — ждут решения администратора"))
        self.flags_title.setObjectName("sectionTitle")
        top = QHBoxLayout()
        top.addWidget(self.note, 1)
        top.addWidget(self.csv)
        top.addWidget(self.xlsx)
        top.addWidget(self.pdf)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.flags_title)
        row = QHBoxLayout()
        row.addWidget(self.flags, 1)
        row.addWidget(self.confirm)
        layout.addLayout(row)
        self.csv.clicked.connect(self.export_csv)
        self.xlsx.clicked.connect(self.export_xlsx)
        self.pdf.clicked.connect(self.export_pdf)
        self.confirm.clicked.connect(self.confirm_ban)
        self.flags.currentItemChanged.connect(lambda *_: self._sync_confirm())

    def _rows(self):
        return self._svc.standings(self.evening_id) if self.evening_id else []

    def set_evening(self, evening_id: str | None) -> None:
        self.evening_id = evening_id
        self.refresh()

    def refresh(self) -> None:
        self.model.refresh()
        self.flags.clear()
        for f in self._svc.ban_flags(self.evening_id) if self.evening_id else []:
            text = tr("{name}, место {seat}, п. {clause} — {game}").format(name=f.name, seat=f.seat,
                                                                           clause=f.clause, game=f.game_title)
            item = QListWidgetItem(text + (" ✓ " + tr("запрет внесён") if f.confirmed else ""))
            item.setData(256, f)
            self.flags.addItem(item)
        visible = self.flags.count() > 0
        for w in (self.flags, self.confirm, self.flags_title):
            w.setVisible(visible)
        self._sync_confirm()

    def _sync_confirm(self) -> None:
        item = self.flags.currentItem()
        if not self._actor.has("desk"):
            enable(self.confirm, False, tr("Запрет вносит администратор стойки"))
        elif item is None:
            enable(self.confirm, False, tr("Выберите удаление в списке"))
        else:
            enable(self.confirm, not item.data(256).confirmed, tr("Запрет уже внесён"))

    def save_path(self, title: str, name: str, pattern: str) -> str:
        """Asked before an export, in the user's documents; tests replace it."""
        from clubdesk.ui.print_preview import in_documents

        return QFileDialog.getSaveFileName(self, title, str(in_documents(name, "")), pattern)[0]

    def export_csv(self) -> None:
        name = self._protocols.evening_file_name(self.evening_id, tr("итоги вечера"), language()) \
            if self._protocols else tr("итоги вечера")
        path = self.save_path(tr("Итоги вечера в CSV"), f"{name}.csv", "CSV (*.csv)")
        if path:
            Path(path).write_text(self._svc.standings_csv(self.evening_id), encoding="utf-8-sig")

    def export_xlsx(self) -> None:
        path = self.save_path(tr("Итоги вечера в Excel"), "mafia-evening.xlsx", "Excel (*.xlsx)")
        if path:
            Path(path).write_bytes(self._svc.standings_xlsx(self.evening_id))

    def export_pdf(self) -> None:
        from clubdesk.ui.print_preview import preview_pdf
        preview_pdf(self, self._protocols.evening_pdf(self.evening_id, language()), tr("Итоги вечера"),
                    self._protocols.evening_file_name(self.evening_id, tr("итоги вечера"), language()))

    def confirm_ban(self) -> None:
        item = self.flags.currentItem()
        if item is None or item.data(256).confirmed:
            return
        try:
            self._svc.confirm_ban(self._actor, self.evening_id, item.data(256))
        except KnownError as exc:
            self.note.setText(exc.message())
        self.refresh()
