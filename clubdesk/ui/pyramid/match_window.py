"""The Пирамидка match scoring window: a shot typed (keys.py) or clicked, recorded by Enter, «+» or «−»; Ctrl+Z
voids the last; «Табло в зал» opens the hall scoreboard of the match. Its widgets are built and laid out by
match_layout.py."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QLabel,
    QMessageBox,
    QWidget,
)

from clubdesk.errors import KnownError, SeqClash, WriteFailed
from clubdesk.rules.pyramid100 import CONTROL
from clubdesk.services.accounts import Actor
from clubdesk.services.matches import MatchService, line_after, readable
from clubdesk.ui.cancel_game import cancel_game
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.pyramid import ShotLogModel
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.pyramid import text
from clubdesk.ui.pyramid.draft import CALL, OFF, ShotDraft
from clubdesk.ui.pyramid.entry import ShotEntry
from clubdesk.ui.pyramid.keys import BallTyper
from clubdesk.ui.pyramid.match_layout import MatchLayout
from clubdesk.ui.pyramid.shot_log import shot_log_view
from clubdesk.ui.pyramid.style import STYLE
from clubdesk.ui.pyramid.widgets import PlayerBox, RoomyLabel, set_text
from clubdesk.ui.windows import remember


class RecordedShot(QUndoCommand):
    """A shot already stored; undo appends a void event, redo records the same facts again."""

    def __init__(self, window: MatchWindow, event: dict) -> None:
        super().__init__(text.describe(event))
        self._window, self._event, self._first = window, event, True

    def redo(self) -> None:
        if self._first:  # pushed after the service accepted it: nothing to do the first time
            self._first = False
            return
        self._window.record(self._event, push=False)

    def undo(self) -> None:
        self._window.void_last()


class MatchWindow(ShotEntry, MatchLayout, QWidget):
    """Signals: changed(game_id) — an event was stored (the match list refreshes)."""

    changed = Signal(str)

    def __init__(self, service: MatchService, actor: Actor, game_id: str, parent: QWidget | None = None,
                 feed=None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("pyramidMatch")
        self.setStyleSheet(STYLE)
        self._service, self._actor, self.game_id = service, actor, game_id
        match = service.get(game_id)
        self.players, self.names = match.players, dict(zip(match.players, match.names, strict=True))
        self.table_name, self.referee = match.table, match.referee_name  # the person, not a login
        self.draft = ShotDraft()
        self._live_shown: bool | None = None  # what the entry's buttons were last set for (_sync_entry)
        self._touch_free_shown: bool | None = None  # what the №10 touch box's tip was last set for (_sync_entry)
        self._info_facts: tuple | None = None  # the state's facts the header's lines show (refresh)
        self._table_shown: list | None = None  # the balls the table line shows (refresh)
        self.entered: list[str] = []  # the lists facts went to, in order (Backspace takes the last back)
        self.typer = BallTyper()
        self.mode = CALL
        self.scoreboard = None  # the hall scoreboard, once opened
        self.feed = feed  # the club's PyramidFeed (feed.py): tells the hall scoreboard and «Столы», brings sync arrivals
        self._telling = False
        if feed is not None:
            feed.changed.connect(self._on_feed_changed)
        self.undo_stack = QUndoStack(self)
        title = tr("Пирамидка 100: {a} — {b}").format(a=match.names[0], b=match.names[1])
        self.setWindowTitle(f"{title} · {match.table}" if match.table else title)

        self.boxes = [PlayerBox(n) for n in match.names]
        # The header's centre keeps its height through the match (RoomyLabel): the lines of the break and of a
        # referee, and the table as full as at the break.
        info_lines = 6 + bool(self.referee)  # table, break, mode, cue in hand, №10, its privilege (+ referee)
        self.info = RoomyLabel(lambda: ("\n".join("Ё" * info_lines),))
        self.info.setObjectName("pyramidInfo")
        self.table_balls = RoomyLabel(lambda: (text.table_line(range(5, 16), text.ball),))
        self.table_balls.setObjectName("pyramidTable")
        self.banner = QLabel()
        self.banner.setObjectName("pyramidBanner")
        self.banner.hide()
        self.log = ShotLogModel(self.players, {p: text.short_name(n) for p, n in self.names.items()}, self)
        self.log_view = shot_log_view(self.log)
        self._build_entry()
        self._layout()
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        self._keys_stay_here()
        self.log.reset(service.history(game_id))
        self.log_view.resizeRowsToContents()
        self.log_view.scrollToBottom()  # the latest shots, not the break, when a running match is reopened
        self.refresh()
        remember(self, QSize(1240, 700))
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)

    # ---- building (the widgets and their places: match_layout.MatchLayout) -------------------
    def _keys_stay_here(self) -> None:
        """Keys belong to the shot entry (ShotEntry.keyPressEvent): no button, box or list takes the focus, so a
        digit never picks a list entry and Space never presses a button; the mouse works on all of them."""
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for w in self.findChildren(QWidget):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFocus()

    # ---- talking to the service --------------------------------------------------------------
    def record(self, event: dict, push: bool) -> bool:
        try:
            state = self._service.record_shot(self._actor, self.game_id, event)
        except KnownError as exc:
            self._show_error(exc)
            return False
        self._append(line_after({"type": "shot", "player": state["last_shot"]["player"], **event}, state))
        if push:
            self.undo_stack.push(RecordedShot(self, event))
        self._after_change(state, entry=not push)  # a pushed shot is a commit(): clear_draft() syncs the entry
        return True

    def undo(self) -> None:
        """Ctrl+Z: through the undo stack when it holds this session's shots, else void the last stored one."""
        if self.undo_stack.canUndo():
            self.undo_stack.undo()
        else:
            self.void_last()

    def void_last(self) -> None:
        try:
            state = self._service.undo(self._actor, self.game_id, tr("отмена судьёй"))
        except KnownError as exc:
            self._show_error(exc)
            return
        self.log.pop()
        self.log_view.scrollToBottom()
        self._after_change(state)

    def _append(self, line) -> None:
        """One row more in the log, shown at its bottom."""
        self.log.append(line)
        self.log_view.show_appended(self.log.rowCount() - 1)

    def open_game_text(self) -> str:
        """For the main window's warning on closing: this match while it is not over."""
        return "" if self._over() else self.windowTitle()

    def _over(self) -> bool:
        return self._service.engine(self.game_id).finished or self._service.games.cancelled(self.game_id)

    def print_protocol(self) -> None:
        from clubdesk.ui.print_preview import print_recorded_game
        print_recorded_game(self, self._service.games, self.game_id)

    def _ask_concede(self, player: str) -> None:
        answer = QMessageBox.question(self, tr("Сдача партии"),
                                      tr("{name} сдаёт партию? Победа будет присуждена сопернику.")
                                      .format(name=self.names[player]))
        if answer == QMessageBox.StandardButton.Yes:
            self.concede(player)

    def concede(self, player: str) -> None:
        try:
            state = self._service.concede(self._actor, self.game_id, player)
        except KnownError as exc:
            self._show_error(exc)
            return
        self._append(line_after({"type": "concede", "player": player}, state))
        self.undo_stack.push(RecordedShot(self, {"type": "concede", "player": player}))
        self._after_change(state)

    def cancel_match(self, ask=None, tell=None) -> bool:
        """The match was created by mistake: cancelled (asked first), no result; the window stays, read-only."""
        if not cancel_game(self, self._service.games, self._actor, self.game_id, self.windowTitle(), ask=ask,
                           tell=tell):
            return False
        self.undo_stack.clear()
        self._after_change()
        if self.feed is not None:
            self.feed.matches_changed.emit()  # «Столы» drops it
        return True

    def _after_change(self, state: dict | None = None, entry: bool = True) -> None:
        self.error.hide()
        self.refresh(state, entry)
        self.changed.emit(self.game_id)
        if self.feed is not None:
            self._telling = True  # our own news: this window is up to date already
            try:
                self.feed.changed.emit(self.game_id)
            finally:
                self._telling = False

    def _on_feed_changed(self, game_id: str) -> None:
        """The match changed elsewhere (rows arrived by sync): show the log and the state as stored now."""
        if game_id != self.game_id or self._telling:
            return
        # One shot more or one undone (a tablet at the table, clubdesk/web): follow by one row. Rebuilding and
        # re-measuring every row cost ~17 ms at a hundred shots, and ten tablets queue behind it.
        events, n = self._service.games.events(self.game_id), self.log.rowCount()
        if len(events) == n + 1 and (n == 0 or self.log.line(n - 1).event == events[n - 1]):
            self._append(line_after(events[-1], self._service.state(self.game_id)))
        elif len(events) == n - 1 and (n == 1 or self.log.line(n - 2).event == events[n - 2]):
            self.log.pop()
            self.log_view.scrollToBottom()
        else:
            self.log.reset(self._service.history(self.game_id))
            self.log_view.resizeRowsToContents()
            self.log_view.scrollToBottom()
        self.refresh()

    def open_scoreboard(self):
        """The hall scoreboard of this match (one per window), on the hall's screen."""
        from clubdesk.ui.pyramid.scoreboard import PyramidScoreboardWindow

        if self.scoreboard is None:
            # without a feed (a window on its own) the board follows this window's own `changed`
            self.scoreboard = PyramidScoreboardWindow(self._service, self.game_id, self.feed if self.feed is not None else self, self)
        self.scoreboard.show_on_display()
        return self.scoreboard

    def _show_error(self, exc: KnownError) -> None:
        if isinstance(exc, WriteFailed):  # the undo history no longer matches the log: Ctrl+Z voids the last event
            QTimer.singleShot(0, self.undo_stack, self.undo_stack.clear)
        if isinstance(exc, SeqClash):  # another desk's events are in the log: show the match as stored
            self.log.reset(self._service.history(self.game_id))
            self.refresh()  # the draft stays as marked
        # A write the machine refused says so itself, in one line; an engine refusal names its clause.
        text = exc.message() if isinstance(exc, WriteFailed) else \
            tr("Не записано: {reason}").format(reason=readable(exc.message(), self.names))
        self.error.setText(text)
        self.error.show()

    # ---- showing the state -------------------------------------------------------------------
    def refresh(self, state: dict | None = None, entry: bool = True) -> None:
        """Everything visible from the engine state; choices the engine would refuse are greyed out (`entry`:
        unless the caller syncs the entry itself right after)."""
        s = state or self._service.state(self.game_id)
        for pid, box in zip(self.players, self.boxes, strict=True):
            box.show_state(s["score"][pid], s["shelves"][pid], s["debts"][pid], s["to_move"] == pid,
                           s["winner"] == pid)
        # The header's lines and the table's balls are worded only when the facts they show change: most shots
        # change neither, and wording them was a third of a shot's tr() calls (issue 36).
        facts = (s["mode"], s["in_hand"], s.get("control_spot"), s.get("control_ball"), s["control_privilege"],
                 s["opening"])
        if facts != self._info_facts:
            self._info_facts = facts
            set_text(self.info, self._info_text(s))
        if s["table"] != self._table_shown:
            self._table_shown = list(s["table"])
            set_text(self.table_balls, text.table_line(s["table"], text.ball))
        if s["finished"]:
            how = tr("сдача") if s["termination"] == "concession" else tr("больше 50 очков")
            self.banner.setText(tr("Матч окончен: победил {name} ({how})").format(name=self.names[s["winner"]],
                                                                                  how=how))
        if self._service.games.cancelled(self.game_id):
            self.banner.setText(tr("Матч отменён: создан по ошибке. Результата нет, рейтинг не меняется."))
        self.banner.setVisible(self._over())
        if entry:
            self._sync_entry()

    def _info_text(self, s: dict) -> str:
        lines = [tr("Стол: {t}").format(t=self.table_name or "—")]
        if self.referee:
            lines.append(tr("Судья: {name}").format(name=self.referee))
        lines += [tr("Режим: {m}").format(m=text.mode(s["mode"])),
                  tr("Биток с руки: {h}").format(h=text.in_hand(s["in_hand"])),
                  tr("№10: {where}").format(where=text.control_place(s, self.names)),
                  tr("Право на №10 битком (P§13): {yes}").format(yes=tr("да") if s["control_privilege"] else tr("нет"))]
        if s["opening"]:
            lines.insert(1, tr("Разбой (P§2)"))
        return "\n".join(lines)

    def _sync_entry(self) -> None:
        engine = self._service.engine(self.game_id)
        live = not self._over()
        self.balls.enable_only(engine.callable_balls() if live else ())
        self.pockets.set_enabled(live and self.mode != OFF and self.balls.selected() is not None)
        self.straight.setEnabled(live and self.mode != OFF)  # for a pot, and for «+» (the called balls)
        self.touched.setEnabled(live and engine.on_cloth(CONTROL))
        free = engine.touch_allowed()
        if free != self._touch_free_shown:  # a tip set anew is an event to the box, even the same text
            self._touch_free_shown = free
            self.touched.setToolTip(tr("Сейчас касание №10 без штрафа") if free
                                    else tr("Касание №10 при других шарах — штраф (P§12)"))
        self.trick.setEnabled(live and engine.trick_possible())
        if not engine.trick_possible() and self.trick.currentIndex():
            self.trick.setCurrentIndex(0)
        if live != self._live_shown:  # these change only when the match ends, is cancelled or is taken back
            self._live_shown = live
            for w in (self.blocked, self.foul, self.commit_button, self.missed_button, self.clear_button,
                      self.concede_button, *self.mode_buttons.values()):
                w.setEnabled(live)
        self.fell_button.setEnabled(live and bool(self.draft.call))
        self.undo_button.setEnabled(self.log.rowCount() > 0 and not self._service.games.cancelled(self.game_id))
        if not live:
            set_text(self.summary, "")
            return
        who = self.names.get(engine.to_move, "")
        set_text(self.summary, tr("Бьёт {name}: {draft}\nДальше: {prompt}").format(
            name=who, draft=self.draft_text(), prompt=self.entry_prompt()))
