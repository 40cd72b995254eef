"""The printed bracket and group tables of a Пирамидка tournament: the screen's drawing on landscape A4 pages.

The drawing (reports.bracket_layout) is printed at the scale that fits the page width, never below MIN_SCALE; a
bracket wider or taller than that is cut into sheets between boxes (never through one), each sheet numbered.
"""

from __future__ import annotations

import datetime as dt
import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from clubdesk.reports.base import FONT, FONT_BOLD, register_fonts
from clubdesk.reports.bracket_layout import Drawing

PAGE = landscape(A4)
MARGIN = 12 * mm
HEADER = 16 * mm
MIN_SCALE = 0.45  # a 16-player double elimination on one sheet
BASE_PT = 10.0
FILL = {"box": "#ffffff", "decided": "#f1f3f5", "live": "#fff4d6", "group": "#ffffff"}
BORDER = {"box": "#9aa3ad", "decided": "#c3c9cf", "live": "#e07b00", "group": "#dde1e5"}
INK = {"name": "#1f2328", "winner": "#0b5d1e", "wins": "#57606a", "win_wins": "#0b5d1e", "head": "#6a737d",
       "muted": "#8a929c", "title": "#1f2328", "cell": "#1f2328", "cell_muted": "#8a929c"}
BOLD = frozenset({"winner", "win_wins", "title"})


def _cuts(spans: list[tuple[float, float]], total: float, room: float) -> list[float]:
    """Where to cut [0, total] into pieces of at most `room`: at the place in the last half of the room that
    crosses the fewest spans (boxes and their texts) — between two rounds or two sections it crosses none; the
    latest such place."""
    ends = sorted({b for _a, b in spans})
    cuts, start = [0.0], 0.0
    while total - start > room:
        limit = start + room
        candidates = [b for b in ends if start + room / 2 <= b <= limit] or [limit]
        start = min(candidates, key=lambda y: (sum(1 for a, b in spans if a < y < b), -y))
        cuts.append(start)
    cuts.append(total)
    return cuts


def _fit(c: rl_canvas.Canvas, text: str, font: str, size: float, width: float) -> str:
    if c.stringWidth(text, font, size) <= width:
        return text
    while text and c.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def build_bracket_pdf(drawing: Drawing, title: str, subtitle: str, page_word: str = "лист {n} из {m}",
                      date: str | None = None) -> bytes:
    """The drawing on as many landscape A4 sheets as it needs, each with the title, the subtitle and its number."""
    register_fonts()
    room_w = PAGE[0] - 2 * MARGIN
    scale, col_cuts, row_cuts = _plan(drawing)
    sheets = [(i, j) for j in range(len(row_cuts) - 1) for i in range(len(col_cuts) - 1)]
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=PAGE, invariant=1, initialFontName=FONT)  # no Helvetica in the file
    c.setTitle(title)
    date = date or dt.date.today().strftime("%d.%m.%Y")
    for n, (i, j) in enumerate(sheets, start=1):
        x0, x1, y0, y1 = col_cuts[i], col_cuts[i + 1], row_cuts[j], row_cuts[j + 1]
        c.setFont(FONT_BOLD, 13)
        c.setFillColor(colors.black)
        c.drawString(MARGIN, PAGE[1] - MARGIN - 12, _fit(c, title, FONT_BOLD, 13, room_w * 0.7))
        c.setFont(FONT, 8.5)
        c.drawString(MARGIN, PAGE[1] - MARGIN - 25, _fit(c, subtitle, FONT, 8.5, room_w * 0.8))
        c.drawRightString(PAGE[0] - MARGIN, PAGE[1] - MARGIN - 12, date)
        if len(sheets) > 1:
            c.drawRightString(PAGE[0] - MARGIN, PAGE[1] - MARGIN - 25, page_word.format(n=n, m=len(sheets)))
        c.saveState()
        top = PAGE[1] - MARGIN - HEADER
        path = c.beginPath()
        path.rect(MARGIN - 2, top - (y1 - y0) * scale - 2, (x1 - x0) * scale + 4, (y1 - y0) * scale + 4)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(MARGIN - x0 * scale, top + y0 * scale)
        c.scale(scale, -scale)  # layout points, y down as on screen
        _draw(c, drawing, x0, x1, y0, y1)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw(c: rl_canvas.Canvas, d: Drawing, x0: float, x1: float, y0: float, y1: float) -> None:
    def inside(x: float, y: float, w: float, h: float) -> bool:
        return x < x1 and x + w > x0 and y < y1 and y + h > y0

    c.setStrokeColor(colors.HexColor("#9aa3ad"))
    c.setLineWidth(0.8)
    for ln in d.lines:
        if inside(min(ln.x1, ln.x2), min(ln.y1, ln.y2), abs(ln.x2 - ln.x1) + 1, abs(ln.y2 - ln.y1) + 1):
            c.line(ln.x1, ln.y1, ln.x2, ln.y2)
    for r in d.rects:
        if not inside(r.x, r.y, r.w, r.h):
            continue
        c.setStrokeColor(colors.HexColor(BORDER[r.style]))
        c.setFillColor(colors.HexColor(FILL[r.style]))
        c.setLineWidth(2.0 if r.style == "live" else 0.8)
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=1)
    for t in d.texts:
        if not inside(t.x, t.y, t.w, t.h) or not t.text:
            continue
        font = FONT_BOLD if t.style in BOLD else FONT
        size = BASE_PT * (1.35 if t.style == "title" else 0.85 if t.style == "head" else 1.0)
        text = _fit(c, t.text, font, size, t.w)
        c.saveState()
        c.setFillColor(colors.HexColor(INK[t.style]))
        baseline = t.y + t.h / 2 + size * 0.35
        c.translate(0, baseline)
        c.scale(1, -1)  # text upright in the flipped page
        c.setFont(font, size)
        if t.align == "right":
            c.drawRightString(t.x + t.w, 0, text)
        elif t.align == "centre":
            c.drawCentredString(t.x + t.w / 2, 0, text)
        else:
            c.drawString(t.x, 0, text)
        c.restoreState()


def _plan(drawing: Drawing) -> tuple[float, list[float], list[float]]:
    """The scale and where the drawing is cut into sheets (columns, then rows), in layout points."""
    room_w, room_h = PAGE[0] - 2 * MARGIN, PAGE[1] - 2 * MARGIN - HEADER
    scale = max(MIN_SCALE, min(1.0, room_w / max(drawing.width, 1.0)))
    xs = [(r.x, r.x + r.w) for r in drawing.rects] + [(t.x, t.x + t.w) for t in drawing.texts if t.style != "title"]
    ys = [(r.y, r.y + r.h) for r in drawing.rects] + [(t.y, t.y + t.h) for t in drawing.texts]
    return scale, _cuts(xs, drawing.width, room_w / scale), _cuts(ys, drawing.height, room_h / scale)


def sheets_needed(drawing: Drawing) -> int:
    """How many sheets build_bracket_pdf prints."""
    _scale, cols, rows = _plan(drawing)
    return (len(cols) - 1) * (len(rows) - 1)
