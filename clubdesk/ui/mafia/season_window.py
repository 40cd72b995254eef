"""The Mafia season window: a period (a preset or two dates), the minimum of games, the table, exports, print."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QDate, QSize
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, language
from clubdesk.services.seasons import COLUMNS, Season, SeasonService, presets
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.mafia import RowsModel
from clubdesk.ui.views import error_label, table_view
from clubdesk.ui.windows import remember


class SeasonModel(RowsModel):
    """The season table with the columns the exports and the paper use (services.seasons.COLUMNS)."""

    def columns(self):
        return [(c.title(), c.text) for c in COLUMNS]


class SeasonWindow(QWidget):
    """Signals: none; the table is recomputed when the period or the minimum changes."""

    def __init__(self, service: SeasonService, today: dt.date, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Сезон мафии"))
        self.service = service
        self._presets = presets(today)
        self.preset = QComboBox()
        for ru, en, _season in self._presets:
            self.preset.addItem(ru if language() == "ru" else en)
        self.preset.addItem(tr("Свой период"))
        self.start, self.end = QDateEdit(calendarPopup=True), QDateEdit(calendarPopup=True)
        for edit in (self.start, self.end):
            edit.setDisplayFormat("dd.MM.yyyy")
        self.min_games = QSpinBox(minimum=0, maximum=200)
        self.min_games.setToolTip(tr("Сыгравшие меньше игр показаны в конце таблицы без места"))
        self.model = SeasonModel(lambda: self.service.table(self.season()), self)
        self.view = table_view(self.model)
        from PySide6.QtWidgets import QHeaderView
        self.view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the names
        self.count = QLabel()
        self.error = error_label()
        self.csv_button, self.xlsx_button = QPushButton(tr("CSV…")), QPushButton(tr("Excel…"))
        self.print_button = QPushButton(tr("Печать…"))
        bar = QHBoxLayout()
        for label, w in ((tr("Период:"), self.preset), (tr("с"), self.start), (tr("по"), self.end),
                         (tr("Игр для места, не меньше:"), self.min_games)):
            bar.addWidget(QLabel(label))
            bar.addWidget(w)
        bar.addStretch(1)
        for b in (self.csv_button, self.xlsx_button, self.print_button):
            bar.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.error)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        self.preset.currentIndexChanged.connect(self._preset_chosen)
        for edit in (self.start, self.end):
            edit.dateChanged.connect(self._dates_edited)
        self.min_games.valueChanged.connect(lambda _v: self.refresh())
        self.csv_button.clicked.connect(self.export_csv)
        self.xlsx_button.clicked.connect(self.export_xlsx)
        self.print_button.clicked.connect(self.print_table)
        self.setObjectName("mafiaSeason")
        remember(self, QSize(1100, 600))  # fits a 1366×768 screen; the desk's own size comes back next time
        self._preset_chosen(0)

    def season(self) -> Season:
        return Season(self.start.date().toPython(), self.end.date().toPython(), self.min_games.value())

    def _preset_chosen(self, index: int) -> None:
        if index >= len(self._presets):
            return
        chosen = self._presets[index][2]
        for edit, day in ((self.start, chosen.start), (self.end, chosen.end)):
            edit.blockSignals(True)
            edit.setDate(QDate(day.year, day.month, day.day))
            edit.blockSignals(False)
        self.refresh()

    def _dates_edited(self) -> None:
        self.preset.blockSignals(True)
        self.preset.setCurrentIndex(len(self._presets))  # «Свой период»
        self.preset.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        try:
            self.model.refresh()
        except KnownError as exc:
            self.model.set_rows([])
            self.error.setText(exc.message())
            self.error.show()
        else:
            self.error.hide()
        ranked = sum(1 for r in self.model._rows if r.place is not None)  # noqa: SLF001 - the rows shown
        self.count.setText(tr("Игроков: {n}, с местом: {k}").format(n=self.model.rowCount(), k=ranked))
        for b in (self.csv_button, self.xlsx_button, self.print_button):
            b.setEnabled(self.model.rowCount() > 0)
            b.setToolTip("" if self.model.rowCount() else tr("В этом периоде нет сыгранных игр"))

    def file_name(self, suffix: str) -> str:
        s = self.season()
        return tr("Мафия — сезон {start} — {end}").format(start=f"{s.start:%d.%m.%Y}", end=f"{s.end:%d.%m.%Y}") \
            + suffix

    def save_path(self, title: str, name: str, pattern: str) -> str:
        """Asked before an export, in the user's documents; tests replace it."""
        from clubdesk.ui.print_preview import documents_folder

        return QFileDialog.getSaveFileName(self, title, str(documents_folder() / name), pattern)[0]

    def export_csv(self) -> None:
        path = self.save_path(tr("Таблица сезона в CSV"), self.file_name(".csv"), "CSV (*.csv)")
        if path:
            Path(path).write_text(self.service.csv(self.season()), encoding="utf-8-sig")

    def export_xlsx(self) -> None:
        path = self.save_path(tr("Таблица сезона в Excel"), self.file_name(".xlsx"), "Excel (*.xlsx)")
        if path:
            Path(path).write_bytes(self.service.xlsx(self.season()))

    def print_table(self) -> None:
        from clubdesk.ui.print_preview import preview_pdf
        preview_pdf(self, self.service.pdf(self.season()), tr("Таблица сезона"), self.file_name(""))
