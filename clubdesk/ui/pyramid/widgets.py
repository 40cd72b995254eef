"""Pieces of the match window: a player's box (score, shelf, debt, turn), the ball and pocket pads, the shot log."""

from __future__ import annotations

from PySide6.QtCore import Property, QEvent, QObject, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.rules.pyramid100 import CONTROL, CUE
from clubdesk.ui.i18n import tr
from clubdesk.ui.pyramid import text

BALLS = (*range(5, 16), CUE)
# A label's events after which the same text may take another size.
_RESIZING = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Polish, QEvent.Type.ContentsRectChange)


def set_text(label: QLabel, value: str) -> None:
    """Change a label only when its text changes: a change re-runs the window's layout (unless the label is held
    by a Steady, which asks for a layout only when the label needs another size)."""
    if label.text() == value:
        return
    holder = label.parentWidget()
    if isinstance(holder, Steady):
        holder.set_text(value)
    else:
        label.setText(value)


class Steady(QWidget):
    """Holds a label whose text changes with every shot, so that the change does not lay the window out again
    (issue 36: ~1 ms of a shot's ~5.5 ms on the GUI thread). QLabel.setText invalidates the layout its label is
    in, up to the window's, whether its size changed or not; the holder has no layout, takes the label's size
    hints as its own and asks for a layout only when the label needs another height at its width, or more width
    than it has (a wider or narrower text that still fits leaves the window as it is).

    What the label needs is remembered by width and text: a QLabel measures its text anew on every ask after a
    change (four text layouts when it wraps, ~0.2 ms for the draft line under the window's style sheet), yet a
    shot's labels come back to the texts they had — the draft line after Enter reads the same for a player every
    time, the turn mark is «БЬЁТ» or nothing (issue 36). A change of the label's font or style forgets them all."""

    REMEMBERED = 32  # texts per label; more are forgotten all at once (a label shows a few texts over and over)

    def __init__(self, label: QLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self._measured: dict[tuple[int, str], tuple[int, bool]] = {}  # (width, text) → what the label needs
        label.installEventFilter(self)

    def _bounded(self, size: QSize) -> QSize:
        return size.expandedTo(self.label.minimumSize()).boundedTo(self.label.maximumSize())

    def _needs(self) -> tuple[int, bool]:
        width = self.width()
        key = (width, self.label.text())
        needs = self._measured.get(key)
        if needs is None:
            height = self.heightForWidth(width) if self.hasHeightForWidth() else self.sizeHint().height()
            needs = height, self.minimumSizeHint().width() > width
            if len(self._measured) >= self.REMEMBERED:
                self._measured.clear()
            self._measured[key] = needs
        return needs

    def set_text(self, value: str) -> None:
        before = self._needs()
        self.label.setText(value)
        after = self._needs()
        if after != before or after[1]:
            self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in _RESIZING:  # the same text may need another size now
            self._measured.clear()
        return False

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._bounded(self.label.sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._bounded(self.label.minimumSizeHint())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        height = self.label.heightForWidth(width)
        return height if height < 0 else min(max(height, self.label.minimumHeight()), self.label.maximumHeight())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.label.setGeometry(self.rect())


NO_DEBT = "\u00a0"  # a blank line as tall as a debt line


class WidestTextLabel(QLabel):
    """A label sized for the widest of the texts it may show, so changing between them moves nothing."""

    def __init__(self, texts: tuple[str, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._texts = texts

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        fm = self.fontMetrics()
        m = self.contentsMargins()
        return QSize(max(fm.horizontalAdvance(t) for t in self._texts) + m.left() + m.right() + 2,
                     fm.height() + m.top() + m.bottom())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self.sizeHint()


class RoomyLabel(QLabel):
    """A word-wrapped label that keeps the room of the tallest of `samples()` at its width, so a shot that shortens
    its text by a line neither moves what stands under and beside it nor lays the window out again (the match
    window's header is as tall as its centre column: the player boxes were stretched and shrunk with it)."""

    def __init__(self, samples, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._samples = samples
        self.setWordWrap(True)

    def _room(self, width: int) -> int:
        m = self.contentsMargins()
        inner = max(1, width - m.left() - m.right() - 2 * self.margin())
        fm, flags = self.fontMetrics(), int(self.alignment()) | Qt.TextFlag.TextWordWrap
        tallest = max(fm.boundingRect(0, 0, inner, 10_000, flags, t).height() for t in self._samples())
        return tallest + m.top() + m.bottom() + 2 * self.margin()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return max(super().heightForWidth(width), self._room(width))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), self._room(hint.width())))


class PlayerBox(QFrame):
    """One player: name, big score, shelf, debt; highlighted while it is his shot.

    The box paints its own frame (white with a grey line; warm with a gold line while active): a style-sheet
    property would need the box re-polished on every shot that passes the turn, about a tenth of the shot.
    """

    ACTIVE = (QColor("#fffaf0"), QColor("#e0a526"), 3.0)
    IDLE = (QColor("white"), QColor("#d8dde3"), 1.0)
    BEHIND = QColor("#f6f7f9")  # the window's background (style.py #pyramidMatch), in the rounded corners

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pyramidPlayer")
        # It paints every pixel of itself (paintEvent): a shot that passes the turn repaints the two boxes, not
        # the window's background under them as well.
        Opaque(self, lambda w: w.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent))
        self._active = False
        self._facts: tuple | None = None  # the score, shelf and debt the labels show
        self._turn: tuple | None = None  # (to move, winner) as the turn mark shows them
        self.name = QLabel(name)
        self.name.setObjectName("pyramidName")
        self.name.setWordWrap(True)
        self.score = QLabel("0")
        self.score.setObjectName("pyramidScore")
        # Per shot only texts change and the box keeps its size, so a shot does not lay the window out again:
        # the turn mark is as wide as its widest text, the debt line is always there (blank without a debt).
        self.turn = WidestTextLabel((tr("ПОБЕДА"), tr("БЬЁТ")))
        self.turn.setObjectName("pyramidTurn")
        self.shelf = QLabel()
        self.shelf.setWordWrap(True)
        self.debt = QLabel(NO_DEBT)
        self.debt.setObjectName("pyramidDebt")
        top = QHBoxLayout()
        top.addWidget(self.name, 1)
        top.addWidget(Steady(self.turn))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        for label in (self.score, self.shelf, self.debt):
            layout.addWidget(Steady(label))

    def show_state(self, score: int, shelf: list[int], debt: int, to_move: bool, winner: bool) -> None:
        facts = (score, tuple(shelf), debt)
        if facts != self._facts:  # a shot changes them for one player at most, often for neither
            self._facts = facts
            balls = ", ".join(text.ball(b) for b in shelf) if shelf else tr("пусто")
            set_text(self.score, str(score))
            set_text(self.shelf, tr("Полка: {balls}").format(balls=balls))
            set_text(self.debt, tr("Долг: {n} шар(а) (P-2)").format(n=debt) if debt else NO_DEBT)
        turn = (to_move, winner)
        if turn != self._turn:  # the turn passes on most shots, but not on every one
            self._turn = turn
            set_text(self.turn, tr("ПОБЕДА") if winner else tr("БЬЁТ") if to_move else "")
        active = to_move or winner
        if active != self._active:
            self._active = active
            self.update()

    def _active_text(self) -> str:
        return "true" if self._active else "false"

    # For tests and tools, no style rule. Declared, read when asked: set on every shot that passes the turn, a
    # dynamic property sent the box an event, through its Opaque filter into Python (~3 % of a shot's
    # instructions, issue 36).
    active = Property(str, _active_text)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        fill, line, width = self.ACTIVE if self._active else self.IDLE
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.BEHIND)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(line, width))
        painter.setBrush(fill)
        half = width / 2
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(half, half, -half, -half), 8, 8)
        painter.end()


class BallPad(QWidget):
    """The 11 balls and the cue ball as checkable buttons; №10 stands out.

    Signals: clicked(ball) — a ball button was pressed (int 5…15 or "cue").
    """

    clicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict = {}
        self._allowed: frozenset | None = None  # the balls enable_only last left enabled
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, ball in enumerate(BALLS):
            b = QPushButton(tr("Биток") if ball == CUE else str(ball))
            b.setCheckable(True)
            b.setObjectName("controlBall" if ball == CONTROL else "cueBall" if ball == CUE else "pyramidBall")
            b.setToolTip(tr("Контрольный шар №10") if ball == CONTROL else "")
            b.clicked.connect(lambda _c=False, x=ball: self.clicked.emit(x))
            self.group.addButton(b, i)  # its id: the ball's place in BALLS
            self.buttons[ball] = b
            grid.addWidget(b, 0, i)

    def enable_only(self, allowed) -> None:
        allowed = frozenset(allowed)
        if allowed == self._allowed:  # the balls of the last shot: most shots leave the table as it was
            return
        self._allowed = allowed
        for ball, b in self.buttons.items():
            b.setEnabled(ball in allowed)

    def selected(self):
        i = self.group.checkedId()
        return None if i < 0 else BALLS[i]

    def clear(self) -> None:
        """No ball chosen; the group is exclusive, so only its checked button is unchecked."""
        b = self.group.checkedButton()
        if b is None:
            return
        self.group.setExclusive(False)
        b.setChecked(False)
        self.group.setExclusive(True)


class PocketPad(QWidget):
    """Pockets 1–6 laid out as on the table (1 2 3 along the top cushion, 4 5 6 along the bottom).

    Signals: clicked(pocket).
    """

    clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons: dict[int, QPushButton] = {}
        self._on: bool | None = None  # what set_enabled last set
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for pocket in range(1, 7):
            b = QPushButton(tr("Луза {n}").format(n=pocket))
            b.setObjectName("pyramidPocket")
            b.clicked.connect(lambda _c=False, p=pocket: self.clicked.emit(p))
            self.buttons[pocket] = b
            grid.addWidget(b, (pocket - 1) // 3, (pocket - 1) % 3)

    def set_enabled(self, on: bool) -> None:
        if on == self._on:
            return
        self._on = on
        for b in self.buttons.values():
            b.setEnabled(on)


class Opaque(QObject):
    """Keeps a widget opaque, so that repainting it does not repaint what lies beneath it too (issue 36): `again`
    is called after every polish, because the style sheet's polish clears what it sets — on the next turn of the
    loop, as the polish itself comes after the event filters (QWidget::event)."""

    def __init__(self, widget: QWidget, again) -> None:
        super().__init__(widget)
        self._again = again
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.Polish, QEvent.Type.StyleChange):
            QTimer.singleShot(0, self, lambda: self._again(watched))
        return False
