"""Пирамидка tournaments on the draws page: the list, the draw, the bracket; a bout's game opens from the bracket."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.reports.bracket_layout import layout
from clubdesk.services.accounts import Actor
from clubdesk.services.pyramid_tournaments import ORGANISER_ROLES, RECORD_ROLES, PyramidTournamentService
from clubdesk.ui.i18n import tr
from clubdesk.ui.pyramid.bracket_view import BracketView
from clubdesk.ui.pyramid.bracket_words import labels
from clubdesk.ui.views import enable, error_label, fill_tournaments

REFRESH_MS = 2000  # a game ended in its window shows in the bracket within this


class PyramidTournamentsPanel(QWidget):
    """The tournaments of the club and the selected one's bracket. `open_match(game_id)` opens a game's window
    (the match panel's, so one window per match)."""

    def __init__(self, club, actor: Actor, open_match=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club, self.actor, self.open_match = club, actor, open_match
        self.svc = PyramidTournamentService.of(club)
        self.boards: list = []
        self.selected: str | None = None
        self.list = QListWidget()
        self.list.setFixedWidth(230)
        self.new_button = QPushButton(tr("Новый турнир…"))
        self.new_button.setEnabled(actor.has(*ORGANISER_ROLES))
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.new_button)
        self.info = QLabel()
        self.info.setTextFormat(Qt.TextFormat.RichText)  # names escaped where they are put in
        self.info.setWordWrap(True)
        self.method = QComboBox()
        self.method.addItem(tr("посев по рейтингу"), "rating")
        self.method.addItem(tr("случайный посев"), "random")
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(tr("зерно: пусто — случайное"))
        self.seed.setFixedWidth(190)
        self.draw_button = QPushButton(tr("Жеребьёвка"))
        self.play_button = QPushButton(tr("Играть партию"))
        self.walk_over_who = QComboBox()
        self.walk_over_button = QPushButton(tr("Неявка: победа"))
        self.correct_button = QPushButton(tr("Исправить партию…"))
        self.withdraw_who = QComboBox()
        self.withdraw_button = QPushButton(tr("Снять с турнира"))
        self.undo_button = QPushButton(tr("Отменить последнее"))
        self.board_button = QPushButton(tr("На табло"))
        self.print_button = QPushButton(tr("Печать…"))
        self.excel_button = QPushButton(tr("Excel…"))
        self.error = error_label()
        row1, row2 = QHBoxLayout(), QHBoxLayout()
        for w in (self.method, self.seed, self.draw_button, self.play_button, self.walk_over_who,
                  self.walk_over_button, self.correct_button):
            row1.addWidget(w)
        row1.addStretch(1)
        for w in (self.withdraw_who, self.withdraw_button, self.undo_button, self.board_button, self.print_button,
                  self.excel_button):
            row2.addWidget(w)
        row2.addStretch(1)
        self.view = BracketView()
        right = QVBoxLayout()
        right.addWidget(self.info)
        right.addLayout(row1)
        right.addLayout(row2)
        right.addWidget(self.error)
        right.addWidget(self.view, 1)
        top = QHBoxLayout(self)
        top.setContentsMargins(0, 0, 0, 0)
        top.addLayout(left)
        top.addLayout(right, 1)

        self.list.currentRowChanged.connect(lambda _r: self._select(None))
        self.new_button.clicked.connect(self.new_tournament)
        self.draw_button.clicked.connect(lambda: self._act(self._draw))
        self.play_button.clicked.connect(lambda: self._act(self._play))
        self.walk_over_button.clicked.connect(lambda: self._act(self._walk_over))
        self.correct_button.clicked.connect(lambda: self._act(self._correct))
        self.withdraw_button.clicked.connect(lambda: self._act(self._withdraw))
        self.undo_button.clicked.connect(lambda: self._act(self._undo))
        self.board_button.clicked.connect(self.show_board)
        self.print_button.clicked.connect(self.print_bracket)
        self.excel_button.clicked.connect(self.export_excel)
        self.view.canvas.bout_clicked.connect(self._select)
        self.view.canvas.bout_clicked.connect(lambda _c: self.view.setFocus())
        self._timer = QTimer(self, interval=REFRESH_MS)
        self._timer.timeout.connect(self._tick)
        self._timer.start()
        self.reload()

    # ---- showing -------------------------------------------------------------------------------
    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def reload(self, select: str | None = None) -> None:
        keep = select or self.current()
        fill_tournaments(self.list, self.svc.tournaments(), keep)
        self.refresh()

    def _tick(self) -> None:
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        tid = self.current()
        organiser, recorder = self.actor.has(*ORGANISER_ROLES), self.actor.has(*RECORD_ROLES)
        for w in (self.draw_button, self.play_button, self.walk_over_button, self.correct_button,
                  self.withdraw_button, self.undo_button, self.board_button, self.print_button, self.excel_button):
            w.setEnabled(bool(tid))
        if tid is None:
            self.info.setText(tr("Турниров «Пирамидки» пока нет. Создайте турнир и выберите участников."))
            self.view.canvas.set_drawing(layout({}, {}))
            return
        if recorder:
            try:
                self.svc.settle(self.actor, tid)  # a result a crash left uncounted
            except KnownError:
                pass
        info, state = self.svc.get(tid), self.svc.state(tid)
        live = self.svc.live(tid)
        names = self.svc.board_names(info.players)
        self.view.canvas.set_drawing(layout(state, names, live, labels()))
        drawn = state["draw"] is not None
        enable(self.draw_button, organiser and not drawn,
               tr("Жеребьёвка уже проведена") if drawn else tr("Жеребьёвку проводит администратор"))
        self.method.setEnabled(self.draw_button.isEnabled())
        self.seed.setEnabled(self.draw_button.isEnabled())
        enable(self.undo_button, organiser and drawn, tr("Отменяет администратор"))
        self.withdraw_who.clear()
        out = set(state["eliminated"])
        for pid in info.players:
            if pid not in out:
                self.withdraw_who.addItem(names.get(pid, pid), pid)
        enable(self.withdraw_button, organiser and not state["finished"] and self.withdraw_who.count() > 0,
               tr("Снимает администратор"))
        self.withdraw_who.setEnabled(self.withdraw_button.isEnabled())
        self._show_bout(state, names, live, recorder)
        self._info(info, state, names)

    def _info(self, info, state: dict, names: dict) -> None:
        fmt = {"single": tr("олимпийская система"), "double": tr("двойное выбывание"),
               "groups": tr("группы и плей-офф")}[info.format]
        parts = [f"<b>{escape(info.name)}</b>", fmt, tr("участников: {n}").format(n=len(info.players))]
        if state["draw"]:
            parts.append(tr("зерно {seed}").format(seed=state["draw"]["seed"]))
        if state["champion"]:
            parts.append(tr("победитель: {name}").format(name=escape(names.get(state["champion"], ""))))
        if self.selected:
            parts.append(tr("выбрана встреча {code}").format(code=escape(self.selected)))
        self.info.setText(" · ".join(parts))

    def _show_bout(self, state: dict, names: dict, live: dict, recorder: bool) -> None:
        bout = next((b for b in state["bouts"] if b["code"] == self.selected), None)
        ready = bout is not None and bout["winner"] is None and all(bout["players"])
        why = tr("Щёлкните встречу в сетке, в которой известны оба игрока")
        enable(self.play_button, recorder and ready, why if recorder else tr("Партии ведёт маркер или стойка"))
        if ready and self.selected in live:
            self.play_button.setText(tr("Открыть партию"))
        else:
            self.play_button.setText(tr("Играть партию"))
        self.walk_over_who.clear()
        if ready:
            for pid in bout["players"]:
                self.walk_over_who.addItem(names.get(pid, pid), pid)
        enable(self.walk_over_button, recorder and ready, why)
        self.walk_over_who.setEnabled(self.walk_over_button.isEnabled())
        counted = bout is not None and bool(bout["games"]) and bool(bout["games"][-1])
        enable(self.correct_button, recorder and counted,
               tr("Партии исправляет маркер или стойка") if not recorder else
               tr("Щёлкните встречу, в которой засчитана партия"))

    def _select(self, code: str | None) -> None:
        self.selected = self.view.canvas.selected = code
        self.refresh()
        self.view.canvas.update()

    # ---- actions -------------------------------------------------------------------------------
    def _act(self, action) -> None:
        try:
            action()
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.error.hide()
        self.refresh()

    def _draw(self) -> None:
        text = self.seed.text().strip()
        if text and not text.isdigit():
            raise KnownError("Зерно — целое число (или пусто для случайного).",
                             "The seed is a whole number (or empty for a random one).")
        self.svc.draw(self.actor, self.current(), self.method.currentData(), int(text) if text else None)
        self.seed.clear()

    def _play(self) -> None:
        game_id = self.svc.start_game(self.actor, self.current(), self.selected)
        if self.open_match is not None:
            self.open_match(game_id)

    def _correct(self) -> None:
        """The bout's last counted game back to its window for correction; counted again when it ends (PT§5)."""
        reason, ok = QInputDialog.getText(
            self, tr("Исправить партию"),
            tr("Последняя засчитанная партия встречи {code} снимается с сетки и открывается для исправления; "
               "когда она закончится, её результат засчитается снова.\n"
               "Причина исправления (запишется с вашим именем):").format(code=self.selected))
        if not ok:
            return
        game_id = self.svc.correct_game(self.actor, self.current(), self.selected, reason)
        if self.open_match is not None:
            self.open_match(game_id)

    def _walk_over(self) -> None:
        self.svc.walk_over(self.actor, self.current(), self.selected, self.walk_over_who.currentData())

    def _withdraw(self) -> None:
        self.svc.withdraw(self.actor, self.current(), self.withdraw_who.currentData())

    def _undo(self) -> None:
        self.svc.undo(self.actor, self.current(), tr("отмена в сетке"))

    def new_tournament(self) -> None:
        from clubdesk.ui.pyramid.new_tournament import NewPyramidTournamentDialog

        dialog = NewPyramidTournamentDialog(self.svc, self.club.players, self.actor, self)
        if dialog.exec() and dialog.created:
            self.reload(dialog.created)

    def show_board(self) -> None:
        from clubdesk.ui.pyramid.bracket_board import BracketBoard

        if self.current():
            board = BracketBoard(self.svc, self.current())
            self.boards.append(board)
            board.show_on_display()

    def print_bracket(self) -> None:
        if self.current():
            from clubdesk.ui.print_preview import print_pyramid_tournament

            print_pyramid_tournament(self, self.club, self.current())

    def export_excel(self) -> None:
        if self.current():
            from clubdesk.ui.pyramid.bracket_export import save_xlsx

            save_xlsx(self, self.svc, self.current())
