"""The bracket of a Пирамидка tournament, painted from its layout (reports.bracket_layout); zoom with Ctrl+wheel,
+ and −, 0 for 100 %; the bouts with a game on the table are highlighted; a click on a bout says which."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QScrollArea, QWidget

from clubdesk.reports.bracket_layout import Drawing

MIN_ZOOM, MAX_ZOOM, STEP = 0.3, 3.0, 1.15
FILL = {"box": "#ffffff", "decided": "#f1f3f5", "live": "#fff4d6", "group": "#ffffff"}
BORDER = {"box": "#9aa3ad", "decided": "#c3c9cf", "live": "#e07b00", "group": "#dde1e5"}
INK = {"name": "#1f2328", "winner": "#0b5d1e", "wins": "#57606a", "win_wins": "#0b5d1e", "head": "#6a737d",
       "muted": "#8a929c", "title": "#1f2328", "cell": "#1f2328", "cell_muted": "#8a929c"}
BOLD = frozenset({"winner", "win_wins", "title"})
ALIGN = {"left": Qt.AlignmentFlag.AlignLeft, "right": Qt.AlignmentFlag.AlignRight,
         "centre": Qt.AlignmentFlag.AlignHCenter}


def paint(p: QPainter, d: Drawing, base_pt: float = 8.5) -> None:
    """Draw the layout with `p` in layout points (the caller scales)."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    p.setPen(QPen(QColor("#9aa3ad"), 1.0))
    for ln in d.lines:
        p.drawLine(QPointF(ln.x1, ln.y1), QPointF(ln.x2, ln.y2))
    for r in d.rects:
        p.setPen(QPen(QColor(BORDER[r.style]), 2.5 if r.style == "live" else 1.0))
        p.setBrush(QColor(FILL[r.style]))
        p.drawRect(QRectF(r.x, r.y, r.w, r.h))
    fonts: dict[tuple[bool, float], QFont] = {}
    for t in d.texts:
        size = base_pt * (1.35 if t.style == "title" else 0.85 if t.style == "head" else 1.0)
        key = (t.style in BOLD, size)
        font = fonts.get(key)
        if font is None:
            font = fonts[key] = QFont()
            font.setPointSizeF(size)
            font.setBold(key[0])
        p.setFont(font)
        p.setPen(QColor(INK[t.style]))
        rect = QRectF(t.x, t.y, t.w, t.h)
        text = p.fontMetrics().elidedText(t.text, Qt.TextElideMode.ElideRight, int(t.w))
        p.drawText(rect, ALIGN[t.align] | Qt.AlignmentFlag.AlignVCenter, text)


class BracketCanvas(QWidget):
    """Signals: bout_clicked(code) — a bout's box was clicked."""

    bout_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.drawing = Drawing()
        self.zoom = 1.0
        self.base_pt = 8.5
        self.selected: str | None = None  # outlined: the bout the buttons act on
        self.setAutoFillBackground(True)

    def set_drawing(self, drawing: Drawing) -> None:
        self.drawing = drawing
        self._fit()
        self.update()

    def set_zoom(self, zoom: float) -> None:
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        self._fit()
        self.update()

    def _fit(self) -> None:
        self.setFixedSize(max(1, int(self.drawing.width * self.zoom)), max(1, int(self.drawing.height * self.zoom)))

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#fafbfc"))
        p.scale(self.zoom, self.zoom)
        paint(p, self.drawing, self.base_pt)
        box = self.drawing.boxes.get(self.selected or "")
        if box is not None:
            pen = QPen(QColor("#1a73e8"), 1.5, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(QRectF(box[0] - 3, box[1] - 1, box[2] + 6, box[3] + 4))
        p.end()

    def bout_at(self, x: float, y: float) -> str | None:
        x, y = x / self.zoom, y / self.zoom
        for code, (bx, by, bw, bh) in self.drawing.boxes.items():
            if bx <= x <= bx + bw and by <= y <= by + bh:
                return code
        return None

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        code = self.bout_at(event.position().x(), event.position().y())
        if code:
            self.bout_clicked.emit(code)


class BracketView(QScrollArea):
    """The canvas in a scroll area; Ctrl+wheel, «+», «−» and «0» zoom."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.canvas = BracketCanvas()
        self.setWidget(self.canvas)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def zoom_by(self, factor: float) -> None:
        self.canvas.set_zoom(self.canvas.zoom * factor)

    def fit(self) -> None:
        """The whole bracket in the view (the hall board)."""
        d = self.canvas.drawing
        self.canvas.set_zoom(min((self.viewport().width() - 4) / (d.width or 1.0),
                                 (self.viewport().height() - 4) / (d.height or 1.0)))

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt override
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(STEP if event.angleDelta().y() > 0 else 1 / STEP)
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_by(1 / STEP)
        elif key == Qt.Key.Key_0:
            self.canvas.set_zoom(1.0)
        else:
            super().keyPressEvent(event)
