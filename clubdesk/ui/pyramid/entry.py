"""How the match window takes a shot in: keys (keys.py) and clicks fill one draft; Enter, «+» or «−» record it.

A call alone is not silently a miss any more: Enter on a shot whose call has no result asks first, and only
«Да» records it; «−» says it outright (nothing fell) and «+» says the called ball(s) fell as called.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QMessageBox

from clubdesk.rules.pyramid100 import CUE
from clubdesk.ui.i18n import tr
from clubdesk.ui.pyramid import keys, text
from clubdesk.ui.pyramid.draft import CALL, OFF, POT, ShotDraft


def no_result(draft: ShotDraft) -> bool:
    """A call and nothing that came of it: no ball fell or flew, no foul, no trick — the referee may have
    forgotten to enter the result (a called ball that fell); recording it passes the turn."""
    return bool(draft.call) and not draft.potted and not draft.off_table and draft.foul is None \
        and draft.trick is None


class ShotEntry:
    """Mixed into MatchWindow: the widgets (balls, pockets, straight, touched, blocked, trick, foul, summary, error)
    are the window's; this part turns keys and clicks into the draft and hands it to `record()`."""

    # ---- keys ----------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier & ~Qt.KeyboardModifier.ShiftModifier
        if mods or event.matches(QKeySequence.StandardKey.Undo):
            super().keyPressEvent(event)  # Ctrl+Z, Ctrl+P: the window's shortcuts
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.commit()
        elif key == Qt.Key.Key_Escape:
            self.clear_draft()
        elif key == Qt.Key.Key_Backspace:
            self.back()
        elif self._service.engine(self.game_id).finished:
            super().keyPressEvent(event)
        elif (d := keys.digit(event)) is not None:
            self.type_digit(d)
        elif key in keys.CUE_KEYS:
            self.choose_ball(CUE)
        elif key in keys.FELL_KEYS:
            self.fell_as_called()
        elif key in keys.MISSED_KEYS:
            self.nothing_fell()
        elif key in keys.MODE_KEYS:
            self.set_mode(keys.MODE_KEYS[key])
        elif key in keys.STRAIGHT_KEYS:
            self.straight.toggle()
        elif key in keys.FOUL_KEYS:
            foul = keys.FOUL_KEYS[key]
            self.foul.setCurrentIndex(0 if self.draft.foul == foul else self.foul.findData(foul))
        elif key == keys.TOUCH_KEY:
            self.touched.toggle() if self.touched.isEnabled() else self._hint(tr("№10 не на столе"))
        elif key in keys.TRICK_KEYS:
            trick = keys.TRICK_KEYS[key]
            if not self.trick.isEnabled():
                self._hint(tr("Приём на №10 сейчас невозможен (P§11)"))
            else:
                self.trick.setCurrentIndex(0 if self.draft.trick == trick else self.trick.findData(trick))
        elif key == keys.BLOCKED_KEY:
            self.blocked.toggle()
        else:
            super().keyPressEvent(event)

    def type_digit(self, d: int) -> None:
        """A digit: the pocket of the chosen ball, else (a part of) the next ball."""
        if self.balls.selected() is not None:
            if d in keys.POCKETS:
                self._pocket_clicked(d)
            else:
                self._hint(tr("Луза — цифра от 1 до 6 (⌫ — выбрать другой шар)"))
            return
        try:
            ball = self.typer.press(d)
        except ValueError:
            self._hint(tr("Шары 5…15: 5…9 одной цифрой, 10…15 — «1» и вторая цифра, 0 — №10"))
            return
        if ball is None:
            self._sync_entry()  # «1» shows as waiting for its second digit
        else:
            self.choose_ball(ball)

    def choose_ball(self, ball) -> None:
        """The keyboard's ball click: refused with a line when the ball cannot be played now."""
        button = self.balls.buttons[ball]
        if not button.isEnabled():
            self._hint(tr("{ball} сейчас не на столе").format(ball=text.ball(ball)))
            return
        button.setChecked(True)
        self._ball_clicked(ball)

    def back(self) -> None:
        """Backspace: the half-typed ball first, then the chosen ball, then the last fact entered."""
        if self.typer.tens:
            self.typer.clear()
        elif self.balls.selected() is not None:
            self.balls.clear()
        elif self.entered:
            self.draft.remove_last(self.entered.pop())
        self._sync_entry()

    # ---- clicks and the facts they add ---------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.mode_buttons[mode].setChecked(True)
        self.balls.clear()
        self.typer.clear()
        self._sync_entry()

    def _ball_clicked(self, ball) -> None:
        self.typer.clear()
        self.error.hide()
        if self.mode == OFF:
            self.draft.add(OFF, ball)
            self.entered.append(OFF)
            self.balls.clear()
        self._sync_entry()

    def _pocket_clicked(self, pocket: int) -> None:
        ball = self.balls.selected()
        if ball is None or self.mode == OFF:
            return
        self.draft.add(self.mode, ball, pocket, self.straight.isChecked())
        self.entered.append(self.mode)
        self.balls.clear()
        if self.mode == POT:
            self.straight.setChecked(False)
        self.error.hide()
        self._sync_entry()

    def _set_flag(self, name: str, value) -> None:
        setattr(self.draft, name, value)
        self._sync_entry()

    def clear_draft(self) -> None:
        self.draft = ShotDraft()
        self.entered = []
        # Quietly (the draft is new already), and only what a shot left set: most shots set none of them.
        for box in (self.touched, self.blocked, self.straight):
            if box.isChecked():
                box.blockSignals(True)
                box.setChecked(False)
                box.blockSignals(False)
        for choice in (self.trick, self.foul):
            if choice.currentIndex():
                choice.blockSignals(True)
                choice.setCurrentIndex(0)
                choice.blockSignals(False)
        self.set_mode(CALL)  # clears the chosen ball

    # ---- recording -------------------------------------------------------------------------------
    def fell_as_called(self) -> None:
        """«+»: every called ball fell in its called pocket (straight when S is on) — record the shot now."""
        if self._pending_ball():
            return
        if not self.draft.call:
            self._hint(tr("Сначала заказ: шар и луза (например, 7 и 3), потом «+»"))
            return
        typed = list(self.draft.potted)
        for ball, pocket in self.draft.call:
            self.draft.add(POT, ball, pocket, self.straight.isChecked())
        if not self._record_draft():
            self.draft.potted = typed  # refused: the draft as it was typed, for a fix
            self._sync_entry()

    def nothing_fell(self) -> None:
        """«−»: the shot as entered, said outright — no question even when a call has no result."""
        if not self._pending_ball():
            self._record_draft()

    def commit(self) -> None:
        """Enter or «Записать удар»: asks first when a call has no result; on refusal the draft stays for a fix."""
        if self._pending_ball():
            return
        if no_result(self.draft) and not self.ask_no_result():
            return
        self._record_draft()

    def _record_draft(self) -> bool:
        if self.record(self.draft.event(), push=True):
            self.clear_draft()
            return True
        return False

    def _pending_ball(self) -> bool:
        """A ball chosen (or half typed) without its pocket: say so instead of recording without it."""
        pick = self.balls.selected()
        if self.typer.tens or (pick is not None and self.mode != OFF):
            what = text.ball(pick) if pick is not None else "№1…"
            self._hint(tr("{ball}: нажмите лузу 1…6 или ⌫").format(ball=what))
            return True
        return False

    def ask_no_result(self) -> bool:
        """Modal «Записать без результата?»; «Нет» (the default, so a reflex Enter records nothing)."""
        calls = ", ".join(tr("{ball} в лузу {pocket}").format(ball=text.ball(b), pocket=p) for b, p in self.draft.call)
        box = QMessageBox(QMessageBox.Icon.Question, tr("Заказ без результата"),
                          tr("Заказан {calls}, но ничего не отмечено упавшим. Записать удар без результата — "
                             "ход перейдёт к сопернику?").format(calls=calls), parent=self)
        box.setObjectName("noResultQuestion")
        box.setInformativeText(tr("Если шар упал по заказу — «Нет», затем «+»."))
        yes = box.addButton(tr("Да, ничего не упало"), QMessageBox.ButtonRole.YesRole)
        no = box.addButton(tr("Нет"), QMessageBox.ButtonRole.NoRole)
        box.setDefaultButton(no)
        box.setEscapeButton(no)
        box.exec()
        return box.clickedButton() is yes

    def _hint(self, line: str) -> None:
        self.error.setText(line)
        self.error.show()

    def entry_prompt(self) -> str:
        """What the next key does, for the draft line."""
        pick = self.balls.selected()
        if self.typer.tens:
            return tr("шар №1…: вторая цифра 0…5")
        if pick is not None and self.mode != OFF:
            return tr("{ball}: луза 1…6").format(ball=text.ball(pick))
        if self.mode == CALL:
            return tr("заказ: шар и луза, затем «+» (упал) или «−» (не упал)") if not self.draft.call \
                else tr("«+» — упал по заказу, «−» — не упал, или ещё шар")
        if self.mode == POT:
            return tr("упал в лузу: шар и луза")
        return tr("вылетел за борт: шар")

    def draft_text(self) -> str:
        if self.draft.is_empty():
            return tr("ничего не отмечено")
        return text.describe({"type": "shot", **self.draft.event()})

