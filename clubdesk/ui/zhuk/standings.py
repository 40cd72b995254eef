"""Standings of a Жук tournament: overall or per stage, eliminations, qualifiers for the final, CSV export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.histories import balance_chart
from clubdesk.services.tournaments_standings import balance_history, export_csv, export_xlsx, standings
from clubdesk.ui.charts import ChartView
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.tournament import StandingsModel
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.views import enable
from clubdesk.ui.windows import remember
from clubdesk.ui.zhuk.hub import ZhukHub

CHART_DELAY_MS = 250


class StandingsWidget(QWidget):
    """Follows the hub: every recorded event re-reads the standings from the engines' states."""

    def __init__(self, hub: ZhukHub, parent: QWidget | None = None, big: bool = False) -> None:
        super().__init__(parent)
        self.hub = hub
        self.tournament_id: str | None = None
        self._players: list[str] = []
        self.model = StandingsModel(self)
        self.tournament = QComboBox()
        self.stage = QComboBox()
        self.export = QPushButton(tr("Экспорт в CSV…"))
        self.xlsx_button = QPushButton(tr("Excel…"))
        self.print_button = QPushButton(tr("Печать…"))
        self.note = QLabel(tr("Выбывает тот, у кого в конце этапа 0 B или меньше; после трёх этапов "
                              "четверо лучших играют финал."))
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(tr("Турнир:")))
        bar.addWidget(self.tournament, 1)
        bar.addWidget(QLabel(tr("Таблица:")))
        bar.addWidget(self.stage)
        bar.addWidget(self.export)
        bar.addWidget(self.xlsx_button)
        bar.addWidget(self.print_button)
        self.chart = ChartView()
        # The chart follows a quarter of a second after the table: a run of shots redraws it once, and the shot's
        # own frame pays only for the table (the chart's reads cost about as much again).
        self._chart_timer = QTimer(self, singleShot=True, interval=CHART_DELAY_MS)
        self._chart_timer.timeout.connect(self.refresh_chart)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.view)
        split.addWidget(self.chart)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        layout.addWidget(self.note)
        self.tournament.currentIndexChanged.connect(self._pick_tournament)
        self.stage.currentIndexChanged.connect(lambda _i: self.refresh())
        self.export.clicked.connect(lambda: self.export_csv())
        self.xlsx_button.clicked.connect(lambda: self.export_xlsx())
        self.print_button.clicked.connect(self.print_protocol)
        hub.changed.connect(self._game_changed)  # a method, not a lambda: Qt drops it with the widget
        hub.structure_changed.connect(self.reload)
        self.reload()

    def _game_changed(self, _game_id: str) -> None:
        self.refresh()

    def reload(self) -> None:
        keep = self.tournament_id
        self.tournament.blockSignals(True)
        self.tournament.clear()
        for t in self.hub.tournaments.tournaments():
            self.tournament.addItem(t.name, t.id)
        index = max(0, self.tournament.findData(keep)) if keep else 0
        self.tournament.setCurrentIndex(index)
        self.tournament.blockSignals(False)
        self._pick_tournament()

    def show_tournament(self, tournament_id: str) -> None:
        index = self.tournament.findData(tournament_id)
        if index >= 0:
            self.tournament.setCurrentIndex(index)

    def _pick_tournament(self) -> None:
        self.tournament_id = self.tournament.currentData()
        self.stage.blockSignals(True)
        self.stage.clear()
        self.stage.addItem(tr("Общая"), None)
        if self.tournament_id:
            for st in self.hub.tournaments.stages(self.tournament_id):
                if st.number < 4:
                    self.stage.addItem(tr("Этап {n}").format(n=st.number), st.number)
                else:
                    self.stage.addItem(tr("Финал"), st.number)
        self.stage.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        st = standings(self.hub.tournaments, self.tournament_id) if self.tournament_id else None
        self.model.set_standings(st, self.stage.currentData())
        self.chart.setVisible(st is not None)
        self._players = [r.player for r in st.overall] if st is not None else []
        if st is not None:
            self._chart_timer.start()
        no_tournament = tr("Сначала создайте или выберите турнир")
        enable(self.export, st is not None, no_tournament)
        enable(self.xlsx_button, st is not None, no_tournament)
        enable(self.print_button, st is not None, no_tournament)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        if self.model.columnCount() > 1:
            header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)

    def refresh_chart(self) -> None:
        """Each player's balance round by round, from the same round games as the table."""
        if self.tournament_id:
            history = balance_history(self.hub.tournaments, self.tournament_id, self._players)
            self.chart.set_chart(balance_chart(history))

    def print_protocol(self) -> None:
        """The printed standings with every stage's draw and results."""
        if self.tournament_id:
            from clubdesk.ui.print_preview import print_tournament
            print_tournament(self, self.hub.club, self.tournament_id)

    def export_csv(self, path: str | None = None) -> Path | None:
        if not self.tournament_id:
            return None
        if path is None:
            from clubdesk.errors import language
            from clubdesk.services.protocols import ProtocolService
            from clubdesk.ui.print_preview import in_documents

            name = ProtocolService(self.hub.club.store, self.hub.games).tournament_file_name(self.tournament_id,
                                                                                              lang=language())
            path, _ = QFileDialog.getSaveFileName(self, tr("Экспорт таблицы"), str(in_documents(name, ".csv")),
                                                  "CSV (*.csv)")
            if not path:
                return None
        export_csv(self.hub.tournaments, self.tournament_id, path)
        return Path(path)

    def export_xlsx(self, path: str | None = None) -> Path | None:
        """The overall table and each stage's, one sheet each, with the columns shown here."""
        if not self.tournament_id:
            return None
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, tr("Экспорт таблицы"), tr("турнир.xlsx"), "Excel (*.xlsx)")
            if not path:
                return None
        export_xlsx(self.hub.tournaments, self.tournament_id, path)
        return Path(path)


class StandingsWindow(QWidget):
    def __init__(self, hub: ZhukHub, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(tr("Турнирная таблица «Жук»"))
        self.setObjectName("zhukStandingsWindow")
        self.standings = StandingsWidget(hub, self)
        title = QLabel(tr("Турнирная таблица"))
        title.setObjectName("pageTitle")
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.standings)
        remember(self, QSize(980, 640))
        plain_text_labels(self)  # names are text, never markup (issue 18 item 11)
