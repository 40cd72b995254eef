"""Where the Пирамидка match window's widgets stand (MatchWindow's): the shot entry's modes, balls, pockets, flags,
trick and foul, its buttons, and the shot log with the match's own actions — built and laid out, no behaviour."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QVBoxLayout,
)

from clubdesk.rules.pyramid100 import FOULS, TRICKS
from clubdesk.ui.cancel_game import action_text
from clubdesk.ui.i18n import tr
from clubdesk.ui.pyramid import text
from clubdesk.ui.pyramid.draft import CALL, OFF, POT
from clubdesk.ui.pyramid.keys import legend
from clubdesk.ui.pyramid.widgets import BallPad, PocketPad, Steady
from clubdesk.ui.views import error_label


class MatchLayout:
    """Mixin of MatchWindow: `_build_entry` makes the entry's widgets and connects them to the window's slots,
    `_layout` puts them and the header (built in MatchWindow.__init__) in place."""

    def _build_entry(self) -> None:
        self.mode_buttons = {}
        self.mode_group = QButtonGroup(self)
        for mode, label in ((CALL, tr("Заказ (Z)")), (POT, tr("Упал в лузу (X)")), (OFF, tr("Вылетел за борт (V)"))):
            b = QPushButton(label)
            b.setCheckable(True)
            b.setObjectName("pyramidMode")
            b.clicked.connect(lambda _c=False, m=mode: self.set_mode(m))
            self.mode_group.addButton(b)
            self.mode_buttons[mode] = b
        self.mode_buttons[CALL].setChecked(True)
        self.balls = BallPad()
        self.balls.clicked.connect(self._ball_clicked)
        self.pockets = PocketPad()
        self.pockets.clicked.connect(self._pocket_clicked)
        self.straight = QCheckBox(tr("прямо-летящий (S)"))
        self.touched = QCheckBox(tr("биток коснулся №10 (F7)"))
        self.blocked = QCheckBox(tr("центральная отметка занята (F10)"))
        self.touched.toggled.connect(lambda on: self._set_flag("touched_control", on))
        self.blocked.toggled.connect(lambda on: self._set_flag("centre_blocked", on))
        self.trick = QComboBox()
        self.trick.addItem(tr("нет"), None)
        for i, key in enumerate(TRICKS, start=8):
            self.trick.addItem(f"{text.trick_names()[key]} (F{i})", key)
        self.trick.currentIndexChanged.connect(lambda _i: self._set_flag("trick", self.trick.currentData()))
        self.trick.setToolTip(tr("Заказанный приём: карамболь или рокамболь на №10 (P§11)"))
        self.foul = QComboBox()
        self.foul.addItem(tr("нет"), None)
        for i, key in enumerate(FOULS, start=1):
            self.foul.addItem(f"{text.foul_names()[key]} (F{i})", key)  # the key of each foul: keys.FOUL_KEYS
        self.foul.currentIndexChanged.connect(lambda _i: self._set_flag("foul", self.foul.currentData()))
        self.summary = QLabel()
        self.summary.setObjectName("pyramidDraft")
        self.summary.setWordWrap(True)
        # Two lines always: a draft line that grows or shrinks would lay the window out again on every key.
        self.summary.setFixedHeight(2 * self.summary.fontMetrics().lineSpacing() + 18)
        self.error = error_label()
        self.fell_button = QPushButton(tr("Упал по заказу (+)"))
        self.fell_button.setObjectName("primary")
        self.fell_button.setToolTip(tr("Заказанный шар упал в заказанную лузу: записать удар"))
        self.fell_button.clicked.connect(self.fell_as_called)
        self.missed_button = QPushButton(tr("Не забит (−)"))
        self.missed_button.setToolTip(tr("Ничего не упало: записать удар без результата, ход переходит"))
        self.missed_button.clicked.connect(self.nothing_fell)
        self.commit_button = QPushButton(tr("Записать удар (Enter)"))
        self.commit_button.clicked.connect(self.commit)
        self.clear_button = QPushButton(tr("Очистить (Esc)"))
        self.clear_button.clicked.connect(self.clear_draft)
        self.undo_button = QPushButton(tr("Отменить последний (Ctrl+Z)"))
        self.undo_button.clicked.connect(self.undo)
        self.concede_button = QPushButton(tr("Сдача партии…"))
        menu = QMenu(self.concede_button)
        for pid in self.players:
            menu.addAction(tr("Сдаётся {name}").format(name=self.names[pid]), lambda p=pid: self._ask_concede(p))
        menu.addSeparator()  # not a loss: a match created by mistake (the wrong referee, a typo in the table)
        menu.addAction(action_text(), lambda: self.cancel_match()).setEnabled(self._actor.has("desk"))
        self.concede_button.setMenu(menu)
        self.print_button = QPushButton(tr("Печать…"))
        self.print_button.setToolTip(tr("Протокол матча для подписи судьи (Ctrl+P)"))
        self.print_button.clicked.connect(self.print_protocol)
        QShortcut(QKeySequence.StandardKey.Print, self, self.print_protocol)
        self.scoreboard_button = QPushButton(tr("Табло в зал"))
        self.scoreboard_button.setToolTip(tr("Счёт матча крупно на экране зала (F11 — во весь экран)"))
        self.scoreboard_button.clicked.connect(self.open_scoreboard)
        self.legend = legend()

    def _layout(self) -> None:
        header = QHBoxLayout()
        centre = QVBoxLayout()
        centre.addWidget(Steady(self.info))
        balls_row = QHBoxLayout()  # the button beside a line, not under it: the header keeps the boxes' height
        balls_row.addWidget(Steady(self.table_balls), 1)
        balls_row.addWidget(self.scoreboard_button, 0, Qt.AlignmentFlag.AlignTop)
        centre.addLayout(balls_row)
        centre.addStretch(1)
        header.addWidget(self.boxes[0], 3)
        header.addLayout(centre, 4)
        header.addWidget(self.boxes[1], 3)

        modes = QHBoxLayout()
        for b in self.mode_buttons.values():
            modes.addWidget(b)
        facts = QFormLayout()
        facts.addRow(tr("Шар"), self.balls)
        pockets_row = QHBoxLayout()
        pockets_row.addWidget(self.pockets, 1)
        pockets_row.addWidget(self.straight)
        facts.addRow(tr("Луза"), pockets_row)
        flags = QHBoxLayout()
        flags.addWidget(self.touched)
        flags.addWidget(self.blocked)
        flags.addStretch(1)
        facts.addRow("", flags)
        choices = QHBoxLayout()
        choices.addWidget(self.trick, 1)
        choices.addWidget(QLabel(tr("Штраф")))
        choices.addWidget(self.foul, 1)
        facts.addRow(tr("Приём"), choices)
        buttons = QHBoxLayout()
        for b in (self.fell_button, self.missed_button, self.commit_button, self.clear_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        entry = QGroupBox(tr("Удар"))
        box = QVBoxLayout(entry)
        box.addLayout(modes)
        box.addLayout(facts)
        box.addWidget(Steady(self.summary))
        box.addWidget(self.error)
        box.addLayout(buttons)
        box.addStretch(1)
        log_box = QGroupBox(tr("Журнал ударов"))
        log_layout = QVBoxLayout(log_box)
        log_layout.addWidget(self.log_view, 1)
        log_layout.addWidget(self.undo_button, 0, Qt.AlignmentFlag.AlignLeft)
        match_actions = QHBoxLayout()  # the whole match's, not the shot's: under its record, not in the entry
        match_actions.addStretch(1)
        match_actions.addWidget(self.print_button)
        match_actions.addWidget(self.concede_button)
        log_layout.addLayout(match_actions)
        body = QHBoxLayout()
        body.addWidget(entry, 5)
        body.addWidget(log_box, 6)
        layout = QVBoxLayout(self)
        layout.addWidget(self.banner)
        layout.addLayout(header)
        layout.addLayout(body, 1)
        layout.addWidget(self.legend)
