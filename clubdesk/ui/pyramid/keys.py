"""The Пирамидка shot on the keyboard: which key means what (the legend on the window) and the typed ball.

Keys work whatever the keyboard layout: digits, F-keys, + − *, Enter, Esc, Backspace; the letter keys Z X V S
are read on the Latin and on the Russian layout (the same physical key: Я Ч М Ы).

A shot is typed as the referee says it: ball, pocket (a call by default), then «+» when the called ball fell
where it was called — the common case records in one key — or «−» when nothing fell. Balls 5…9 are one digit,
10…15 are «1» and the second digit, «0» is №10 and «*» the cue ball; once a ball is chosen, 1…6 is its pocket.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel

from clubdesk.rules.pyramid100 import CONTROL, FOULS, TRICKS
from clubdesk.ui.i18n import tr
from clubdesk.ui.pyramid.draft import CALL, OFF, POT

K = Qt.Key
# Letter keys by the Latin letter and the Cyrillic one on the same key of a ЙЦУКЕН keyboard.
MODE_KEYS = {int(K.Key_Z): CALL, 0x042F: CALL, int(K.Key_X): POT, 0x0427: POT, int(K.Key_V): OFF, 0x041C: OFF}
STRAIGHT_KEYS = (int(K.Key_S), 0x042B)
FELL_KEYS = (int(K.Key_Plus), int(K.Key_Equal))  # «=» is «+» without Shift
MISSED_KEYS = (int(K.Key_Minus), int(K.Key_Underscore))
CUE_KEYS = (int(K.Key_Asterisk),)
FOUL_KEYS = {int(K.Key_F1) + i: foul for i, foul in enumerate(FOULS)}  # F1…F6 in the order of P§19
TOUCH_KEY = int(K.Key_F7)
TRICK_KEYS = {int(K.Key_F8): TRICKS[0], int(K.Key_F9): TRICKS[1]}
BLOCKED_KEY = int(K.Key_F10)
POCKETS = range(1, 7)


def key_help() -> list[tuple[str, str]]:
    """(keys, what they do) for the legend, in the order a shot is typed; each fits one line of the legend."""
    return [("5…9, 10…15", tr("шар (10…15: «1» и цифра)")), ("0 / *", tr("№10 / биток")),
            ("1…6", tr("луза, после шара")), ("+", tr("упал по заказу — записать")),
            ("−", tr("не забит — записать")), ("Z / X / V", tr("далее: заказ / упал / за борт")),
            ("S", tr("прямо-летящий")), ("F1–F6", tr("штраф (клавиша — в списке)")),
            ("F7", tr("касание №10 битком")), ("F8 / F9", tr("карамболь / рокамболь")),
            ("F10", tr("центр занят")), ("Enter", tr("записать как отмечено")),
            ("Esc / ⌫", tr("сбросить / убрать последнее")), ("Ctrl+Z", tr("отменить последний удар"))]


def legend(columns: int = 4) -> QFrame:
    """The keys on the window, as on the Жук table: nobody has to remember them. A strip under the entry and
    the log (its title in the first cell, so it costs four lines of height), read down each column in the
    order a shot is typed."""
    frame = QFrame()
    frame.setObjectName("pyramidKeys")
    grid = QGridLayout(frame)
    grid.setContentsMargins(8, 3, 8, 3)
    grid.setHorizontalSpacing(8)
    grid.setVerticalSpacing(0)
    title = QLabel(tr("Клавиши"))
    title.setObjectName("pyramidKeysTitle")
    grid.addWidget(title, 0, 0, Qt.AlignmentFlag.AlignTop)
    rows = -(-len(key_help()) // columns)
    for i, (key, what) in enumerate(key_help()):
        row, col = i % rows, 1 + 2 * (i // rows)
        k = QLabel(key)
        k.setObjectName("pyramidKey")
        grid.addWidget(k, row, col)
        grid.addWidget(QLabel(what), row, col + 1)
    for c in range(columns):
        grid.setColumnStretch(2 + 2 * c, 1)
    return frame


def digit(event: QKeyEvent) -> int | None:
    """The digit of a digit key (main row or keypad), else None."""
    text = event.text()
    return int(text) if len(text) == 1 and text in "0123456789" else None


class BallTyper:
    """The digits of a ball being typed: «1» waits for its second digit (10…15); no Qt, no rules."""

    def __init__(self) -> None:
        self.tens = False

    def clear(self) -> None:
        self.tens = False

    def press(self, d: int):
        """The ball this digit completes, None while «1» waits for its second digit; ValueError: no such ball."""
        if self.tens:
            self.tens = False
            if d > 5:
                raise ValueError(d)
            return 10 + d
        if d == 1:
            self.tens = True
            return None
        if d == 0:
            return CONTROL
        if d < 5:
            raise ValueError(d)
        return d

