"""The preview of a player import (issue 39; the page's button and the other dialogs: `ui/player_transfer.py`).

The preview dialog only shows what `services.player_import` judged: the columns as mapped (each a combo the
administrator may change, the rows judged again at once), every row with its verdict, the registered players the
file has — skipped or updated, for all at once or row by row (a check box) — and the refused rows with their
reasons. «Импортировать» hands the same table, mapping and choices to `ImportService.run`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk import phones
from clubdesk.errors import KnownError, language
from clubdesk.services import player_import as judging
from clubdesk.services.player_files import Table, read_table
from clubdesk.services.player_imports import ImportResult, ImportService
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import error_label

KINDS = ("", "new", "same", "duplicate", "refused")  # the filter's choices: all rows, then each verdict


def field_title(key: str) -> str:
    ru, en, _aliases = judging.FIELDS[key]
    return en if language() == "en" else ru


class VerdictModel(QAbstractTableModel):
    """The judged rows: row number, verdict, name, nickname, phone, and what it means (the registered player, the
    row repeated, the reason refused). A «same» row with something to update has a check box: update it or not."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.verdicts: list[judging.Verdict] = []
        self.shown: list[judging.Verdict] = []
        self.update_all = False
        self.choices: dict[int, bool] = {}  # row number → update, where the administrator chose for that row
        self.kind = ""

    def column_titles(self) -> list[str]:
        return [tr("Строка"), tr("Решение"), tr("Фамилия"), tr("Имя"), tr("Псевдоним"), tr("Телефон"), tr("Пояснение")]

    def set_verdicts(self, verdicts: list[judging.Verdict]) -> None:
        self.beginResetModel()
        self.verdicts = verdicts
        self.choices = {}
        self.shown = [v for v in verdicts if not self.kind or v.kind == self.kind]
        self.endResetModel()

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        self.beginResetModel()
        self.shown = [v for v in self.verdicts if not kind or v.kind == kind]
        self.endResetModel()

    def updates(self, v: judging.Verdict) -> bool:
        return v.kind == "same" and bool(v.changes) and self.choices.get(v.row, self.update_all)

    def set_update_all(self, on: bool) -> None:
        self.update_all, self.choices = on, {}
        if self.shown:
            self.dataChanged.emit(self.index(0, 1), self.index(len(self.shown) - 1, 1))

    def rowCount(self, parent=None) -> int:  # noqa: N802 - Qt override
        return 0 if parent is not None and parent.isValid() else len(self.shown)

    def columnCount(self, parent=None) -> int:  # noqa: N802 - Qt override
        return 7

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802 - Qt override
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.column_titles()[section]
        return None

    def _verdict_text(self, v: judging.Verdict) -> str:
        if v.kind == "same":
            return tr("обновить") if self.updates(v) else tr("уже есть — пропустить")
        return {"new": tr("новый"), "duplicate": tr("повтор"), "refused": tr("отклонена")}[v.kind]

    def _note(self, v: judging.Verdict) -> str:
        if v.kind == "refused":
            return v.en if language() == "en" else v.ru
        if v.kind == "duplicate":
            return tr("повторяет строку {row}").format(row=v.earlier)
        if v.kind == "same":
            why = tr("тот же телефон") if v.why == "phone" else tr("те же фамилия, имя и псевдоним")
            change = (tr("изменится: {fields}").format(fields=", ".join(field_title(f) for f in v.changes))
                      if v.changes else tr("обновлять нечего"))
            return f"{v.match.name} ({why}); {change}"
        return ""

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        v = self.shown[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.CheckStateRole and col == 1 and v.kind == "same" and v.changes:
            return Qt.CheckState.Checked if self.updates(v) else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            return v.line(language())
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        d = v.data
        return [str(v.row), self._verdict_text(v), d.surname if d else "", d.first_name if d else "",
                d.nickname if d else "", phones.readable(d.phone) if d else "", self._note(v)][col]

    def flags(self, index):
        base = super().flags(index)
        v = self.shown[index.row()]
        if index.column() == 1 and v.kind == "same" and v.changes:
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802 - Qt override
        if role != Qt.ItemDataRole.CheckStateRole or index.column() != 1:
            return False
        v = self.shown[index.row()]
        self.choices[v.row] = Qt.CheckState(value) == Qt.CheckState.Checked
        self.dataChanged.emit(index, index)
        return True


class ImportDialog(QDialog):
    """The preview of one file's import; `result` is the import once made."""

    def __init__(self, service: ImportService, actor, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._service, self._actor, self._path = service, actor, Path(path)
        self.result: ImportResult | None = None
        self.setWindowTitle(tr("Импорт игроков: {file}").format(file=self._path.name))
        self.resize(980, 640)
        self.table: Table = read_table(self._path, None, judging.header_score)  # KnownError: the caller says it

        self.sheet = QComboBox()
        self.sheet.addItems(self.table.sheets)
        self.sheet.setVisible(len(self.table.sheets) > 1)
        self.where = QLabel()
        self.columns = QWidget()
        self.columns_form = QFormLayout(self.columns)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.columns)
        scroll.setMaximumHeight(190)
        self.same = QComboBox()
        self.same.addItems([tr("пропустить"), tr("обновить")])
        self.kind = QComboBox()
        self.kind.addItems([tr("все строки"), tr("новые"), tr("уже есть"), tr("повторы"), tr("отклонённые")])
        self.model = VerdictModel(self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.verticalHeader().hide()
        self.summary = QLabel()
        self.error = error_label()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(tr("Импортировать"), QDialogButtonBox.ButtonRole.AcceptRole)

        top = QHBoxLayout()
        top.addWidget(self.where, 1)
        top.addWidget(self.sheet)
        choices = QHBoxLayout()
        choices.addWidget(QLabel(tr("Игроков, которые уже есть в реестре:")))
        choices.addWidget(self.same)
        choices.addStretch(1)
        choices.addWidget(QLabel(tr("Показать:")))
        choices.addWidget(self.kind)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(QLabel(tr("Столбцы файла (поменяйте, если прочитано не так):")))
        layout.addWidget(scroll)
        layout.addLayout(choices)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

        self.sheet.currentTextChanged.connect(self._change_sheet)
        self.same.currentIndexChanged.connect(lambda i: (self.model.set_update_all(i == 1), self._summarise()))
        self.kind.currentIndexChanged.connect(lambda i: self.model.set_kind(KINDS[i]))
        self.model.dataChanged.connect(lambda *_a: self._summarise())
        self.buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(self.do_import)
        self._show_table()

    # ---- the columns --------------------------------------------------------------------------------------------
    def _show_table(self) -> None:
        t = self.table
        self.where.setText(tr("Заголовок в строке {row}, строк с данными: {rows}").format(row=t.header_row,
                                                                                      rows=len(t.rows)))
        while self.columns_form.rowCount():
            self.columns_form.removeRow(0)
        self.combos: list[QComboBox] = []
        for header, field in zip(t.headers, judging.guess_mapping(t.headers), strict=True):
            combo = QComboBox()
            combo.addItem(tr("— не импортировать"), None)
            for key in judging.FIELDS:
                combo.addItem(field_title(key), key)
            combo.setCurrentIndex(combo.findData(field) if field else 0)
            combo.currentIndexChanged.connect(lambda _i, c=combo: self._field_chosen(c))
            self.columns_form.addRow(header or tr("(без заголовка)"), combo)
            self.combos.append(combo)
        self.judge()

    def _field_chosen(self, combo: QComboBox) -> None:
        """A field goes to one column: choosing it for this one takes it from another."""
        field = combo.currentData()
        for other in self.combos:
            if other is not combo and field is not None and other.currentData() == field:
                other.blockSignals(True)
                other.setCurrentIndex(0)
                other.blockSignals(False)
        self.judge()

    def mapping(self) -> list[str | None]:
        return [c.currentData() for c in self.combos]

    def set_field(self, column: int, field: str | None) -> None:
        """Choose the field of a column, as picking it in its combo does."""
        combo = self.combos[column]
        combo.setCurrentIndex(combo.findData(field) if field else 0)

    def _change_sheet(self, name: str) -> None:
        try:
            self.table = read_table(self._path, name, judging.header_score)
        except KnownError as exc:
            self._refuse(exc)
            return
        self._show_table()

    # ---- the rows -----------------------------------------------------------------------------------------------
    def judge(self) -> None:
        try:
            verdicts = self._service.preview(self.table, self.mapping())
        except KnownError as exc:
            self.model.set_verdicts([])
            self._refuse(exc)
            return
        self.error.hide()
        self.model.set_verdicts(verdicts)
        self._summarise()

    def _refuse(self, exc: KnownError) -> None:
        self.error.setText(exc.message())
        self.error.show()
        self.summary.clear()
        self.import_button.setEnabled(False)

    def _summarise(self) -> None:
        n = judging.counts(self.model.verdicts)
        updates = sum(1 for v in self.model.verdicts if self.model.updates(v))
        self.summary.setText(tr("Новых: {new}, уже есть: {same} (обновить: {update}), повторов: {duplicate}, "
                                "отклонено: {refused}").format(update=updates, **n))
        self.import_button.setEnabled(bool(n["new"] or updates))

    def choices(self) -> dict[int, bool]:
        return dict(self.model.choices)

    def do_import(self) -> None:
        try:
            self.result = self._service.run(self._actor, self.table, self.mapping(), update=self.model.update_all,
                                            choices=self.choices())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()
