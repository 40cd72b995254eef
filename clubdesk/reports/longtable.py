"""A long table (a 20 000-shot log) drawn straight on the canvas: every row measured once, every page split in
O(log rows), each distinct text turned into PDF operators once per document (issue 18 item 10).

Why not ReportLab's Table: it builds a cell-style object per cell, applies every style command to every cell it
covers, measures every row again for each split, and formats each string through a text object — about 1.2 ms a
row, 24 s for a 20 000-shot log. This draws the same grid, zebra, header (repeated on each page) and cells, placed
as ReportLab places them (text at the cell's padding, numbers flush right, a cell that does not fit wrapped at
words), so a protocol reads the same and tests read it back the same way.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate

from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

TOP_PAD, BOTTOM_PAD, LINE_WIDTH = 1.5, 2.0, 0.4  # as the Table style of reports.base
Cell = tuple[str, ...]  # the lines of one cell, as printed


@dataclass(frozen=True)
class Look:
    """Fonts, sizes and colours (reportlab Color) of the table: the same as reports.base's Table style."""

    font: str
    bold: str
    size: float
    leading: float
    pad: float
    grid: object
    head_bg: object
    zebra: object


class _Measure:
    """String widths, cached: a log repeats the same names, cues and amounts thousands of times."""

    def __init__(self, look: Look) -> None:
        self.look = look
        self._widths: dict[tuple[str, str], float] = {}

    def width(self, text: str, font: str) -> float:
        key = (font, text)
        w = self._widths.get(key)
        if w is None:
            w = self._widths[key] = pdfmetrics.stringWidth(text, font, self.look.size)
        return w

    def wrap(self, lines: Sequence[str], font: str, width: float) -> Cell:
        """The cell's lines as printed in `width` points: each given line kept when it fits, else broken at
        spaces, and a word wider than the cell broken between letters (as a Paragraph does)."""
        room = width - 2 * self.look.pad
        out: list[str] = []
        for line in lines:
            if self.width(line, font) <= room:
                out.append(line)
                continue
            current = ""
            for word in line.split():
                trial = f"{current} {word}" if current else word
                if self.width(trial, font) <= room:
                    current = trial
                    continue
                if current:
                    out.append(current)
                current = word
                while self.width(current, font) > room and len(current) > 1:
                    cut = len(current) - 1
                    while cut > 1 and self.width(current[:cut], font) > room:
                        cut -= 1
                    out.append(current[:cut])
                    current = current[cut:]
            out.append(current)
        return tuple(out) or ("",)


@dataclass(frozen=True)
class _Rows:
    """Every row laid out once: its cells' lines, its font, its height; `tops[i]` is where body row i starts."""

    col_widths: tuple[float, ...]
    align_right: frozenset[int]
    look: Look
    measure: _Measure
    head: tuple[tuple[Cell, ...], ...]
    head_heights: tuple[float, ...]
    body: tuple[tuple[Cell, ...], ...]
    fonts: tuple[str, ...]  # one a body row: the last may be bold
    tops: tuple[float, ...]  # len(body) + 1 prefix sums of the body rows' heights


def lay_out(head: Iterable[Sequence[Sequence[str]]], body: Iterable[Sequence[Sequence[str]]],
            col_widths: Sequence[float], align_right: Sequence[int], look: Look, bold_row: int | None = None) -> _Rows:
    """Measure every row once, as `body` yields it. Cells are sequences of lines (a payment per line); nothing is
    parsed as markup. `bold_row`: the body row printed bold (a total), if any."""
    m = _Measure(look)

    def rows(src, font_of):
        out, heights, fonts = [], [], []
        fits = {}  # (font, text, width) → whether one line fits: most cells of a log are one short line
        for r, row in enumerate(src):
            font = font_of(r)
            cells = []
            for cell, w in zip(row, col_widths, strict=True):
                if len(cell) == 1:
                    key = (font, cell[0], w)
                    ok = fits.get(key)
                    if ok is None:
                        ok = fits[key] = m.width(cell[0], font) <= w - 2 * look.pad
                    if ok:
                        cells.append(cell)
                        continue
                cells.append(m.wrap(cell, font, w))
            cells = tuple(cells)
            out.append(cells)
            fonts.append(font)
            heights.append(max(len(c) for c in cells) * look.leading + TOP_PAD + BOTTOM_PAD)
        return tuple(out), heights, tuple(fonts)

    head_rows, head_heights, _ = rows(head, lambda _r: look.bold)
    body_rows, heights, fonts = rows(body, lambda r: look.bold if r == bold_row else look.font)
    return _Rows(tuple(col_widths), frozenset(align_right), look, m, head_rows, tuple(head_heights), body_rows, fonts,
                 tuple(accumulate(heights, initial=0.0)))


class LongLog(Flowable):
    """Body rows start…end of a laid-out table under its header rows; a page break splits it in two."""

    hAlign = "CENTER"  # noqa: N815 - ReportLab's attribute

    def __init__(self, rows: _Rows, start: int = 0, end: int | None = None, ops: dict | None = None) -> None:
        super().__init__()
        self.rows, self.start = rows, start
        self.end = len(rows.body) if end is None else end
        self._ops = {} if ops is None else ops  # (font, text) → PDF text operators, shared by the parts
        self.width = sum(rows.col_widths)
        self.height = self._head_height() + rows.tops[self.end] - rows.tops[self.start]

    def _head_height(self) -> float:
        return sum(self.rows.head_heights)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        tops = self.rows.tops
        room = avail_height - self._head_height()
        fit = bisect_right(tops, tops[self.start] + room + 1e-6, self.start, self.end + 1) - 1  # rows start…fit
        if fit <= self.start:
            return []  # not even one row: the next frame
        if fit >= self.end:
            return [self]
        return [LongLog(self.rows, self.start, fit, self._ops), LongLog(self.rows, fit, self.end, self._ops)]

    # ---- drawing --------------------------------------------------------------------------------
    def draw(self) -> None:
        rows, look = self.rows, self.rows.look
        xs = list(accumulate(rows.col_widths, initial=0.0))
        lines = [(cells, look.bold, h) for cells, h in zip(rows.head, rows.head_heights, strict=True)]
        lines += [(rows.body[i], rows.fonts[i], rows.tops[i + 1] - rows.tops[i]) for i in range(self.start, self.end)]
        tops, y = [], self.height
        for _cells, _font, h in lines:
            tops.append(y)
            y -= h
        tops.append(y)
        out = ["q"]
        out.append(self._fill(look.head_bg, 0, tops[len(rows.head)], self.width, self.height - tops[len(rows.head)]))
        for k in range(len(rows.head), len(lines)):
            if (self.start + k - len(rows.head)) % 2:  # zebra by the row's place in the whole table
                out.append(self._fill(look.zebra, 0, tops[k + 1], self.width, tops[k] - tops[k + 1]))
        out.append(f"{LINE_WIDTH} w {_rgb(look.grid)} RG")
        out += [f"0 {t:.3f} m {self.width:.3f} {t:.3f} l" for t in tops]
        out += [f"{x:.3f} {tops[-1]:.3f} m {x:.3f} {self.height:.3f} l" for x in xs]
        out.append("S 0 g BT")
        ops, text_ops, width = self._ops, self._text, rows.measure.width
        pad, leading = look.pad, look.leading
        for k, (cells, font, _h) in enumerate(lines):
            head = k < len(rows.head)
            base = tops[k] - TOP_PAD - look.size
            for c, cell in enumerate(cells):
                right = c in rows.align_right and not head
                for n, text in enumerate(cell):
                    if not text:
                        continue
                    x = xs[c + 1] - pad - width(text, font) if right else xs[c] + pad
                    shown = ops.get((font, text)) or text_ops(text, font)
                    out.append(f"1 0 0 1 {x:.3f} {base - n * leading:.3f} Tm {shown}")
        out.append("ET Q")
        self.canv.addLiteral("\n".join(out))

    def _fill(self, color, x: float, y: float, w: float, h: float) -> str:
        return f"{_rgb(color)} rg {x:.3f} {y:.3f} {w:.3f} {h:.3f} re f"

    def _text(self, text: str, font: str) -> str:
        """PDF operators that show `text` in `font` at the text matrix: one subset of the embedded TrueType font
        after another, as ReportLab's own text objects write it (pdfmetrics' documented way for dynamic fonts)."""
        key = (font, text)
        ops = self._ops.get(key)
        if ops is None:
            f, doc, size = pdfmetrics.getFont(font), self.canv._doc, self.rows.look.size
            ops = self._ops[key] = " ".join(
                f"{f.getSubsetInternalName(subset, doc)} {size} Tf ({escapePDF(chunk)}) Tj"
                for subset, chunk in f.splitString(text, doc))
        return ops


def _rgb(color) -> str:
    return f"{color.red:.3f} {color.green:.3f} {color.blue:.3f}"
