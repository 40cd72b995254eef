"""«Как продолжится игра»: the administrator's one decision on a game recorded on several cut-off desks.

A game has one line of events, so its branches are not decided one by one: the administrator chooses which line
continues the game — the one held on this desk or one desk's branch (with the events of another desk it took the
game over from) — and every other one is set aside, never deleted (docs/sync.md «Conflict actions»). The window
lists the choices, shows the selected one's events in the words of the game's window, says what will be set
aside, and returns the chosen desk; nothing is decided until «Продолжить игру этой линией».
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.ui.branch_words import BranchView, GameChoiceView, when
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import ALIGN_RIGHT_VCENTER, ALIGNMENT, DISPLAY, TOOLTIP, RowTableModel
from clubdesk.ui.views import table_view
from clubdesk.ui.windows import remember

SEQ, TIME, DESK, WHAT = range(4)


class LineEventsModel(RowTableModel):
    """The events of one choice, with the desk that recorded each (a line may be two desks')."""

    view: BranchView | None = None

    def show_line(self, view: BranchView | None) -> None:
        self.view = view
        self.set_rows(view.branch.events if view is not None else [])

    def headers(self) -> list[str]:
        return [tr("№"), tr("Записано"), tr("Стойка"), tr("Событие")]

    def cell(self, item: dict, row: int, column: int, role: int):
        if role == ALIGNMENT and column == SEQ:
            return ALIGN_RIGHT_VCENTER
        if role not in (DISPLAY, TOOLTIP) or self.view is None:
            return None
        return {SEQ: str(item["seq"]), TIME: when(item.get("recorded_at")), DESK: self.view.desk_of(item),
                WHAT: self.view.words(item)}[column]


class BranchChoiceDialog(QDialog):
    def __init__(self, game: GameChoiceView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branchChoice")
        self.game = game
        self.setWindowTitle(tr("Как продолжится игра"))
        title = QLabel(game.title)
        title.setObjectName("sectionTitle")
        note = QLabel(tr("Игру записывали на нескольких стойках без связи, и с события №{fork} записи расходятся. "
                         "У игры одна линия событий, поэтому продолжить её может только одна из них. Выберите, "
                         "какая: остальные будут отложены — ничего не удаляется, их события будут в «Отложенных "
                         "ветках». Стойка выбранной линии будет вести игру. Решение уйдёт на все стойки.").format(
            fork=game.conflict.fork))
        note.setWordWrap(True)
        self.group = QButtonGroup(self)
        self.buttons: list[QRadioButton] = []
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(note)
        for k, view in enumerate(game.choices):
            button = QRadioButton(view.choice_text())
            button.setToolTip(view.first_and_last())
            self.group.addButton(button, k)
            self.buttons.append(button)
            layout.addWidget(button)
        for view in game.stuck:
            stuck = QLabel(tr("{label} (не может продолжить игру: нет событий перед ней) — будет "
                              "отложена.").format(label=view.choice_text()))
            stuck.setWordWrap(True)
            layout.addWidget(stuck)
        self.events = LineEventsModel(self)
        self.events_view = table_view(self.events, stretch=WHAT, widths={SEQ: 60, TIME: 150, DESK: 130})
        self.events_title = QLabel()
        self.events_title.setObjectName("sectionTitle")
        self.consequence = QLabel()
        self.consequence.setWordWrap(True)
        box = QDialogButtonBox()
        self.ok = box.addButton(tr("Продолжить игру этой линией"), QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = box.addButton(tr("Отмена"), QDialogButtonBox.ButtonRole.RejectRole)
        cancel.setDefault(True)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        layout.addWidget(self.events_title)
        layout.addWidget(self.events_view, 1)
        layout.addWidget(self.consequence)
        layout.addWidget(box)
        self.group.idToggled.connect(lambda _id, on: on and self._show_selected())
        self._show_selected()
        remember(self, QSize(980, 640))

    def chosen(self) -> BranchView | None:
        k = self.group.checkedId()
        return self.game.choices[k] if k >= 0 else None

    def chosen_desk(self) -> str | None:
        view = self.chosen()
        return view.branch.desk_id if view is not None else None

    def _show_selected(self) -> None:
        view = self.chosen()
        self.ok.setEnabled(view is not None)
        self.events.show_line(view)
        self.events_view.setVisible(view is not None)
        if view is None:
            self.events_title.setText(tr("Выберите линию, чтобы увидеть её события."))
            self.consequence.setText("")
            return
        self.events_title.setText(tr("События: {label}").format(label=view.label()))
        self.consequence.setText(consequence(self.game, view))


def consequence(game: GameChoiceView, view: BranchView) -> str:
    """What choosing `view` sets aside: each other line's events that are not on it (a line the chosen one
    continues loses nothing)."""
    kept = {e["id"] for e in view.branch.events}
    parts = []
    for other in (*game.choices, *game.stuck):
        off = [e for e in other.branch.events if e["id"] not in kept]
        if other is not view and off:
            parts.append(tr("{label}: событий {n} с №{seq}").format(label=other.label(), n=len(off),
                                                                 seq=off[0]["seq"]))
    return tr("Будут отложены: {lines}. Игру будет вести стойка {desk}.").format(
        lines="; ".join(parts) or "—", desk=view.desk)
