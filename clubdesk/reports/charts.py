"""A chart on paper: the clubdesk.charts layout drawn with ReportLab's canvas, the same points as on screen.

ReportLab's own reportlab.graphics.charts would lay the axes out by its own rules; drawing our Plot keeps the
screen and the paper one picture (docs/charts.md). The layout is in pixels with y downwards; here 1 pixel is
`scale` points and y is flipped."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

from clubdesk.charts import FONT_PX, Chart, Plot, layout
from clubdesk.reports.base import FONT, FONT_BOLD

GRID = colors.HexColor("#d5d8dc")
AXIS = colors.HexColor("#5f6368")
MARK = colors.HexColor("#9a7d0a")


class ChartFlowable(Flowable):
    """`width` × `height` points; laid out at `scale` points per pixel (0.75: 96 px to the inch, as on screen)."""

    def __init__(self, chart: Chart, width: float, height: float, scale: float = 0.75) -> None:
        super().__init__()
        self.chart, self.width, self.height, self.scale = chart, width, height, scale
        self.plot: Plot = layout(chart, round(width / scale), round(height / scale),
                                 measure=lambda text: pdfmetrics.stringWidth(text, FONT, FONT_PX * scale) / scale)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c, k, h = self.canv, self.scale, self.height
        plot = self.plot

        def pt(x: float, y: float) -> tuple[float, float]:
            return x * k, h - y * k

        size = FONT_PX * k
        left, top, right, bottom = plot.frame
        c.saveState()
        if plot.title:
            c.setFont(FONT_BOLD, size)
            c.setFillColor(colors.black)
            c.drawString(*pt(4, FONT_PX * 1.4), plot.title)
        c.setFont(FONT, size)
        if not plot.y_ticks:
            c.setFillColor(AXIS)
            c.drawCentredString(*pt((left + right) / 2, (top + bottom) / 2), plot.empty)
            c.restoreState()
            return
        c.setLineWidth(0.5)
        for y, label in plot.y_ticks:
            c.setStrokeColor(GRID)
            c.line(*pt(left, y), *pt(right, y))
            c.setFillColor(AXIS)
            c.drawRightString(*pt(left - 6, y + FONT_PX * 0.35), label)
        c.setStrokeColor(AXIS)
        c.line(*pt(left, bottom), *pt(right, bottom))
        for x, label in plot.x_ticks:
            c.line(*pt(x, bottom), *pt(x, bottom + 3))
            c.drawCentredString(*pt(x, bottom + 3 + FONT_PX), label)
        c.setDash(3, 2)
        for x, text, text_x in plot.marks:
            c.setStrokeColor(MARK)
            c.line(*pt(x, top), *pt(x, bottom))
            c.setFillColor(MARK)
            c.drawString(*pt(max(text_x, 0.0), top + FONT_PX), _fit(text, (right - max(text_x, 0.0)) * k, size))
        c.setDash(1, 2)
        if plot.baseline is not None:
            c.setStrokeColor(AXIS)
            c.line(*pt(left, plot.baseline), *pt(right, plot.baseline))
        c.setDash()
        c.setLineWidth(1.5)
        for colour, runs in plot.lines:
            c.setStrokeColor(colors.HexColor(colour))
            for run in runs:
                path = c.beginPath()
                path.moveTo(*pt(*run[0]))
                for x, y in run[1:]:
                    path.lineTo(*pt(x, y))
                c.drawPath(path, stroke=1, fill=0)
        c.setLineWidth(0.5)
        for colour, points in plot.dots:
            c.setFillColor(colors.HexColor(colour))
            c.setStrokeColor(colors.white)
            for x, y in points:
                c.circle(*pt(x, y), 2.6, stroke=1, fill=1)
        for x, y, colour, name in plot.legend:
            c.setStrokeColor(colors.HexColor(colour))
            c.setLineWidth(2)
            c.line(*pt(x, y - FONT_PX * 0.35), *pt(x + 18, y - FONT_PX * 0.35))
            c.setFillColor(colors.black)
            c.drawString(*pt(x + 22, y), name)
        c.restoreState()


def _fit(text: str, width: float, size: float) -> str:
    """The text cut with «…» to `width` points (a long tournament name over a narrow chart)."""
    if pdfmetrics.stringWidth(text, FONT, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", FONT, size) > width:
        text = text[:-1]
    return text + "…" if text else ""
