"""Draws page: Жук tournaments — participants, seeded stage draws, redraws, the final; room for Пирамидка matches."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.optional import optional_module
from clubdesk.services.accounts import Actor
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.zhuk_table import money
from clubdesk.ui.views import enable, error_label, fill_tournaments
from clubdesk.ui.zhuk.clock import clock_text
from clubdesk.ui.zhuk.hub import ZhukHub, hub_for
from clubdesk.ui.zhuk.new_tournament import NewTournamentDialog

# The Пирамидка area's rule, on the area itself: the application's sheet keeps only what the first frame uses.
PYRAMID_AREA_STYLE = "#pyramidArea { border-top: 2px solid #d8dde3; }"


class DrawsPage(QWidget):
    def __init__(self, club, hub: ZhukHub, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club, self.hub, self.actor = club, hub, actor
        self.svc = hub.tournaments
        title = QLabel(tr("Жеребьёвка"))
        title.setObjectName("pageTitle")
        self.list = QListWidget()
        self.list.setFixedWidth(260)
        self.new_button = QPushButton(tr("Новый турнир…"))
        self.new_button.setEnabled(actor.has("desk"))
        left = QVBoxLayout()
        left.addWidget(QLabel(tr("Турниры «Жук»")))
        left.addWidget(self.list, 1)
        left.addWidget(self.new_button)

        self.info = QLabel()
        self.info.setTextFormat(Qt.TextFormat.RichText)  # the name is escaped where it is put in
        self.info.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([tr("Этап, стол, раунд"), tr("Игроки / состояние")])
        self.tree.setColumnWidth(0, 260)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(tr("зерно: пусто — случайное"))
        self.seed.setFixedWidth(230)
        self.draw_button = QPushButton(tr("Жеребьёвка этапа"))
        self.final_button = QPushButton(tr("Финал четырёх"))
        self.start_button = QPushButton(tr("Начать раунд"))
        self.check_button = QPushButton(tr("Проверить по зерну"))
        self.print_button = QPushButton(tr("Печать…"))
        self.print_button.setToolTip(tr("Жеребьёвки с зёрнами, итоги этапов и турнирная таблица"))
        self.withdraw_who = QComboBox()
        self.withdraw_who.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.withdraw_button = QPushButton(tr("Снять с турнира"))
        self.withdraw_button.setToolTip(tr("Участник записан по ошибке или не пришёл — до жеребьёвки"))
        self.error = error_label()
        actions = QHBoxLayout()
        for w in (self.seed, self.draw_button, self.final_button):
            actions.addWidget(w)
        actions.addStretch(1)
        actions2 = QHBoxLayout()
        for w in (self.start_button, self.check_button, self.print_button):
            actions2.addWidget(w)
        actions2.addStretch(1)
        withdraw = QHBoxLayout()  # a row of its own: beside the round buttons it squeezed their text
        withdraw.addWidget(self.withdraw_who)
        withdraw.addWidget(self.withdraw_button)
        withdraw.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.info)
        right.addLayout(actions)
        right.addLayout(actions2)
        right.addLayout(withdraw)
        right.addWidget(self.error)
        right.addWidget(self.tree, 1)
        top = QHBoxLayout()
        top.addLayout(left)
        top.addLayout(right, 1)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(top, 3)
        layout.addWidget(self._pyramid_area(), 2)

        self.list.currentRowChanged.connect(lambda _r: self.show_tournament())
        self.new_button.clicked.connect(self.new_tournament)
        self.draw_button.clicked.connect(lambda: self._act(self._draw))
        self.final_button.clicked.connect(lambda: self._act(self._final))
        self.start_button.clicked.connect(lambda: self._act(self._start_round))
        self.check_button.clicked.connect(self._check)
        self.print_button.clicked.connect(self.print_protocol)
        self.withdraw_button.clicked.connect(lambda: self._act(self._withdraw))
        hub.structure_changed.connect(self.reload)
        hub.tick.connect(self._tick)
        self._round_items: dict[str, QTreeWidgetItem] = {}
        self.reload()

    def _pyramid_area(self) -> QWidget:
        """A separate area for Пирамидка matches, filled by that area's panel when it is installed."""
        frame = QFrame()
        frame.setObjectName("pyramidArea")
        frame.setStyleSheet(PYRAMID_AREA_STYLE)
        box = QVBoxLayout(frame)
        head = QLabel(tr("Матчи «Пирамидка 100»"))
        head.setObjectName("sectionTitle")
        box.addWidget(head)
        panel = optional_module("clubdesk.ui.pyramid.panel")
        if panel is not None:
            self.pyramid_panel = panel.PyramidPanel(self.club, self.actor, frame)
            tournaments = optional_module("clubdesk.ui.pyramid.tournaments_panel")
            if tournaments is None:
                box.addWidget(self.pyramid_panel, 1)
            else:  # single matches and tournaments (the bracket) side by side in tabs
                self.pyramid_tabs = QTabWidget()
                self.pyramid_tabs.addTab(self.pyramid_panel, tr("Матчи"))
                self.pyramid_tournaments = tournaments.PyramidTournamentsPanel(
                    self.club, self.actor, self.pyramid_panel.open_match)
                self.pyramid_tabs.addTab(self.pyramid_tournaments, tr("Турниры"))
                box.addWidget(self.pyramid_tabs, 1)
        else:
            self.pyramid_panel = None
            note = QLabel(tr("Создание матчей «Пирамидка» появится здесь."))
            note.setObjectName("muted")
            box.addWidget(note)
            box.addStretch(1)
        return frame

    # ---- showing --------------------------------------------------------------------------------

    def print_protocol(self) -> None:
        if self.current():
            from clubdesk.ui.print_preview import print_tournament
            print_tournament(self, self.club, self.current())

    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def reload(self) -> None:
        keep = self.current()
        fill_tournaments(self.list, self.svc.tournaments(), keep)
        self.show_tournament()

    def show_tournament(self) -> None:
        tid = self.current()
        self.tree.clear()
        self._round_items = {}
        for b in (self.draw_button, self.final_button, self.start_button, self.seed):
            b.setEnabled(bool(tid) and self.actor.has("desk"))
        no_tournament = tr("Сначала создайте или выберите турнир")
        enable(self.print_button, bool(tid), no_tournament)
        enable(self.check_button, bool(tid) and bool(self.svc.stages(tid)),
               tr("Жеребьёвок ещё нет: сначала «Жеребьёвка этапа»") if tid else no_tournament)
        self.withdraw_who.clear()
        if tid is None:
            enable(self.withdraw_button, False, no_tournament)
            self.info.setText(tr("Турниров пока нет. Создайте турнир и выберите участников из реестра."))
            return
        t = self.svc.get(tid)
        for pid, name in sorted(self.svc.names(t.players).items(), key=lambda kv: kv[1]):
            self.withdraw_who.addItem(name, pid)
        enable(self.withdraw_button, self.actor.has("desk") and t.stage_count == 0,
               tr("После жеребьёвки столы этапа не меняются: игрок доигрывает этап, с балансом 0 B или меньше "
                  "в конце этапа выбывает (Z§9)") if t.stage_count else tr("Снимает участников администратор"))
        self.withdraw_who.setEnabled(self.withdraw_button.isEnabled())
        settle = tr("платит предыдущий") if t.settlement == "previous" else tr("платят все")
        bank = tr("баланс переносится") if t.bankroll == "carry" else tr("каждый этап с 10 000 B")
        self.info.setText(tr("<b>{name}</b> · участников: {n} · расчёт: {settle} · банкролл: {bank}").format(
            name=escape(t.name), n=len(t.players), settle=settle, bank=bank))
        names = self.svc.names(t.players)
        stages = self.svc.stages(tid)
        for st in stages:
            label = tr("Финал") if st.kind == "final" else tr("Этап {n}").format(n=st.number)
            node = QTreeWidgetItem(self.tree, [label, tr("зерно {seed}").format(seed=st.seed)])
            for i, players in enumerate(self.svc.draw_of(tid, st.number), start=1):
                table = QTreeWidgetItem(node, [tr("Стол {n}").format(n=i), tr("{k} игрока, по очереди хода").format(
                    k=len(players))])
                for k, p in enumerate(players, start=1):
                    QTreeWidgetItem(table, [f"{k}.", names.get(p, p)])
                table.setExpanded(True)
            for r in st.rounds:
                self._round_items[r.id] = QTreeWidgetItem(node, [tr("Раунд {n}: {minutes} мин, {nominal} B").format(
                    n=r.number, minutes=r.minutes, nominal=money(r.nominal)), self._round_status(r.id)])
            node.setExpanded(st is stages[-1])
        self.draw_button.setText(tr("Жеребьёвка этапа {n}").format(n=min(len(stages) + 1, 3)))
        self._sync_draws(stages)
        self.tree.resizeColumnToContents(0)

    def _sync_draws(self, stages) -> None:
        """The next draw is offered when it can be made: a stage after the one before is played, the final after
        the third (the service refuses an early one; the buttons say why before the click)."""
        if not self.actor.has("desk"):
            return
        played = not stages or all(self.svc.round_over(r.id) for r in stages[-1].rounds)
        final = any(st.kind == "final" for st in stages)
        enable(self.draw_button, played and len(stages) < 3,
               tr("Сначала доиграйте этап {n}").format(n=len(stages)) if not played
               else tr("Три этапа сыграны: дальше «Финал четырёх»"))
        enable(self.final_button, played and len(stages) == 3 and not final,
               tr("Финал уже разыгран") if final else tr("Финал — после трёх сыгранных этапов"))

    def _tick(self) -> None:
        """The clock of a running round ticks here too (it was frozen until the page was shown again), while the
        page is shown: hidden, it reads nothing, and the next tick after it is shown catches up."""
        if not self.isVisible():
            return
        for round_id in {t.round_id for t in self.hub.running_tables()} & self._round_items.keys():
            self._round_items[round_id].setText(1, self._round_status(round_id))

    def _round_status(self, round_id: str) -> str:
        if self.svc.round_over(round_id):
            return tr("сыгран")
        if not self.svc.tables(round_id):
            return tr("не начат")
        return tr("идёт · {clock}").format(clock=clock_text(self.hub.clock(round_id)))

    # ---- actions --------------------------------------------------------------------------------

    def _act(self, action) -> None:
        try:
            action()
        except KnownError as exc:
            self.error.setObjectName("formError")
            self.error.style().polish(self.error)
            self.error.setText(exc.message())
            self.error.show()
            return
        self.error.hide()
        self.hub.notify_structure()

    def _seed(self) -> int | None:
        text = self.seed.text().strip()
        if not text:
            return None
        if not text.isdigit():
            raise KnownError("Зерно — целое число (или пусто для случайного).",
                             "The seed is a whole number (or empty for a random one).")
        return int(text)

    def _draw(self) -> None:
        self.svc.draw_stage(self.actor, self.current(), self._seed())
        self.seed.clear()

    def _final(self) -> None:
        self.svc.draw_final(self.actor, self.current(), self._seed())
        self.seed.clear()

    def _withdraw(self) -> None:
        self.svc.withdraw(self.actor, self.current(), self.withdraw_who.currentData())

    def _start_round(self) -> None:
        """Start the first round of the latest stage that has not been played."""
        stages = self.svc.stages(self.current())
        for st in stages[-1:]:
            for r in st.rounds:
                if not self.svc.round_over(r.id):
                    self.svc.start_round(self.actor, r.id)
                    return
        raise KnownError("Нет раунда, который можно начать: сначала жеребьёвка следующего этапа.",
                         "No round to start: draw the next stage first.")

    def _check(self) -> None:
        tid = self.current()
        stages = self.svc.stages(tid) if tid else []
        if not stages:
            return
        ok = all(self.svc.verify_draw(tid, st.number) for st in stages)
        self.error.setText(tr("Все жеребьёвки совпадают с пересчётом по зерну.") if ok
                           else tr("Жеребьёвка не совпадает с пересчётом по зерну!"))
        self.error.setObjectName("formOk" if ok else "formError")
        self.error.style().unpolish(self.error)
        self.error.style().polish(self.error)
        self.error.show()

    def new_tournament(self) -> None:
        dialog = NewTournamentDialog(self.svc, self.club.players, self.actor, self)
        if dialog.exec() and dialog.created:
            self.hub.notify_structure()
            for i in range(self.list.count()):
                if self.list.item(i).data(Qt.ItemDataRole.UserRole) == dialog.created:
                    self.list.setCurrentRow(i)


def create_page(club, actor: Actor, window) -> DrawsPage:
    return DrawsPage(club, hub_for(club, actor), actor)
