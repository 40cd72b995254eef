"""Tables of a generated protocol read back cell by cell: pypdf text fragments placed by their x/y on the page."""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

EPS = 0.6  # points: fragments of one line of a row differ in y by rounding only
BOTTOM, TOP = 16 * mm, A4[1] - 16 * mm  # the page frame: the running header and footer lie outside it


@dataclass(frozen=True)
class Fragment:
    """One line of text as drawn: where it starts (points from the bottom left) and what it says."""

    page: int
    x: float
    y: float
    text: str


def fragments(pdf: bytes) -> list[Fragment]:
    """Every non-empty line drawn on every page, top to bottom then left to right, thin spaces made plain."""
    out: list[Fragment] = []
    for n, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        found: list[Fragment] = []

        def visit(text, cm, tm, _font, _size, n=n, found=found):
            text = text.replace("\u202f", " ").strip()
            if text:
                found.append(Fragment(n, cm[4] + tm[4] * cm[0], cm[5] + tm[5] * cm[3], text))

        page.extract_text(visitor_text=visit)
        out += sorted(found, key=lambda f: (-round(f.y, 1), f.x))
    return out


def _header_at(frags: list[Fragment], start: Fragment, header: list[str]) -> list[float] | None:
    """Left x of each header cell when `start` begins a header row that reads `header` left to right."""
    line = sorted((f for f in frags if f.page == start.page and abs(f.y - start.y) < EPS and f.x >= start.x - EPS),
                  key=lambda f: f.x)
    xs, i = [], 0
    for f in line:
        if i < len(header) and header[i].startswith(f.text):  # a wrapped header cell shows its first line here
            xs.append(f.x)
            i += 1
    return xs if i == len(header) else None


def table_rows(pdf: bytes, header: list[str], key: int = 0, nth: int = 0) -> list[dict[str, str]]:
    """The body rows of the `nth` table whose header row reads `header`, followed onto the next pages while it runs
    on (ReportLab repeats the header at the top of each); each row maps a header to its cell text, lines joined by
    a space.

    A row begins at each line of column `key` (a cell that is one line and never empty); a table ends at the first
    line left of its first column (a heading or a note). Empty headers of spanned columns are left out of `header`:
    their cells read as part of the column to their left."""
    frags = [f for f in fragments(pdf) if BOTTOM < f.y < TOP]  # not the running header and footer
    starts = {i: xs for i, f in enumerate(frags) if header[0].startswith(f.text)
              if (xs := _header_at(frags, f, header)) is not None}
    if len(starts) <= nth:
        raise AssertionError(f"no table #{nth} with the header {header}")
    at = sorted(starts)[nth]
    rows: list[dict[str, str]] = []
    while True:
        head, xs = frags[at], starts[at]
        page = [f for f in frags[at + 1:] if f.page == head.page and f.y < head.y - EPS]
        stop = next((i for i, f in enumerate(page) if f.x < xs[0] - 1), len(page))
        rows += _rows(page[:stop], header, xs, key)
        if stop < len(page):
            return rows
        at = next((i for i, f in enumerate(frags) if f.page == head.page + 1), None)  # the next page's first line
        if at not in starts:
            return rows


def _rows(body: list[Fragment], header: list[str], xs: list[float], key: int) -> list[dict[str, str]]:
    """Rows from the lines under a header; header words wrapped onto a second line sit above the first row."""
    tops = [f.y for f in body if _column(f.x, xs) == key]
    rows = []
    for i, top in enumerate(tops):
        bottom = tops[i + 1] if i + 1 < len(tops) else float("-inf")
        cells: dict[str, list[str]] = {h: [] for h in header}
        for f in body:
            if top + EPS > f.y > bottom + EPS:
                cells[header[_column(f.x, xs)]].append(f.text)
        rows.append({h: " ".join(v) for h, v in cells.items()})
    return rows


def _column(x: float, xs: list[float]) -> int:
    """The column a line starting at `x` belongs to: the last header that starts at or left of it."""
    return max(i for i, left in enumerate(xs) if left <= x + EPS) if x + EPS >= xs[0] else 0
