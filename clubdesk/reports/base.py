"""The A4 page every protocol shares: embedded DejaVu fonts, header, «стр. N из M» footer, tables, signatures."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

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
        return self.names.get(pid) or pid


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
    for row in body:
        for c in columns:
            cell = row[c] if c < len(row) else None
            if isinstance(cell, Flowable) or cell is None:
                continue
            lines = cell if isinstance(cell, list | tuple) else [cell]
            need = max((pdfmetrics.stringWidth(str(x), CELL_BOLD.fontName, CELL_BOLD.fontSize) for x in lines),
                       default=0)
            floors[c % ncols] = max(floors[c % ncols], need + 2 * PAD + 1)
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
          align_right: Sequence[int] = (), bold_last: bool = False, extra: Sequence[tuple] = ()) -> Table:
    """A grid table whose header rows repeat on every page; text cells are wrapped Paragraphs."""
    body = []
    for r, row in enumerate(rows):
        st = HEAD if r < header_rows else (CELL_BOLD if bold_last and r == len(rows) - 1 else CELL)
        cells = []
        for c, cell in enumerate(row):
            if isinstance(cell, Flowable):
                cells.append(cell)
                continue
            cst = st
            if c in align_right and r >= header_rows:
                cst = ParagraphStyle("r", parent=st, alignment=2)
            # a list is several lines in one cell (e.g. one payment per payer)
            text = "<br/>".join(esc(x) for x in cell) if isinstance(cell, list | tuple) else esc(
                cell if cell is not None else "")
            cells.append(Paragraph(text, cst))
        body.append(cells)
    floors = [max(h, n) for h, n in zip(header_floors(rows[:header_rows], len(widths), widths, extra),
                                        number_floors(rows[header_rows:], len(widths), align_right), strict=True)]
    tbl = Table(body, colWidths=fit_widths(widths, floors, WIDTH), repeatRows=header_rows)
    cmds = [
        ("FONTNAME", (0, 0), (-1, -1), FONT),  # empty cells would otherwise name Helvetica
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEAD_BG),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
    ]
    for r in range(header_rows + 1, len(rows), 2):
        cmds.append(("BACKGROUND", (0, r), (-1, r), ZEBRA))
    tbl.setStyle(TableStyle(cmds + list(extra)))
    return tbl


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
