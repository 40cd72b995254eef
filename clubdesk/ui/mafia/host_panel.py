"""The host panel for one game: seat cards, phase banner, speech clock, and the entry of every event."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import language
from clubdesk.rules.mafia.clauses import discipline_picker
from clubdesk.rules.mafia.host import NEXT_EVENT, discipline_event, discipline_kind, next_event
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.actions import BestMoveForm, DealForm, LiftForm, NightForm, VoteForm
from clubdesk.ui.mafia.controller import GameController
from clubdesk.ui.mafia.reveal import RevealButton
from clubdesk.ui.mafia.seat_card import SeatCard, Veil
from clubdesk.ui.mafia.texts import clock_label, phase_text, points_text, team_text, timer_text
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.views import error_label
from clubdesk.ui.window_styles import MAFIA, style_window
from clubdesk.ui.windows import remember

#: The checks' list keeps this many lines whatever it holds (three nights): its size must not tell their number.
SECRET_LINES = 6

class HostPanel(QWidget):
    """A top-level window; every input becomes one event for the controller."""

    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.c = controller
        self.setObjectName("hostPanel")
        style_window(self, MAFIA)
        self.setWindowTitle(tr("Ведущий — {title}").format(title=controller.title))
        # The seat clicked for a foul, a leave or extra points: it ends with its action or with its phase (issue 38
        # item 7: a seat still picked a phase later took the next «Фол (F)» meant for another player).
        self.selected: int | None = None
        self._phase: tuple | None = None  # (step, day, speaker) the selection was made in
        self.nominator: int | None = None
        self._form_key: tuple | None = None
        self._error_public = self._error_secret = ""   # a refusal that tells a role: its line only while R is held
        self.banner = QLabel()
        self.banner.setObjectName("mafiaBanner")
        self.hint = QLabel()
        self.hint.setObjectName("hostHint")
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.error = error_label()
        self.cards = [SeatCard(s, controller.names[s - 1]) for s in range(1, 11)]
        grid = QGridLayout()
        for i, card in enumerate(self.cards):
            grid.addWidget(card, i // 5, i % 5)
            card.clicked.connect(self.card_clicked)
        self.forms = {"deal": DealForm(), "vote": VoteForm(), "lift_vote": LiftForm(), "night": NightForm()}
        self.forms["revote"] = self.forms["vote"]
        self.best_move = BestMoveForm()
        self.result = QLabel()
        self.result.setObjectName("hostResult")
        self.result.setWordWrap(True)
        self.stack = QStackedWidget()
        for w in (self.hint, *dict.fromkeys(self.forms.values()), self.result):
            self.stack.addWidget(w)
        # dict.fromkeys: "vote" and "revote" share one form, connected once (twice, every vote was recorded
        # and then refused a second time, and the host saw a false red error).
        for form in (*dict.fromkeys(self.forms.values()), self.best_move):
            form.submit.connect(self.submit)
            form.edited.connect(self.error.hide)   # a new choice answers the last refusal

        layout = QVBoxLayout(self)
        self.print_button = QPushButton(tr("Печать…"))
        self.print_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.print_button.clicked.connect(self.print_protocol)
        top = QHBoxLayout()
        top.addWidget(self.banner, 1)
        top.addWidget(self.print_button)
        layout.addLayout(top)
        layout.addWidget(self.error)
        middle = QHBoxLayout()
        middle.addLayout(grid, 3)
        middle.addWidget(self._clock_box(), 1)
        layout.addLayout(middle)
        bottom = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self.stack, 1)
        left.addWidget(self.best_move)
        bottom.addLayout(left, 3)
        bottom.addWidget(self._side_box(), 1)
        layout.addLayout(bottom, 1)
        self._shortcuts()
        # A picker with the focus (a night check chosen with the mouse) searched its list with R and kept it from the
        # panel: R held showed nothing. The pickers pass R on; a text field still types it.
        for picker in (*self.findChildren(QComboBox), *self.findChildren(QAbstractSpinBox)):
            picker.installEventFilter(self)
        remember(self, QSize(1180, 700))
        controller.stateChanged.connect(self.refresh)
        controller.refused.connect(self.show_error)
        controller.refusedInSecret.connect(self.show_error)
        controller.timer.changed.connect(self._show_clock)  # a method: Qt drops it with the panel, not the display
        self.refresh()
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)

    # --- building --------------------------------------------------------------------------------
    def _clock_box(self) -> QWidget:
        box = QGroupBox(tr("Минута"))
        self.speaker = QLabel()
        self.speaker.setObjectName("hostSpeaker")
        self.speaker.setWordWrap(True)
        self.clock = QLabel(timer_text(self.c.timer.remaining()))
        self.clock.setObjectName("hostClock")
        self.clock.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start = QPushButton(tr("Старт / пауза (Пробел)"))
        self.next = QPushButton(tr("Дальше (N)"))
        self.next.setObjectName("primary")
        for b in (self.start, self.next):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.start.clicked.connect(self.c.timer.toggle)
        self.next.clicked.connect(self.next_step)
        v = QVBoxLayout(box)
        v.addWidget(self.speaker)
        v.addWidget(self.clock, 1)
        v.addWidget(self.start)
        v.addWidget(self.next)
        return box

    def _side_box(self) -> QWidget:
        box = QGroupBox(tr("Место"))
        self.picked = QLabel(tr("Щёлкните карточку места"))
        self.picked.setWordWrap(True)
        self.clause = QComboBox()
        for c in discipline_picker():
            self.clause.addItem(f"{c.number} {c.en if language() == 'en' else c.ru} ({c.group})", c.number)
        self.clause.setCurrentIndex(self.clause.findData("2.4"))
        self.foul = QPushButton(tr("Фол (F)"))
        self.clause.currentIndexChanged.connect(self._name_the_breach)
        self.foul_reason = QLineEdit()
        self.foul_reason.setPlaceholderText(tr("Пояснение к фолу (необязательно)"))
        self.leave = QPushButton(tr("Покинул игру сам"))
        self.leave.setToolTip(tr("Игрок сам покинул игру: как удаление, −0,5 (M-12)"))
        self.points = QDoubleSpinBox()
        self.points.setRange(-1.0, 1.0)
        self.points.setSingleStep(0.1)
        self.points.setDecimals(1)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(tr("Причина доп. баллов"))
        self.extra = QPushButton(tr("Доп. баллы"))
        self.reveal = RevealButton(tr("Роли — удерживать (R)"))
        self.reveal.setObjectName("revealButton")
        self.reveal.setToolTip(tr("Роли и ответы на проверки видны, пока кнопка или клавиша R нажата"))
        self.undo = QPushButton(tr("Отменить (Ctrl+Z)"))
        self.secret = QLabel()
        self.secret.setObjectName("hostSecret")
        self.secret.setWordWrap(True)
        self.secret.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)  # the newest checks
        self.secret_veil = Veil(self.secret, lines=SECRET_LINES)
        self.foul.clicked.connect(self.give_foul)
        self.leave.clicked.connect(self.give_leave)
        self.extra.clicked.connect(self.give_extra)
        self.reveal.held.connect(self.show_roles)
        self.undo.clicked.connect(self.c.undo)
        # Two or three inputs a row: the panel must fit a 1366×768 screen (its free area is ~728 high).
        v = QVBoxLayout(box)
        v.addWidget(self.picked)
        for widgets in ((self.clause, self.foul), (self.foul_reason, self.leave),
                        (self.points, self.reason, self.extra), (self.reveal, self.undo)):
            row = QHBoxLayout()
            for w in widgets:
                row.addWidget(w, 1 if w in (self.clause, self.foul_reason, self.reason, self.reveal) else 0)
            v.addLayout(row)
            if widgets[0] is self.points:
                v.addStretch(1)
        v.addWidget(self.secret_veil)
        return box

    def _show_clock(self, seconds: int) -> None:
        self.clock.setText(timer_text(seconds))

    @property
    def game_id(self) -> str:
        return self.c.game_id

    def open_game_text(self) -> str:
        """For the main window's warning on closing: this game while it is not over."""
        return "" if self.c.state["step"] == "finished" else tr("Мафия: {title}").format(title=self.c.title)

    def print_protocol(self) -> None:
        from clubdesk.ui.print_preview import print_recorded_game
        print_recorded_game(self, self.c.games, self.c.game_id)

    def _shortcuts(self) -> None:
        for key, slot in ((Qt.Key.Key_Space, self.c.timer.toggle), (Qt.Key.Key_N, self.next_step),
                          (Qt.Key.Key_F, self.give_foul), (QKeySequence.StandardKey.Undo, self.c.undo)):
            QShortcut(QKeySequence(key), self, activated=slot)

    # --- input -----------------------------------------------------------------------------------
    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        if not self.reveal.key_press(event):   # R held: the roles (released anywhere: hidden)
            super().keyPressEvent(event)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.KeyPress and isinstance(watched, (QComboBox, QAbstractSpinBox)):
            return self.reveal.key_press(event)
        return super().eventFilter(watched, event)

    def submit(self, obj: dict) -> bool:
        self.error.hide()
        return self.c.record(obj)

    def show_error(self, text: str, secret: str = "") -> None:
        """One line for the host; `secret` (a refusal whose words tell a role) replaces it only while R is held."""
        self._error_public, self._error_secret = text, secret
        self.error.setText(secret if secret and self.reveal.holding else text)
        self.error.show()

    def next_step(self) -> None:
        st = self.c.state
        obj = next_event(st)
        if obj is None:
            self.show_error(tr("Сейчас нечего завершать: {phase}.").format(phase=phase_text(st["step"], st["day"])))
            return
        self.submit(obj)

    def card_clicked(self, seat: int) -> None:
        """Select a seat; in a speech, the speaker's card then another card is a nomination (M§4.1)."""
        st = self.c.state
        if self.nominator is not None and seat != self.nominator and st["step"] == "speech":
            by, self.nominator = self.nominator, None
            self._done(self.submit({"type": "nominate", "by": by, "target": seat}))
            return
        self.nominator = seat if st["step"] == "speech" and seat == st["speaker"] else None
        self.selected = seat
        self.refresh()

    def _done(self, recorded: bool) -> None:
        """The picked seat's action was recorded: the selection ends with it (a refusal keeps it, to try again)."""
        if recorded:
            self.selected = self.nominator = None
        self.refresh()

    def _name_the_breach(self) -> None:
        """M§5.5 removes without a foul: the button says what the picked clause records."""
        removal = discipline_kind(self.clause.currentData() or "") == "removal"
        self.foul.setText(tr("Удалить (F)") if removal else tr("Фол (F)"))

    def give_foul(self) -> None:
        if self.selected is None:
            self.show_error(tr("Сначала щёлкните карточку игрока."))
            return
        self.nominator = None
        event = discipline_event(self.selected, self.clause.currentData(), self.foul_reason.text())
        recorded = self.submit(event)
        if recorded:
            self.foul_reason.clear()
            if event["type"] == "removal":  # a one-off: the next F is an ordinary foul again, not another removal
                self.clause.setCurrentIndex(self.clause.findData("2.4"))
        self._done(recorded)

    def give_leave(self) -> None:
        """The picked player leaves the game of his own accord (M§4.10, M-12)."""
        if self.selected is None:
            self.show_error(tr("Сначала щёлкните карточку игрока."))
            return
        self.nominator = None
        self._done(self.submit({"type": "leave", "seat": self.selected}))

    def give_extra(self) -> None:
        if self.selected is None:
            self.show_error(tr("Сначала щёлкните карточку игрока."))
            return
        recorded = self.submit({"type": "extra_points", "seat": self.selected,
                                "points": round(self.points.value(), 1), "reason": self.reason.text()})
        if recorded:
            self.reason.clear()
            self.points.setValue(0)  # the next award starts from nothing, never from the last one
        self._done(recorded)

    def show_roles(self, on: bool) -> None:
        for card in self.cards:
            card.reveal(on)
        self.secret_veil.reveal(on and bool(self.secret.text()))
        self.forms["night"].reveal(on)
        if self._error_secret:
            self.error.setText(self._error_secret if on else self._error_public)

    # --- showing ---------------------------------------------------------------------------------
    def refresh(self, _state: dict | None = None) -> None:
        st, names = self.c.state, self.c.names
        phase = (st["step"], st["day"], st["speaker"])
        if phase != self._phase:  # a new phase (or an undo back into an old one): nothing is picked in it yet
            self._phase, self.selected, self.nominator = phase, None, None
        self.banner.setText(phase_text(st["step"], st["day"]))
        out = {s: how for how in ("killed", "lifted", "removed") for s in st[how]}
        for card in self.cards:
            s = card.seat
            mark = "speaker" if s == st["speaker"] else "nominee" if s in st["nominees"] and st["step"] == "speech" \
                else "picked" if s == self.selected else ""
            card.show_state(int(st["fouls"].get(str(s), 0)), out.get(s, ""), mark, st["roles"].get(str(s), ""))
        self.speaker.setText(clock_label(st["step"], st["speaker"], names))
        self.next.setEnabled(st["step"] in NEXT_EVENT)
        # the game's form holds the roles and the checks: its preview would show them on the desk's screen (issue 34)
        dealt = bool(st["roles"]) and st["step"] != "finished"
        self.print_button.setEnabled(not dealt)
        self.print_button.setToolTip(tr("Протокол с ролями печатается после игры") if dealt
                                     else tr("Бланк игры для подписи ведущего"))
        self.start.setEnabled(st["timer"] is not None)
        self.picked.setText(tr("Место {seat}: {name}").format(seat=self.selected, name=names[self.selected - 1])
                            if self.selected else tr("Щёлкните карточку места"))
        self.hint.setText(self._hint(st))
        self._show_form(st)
        self.secret_veil.set_text(self._checks(st))

    def _hint(self, st: dict) -> str:
        if st["step"] == "speech":
            text = tr("Выставление: щёлкните говорящего, затем кандидата.")
            if self.nominator is not None:
                text = tr("Место {seat} выставляет — щёлкните кандидата.").format(seat=self.nominator)
            if st["nominees"]:
                text += "\n" + tr("Выставлены: {seats}").format(seats=", ".join(map(str, st["nominees"])))
            return text
        if st["step"] == "shootout_speech":
            return tr("Перестрелка: {seats} — по 30 секунд, затем переголосование.").format(
                seats=", ".join(map(str, st["candidates"])))
        return {"agreement": tr("Договорка мафии: 60 секунд. «Дальше» — начинается день 0."),
                "last_word": tr("Последнее слово: 60 секунд.")}.get(st["step"], "")

    def _show_form(self, st: dict) -> None:
        # A card click or a foul refreshes the panel too; it must not wipe the hands, the night's choices or
        # the guesses entered so far (a lost hand would go to the last nominee, M§4.5). Reload on a new step.
        key = (st["step"], st["day"], st["speaker"], tuple(st["alive"]), tuple(st["candidates"]))
        fresh, self._form_key = key != self._form_key, key
        form = self.forms.get(st["step"])
        if form is not None:
            if fresh:
                form.load(st, self.c.names)
            self.stack.setCurrentWidget(form)
        elif st["step"] == "finished":
            self.result.setText(self._result(st))
            self.stack.setCurrentWidget(self.result)
        else:
            self.stack.setCurrentIndex(0)
        due = "best_move" in st["legal"]
        if due and fresh:
            self.best_move.load(st, self.c.names)
        self.best_move.setVisible(due)

    def _result(self, st: dict) -> str:
        lines = [team_text(st["winner"])]
        for s in range(1, 11):
            lines.append(f"{s} · {self.c.names[s - 1]}: {points_text(st['score'][str(s)])}")
        return "\n".join(lines)

    @staticmethod
    def _checks(st: dict) -> str:
        parts = [tr("Дон проверил {seat}: {answer}").format(seat=s, answer=tr("шериф") if a else tr("не шериф"))
                 for s, a in st["checks"]["don"].items()]
        parts += [tr("Шериф проверил {seat}: {answer}").format(seat=s, answer=tr("чёрный") if a else tr("красный"))
                  for s, a in st["checks"]["sheriff"].items()]
        parts += [(tr("Дон проверил {seat}: без ответа") if u["who"] == "don" else
                   tr("Шериф проверил {seat}: без ответа")).format(seat=u["seat"]) for u in st["unanswered_checks"]]
        return "\n".join(parts)
