"""Синхронизация: the hub, this desk, the state, pending rows, the last success, progress and the conflicts.

The page only shows what `clubdesk.sync.status` reads and starts syncs through the club's SyncWorker; nothing
here talks to PostgreSQL. The conflicts are listed as the desk found them (docs/sync.md «Conflicts»).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import language
from clubdesk.roles import Actor
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.sync import ConflictsModel, load_conflicts
from clubdesk.ui.sync_worker import SyncWorker, worker_for
from clubdesk.ui.views import table_view


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
        form = QFormLayout()
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
        self.conflicts_title = QLabel()
        self.conflicts_title.setObjectName("sectionTitle")

        top = QHBoxLayout()
        top.addLayout(form, 1)
        buttons = QVBoxLayout()
        buttons.addWidget(self.sync_button)
        buttons.addStretch(1)
        top.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(top)
        layout.addWidget(self.error)
        layout.addWidget(self.update_note)
        layout.addWidget(self.progress)
        layout.addWidget(self.conflicts_title)
        layout.addWidget(self.view, 1)

        if worker is not None:
            worker.state_changed.connect(lambda _s: self.refresh())
            worker.progress.connect(self._on_progress)
            worker.finished.connect(lambda _r: self.refresh())
            worker.failed.connect(lambda _m: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        from clubdesk.sync.status import local_status

        st = local_status(self.club.store, language())
        joined = st.config is not None
        if joined:
            a = st.config.address
            self.hub.setText(f"{a.where} · {tr('схема')} {a.schema} · sslmode={a.sslmode}")
            self.desk.setText(f"{st.config.desk_name} ({st.desk_id[:8]})")
        else:
            self.hub.setText(tr("не подключена — clubdesk sync join URL --desk ИМЯ"))
            self.desk.setText(st.desk_id[:8])
        self.desks.setText(", ".join(tr("{name} (связь {seen})").format(name=n, seen=seen.replace("T", " ")[:16])
                                     for n, seen in st.desks) or "—")
        state = self.worker.state if self.worker is not None else "offline"
        self.state.setText(state_text(state))
        self.pending_up.setText(str(st.pending_up))
        self.pending_down.setText("—" if st.pending_down is None else str(st.pending_down))
        self.last_success.setText(st.last_success or tr("ещё не было"))
        self.error.setText(st.last_error or "")
        self.error.setVisible(bool(st.last_error))
        self.clocks.setText("; ".join(tr("{desk}: {minutes:+.1f} мин").format(desk=name, minutes=ms / 60000)
                                      for name, ms in st.skewed) or tr("в порядке"))
        self.update_note.setText(tr("{n} записей пришли от более новой версии ClubDesk и ждут обновления этой "
                                    "стойки.").format(n=st.quarantined) if st.quarantined else "")
        self.update_note.setVisible(bool(st.quarantined))
        self.sync_button.setEnabled(joined and state != "syncing")
        self.progress.setVisible(state == "syncing")
        conflicts = load_conflicts(self.club.store)
        self.model.set_rows(conflicts)
        self.conflicts_title.setText(tr("Конфликты: {n}").format(n=len(conflicts)))

    def sync_now(self) -> None:
        if self.worker is not None:
            self.worker.request()

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setVisible(True)
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(min(done, max(total, 1)))

def create_page(club, actor: Actor, window) -> SyncPage:
    return SyncPage(club, actor, worker_for(club), window)
