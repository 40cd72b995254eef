"""The Жук table scoring window: a shot in 1–3 keys, Enter commits, Ctrl+Z undoes (a void event)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, WriteFailed
from clubdesk.services.accounts import Actor
from clubdesk.services.games import EventRefused
from clubdesk.services.zhuk_keys import FOUL_KEYS, LEFT_KEYS, OFF_MAIN_KEY, ShotDraft
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.zhuk_table import ZhukLogModel, ZhukPlayersModel, foul_label, left_label, money
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.views import error_label
from clubdesk.ui.window_styles import ZHUK, style_window
from clubdesk.ui.windows import remember
from clubdesk.ui.zhuk.clock import clock_text
from clubdesk.ui.zhuk.hub import ZhukHub


def key_help() -> list[tuple[str, str]]:
    return [("1", tr("шар забит правильно")), ("2", tr("шар упал случайно")), ("3", tr("Жук забит")),
            ("4", tr("Жук упал случайно")), ("5", tr("свояк (основной биток)")), ("6", tr("биток упал")),
            ("7", tr("удар Жуком-битком")), ("8", tr("удар по Жуку")), ("9", tr("отыгрыш")),
            ("0", tr("новая пирамида")), ("F1–F6", tr("фолы: промах, касание, за борт, двойной, толчок, отскок")),
            ("F7", tr("Жук упал от основного битка")),
            ("F8 / F9 / F10", tr("вылетел за борт: шар / Жук / биток")),
            ("Enter", tr("записать удар (пусто — мимо)")), ("Esc / ⌫", tr("сбросить / убрать последнее")),
            ("Ctrl+Z", tr("отменить последний удар"))]


class _Recorded(QUndoCommand):
    """An event already stored; undo appends a void event, redo records the same event again."""

    def __init__(self, widget: ZhukTableWidget, obj: dict, text: str) -> None:
        super().__init__(text)
        self._widget, self._obj, self._first = widget, obj, True

    def redo(self) -> None:
        if self._first:  # recorded before the push; nothing to do
            self._first = False
            return
        self._widget.commit_event(self._obj, push=False)

    def undo(self) -> None:
        self._widget.void_last()


class ZhukTableWidget(QWidget):
    """Scores one table. Signals: committed(dict) after the service stored an event."""

    committed = Signal(dict)

    def __init__(self, hub: ZhukHub, actor: Actor, game_id: str, parent: QWidget | None = None,
                 round_id: str | None = None) -> None:
        super().__init__(parent)
        style_window(self, ZHUK)
        self.hub, self.actor, self.game_id, self.round_id = hub, actor, game_id, round_id
        self.draft = ShotDraft()
        self.undo_stack = QUndoStack(self)
        self.ask_reason = self._ask_reason  # replaced in tests
        self._undo_reason = ""
        record = hub.games.to_record(game_id)
        self.names = hub.tournaments.names(p["id"] for p in record["players"])
        self.players_model = ZhukPlayersModel(self.names, self)
        self.log_model = ZhukLogModel(self.names, self)
        self.state: dict | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._build()
        hub.changed.connect(self._on_changed)
        hub.tick.connect(self._tick)
        self.refresh()

    def _build(self) -> None:
        self.title = QLabel()
        self.title.setObjectName("pageTitle")
        self.info = QLabel()
        self.info.setObjectName("zhukInfo")
        self.clock = QLabel()
        self.clock.setObjectName("zhukClock")
        self.last_minute = QLabel(tr("Последняя минута раунда"))
        self.last_minute.setObjectName("lastMinute")
        self.last_minute.hide()
        self.players_view = self._table(self.players_model)
        self.players_view.setObjectName("zhukPlayers")
        self.players_view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.draft_label = QLabel()
        self.draft_label.setObjectName("zhukDraft")
        self.draft_label.setWordWrap(True)
        self.error = error_label()
        self.log_view = self._table(self.log_model)
        self.log_view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        # the money and bank columns fit their widest text («из банка 12 300» was cut to «из банка …»)
        metrics, pad = self.log_view.fontMetrics(), 24
        self.log_view.setColumnWidth(2, metrics.horizontalAdvance("−99 999 " + tr("в банк")) + pad)
        self.log_view.setColumnWidth(3, metrics.horizontalAdvance(tr("из банка {amount}").format(amount="99 999")) + pad)
        help_box = QFrame()
        help_box.setObjectName("zhukKeys")
        grid = QGridLayout(help_box)
        grid.setVerticalSpacing(4)
        keys_title = QLabel(tr("<b>Клавиши</b>"))
        keys_title.setTextFormat(Qt.TextFormat.RichText)  # our own markup: plain_text_labels leaves it
        grid.addWidget(keys_title, 0, 0, 1, 2)
        for i, (key, text) in enumerate(key_help(), start=1):
            k = QLabel(key)
            k.setObjectName("zhukKey")
            k.setMinimumWidth(70)
            grid.addWidget(k, i, 0)
            text_label = QLabel(text)
            text_label.setWordWrap(True)
            grid.addWidget(text_label, i, 1)
        grid.setRowStretch(len(key_help()) + 1, 1)
        help_box.setMaximumWidth(420)
        self.print_button = QPushButton(tr("Печать…"))
        self.print_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the shot entry
        self.print_button.setToolTip(tr("Протокол стола (Ctrl+P)"))
        self.print_button.clicked.connect(self.print_protocol)
        QShortcut(QKeySequence.StandardKey.Print, self, self.print_protocol)
        top = QHBoxLayout()
        top.addWidget(self.info, 1)
        top.addWidget(self.print_button)
        top.addWidget(self.clock)
        left = QVBoxLayout()
        self.players_view.setFixedHeight(172)  # header and four seats, no scroll bar
        left.addWidget(self.players_view)
        left.addWidget(self.draft_label)
        left.addWidget(self.error)
        left.addWidget(QLabel(tr("Журнал ударов")))
        left.addWidget(self.log_view, 3)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addWidget(help_box, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.last_minute)
        layout.addLayout(top)
        layout.addLayout(body, 1)

    def print_protocol(self) -> None:
        from clubdesk.ui.print_preview import print_recorded_game
        print_recorded_game(self, self.hub.games, self.game_id)

    def _table(self, model) -> QTableView:
        view = QTableView()
        view.setModel(model)
        view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the shot entry
        view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        view.verticalHeader().hide()
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setAlternatingRowColors(True)
        return view

    # ---- showing --------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the game as the service has it now: the log follows by one row when it can, else is rebuilt."""
        games = self.hub.games
        was_finished = self.state["finished"] if self.state is not None else None
        self.state = s = games.state(self.game_id)
        self.players_model.set_state(s)
        if s["finished"] and s["finished"] != was_finished:
            by_hand = self.hub.tournaments.ended_by_hand(self.game_id)
            self.log_model.end_text = tr("Раунд окончен вручную: {who}, {time}").format(
                who=by_hand[0], time=by_hand[1]) if by_hand else ""
        if not self.log_model.follow(games.events(self.game_id), s["last_shot"]):
            self.log_model.set_record(games.to_record(self.game_id))
        balls = tr("на столе: шаров {std}, Жук {zhuk}").format(
            std=s["balls"]["std"], zhuk=tr("есть") if s["balls"]["zhuk"] else tr("сыгран"))
        self.info.setText(tr("Номинал {nominal} B · банк {bank} B · пирамида {rack} · {balls}").format(
            nominal=money(s["nominal"]), bank=money(s["bank"]), rack=s["rack"], balls=balls))
        self._show_draft()
        if s["finished"] != was_finished:  # a shot leaves the clock alone; the end of the round does not
            self._update_clock()

    def _on_changed(self, game_id: str) -> None:
        if game_id == self.game_id:
            self.refresh()

    def _tick(self) -> None:
        if self.isVisible():  # a window out of sight reads no clock; it catches up when shown (showEvent)
            self._update_clock()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._update_clock()
        super().showEvent(event)

    def _update_clock(self) -> None:
        """Read the round clock (on every tick while shown, and when the round ends or reopens) and show it."""
        if self.round_id is None:
            self.clock.setText("")
            return
        c = self.hub.clock(self.round_id)
        self.clock.setText(clock_text(c, self.state["finished"]))
        warning = c.started and c.remaining <= 60
        self.last_minute.setVisible(warning and c.remaining > 0 and not self.state["finished"])
        if self.clock.property("warning") != warning:  # re-polish only when the style really changes
            self.clock.setProperty("warning", warning)
            self.clock.style().unpolish(self.clock)
            self.clock.style().polish(self.clock)

    def _show_draft(self) -> None:
        s = self.state
        if s["finished"]:
            self.draft_label.setText(tr("Раунд за этим столом окончен. Ctrl+Z — отменить (с причиной)."))
            return
        who = self.names.get(s["to_move"], s["to_move"])
        d = self.draft
        facts = [tr("новая пирамида")] if d.rerack else []
        if d.zhuk_cue:
            facts.append(tr("Жуком-битком"))
        labels = {("std", True): tr("шар"), ("std", False): tr("шар случайно"), ("zhuk", True): tr("Жук"),
                  ("zhuk", False): tr("Жук случайно"), ("main", True): tr("свояк"), ("main", False): tr("биток упал")}
        facts += [labels[p] for p in d.pots]
        if d.zhuk_attempt:
            facts.append(tr("по Жуку"))
        if d.rebound:
            facts.append(tr("отыгрыш"))
        if d.zhuk_off_main:
            facts.append(tr("Жук от основного битка"))
        facts += [foul_label(f) for f in d.fouls]
        facts += [left_label(b) for b in d.left_table]
        cue = tr("можно Жуком-битком") if s["zhuk_cue_allowed"] else tr("только основным битком")
        hand = tr(", с руки") if s["in_hand"] else ""
        self.draft_label.setText(tr("Бьёт {who} ({cue}{hand}). Удар: {facts}").format(
            who=who, cue=cue, hand=hand, facts=", ".join(facts) if facts else tr("мимо (Enter)")))

    # ---- input ----------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        if event.matches(QKeySequence.StandardKey.Undo):
            self.undo()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.commit()
        elif key == Qt.Key.Key_Escape:
            self.draft.clear()
            self._draft_changed()
        elif key == Qt.Key.Key_Backspace:
            self.draft.back()
            self._draft_changed()
        elif Qt.Key.Key_F1 <= key <= Qt.Key.Key_F10:
            self._press(f"F{key - Qt.Key.Key_F1 + 1}")
        elif event.text() and event.text() in "0123456789":
            self._press(event.text())
        else:
            super().keyPressEvent(event)

    def _press(self, key: str) -> None:
        if self.state["finished"]:
            return
        assert key in FOUL_KEYS or key in LEFT_KEYS or key == OFF_MAIN_KEY or key.isdigit()
        self.draft.press(key)
        self._draft_changed()

    def _draft_changed(self) -> None:
        self.error.hide()
        self.hub.set_busy(self.game_id, not self.draft.empty)
        self._show_draft()

    def commit(self) -> None:
        if self.state["finished"]:
            return
        obj = self.draft.event(self.state["to_move"], self.state["balls"]["std"])
        if self.commit_event(obj):
            self.draft.clear()
            self.hub.set_busy(self.game_id, False)  # may end the round now that the shot is in
            self._show_draft()

    def commit_event(self, obj: dict, push: bool = True) -> bool:
        """Hand the event to the service; a refusal shows inline with its clause and stores nothing."""
        try:
            self.hub.record(self.actor, self.game_id, obj)
        except EventRefused as exc:  # the message names the players and ends with the clause, once
            self.error.setText(tr("Не записано: {message}").format(message=exc.message()))
            self.error.show()
            return False
        except KnownError as exc:
            self._refused(exc)
            return False
        self.error.hide()
        if push:
            self.undo_stack.push(_Recorded(self, obj, obj["type"]))
        self.committed.emit(obj)
        return True

    def undo(self) -> None:
        """Ctrl+Z: void the last counted event; after the round is closed a reason is required."""
        reason = ""
        self.state = self.hub.games.state(self.game_id)  # the round may have been closed elsewhere
        if self.state["finished"]:
            reason = self.ask_reason()
            if not reason:
                return
        self._undo_reason = reason
        if self.undo_stack.canUndo():
            self.undo_stack.undo()
        else:
            self.void_last()  # events from before a restart are not on the stack; undo them the same way

    def void_last(self) -> None:
        try:
            self.hub.undo(self.actor, self.game_id, self._undo_reason)
        except KnownError as exc:
            self._refused(exc)
        self._undo_reason = ""

    def _refused(self, exc: KnownError) -> None:
        """One line under the draft (the draft stays as typed). After a write failed the undo history no longer
        matches the log (an undo or redo that did not store has moved the stack anyway; another desk's events are
        in the log): it is dropped, and Ctrl+Z voids the last counted event as after a restart."""
        if isinstance(exc, WriteFailed):  # after the stack's own undo()/redo() returns: never clear it from inside
            QTimer.singleShot(0, self.undo_stack, self.undo_stack.clear)
        self.error.setText(exc.message())
        self.error.show()

    def _ask_reason(self) -> str:
        text, ok = QInputDialog.getText(self, tr("Отмена после конца раунда"),
                                        tr("Раунд уже закрыт. Причина исправления (запишется с вашим именем):"))
        return text.strip() if ok else ""


class ZhukTableWindow(QWidget):
    """A top-level window around one table's scoring widget."""

    def __init__(self, hub: ZhukHub, actor: Actor, game_id: str, round_id: str | None, title: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(title)
        self.setObjectName("zhukTableWindow")
        self.scoring = ZhukTableWidget(hub, actor, game_id, self, round_id)
        self.scoring.title.setText(title)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scoring)
        remember(self, QSize(1100, 700))
        self.scoring.setFocus()
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)
        self.confirm_close = self._ask_close  # tests replace it

    def unsaved(self) -> bool:
        """A shot typed and not yet recorded (Enter) is on the window."""
        return not self.scoring.draft.empty

    def open_game_text(self) -> str:
        """For the main window's warning on closing: the shot typed here and not recorded."""
        return tr("{title}: удар набран, но не записан").format(title=self.windowTitle()) if self.unsaved() else ""

    def drop_input(self) -> None:
        """The typed shot is given up (the program closes, as its administrator said): the round no longer waits
        for it (ZhukHub.set_busy)."""
        if self.unsaved():
            self.scoring.draft.clear()
            self.scoring._draft_changed()

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # A person closing the window (its ×) with a half-typed shot is asked first (issue 38 item 8): the shot would
        # be lost, and the round's end would wait for it. A close the program makes gives the shot up.
        if event.spontaneous() and self.unsaved() and not self.confirm_close(self.scoring.draft_label.text()):
            event.ignore()
            return
        self.drop_input()
        super().closeEvent(event)

    def _ask_close(self, draft: str) -> bool:
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Question, tr("Удар не записан"),
                          tr("Набранный удар не записан:") + "\n" + draft, parent=self)
        box.setInformativeText(tr("Enter записывает удар. Закрыть окно без него?"))
        close = box.addButton(tr("Закрыть без удара"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(box.addButton(tr("Вернуться к удару"), QMessageBox.ButtonRole.RejectRole))
        box.exec()
        return box.clickedButton() is close
