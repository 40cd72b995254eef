"""The chart widget: paints a clubdesk.charts layout with QPainter (on screen, and offscreen for screenshots and
tests). The same layout is drawn on paper by reports/charts.py."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from clubdesk.charts import FONT_PX, Chart, Plot, layout

GRID = QColor("#d5d8dc")
AXIS = QColor("#5f6368")
MARK = QColor("#9a7d0a")


class ChartView(QWidget):
    """A line chart of a player's history; `plot()` is what the last paint drew (tests read it)."""

    def __init__(self, chart: Chart | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart = chart
        self.setMinimumSize(260, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(420, 220)

    def set_chart(self, chart: Chart) -> None:
        self.chart = chart
        self.setToolTip(chart.title)
        self.update()

    def plot(self) -> Plot | None:
        return layout(self.chart, self.width(), self.height(), measure=measure()) if self.chart else None

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
        plot = self.plot()
        if plot is None:
            return
        p = QPainter(self)
        try:
            paint(p, plot)
        finally:
            p.end()


def chart_font() -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(FONT_PX)
    return font


def measure():
    """The painter's own text widths, so that labels and legend entries are laid out where they fit."""
    return QFontMetricsF(chart_font()).horizontalAdvance


def paint(p: QPainter, plot: Plot) -> None:
    """Draw a laid-out chart: frame, grid and tick labels, marks, baseline, lines and points, legend."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(QRectF(0, 0, plot.width, plot.height), QColor("white"))
    font = chart_font()
    p.setFont(font)
    left, top, right, bottom = plot.frame
    if plot.title:
        bold = QFont(font)
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(QColor("#202124"))
        p.drawText(QRectF(4, 0, plot.width - 8, FONT_PX * 2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                   plot.title)
        p.setFont(font)
    if not plot.y_ticks:
        p.setPen(AXIS)
        p.drawText(QRectF(left, top, right - left, bottom - top), Qt.AlignmentFlag.AlignCenter, plot.empty)
        return
    for y, label in plot.y_ticks:
        p.setPen(QPen(GRID, 1))
        p.drawLine(QPointF(left, y), QPointF(right, y))
        p.setPen(AXIS)
        p.drawText(QRectF(0, y - FONT_PX, left - 6, FONT_PX * 2),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)
    p.setPen(QPen(AXIS, 1))
    p.drawLine(QPointF(left, bottom), QPointF(right, bottom))
    for x, label in plot.x_ticks:
        p.drawLine(QPointF(x, bottom), QPointF(x, bottom + 3))
        p.drawText(QRectF(x - 60, bottom + 3, 120, FONT_PX * 1.6), Qt.AlignmentFlag.AlignHCenter, label)
    for x, text, text_x in plot.marks:
        p.setPen(QPen(MARK, 1, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(x, top), QPointF(x, bottom))
        p.setPen(MARK)
        p.drawText(QPointF(max(text_x, 0.0), top + FONT_PX), text)
    if plot.baseline is not None:
        p.setPen(QPen(AXIS, 1, Qt.PenStyle.DotLine))
        p.drawLine(QPointF(left, plot.baseline), QPointF(right, plot.baseline))
    for colour, runs in plot.lines:
        p.setPen(QPen(QColor(colour), 2))
        for run in runs:
            path = QPainterPath(QPointF(*run[0]))
            for x, y in run[1:]:
                path.lineTo(x, y)
            p.drawPath(path)
    for colour, points in plot.dots:
        p.setPen(QPen(QColor("white"), 1))
        p.setBrush(QColor(colour))
        for x, y in points:
            p.drawEllipse(QPointF(x, y), 3.5, 3.5)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for x, y, colour, name in plot.legend:
        p.setPen(QPen(QColor(colour), 3))
        p.drawLine(QPointF(x, y - FONT_PX * 0.35), QPointF(x + 18, y - FONT_PX * 0.35))
        p.setPen(QColor("#202124"))
        p.drawText(QPointF(x + 22, y), name)


def render(chart: Chart, width: int, height: int) -> QPixmap:
    """The chart as a picture, without a window (screenshots, tests)."""
    pixmap = QPixmap(width, height)
    p = QPainter(pixmap)
    try:
        paint(p, layout(chart, width, height, measure=measure()))
    finally:
        p.end()
    return pixmap
