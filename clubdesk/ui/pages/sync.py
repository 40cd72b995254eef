"""Синхронизация: the hub, this desk, the state, pending rows, the last success, progress and the conflicts.

The page only shows what `clubdesk.sync.status` reads and starts syncs through the club's SyncWorker; nothing
here talks to PostgreSQL. The conflicts are listed as the desk found them (docs/sync.md «Conflicts»), a game
with branches as one line however many desks' branches and events it holds (a game has one line of events: one
decision, which line continues it); an administrator resolves the selected one (merge two players after
confirming; choose the line in `branch_choice`) through `ConflictService`. «Отложенные ветки…» opens the
branches set aside (read-only, `archived_branches`).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, language
from clubdesk.roles import Actor
from clubdesk.sync.hub_facts import clock_off
from clubdesk.sync.resolutions import branch_count
from clubdesk.ui.branch_words import when
from clubdesk.ui.clock_words import clock_line
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.sync import ConflictsModel, load_conflicts, survivor_first
from clubdesk.ui.sync_join import NotJoinedPanel
from clubdesk.ui.sync_worker import SyncWorker, worker_for
from clubdesk.ui.views import enable, table_view


def state_text(state: str) -> str:
    return {"offline": tr("нет связи"), "online": tr("на связи"), "syncing": tr("синхронизация…")}[state]


class SyncPage(QWidget):
    def __init__(self, club, actor: Actor, worker: SyncWorker | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club, self.actor, self.worker = club, actor, worker
        title = QLabel(tr("Синхронизация"))
        title.setObjectName("pageTitle")
        self.hub = QLabel()
        self.desk = QLabel()
        self.state = QLabel()
        self.pending_up = QLabel()
        self.pending_down = QLabel()
        self.last_success = QLabel()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("error")
        self.desks = QLabel()
        self.desks.setWordWrap(True)
        self.clocks = QLabel()
        self.clocks.setWordWrap(True)
        self.update_note = QLabel()
        self.update_note.setWordWrap(True)
        self.clock_note = QLabel()  # this desk's own clock off the hub's (issue 35): one line
        self.clock_note.setWordWrap(True)
        self.clock_note.setObjectName("error")
        self.form = form = QFormLayout()
        for text, label in ((tr("Сервер"), self.hub), (tr("Эта стойка"), self.desk),
                            (tr("Стойки клуба"), self.desks), (tr("Состояние"), self.state),
                            (tr("Ждут отправки"), self.pending_up), (tr("Ждут получения"), self.pending_down),
                            (tr("Последняя синхронизация"), self.last_success), (tr("Часы"), self.clocks)):
            form.addRow(text + ":", label)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.sync_button = QPushButton(tr("Синхронизировать сейчас"))
        self.sync_button.clicked.connect(self.sync_now)

        self.model = ConflictsModel(self)
        self.view = table_view(self.model, stretch=2, widths={0: 170, 1: 260})
        # a branch's line says its span, then its first and last event: rows as tall as their text
        self.view.setWordWrap(True)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.conflicts_title = QLabel()
        self.conflicts_title.setObjectName("sectionTitle")

        self.merge_button = QPushButton(tr("Объединить игроков…"))
        self.choose_button = QPushButton(tr("Выбрать, как продолжится игра…"))
        self.retry_button = QPushButton(tr("Применить запись снова"))
        self.discard_button = QPushButton(tr("Отбросить запись…"))
        self.retry_button.clicked.connect(self.retry_selected)
        self.discard_button.clicked.connect(self.discard_selected)
        self.archived_button = QPushButton()
        self.archived_button.setToolTip(tr("Ветки игр, отложенные решением администратора: их события не "
                                           "удалены и показаны здесь"))
        self.archived_button.clicked.connect(self.show_archived)
        self.merge_button.clicked.connect(self.merge_selected)
        self.choose_button.clicked.connect(self.choose_selected)
        self.action_error = QLabel()
        self.action_error.setObjectName("error")
        self.action_error.setWordWrap(True)
        self.action_error.setVisible(False)
        # two rows: the duplicate's and the branches' answers, then a row kept aside's — five buttons in one row were
        # cut at the window's smallest width
        actions = QVBoxLayout()
        for row_buttons in ((self.merge_button, self.choose_button), (self.retry_button, self.discard_button)):
            row = QHBoxLayout()
            for button in row_buttons:
                row.addWidget(button)
            row.addStretch(1)
            actions.addLayout(row)
        actions.itemAt(0).layout().addWidget(self.archived_button)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())

        top = QHBoxLayout()
        top.addLayout(form, 1)
        buttons = QVBoxLayout()
        buttons.addWidget(self.sync_button)
        buttons.addStretch(1)
        top.addLayout(buttons)
        # a desk without a hub: a calm word and «Подключить к серверу…» instead of «нет связи» (ui/sync_join.py)
        self.not_joined = NotJoinedPanel(club, actor, self)
        self.not_joined.joined.connect(self._on_joined)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.not_joined)
        layout.addLayout(top)
        layout.addWidget(self.error)
        layout.addWidget(self.clock_note)
        layout.addWidget(self.update_note)
        layout.addWidget(self.progress)
        layout.addWidget(self.conflicts_title)
        layout.addWidget(self.view, 1)
        layout.addLayout(actions)
        layout.addWidget(self.action_error)

        if worker is not None:
            self._follow(worker)
        self.refresh()

    def _follow(self, worker: SyncWorker) -> None:
        worker.state_changed.connect(lambda _s: self.refresh())
        worker.progress.connect(self._on_progress)
        worker.finished.connect(lambda _r: self.refresh())
        worker.failed.connect(lambda _m: self.refresh())

    def _on_joined(self) -> None:
        """Joined from the page: the desk's worker starts (the status bar follows it) and syncs now."""
        self.worker = worker_for(self.club)
        self._follow(self.worker)
        window = self.window()
        if hasattr(window, "_start_sync"):
            window._start_sync()  # starts the worker, which syncs now and every interval
        else:
            self.worker.start()
        self.refresh()

    def refresh(self) -> None:
        from clubdesk.sync.status import local_status

        st = local_status(self.club.store)
        joined = st.config is not None
        if joined:
            a = st.config.address
            self.hub.setText(f"{a.where} · {tr('схема')} {a.schema} · sslmode={a.sslmode}")
            self.desk.setText(f"{st.config.desk_name} ({st.desk_id[:8]})")
        else:
            self.hub.setText(tr("не настроен"))
            self.desk.setText(st.desk_id[:8])
        self.not_joined.setVisible(not joined)
        for row in range(self.form.rowCount()):  # not joined: no state, no pending rows, no clocks to show
            self.form.setRowVisible(row, joined or self.form.itemAt(row, QFormLayout.ItemRole.FieldRole)
                                    .widget() is self.desk)
        self.sync_button.setVisible(joined)
        self.desks.setText(", ".join(tr("{name} (связь {seen})").format(name=n, seen=when(seen))
                                     for n, seen in st.desks) or "—")
        state = self.worker.state if self.worker is not None else "offline"
        self.state.setText(state_text(state))
        self.pending_up.setText(str(st.pending_up))
        self.pending_down.setText("—" if st.pending_down is None else str(st.pending_down))
        self.last_success.setText(when(st.last_success) if st.last_success else tr("ещё не было"))
        error = st.last_error_en if language() == "en" else st.last_error
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        self.clocks.setText("; ".join(tr("{desk}: {minutes:+.1f} мин").format(desk=name, minutes=ms / 60000)
                                      for name, ms in st.skewed) or tr("в порядке"))
        clock = clock_line(clock_off(self.club.store))
        self.clock_note.setText(clock)
        self.clock_note.setVisible(bool(clock))
        self.update_note.setText(tr("{n} записей пришли от более новой версии ClubDesk и ждут обновления этой "
                                    "стойки.").format(n=st.quarantined) if st.quarantined else "")
        self.update_note.setVisible(bool(st.quarantined))
        self.sync_button.setEnabled(joined and state != "syncing")
        self.progress.setVisible(state == "syncing")
        conflicts = load_conflicts(self.club.store)
        self.model.set_rows(conflicts)
        if conflicts:
            self.view.selectRow(0)  # the first conflict is ready for its action
        self.conflicts_title.setText(tr("Конфликты: {n}").format(n=len(conflicts)))
        archived = branch_count(self.club.store.read, archived=True)
        self.archived_button.setText(tr("Отложенные ветки ({n})…").format(n=archived))
        self._update_actions()
        # a desk on its own with nothing to decide: no empty conflict list, no disabled buttons under the calm word
        quiet = not joined and not conflicts and not archived
        for w in (self.conflicts_title, self.view, self.archived_button):
            w.setVisible(not quiet)
        if quiet:
            self.merge_button.hide()
            self.choose_button.hide()

    # ---- conflict actions (administrator) ------------------------------------------------------------------
    def selected(self):
        rows = self.view.selectionModel().selectedRows() if self.view.selectionModel() else []
        return self.model.row_at(rows[0].row()) if rows else None

    def _update_actions(self) -> None:
        c = self.selected()
        admin = self.actor.has("admin")
        for button in (self.merge_button, self.choose_button, self.retry_button, self.discard_button):
            button.setVisible(admin)  # only an administrator resolves conflicts
        enable(self.merge_button, admin and c is not None and c.kind == "duplicate_player",
               tr("Выберите в списке двойную регистрацию."))
        enable(self.choose_button, admin and c is not None and c.game is not None,
               tr("Выберите в списке игру с ветками."))
        kept_aside = admin and c is not None and c.kind == "quarantined_row"
        for button in (self.retry_button, self.discard_button):
            enable(button, kept_aside, tr("Выберите в списке запись, которая не применена."))

    def ask(self, text: str) -> bool:
        """The confirmation before an action (tests replace it)."""
        answer = QMessageBox.question(self, tr("Синхронизация"), text)
        return answer == QMessageBox.StandardButton.Yes

    def merge_selected(self) -> None:
        c = self.selected()
        if c is None or c.kind != "duplicate_player":
            return
        stays, goes = survivor_first(self.club.store, c.entity_id, c.other_id)
        text = tr("Объединить двух игроков? Останется {stays} — он зарегистрирован раньше. К нему перейдут игры, "
                  "отметки и заявки игрока {goes}; обе истории сохранятся. Решение уйдёт на все "
                  "стойки.").format(stays=c.names.get(stays, stays[:8]), goes=c.names.get(goes, goes[:8]))
        self._act(text, lambda svc: svc.merge_conflict(self.actor, c.id))

    def retry_selected(self) -> None:
        """Try the selected row kept aside again (its game or player may have arrived since)."""
        c = self.selected()
        if c is None or c.kind != "quarantined_row":
            return
        self._do(lambda svc: svc.retry_row(self.actor, c.id))

    def discard_selected(self) -> None:
        c = self.selected()
        if c is None or c.kind != "quarantined_row":
            return
        text = tr("Отбросить запись стойки {desk}? Она останется в журнале этой стойки, но не будет применена "
                  "никогда.").format(desk=c.names.get(c.other_id, ""))
        self._act(text, lambda svc: svc.discard_row(self.actor, c.id))

    def choose(self, game):
        """The administrator's choice of the line that continues `game` (a GameChoiceView): the desk id whose
        events end it, or None (tests replace it)."""
        from clubdesk.ui.branch_choice import BranchChoiceDialog

        dialog = BranchChoiceDialog(game, self)
        self.choice_dialog = dialog  # kept for the screenshots
        return dialog.chosen_desk() if dialog.exec() == BranchChoiceDialog.DialogCode.Accepted else None

    def choose_selected(self) -> None:
        c = self.selected()
        if c is None or c.game is None:
            return
        desk = self.choose(c.game)
        if desk is None:
            return
        self._do(lambda svc: svc.continue_with(self.actor, c.game.game_id, desk))

    def _act(self, text: str, action) -> None:
        if self.ask(text):
            self._do(action)

    def _do(self, action) -> None:
        from clubdesk.services.conflicts import ConflictService

        try:
            action(ConflictService(self.club.store))
        except KnownError as exc:
            self.action_error.setText(exc.message())
            self.action_error.setVisible(True)
            return
        self.action_error.setVisible(False)
        self.refresh()
        if self.worker is not None:
            self.worker.request()  # the decision goes to the other desks now, not in 30 s

    def show_archived(self) -> None:
        from clubdesk.sync.status import desk_names
        from clubdesk.ui.archived_branches import ArchivedBranchesDialog

        dialog = ArchivedBranchesDialog(self.club.store, desk_names(self.club.store), self)
        self.archived_dialog = dialog  # kept for tests and the screenshots
        dialog.open()

    def sync_now(self) -> None:
        if self.worker is not None:
            self.worker.request()

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setVisible(True)
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(min(done, max(total, 1)))

def create_page(club, actor: Actor, window) -> SyncPage:
    return SyncPage(club, actor, worker_for(club), window)


def prepare_screenshot(window) -> None:
    """`--demo --screenshots` only: the demo desk as desk «front» of a hub, with a second desk «hall» whose
    registration of a demo player's phone arrived through the real apply path — one conflict on the page."""
    from clubdesk.services.demo_sync import stage_two_desks

    stage_two_desks(window.club.store)


def extra_screenshots(window, out_dir) -> list:
    """sync-archived.png: «Отложенные ветки» with the demo's Пирамидка branch set aside; sync-choice.png: «Как
    продолжится игра» for the demo's Жук table recorded on two desks, the hall's line selected."""
    from PySide6.QtWidgets import QApplication

    from clubdesk.ui.branch_choice import BranchChoiceDialog

    page: SyncPage = window.page("sync")
    page.show_archived()
    shots = [(page.archived_dialog, "sync-archived.png")]
    game = next((r.game for r in (page.model.row_at(k) for k in range(page.model.rowCount())) if r.game), None)
    if game is not None:
        choice = BranchChoiceDialog(game, page)
        choice.buttons[-1].click()
        choice.show()
        shots.append((choice, "sync-choice.png"))
    written = []
    for dialog, name in shots:
        dialog.resize(1000, 640)
        QApplication.processEvents()
        path = out_dir / name
        if not dialog.grab().save(str(path)):
            raise OSError(f"cannot write {path}")
        dialog.close()
        written.append(path)
    return written
