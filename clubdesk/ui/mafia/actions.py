"""Entry forms of the host panel for the steps that need more than a click: deal, vote, lift vote, night,
best move. Each form only builds an event and emits it; the engine decides whether it is legal.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.rules.mafia.events import ROLES
from clubdesk.rules.mafia.host import DECK, check_answer, night_event
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.seat_card import Veil
from clubdesk.ui.mafia.texts import role_text


def seat_label(seat: int, names: list[str]) -> str:
    return f"{seat} · {names[seat - 1]}"


class Form(QWidget):
    """Signals: submit(dict event); edited() when the host changes a choice (the last refusal is answered)."""

    submit = Signal(dict)
    edited = Signal()

    def load(self, state: dict, names: list[str]) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class DealForm(Form):
    """The cards each seat drew (the host enters them, or lets the desk shuffle)."""

    def __init__(self, rng: random.Random | None = None, parent=None) -> None:
        super().__init__(parent)
        self._rng = rng or random.Random()
        grid = QGridLayout()
        self.roles: list[QComboBox] = []
        for i in range(10):
            box = QComboBox()
            for r in ROLES:
                box.addItem(role_text(r), r)
            box.activated.connect(lambda _i: self.edited.emit())
            self.roles.append(box)
            grid.addWidget(QLabel(str(i + 1)), i // 5 * 2, i % 5)
            grid.addWidget(box, i // 5 * 2 + 1, i % 5)
        self.shuffle = QPushButton(tr("Перемешать карты"))
        self.deal = QPushButton(tr("Записать раздачу"))
        self.deal.setObjectName("primary")
        row = QHBoxLayout()
        row.addWidget(self.shuffle)
        row.addStretch(1)
        row.addWidget(self.deal)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Роли по местам — видны только ведущему:")))
        layout.addLayout(grid)
        layout.addLayout(row)
        self.shuffle.clicked.connect(self.shuffle_cards)
        self.deal.clicked.connect(self._emit)

    def load(self, state: dict, names: list[str]) -> None:
        """A new deal step (a new game, or the deal undone): the cards of an earlier deal leave the screen, as they
        leave the phone's memory — after an undo they were the deal the players hold, shown to anyone near."""
        self.set_roles(["civilian"] * 10)

    def shuffle_cards(self) -> None:
        deck = list(DECK)
        self._rng.shuffle(deck)
        self.set_roles(deck)
        self.edited.emit()

    def set_roles(self, roles: list[str]) -> None:
        for box, r in zip(self.roles, roles, strict=True):
            box.setCurrentIndex(box.findData(r))

    def _emit(self) -> None:
        self.submit.emit({"type": "deal", "roles": {str(i + 1): b.currentData() for i, b in enumerate(self.roles)}})


class VoteForm(Form):
    """Who raised a hand for each nominee; the rest go to the last nominee (M§4.5), counted here."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._rows: QVBoxLayout = QVBoxLayout()
        self._layout.addLayout(self._rows)
        self.remaining = QLabel()
        self.remaining.setObjectName("voteRemaining")
        self.record = QPushButton(tr("Записать голосование"))
        self.record.setObjectName("primary")
        row = QHBoxLayout()
        row.addWidget(self.remaining, 1)
        row.addWidget(self.record)
        self._layout.addLayout(row)
        self._layout.addStretch(1)
        self.hands: dict[int, dict[int, QPushButton]] = {}
        self.counts: dict[int, QLabel] = {}
        self._alive: list[int] = []
        self._candidates: list[int] = []
        self.record.clicked.connect(self._emit)

    def load(self, state: dict, names: list[str]) -> None:
        while self._rows.count():
            item = self._rows.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.hands, self.counts = {}, {}
        self._alive, self._candidates = list(state["alive"]), list(state["candidates"])
        for cand in self._candidates:
            line = QWidget()
            h = QHBoxLayout(line)
            h.setContentsMargins(0, 0, 0, 0)
            h.addWidget(QLabel(tr("За {who}:").format(who=seat_label(cand, names))), 2)
            self.counts[cand] = QLabel("0")
            self.counts[cand].setObjectName("voteCount")
            if cand != self._candidates[-1]:
                self.hands[cand] = {}
                for seat in self._alive:
                    b = QPushButton(str(seat))
                    b.setCheckable(True)
                    b.setObjectName("handButton")
                    b.toggled.connect(self._recount)
                    self.hands[cand][seat] = b
                    h.addWidget(b)
            else:
                h.addWidget(QLabel(tr("остальные голоса (п. 4.5)")), 3)
            h.addWidget(self.counts[cand])
            self._rows.addWidget(line)
        self._recount()

    def vote_for(self, candidate: int, seats: list[int]) -> None:
        for s in seats:
            self.hands[candidate][s].setChecked(True)

    def _votes(self) -> dict[int, int]:
        return {s: c for c, row in self.hands.items() for s, b in row.items() if b.isChecked()}

    def _recount(self) -> None:
        votes = self._votes()
        for cand, row in self.hands.items():
            for s, b in row.items():
                b.setEnabled(votes.get(s, cand) == cand)   # one hand per player (M§4.4)
            self.counts[cand].setText(str(sum(1 for c in votes.values() if c == cand)))
        if self._candidates:
            rest = len(self._alive) - len(votes)
            self.counts[self._candidates[-1]].setText(str(rest))
            self.remaining.setText(tr("Осталось голосов: {n} — за место {seat}").format(
                n=rest, seat=self._candidates[-1]))

    def _emit(self) -> None:
        self.submit.emit({"type": "vote", "votes": {str(s): c for s, c in self._votes().items()}})


class LiftForm(Form):
    """How many players voted to lift all the tied nominees (M§4.7)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.votes = QSpinBox()
        self.votes.setRange(0, 10)
        self.record = QPushButton(tr("Записать подъём"))
        self.record.setObjectName("primary")
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("За подъём:")))
        row.addWidget(self.votes)
        row.addStretch(1)
        row.addWidget(self.record)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addLayout(row)
        layout.addStretch(1)
        self.record.clicked.connect(lambda: self.submit.emit({"type": "lift_vote", "for": self.votes.value()}))

    def load(self, state: dict, names: list[str]) -> None:
        self.votes.setRange(0, len(state["alive"]))
        self.votes.setValue(0)  # a new lift vote: not the count of an earlier one in the same game
        self.text.setText(tr("Поднять всех: {seats}? Голосуют {n} игроков; нужно больше половины.").format(
            seats=", ".join(str(s) for s in state["candidates"]), n=len(state["alive"])))


class NightForm(Form):
    """The shot of the black players and the two checks; the answers show only while the roles are held (`reveal`).

    Nothing else here depends on the roles (issue 34 item 6): both check pickers offer every seat from night 1 on,
    the checker's own and a gone checker's too (M-9; `host.night_event` drops the check of a checker out of the
    game), and each answer's veil keeps the room of its longest answer, so not even its size tells it."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.shot, self.don, self.sheriff = QComboBox(), QComboBox(), QComboBox()
        for box in (self.shot, self.don, self.sheriff):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # to the night's names, not the first
        self.don_answer, self.sheriff_answer = QLabel(), QLabel()
        for lab in (self.don_answer, self.sheriff_answer):
            lab.setObjectName("hostSecret")
        gone = tr("не в игре — проверки нет")
        self.don_veil = Veil(self.don_answer, room=(tr("ответ: ШЕРИФ"), tr("ответ: не шериф"), gone))
        self.sheriff_veil = Veil(self.sheriff_answer, room=(tr("ответ: ЧЁРНЫЙ"), tr("ответ: красный"), gone))
        # M§5.3–5.4, M-9: the check was shown but the host gives no answer (not on the fingers, not within 5 s).
        self.don_unanswered = QCheckBox(tr("без ответа"))
        self.sheriff_unanswered = QCheckBox(tr("без ответа"))
        self.record = QPushButton(tr("Записать ночь"))
        self.record.setObjectName("primary")
        # Each answer on the line under its picker: beside them, its room (the longest answer in the club's big red
        # type) left the pickers their minimum on a 1366×768 desk — «без пров», «9 · Попо» (evening3 under Xvfb).
        grid = QGridLayout()
        row = 0
        for text, box, answer, silent in ((tr("Выстрел:"), self.shot, None, None),
                                          (tr("Проверка дона:"), self.don, self.don_veil, self.don_unanswered),
                                          (tr("Проверка шерифа:"), self.sheriff, self.sheriff_veil,
                                           self.sheriff_unanswered)):
            grid.addWidget(QLabel(text), row, 0)
            grid.addWidget(box, row, 1)
            if answer is not None:
                grid.addWidget(silent, row, 2)
                row += 1
                grid.addWidget(answer, row, 1, 1, 3)
            row += 1
        grid.setColumnStretch(3, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.record)
        layout.addStretch(1)
        self._state: dict = {"roles": {}, "alive": []}
        self._held = False
        for widget in (self.don, self.sheriff):
            widget.currentIndexChanged.connect(self._answers)
        for widget in (self.don_unanswered, self.sheriff_unanswered):
            widget.toggled.connect(self._answers)
        self.record.clicked.connect(self._emit)

    def load(self, state: dict, names: list[str]) -> None:
        self._state = state
        self._fill(self.shot, tr("промах (не стреляли)"), list(state["alive"]), names)
        for box in (self.don, self.sheriff):
            # M-9: any seat, his own and a player who has already left too; offered whether he is in the game or not
            self._fill(box, tr("без проверки"), list(range(1, 11)), names)
            box.setEnabled(state["day"] > 0)
        for silent in (self.don_unanswered, self.sheriff_unanswered):
            silent.setChecked(False)
        self._answers()

    @staticmethod
    def _fill(box: QComboBox, none_text: str, seats: list[int], names: list[str]) -> None:
        box.blockSignals(True)
        box.clear()
        box.addItem(none_text, None)
        for s in seats:
            box.addItem(seat_label(s, names), s)
        box.blockSignals(False)

    def choose(self, shot: int | None = None, don: int | None = None, sheriff: int | None = None) -> None:
        for box, seat in ((self.shot, shot), (self.don, don), (self.sheriff, sheriff)):
            box.setCurrentIndex(max(0, box.findData(seat)) if seat is not None else 0)

    def reveal(self, on: bool) -> None:
        """The answers show while the roles are held, and never otherwise."""
        self._held = on
        for veil, answer in ((self.don_veil, self.don_answer), (self.sheriff_veil, self.sheriff_answer)):
            veil.reveal(on and bool(answer.text()))

    def _answers(self) -> None:
        """What the host shows with his hand (M§5.2): to the Don «шериф / нет», to the Sheriff «чёрный / красный»."""
        don, sheriff = self.don.currentData(), self.sheriff.currentData()
        self.don_unanswered.setEnabled(don is not None)
        self.sheriff_unanswered.setEnabled(sheriff is not None)
        # a checker out of the game did not wake up: `night_event` drops his check, and the host sees why
        awake = {r for s, r in self._state["roles"].items() if int(s) in self._state["alive"]}
        self.don_veil.set_text("" if don is None or self.don_unanswered.isChecked() else
                               tr("не в игре — проверки нет") if "don" not in awake else tr("ответ: ШЕРИФ")
                               if check_answer(self._state, "don", don) else tr("ответ: не шериф"))
        self.sheriff_veil.set_text("" if sheriff is None or self.sheriff_unanswered.isChecked() else
                                   tr("не в игре — проверки нет") if "sheriff" not in awake else tr("ответ: ЧЁРНЫЙ")
                                   if check_answer(self._state, "sheriff", sheriff) else tr("ответ: красный"))
        self.reveal(self._held)   # a pick changed while held: its answer shows at once

    def _emit(self) -> None:
        unanswered = [who for who, silent in (("don", self.don_unanswered), ("sheriff", self.sheriff_unanswered))
                      if silent.isChecked()]
        self.submit.emit(night_event(self._state, self.shot.currentData(), self.don.currentData(),
                                     self.sheriff.currentData(), unanswered))


class BestMoveForm(Form):
    """Лучший ход: the first-night victim names one to three seats (M-7); an empty box is a guess not made."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.guesses = [QComboBox() for _ in range(3)]
        self.record = QPushButton(tr("Записать лучший ход"))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(tr("Лучший ход:")))
        for box in self.guesses:
            row.addWidget(box)
        row.addWidget(self.record)
        row.addStretch(1)
        self._seat = 0
        self.record.clicked.connect(self._emit)

    def load(self, state: dict, names: list[str]) -> None:
        self._seat = state["speaker"] or 0
        for box in self.guesses:   # empty: a guess the victim did not name must not be recorded as «2»
            box.clear()
            box.addItem("—", None)
            for s in range(1, 11):
                if s != self._seat:
                    box.addItem(str(s), s)

    def choose(self, seats: list[int]) -> None:
        for i, box in enumerate(self.guesses):
            box.setCurrentIndex(box.findData(seats[i]) if i < len(seats) else 0)

    def _emit(self) -> None:
        guesses = [b.currentData() for b in self.guesses if b.currentData() is not None]
        self.submit.emit({"type": "best_move", "seat": self._seat, "guesses": guesses})
