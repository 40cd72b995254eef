"""The A4 page every protocol shares: embedded DejaVu fonts, header, «стр. N из M» footer, tables, signatures."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from clubdesk.reports.strings import t
from clubdesk.resources import resource_path

FONT, FONT_BOLD = "DejaVuSans", "DejaVuSans-Bold"
MARGIN = 15 * mm
WIDTH = A4[0] - 2 * MARGIN - 12  # usable width: the page frame pads 6 pt each side
GRID = colors.HexColor("#9aa0a6")
HEAD_BG = colors.HexColor("#e8eaed")
ZEBRA = colors.HexColor("#f6f7f8")
PAD = 3  # left and right padding of a table cell, points
NAME_LIMIT = 60  # characters of a player's name or id printed


@dataclass
class Meta:
    """What the store adds to a game record: display names and where/when/who; all optional."""

    names: dict[str, str] = field(default_factory=dict)
    date: str | None = None
    table: str | None = None
    official: str | None = None  # referee (billiards) or host (Mafia)
    title: str | None = None
    context: list[tuple[str, str]] = field(default_factory=list)  # extra header lines (tournament, stage…)
    club: str = "ClubDesk"

    def name(self, pid: str) -> str:
        """The display name, cut: a record's player id can be any length, and a cell cannot grow past a page."""
        text = self.names.get(pid) or pid
        return text if len(text) <= NAME_LIMIT else text[:NAME_LIMIT - 1] + "…"


# Page streams are compressed only, not also ASCII85-encoded: the text encoding made a PDF a quarter bigger, and
# without ReportLab's C accelerator it was a fifth of the time of printing a long log.
rl_config.useA85 = 0
_fonts_done = False


def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) once; TTFont embeds the used glyphs as a subset."""
    global _fonts_done
    if _fonts_done:
        return
    pdfmetrics.registerFont(TTFont(FONT, str(resource_path("fonts", "DejaVuSans.ttf"))))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(resource_path("fonts", "DejaVuSans-Bold.ttf"))))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)
    _fonts_done = True


def style(size: float = 9, bold: bool = False, align: int = 0, leading: float | None = None,
          space_before: float = 0, space_after: float = 0) -> ParagraphStyle:
    return ParagraphStyle("s", fontName=FONT_BOLD if bold else FONT, bulletFontName=FONT, fontSize=size,
                          leading=leading or size * 1.25, alignment=align,
                          spaceBefore=space_before, spaceAfter=space_after)


register_fonts()  # Paragraphs resolve their font when built, before render() runs
CELL = style(8.5)
CELL_BOLD = style(8.5, bold=True)
HEAD = style(8.5, bold=True)
SMALL = style(7.5)


def esc(text: Any) -> str:
    """Plain text made safe for a Paragraph (its markup is XML-like)."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def para(text: Any, st: ParagraphStyle = CELL) -> Paragraph:
    return Paragraph(esc(text), st)


def title(text: str) -> Paragraph:
    return Paragraph(esc(text), style(14, bold=True, space_after=2 * mm))


def heading(text: str) -> Paragraph:
    return Paragraph(esc(text), style(11, bold=True, space_before=4 * mm, space_after=1.5 * mm))


def note(text: str, bold: bool = False) -> Paragraph:
    return Paragraph(esc(text), style(10 if bold else 8.5, bold=bold, space_before=1.5 * mm))


def money(value: int | float) -> str:
    """B with a thin-space thousands separator and an explicit sign only where asked (see signed)."""
    return f"{value:,}".replace(",", "\u202f") if isinstance(value, int) else f"{value:g}"


def signed(value: int | float) -> str:
    if value == 0:
        return "0"
    return ("+" if value > 0 else "−") + money(abs(value))


def _longest_word(cell: Any, st: ParagraphStyle) -> float:
    """Width in points of the widest whitespace-separated word of a cell (a list is one line per item)."""
    lines = cell if isinstance(cell, list | tuple) else [cell if cell is not None else ""]
    return max((pdfmetrics.stringWidth(w, st.fontName, st.fontSize) for x in lines for w in str(x).split()), default=0)


def header_floors(head: Sequence[Sequence[Any]], ncols: int, widths: Sequence[float],
                  extra: Sequence[tuple] = ()) -> list[float]:
    """Points each column needs so that no header word is split: ReportLab breaks a word that does not fit its
    cell mid-word («Мест|о»). A header cell spanning columns (a SPAN command) shares its need among them."""
    spans = {(cmd[1][0] % ncols, cmd[1][1]): cmd[2][0] % ncols for cmd in extra
             if cmd[0] == "SPAN" and 0 <= cmd[1][1] < len(head)}  # (first column, row) → last column
    floors = [0.0] * ncols
    for r, row in enumerate(head):
        for c, cell in enumerate(row):
            if isinstance(cell, Flowable):
                continue
            need = _longest_word(cell, HEAD) + 2 * PAD + 1  # 1 pt: ReportLab's own rounding must not tip it over
            last = spans.get((c, r), c)
            share = sum(widths[c:last + 1])
            for k in range(c, last + 1):
                floors[k] = max(floors[k], need * widths[k] / share)
    return floors


def number_floors(body: Sequence[Sequence[Any]], ncols: int, columns: Sequence[int]) -> list[float]:
    """Points each right-aligned column needs so that none of its numbers wraps: ReportLab breaks a number that
    does not fit mid-number, and shot «100» would read «10» over «0». Bold is measured, the widest a row prints."""
    floors = [0.0] * ncols
    widths: dict[str, float] = {}  # a log repeats the same amounts thousands of times: measure each once
    for row in body:
        for c in columns:
            cell = row[c] if c < len(row) else None
            if isinstance(cell, Flowable) or cell is None:
                continue
            for x in cell if isinstance(cell, list | tuple) else [cell]:
                text = str(x)
                need = widths.get(text)
                if need is None:
                    need = widths[text] = pdfmetrics.stringWidth(text, CELL_BOLD.fontName, CELL_BOLD.fontSize)
                if need + 2 * PAD + 1 > floors[c % ncols]:
                    floors[c % ncols] = need + 2 * PAD + 1
    return floors


def fit_widths(widths: Sequence[float], floors: Sequence[float], total: float) -> list[float]:
    """`widths` (relative) scaled to `total` points, except that no column falls below its floor: such columns get
    their floor and the others share what is left in their proportions. Floors that cannot all fit are scaled."""
    fixed: dict[int, float] = {}
    while True:
        free = [c for c in range(len(widths)) if c not in fixed]
        room, weight = total - sum(fixed.values()), sum(widths[c] for c in free)
        if not free or room <= 0 or weight <= 0:
            scale = total / sum(floors)
            return [f * scale for f in floors]
        out = {c: room * widths[c] / weight for c in free}
        short = [c for c in free if out[c] < floors[c]]
        if not short:
            return [fixed[c] if c in fixed else out[c] for c in range(len(widths))]
        fixed.update((c, floors[c]) for c in short)


def table(rows: Sequence[Sequence[Any]], widths: Sequence[float], *, header_rows: int = 1,
          align_right: Sequence[int] = (), bold_last: bool = False, extra: Sequence[tuple] = ()) -> Flowable:
    """A grid table whose header rows repeat on every page; text cells are wrapped Paragraphs.

    Linear in its rows: a long plain table (a game's log, more than WINDOW body rows) is drawn by
    reports.longtable, each row measured and drawn once (a 20 000-shot log in ~1.3 s; benchmarks/reports.py).
    Otherwise a body cell whose lines all fit its column is a plain string (drawn, not parsed as markup), and a
    long table with Flowables or `extra` commands is laid out WINDOW rows at a time (_Window) instead of ReportLab
    rebuilding and re-measuring all the remaining rows at every page break."""
    floors = [max(h, n) for h, n in zip(header_floors(rows[:header_rows], len(widths), widths, extra),
                                        number_floors(rows[header_rows:], len(widths), align_right), strict=True)]
    col_widths = fit_widths(widths, floors, WIDTH)
    if len(rows) - header_rows > WINDOW and not extra and \
            not any(isinstance(cell, Flowable) for row in rows for cell in row):
        return _long_table(rows, col_widths, header_rows, align_right, bold_last)
    right = ParagraphStyle("r", parent=CELL, alignment=2)
    right_bold = ParagraphStyle("rb", parent=CELL_BOLD, alignment=2)
    body = []
    for r, row in enumerate(rows):
        head = r < header_rows
        bold = head or (bold_last and r == len(rows) - 1)
        st = HEAD if head else (CELL_BOLD if bold else CELL)
        cells: list[Any] = []
        for c, cell in enumerate(row):
            if isinstance(cell, Flowable):
                cells.append(cell)
                continue
            # a list is several lines in one cell (e.g. one payment per payer)
            lines = [str(x) for x in cell] if isinstance(cell, list | tuple) else [str(cell if cell is not None else "")]
            if not head and _fits(lines, st, col_widths[c]):
                cells.append("\n".join(lines))
                continue
            cst = (right_bold if bold else right) if c in align_right and not head else st
            cells.append(Paragraph("<br/>".join(esc(x) for x in lines), cst))
        body.append(cells)
    spec = _TableSpec(body[:header_rows], col_widths, tuple(align_right), bold_last, tuple(extra))
    if len(body) - header_rows <= WINDOW or extra:  # `extra` may name body rows: such tables are short
        return spec.build(body[header_rows:], 0, len(body) - header_rows)
    return _Window(spec, body[header_rows:], 0)


def _long_table(rows: Sequence[Sequence[Any]], col_widths: list[float], header_rows: int, align_right: Sequence[int],
                bold_last: bool) -> Flowable:
    """A long plain table (a game's log) drawn by reports.longtable: the same grid, zebra, fonts and padding."""
    from clubdesk.reports.longtable import LongLog, Look, lay_out

    def lines(row_range):  # one row at a time: a copy of the whole table is not kept beside the laid-out one
        for r in row_range:
            yield [tuple(map(str, cell)) if isinstance(cell, list | tuple) else ("" if cell is None else str(cell),)
                   for cell in rows[r]]

    look = Look(FONT, FONT_BOLD, CELL.fontSize, CELL.leading, PAD, GRID, HEAD_BG, ZEBRA)
    return LongLog(lay_out(lines(range(header_rows)), lines(range(header_rows, len(rows))), col_widths, align_right,
                           look, len(rows) - header_rows - 1 if bold_last else None))


WINDOW = 80  # body rows laid out at a time: more than an A4 page holds (a row is at least 14 pt, the frame ~770)


@dataclass(frozen=True)
class _TableSpec:
    head: list
    col_widths: list[float]
    align_right: tuple[int, ...]
    bold_last: bool
    extra: tuple

    def build(self, rows: list, offset: int, total: int) -> LongTable:
        """The header and `rows`, the body rows offset…offset+len(rows) of `total`: zebra and bold_last by the
        row's place in the whole table."""
        n = len(self.head)
        tbl = LongTable(self.head + rows, colWidths=self.col_widths, repeatRows=n)
        cmds = [
            ("FONTNAME", (0, 0), (-1, -1), FONT),  # empty cells would otherwise name Helvetica
            ("FONTSIZE", (0, 0), (-1, -1), CELL.fontSize),
            ("LEADING", (0, 0), (-1, -1), CELL.leading),
            ("GRID", (0, 0), (-1, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("BACKGROUND", (0, 0), (-1, n - 1), HEAD_BG),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), PAD),
            ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ]
        cmds += [("ALIGN", (c, n), (c, -1), "RIGHT") for c in self.align_right]
        if self.bold_last and offset + len(rows) == total:
            cmds.append(("FONTNAME", (0, -1), (-1, -1), FONT_BOLD))
        if rows:  # one command, not one a row: ReportLab applies every command to every cell it covers
            cmds.append(("ROWBACKGROUNDS", (0, n), (-1, -1), [ZEBRA, None] if offset % 2 else [None, ZEBRA]))
        tbl.setStyle(TableStyle(cmds + list(self.extra)))
        return tbl


class _Window(Flowable):
    """A long table: only the next WINDOW body rows are a real Table; at a page break the rows that did not fit
    and the ones after them become the next _Window. Each page costs O(WINDOW), not O(remaining rows)."""

    def __init__(self, spec: _TableSpec, rows: list, offset: int, total: int | None = None) -> None:
        super().__init__()
        self.spec, self.rows, self.offset = spec, rows, offset
        self.total = offset + len(rows) if total is None else total
        self._table: LongTable | None = None

    def _inner(self) -> LongTable:
        if self._table is None:
            self._table = self.spec.build(self.rows[:WINDOW], self.offset, self.total)
        return self._table

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self._inner().wrap(avail_width, avail_height)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts = self._inner().split(avail_width, avail_height)
        if len(self.rows) <= WINDOW or not parts:
            return parts
        taken = parts[0]._nrows - len(self.spec.head)
        if taken <= 0:
            return []
        return [parts[0], _Window(self.spec, self.rows[taken:], self.offset + taken, self.total)]

    def draw(self) -> None:
        # wrap() said the whole window fits: only when it holds the last rows (WINDOW rows never fit a page)
        assert len(self.rows) <= WINDOW, "a table window taller than the page was drawn whole"
        self._inner().drawOn(self.canv, 0, 0)


def _fits(lines: list[str], st: ParagraphStyle, width: float) -> bool:
    room = width - 2 * PAD
    return all(pdfmetrics.stringWidth(x, st.fontName, st.fontSize) <= room
               for x in lines)


def info_block(pairs: Sequence[tuple[str, str]]) -> Table:
    """Label/value lines at the top of a document (players, date, table, options)."""
    rows = [[Paragraph(esc(k), CELL_BOLD), Paragraph(esc(v), CELL)] for k, v in pairs]
    tbl = Table(rows, colWidths=[38 * mm, WIDTH - 38 * mm])
    tbl.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                             ("LEFTPADDING", (0, 0), (-1, -1), 0),
                             ("TOPPADDING", (0, 0), (-1, -1), 0.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5)]))
    return tbl


def signatures(roles: Sequence[str], lang: str) -> KeepTogether:
    """A signature line per role (referee, players…): the role, a line to sign on, the date line."""
    rows = [[Paragraph(esc(role), CELL), "", Paragraph(esc(f"({t('signature_line', lang)})"), SMALL)]
            for role in roles]
    tbl = Table(rows, colWidths=[70 * mm, 70 * mm, WIDTH - 140 * mm], rowHeights=[8 * mm] * len(rows))
    tbl.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT), ("LINEBELOW", (1, 0), (1, -1), 0.6, colors.black),
                             ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return KeepTogether([heading(t("signatures", lang)), tbl])


class _NumberedCanvas(rl_canvas.Canvas):
    """Two passes in one: pages are kept until save(), when the total is known for «стр. N из M»."""

    lang = "ru"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []

    def showPage(self) -> None:  # noqa: N802 - ReportLab API
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for page in self._pages:
            self.__dict__.update(page)
            self.setFont(FONT, 8)
            self.drawRightString(A4[0] - MARGIN, 9 * mm, t("page", self.lang, n=self._pageNumber, m=total))
            super().showPage()
        super().save()


def render(doc_title: str, story: list, *, lang: str = "ru", club: str = "ClubDesk",
           printed: dt.datetime | None = None) -> bytes:
    """Lay the story out on A4 pages with the header and footer; returns the PDF bytes."""
    register_fonts()
    buf = io.BytesIO()
    when = (printed or dt.datetime.now()).strftime("%d.%m.%Y %H:%M")

    def decorate(canv: rl_canvas.Canvas, _doc) -> None:
        canv.saveState()
        canv.setFont(FONT_BOLD, 8)
        canv.drawString(MARGIN, A4[1] - 10 * mm, club)
        canv.setFont(FONT, 8)
        canv.drawRightString(A4[0] - MARGIN, A4[1] - 10 * mm, doc_title)
        canv.setStrokeColor(GRID)
        canv.line(MARGIN, A4[1] - 11.5 * mm, A4[0] - MARGIN, A4[1] - 11.5 * mm)
        canv.line(MARGIN, 12 * mm, A4[0] - MARGIN, 12 * mm)
        canv.drawString(MARGIN, 9 * mm, t("printed", lang, when=when))
        canv.restoreState()

    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=16 * mm,
                            bottomMargin=16 * mm, title=doc_title, author=club, creator="ClubDesk",
                            initialFontName=FONT)  # else every page names an unembedded Helvetica
    canvas_cls = type("NumberedCanvas", (_NumberedCanvas,), {"lang": lang})
    doc.build(story, onFirstPage=decorate, onLaterPages=decorate, canvasmaker=canvas_cls)
    return buf.getvalue()


def centered(text: str, size: float = 10, bold: bool = False) -> Paragraph:
    return Paragraph(esc(text), style(size, bold=bold, align=TA_CENTER))


def gap(height_mm: float = 3) -> Spacer:
    return Spacer(1, height_mm * mm)
