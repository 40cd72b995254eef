"""The new Пирамидка tournament dialog: name, format, races, groups, participants picked from the registry."""

from __future__ import annotations

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.services.accounts import Actor
from clubdesk.services.players import PlayerService
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.tournament import ParticipantsModel
from clubdesk.ui.views import error_label
from clubdesk.ui.windows import remember


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class NewPyramidTournamentDialog(QDialog):
    """Creates the tournament through PyramidTournamentService; `created` is its id."""

    def __init__(self, service: PyramidTournamentService, players: PlayerService, actor: Actor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service, self.actor = service, actor
        self.created: str | None = None
        self.setWindowTitle(tr("Новый турнир «Пирамидка»"))
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("например, Кубок декабря"))
        self.format = QComboBox()
        self.format.addItem(tr("олимпийская система (до первого поражения)"), "single")
        self.format.addItem(tr("двойное выбывание (верхняя и нижняя сетка)"), "double")
        self.format.addItem(tr("группы, затем плей-офф"), "groups")
        self.race_to, self.final_race_to = _spin(1, 25, 2), _spin(1, 25, 3)
        self.groups, self.advance = _spin(1, 26, 2), _spin(1, 8, 2)
        races = QHBoxLayout()
        for label, box in ((tr("встреча до"), self.race_to), (tr("финал до"), self.final_race_to)):
            races.addWidget(QLabel(label))
            races.addWidget(box)
        races.addWidget(QLabel(tr("побед")))
        races.addStretch(1)
        groups = QHBoxLayout()
        for label, box in ((tr("групп"), self.groups), (tr("выходят из группы"), self.advance)):
            groups.addWidget(QLabel(label))
            groups.addWidget(box)
        groups.addStretch(1)
        self.groups_row = QWidget()
        self.groups_row.setLayout(groups)
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Поиск участников: имя, ник или телефон"))
        self.search.setClearButtonEnabled(True)
        self.model = ParticipantsModel(players, self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.view.setColumnWidth(1, 160)
        # the ban column as wide as its title «Запрет посещения» at least (100 px cut it to «рет посеще»)
        self.view.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.view.doubleClicked.connect(lambda i: self.model.toggle(i.row()))
        self.count = QLabel()
        self.error = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Создать"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))
        buttons.accepted.connect(self.create)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(tr("Название:"), self.name)
        form.addRow(tr("Формат:"), self.format)
        form.addRow(tr("Встречи:"), races)
        form.addRow(tr("Группы:"), self.groups_row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._timer = QTimer(self, singleShot=True, interval=120)
        self._timer.timeout.connect(lambda: self.model.set_filter(self.search.text()))
        self.search.textChanged.connect(self._timer.start)
        self.model.dataChanged.connect(self._update_count)
        self.format.currentIndexChanged.connect(self._update_count)
        self._update_count()
        self.setObjectName("newPyramidTournament")
        remember(self, QSize(640, 680))

    def options(self) -> dict:
        out = {"format": self.format.currentData(), "race_to": self.race_to.value(),
               "final_race_to": self.final_race_to.value()}
        if out["format"] == "groups":
            out.update(groups=self.groups.value(), advance=self.advance.value())
        return out

    def _update_count(self) -> None:
        self.groups_row.setEnabled(self.format.currentData() == "groups")
        self.count.setText(tr("Выбрано участников: {n}; посев по рейтингу «Пирамидки» или по зерну").format(
            n=len(self.model.checked)))

    def create(self) -> None:
        try:
            self.created = self.service.create(self.actor, self.name.text(), list(self.model.checked),
                                               self.options())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()
