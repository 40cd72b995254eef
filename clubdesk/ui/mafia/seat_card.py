"""One seat on the host panel: number, nickname, fouls as dots, status, and the role behind a reveal."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QStackedWidget, QVBoxLayout, QWidget

from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.texts import out_text, role_text

MAX_FOULS = 4


class Veil(QStackedWidget):
    """A secret and a blank page in one stack: the stack is as big as the secret whether it shows or not, so
    revealing it never moves the layout under the host's cursor (the button would slide away from it).

    `room`: the one-line texts the secret may hold; the stack is then as wide as the widest of them whatever it
    holds now, so its size does not tell which (a check's answer: «ответ: ШЕРИФ» is shorter than «не шериф»).
    `lines`: the stack is that many lines high whatever the secret holds (the checks so far: their number would tell
    that a checker is gone); the secret should then be aligned to the bottom, so its newest lines show."""

    def __init__(self, secret: QLabel, parent=None, room: tuple[str, ...] = (), lines: int = 0) -> None:
        super().__init__(parent)
        self._room, self._lines = room, lines
        self.addWidget(QWidget())
        self.addWidget(secret)

    def set_text(self, text: str) -> None:
        """The secret's new text; the stack is measured again (a hidden label does not ask for it)."""
        if text != self.widget(1).text():
            self.widget(1).setText(text)
            self.updateGeometry()

    def reveal(self, on: bool) -> None:
        self.setCurrentIndex(1 if on else 0)

    # The layout must measure the secret whichever page shows, and never squeeze it below its full height.
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._roomy(self.widget(1).sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        secret = self.widget(1)
        return self._roomy(QSize(secret.minimumSizeHint().width(), secret.sizeHint().height()))

    def _roomy(self, size: QSize) -> QSize:
        secret = self.widget(1)
        metrics, margins = secret.fontMetrics(), secret.contentsMargins()
        if self._lines:
            return QSize(0, self._lines * metrics.lineSpacing() + margins.top() + margins.bottom())
        if not self._room:
            return size
        width = max(metrics.horizontalAdvance(t) for t in self._room) + margins.left() + margins.right() + 2
        return QSize(width, max(metrics.height() + margins.top() + margins.bottom(), 1))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return not self._lines and self.widget(1).hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self.widget(1).heightForWidth(width)


def foul_dots(n: int) -> str:
    return "●" * min(n, MAX_FOULS) + "○" * max(0, MAX_FOULS - n)


class SeatCard(QFrame):
    """Signals: clicked(int seat)."""

    clicked = Signal(int)

    def __init__(self, seat: int, name: str, parent=None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName("seatCard")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.number = QLabel(str(seat))
        self.number.setObjectName("seatNumber")
        self.name = QLabel(name)
        self.name.setObjectName("seatName")
        self.name.setWordWrap(True)
        self.fouls = QLabel(foul_dots(0))
        self.fouls.setObjectName("seatFouls")
        self.status = QLabel("")
        self.status.setObjectName("seatStatus")
        self.role = QLabel("")
        self.role.setObjectName("seatRole")
        self.role.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.veil = Veil(self.role)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        for w in (self.number, self.name, self.fouls, self.status):
            w.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            layout.addWidget(w)
        layout.addWidget(self.veil, 0, Qt.AlignmentFlag.AlignHCenter)

    def show_state(self, fouls: int, out: str, mark: str, role: str) -> None:
        """mark: speaker | nominee | picked | "" — drives the card's colour in the stylesheet."""
        self.fouls.setText(foul_dots(fouls))
        self.fouls.setToolTip(str(fouls))
        self.status.setText(out_text(out) or (self.status_mark(mark) if mark else tr("в игре")))
        self.veil.set_text(role_text(role))
        for prop, value in (("mark", mark), ("out", bool(out))):
            self.setProperty(prop, value)
        self.style().unpolish(self)
        self.style().polish(self)

    @staticmethod
    def status_mark(mark: str) -> str:
        return {"speaker": tr("говорит"), "nominee": tr("выставлен"), "picked": tr("выбран")}.get(mark, "")

    def reveal(self, on: bool) -> None:
        self.veil.reveal(on and bool(self.role.text()))

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.seat)
        super().mousePressEvent(event)
