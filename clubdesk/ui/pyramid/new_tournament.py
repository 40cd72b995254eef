"""The new Пирамидка tournament dialog: name, format, races, groups, participants picked from the registry."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from clubdesk.services.accounts import Actor
from clubdesk.services.players import PlayerService
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.ui.i18n import tr
from clubdesk.ui.participants_dialog import ParticipantsDialog
from clubdesk.ui.windows import remember


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class NewPyramidTournamentDialog(ParticipantsDialog):
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
        form = QFormLayout()
        form.addRow(tr("Название:"), self.name)
        form.addRow(tr("Формат:"), self.format)
        form.addRow(tr("Встречи:"), races)
        form.addRow(tr("Группы:"), self.groups_row)
        self._build(players, form)
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
        self._create_with(lambda ids: self.service.create(self.actor, self.name.text(), ids, self.options()))
