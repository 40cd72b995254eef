"""«Объединить с…»: one person registered twice — pick his other registration and which one stays (its name, phone
and nickname); the page asks once more and merges through `PlayerFixes.merge`."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk import phones
from clubdesk.services.players import PlayerRow, PlayerService
from clubdesk.ui.i18n import tr
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.player_picker import PlayerPicker


def described(p: PlayerRow) -> str:
    """«Яшин Ян «Штопор», +7 903 123-45-67»: what tells two registrations apart."""
    parts = [p.name + (f" «{p.nickname}»" if p.nickname else "")]
    if p.phone:
        parts.append(phones.readable(p.phone))
    if p.birthday:
        parts.append(f"{p.birthday:%d.%m.%Y}")
    return ", ".join(parts)


class PlayerMergeDialog(QDialog):
    """`choice()` after acceptance: (the kept player, the other one), or None while no other player is picked."""

    def __init__(self, players: PlayerService, player: PlayerRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Объединить с…"))
        self.setMinimumWidth(520)
        self._players, self.player = players, player
        intro = QLabel(tr("Один человек записан дважды? Найдите его вторую запись:"))
        intro.setWordWrap(True)
        self.picker = PlayerPicker(players)
        self.picker.view.setMinimumHeight(160)
        self.keep_this = QRadioButton()
        self.keep_other = QRadioButton()
        self.keep_this.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.keep_this)
        group.addButton(self.keep_other)
        hint = QLabel(tr("Останется выбранная запись — её фамилия, имя, телефон и псевдоним. Игры, заявки, отметки и "
                         "рейтинг второй перейдут к ней; обе истории сохранятся. Объединение уйдёт на все стойки."))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        self.buttons = QDialogButtonBox()
        self.ok = self.buttons.addButton(tr("Объединить…"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel = self.buttons.addButton(tr("Отмена"), QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.picker, 1)
        layout.addWidget(QLabel(tr("Остаётся:")))
        layout.addWidget(self.keep_this)
        layout.addWidget(self.keep_other)
        layout.addWidget(hint)
        layout.addWidget(self.buttons)
        self.picker.view.selectionModel().currentChanged.connect(lambda *_: self._show_choice())
        self.picker.model.modelReset.connect(self._show_choice)
        self.picker.chosen.connect(self.ok.setFocus)  # Enter on the found player, then Enter: «Объединить…» asks
        self._show_choice()
        plain_text_labels(self)  # names are text, never markup

    def other(self) -> PlayerRow | None:
        pid = self.picker.player_id()
        return None if pid is None or pid == self.player.id else self._players.get(pid)

    def _show_choice(self) -> None:
        other = self.other()
        self.keep_this.setText(described(self.player))
        self.keep_other.setText(described(other) if other else tr("(вторая запись не выбрана)"))
        self.keep_other.setEnabled(other is not None)
        if other is None:
            self.keep_this.setChecked(True)
        self.ok.setEnabled(other is not None)

    def choice(self) -> tuple[PlayerRow, PlayerRow] | None:
        other = self.other()
        if other is None:
            return None
        return (self.player, other) if self.keep_this.isChecked() else (other, self.player)
