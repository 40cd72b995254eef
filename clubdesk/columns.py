"""One list of columns per table, for the screen, CSV, Excel and paper alike, so they cannot drift apart.

A column has its title in both languages, the value a spreadsheet should see (a number where it can sum it) and the
text the screen and the paper show. The Mafia season (services/seasons.py), the Mafia evening standings
(services/evenings_standings.py) and the Жук tournament standings (services/tournaments_standings.py) each keep one
such list; the table models, `csv_text`, `xlsx_bytes` and the PDFs read it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from clubdesk.errors import language


@dataclass(frozen=True)
class Column:
    key: str
    ru: str
    en: str
    value: Callable[[Any], object]  # a number where a spreadsheet should see one ("" for an empty cell)
    text: Callable[[Any], str]      # what the screen and the paper show
    short: tuple[str, str] | None = None  # (ru, en) on paper where many columns share an A4 page; in its legend

    def title(self, lang: str | None = None) -> str:
        return self.ru if (lang or language()) == "ru" else self.en

    def paper_title(self, lang: str | None = None) -> str:
        if self.short is None:
            return self.title(lang)
        return self.short[0] if (lang or language()) == "ru" else self.short[1]


def csv_text(columns: Sequence[Column], rows: Sequence[Any], lang: str | None = None) -> str:
    """Semicolon-separated (as spreadsheet programs in Russia expect): the titles, then the screen's texts with a
    plain minus and without the thin spaces of thousands (a spreadsheet reads «10000», not «10 000»)."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\n")
    w.writerow([c.title(lang) for c in columns])
    for r in rows:
        w.writerow([c.text(r).replace("−", "-").replace("\u202f", "") for c in columns])
    return buf.getvalue()


@dataclass(frozen=True)
class Sheet:
    """One worksheet: its tab name, a title line above the table, the columns and the rows."""

    name: str
    heading: str
    columns: Sequence[Column]
    rows: Sequence[Any]
    wide: int = 1  # the column (0-based) that holds names: made wide enough to read


def xlsx_bytes(sheets: Sequence[Sheet], lang: str | None = None) -> bytes:
    """An Excel workbook: per sheet the title line, the bold column titles, then each row's values (numbers stay
    numbers, so a spreadsheet can sum them; an empty value is an empty cell)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    wb = Workbook()
    for n, sheet in enumerate(sheets):
        ws = wb.active if n == 0 else wb.create_sheet()
        ws.title = _sheet_name(sheet.name)
        ws.append([sheet.heading])
        ws.append([c.title(lang) for c in sheet.columns])
        for cell in ws[2]:
            cell.font = Font(bold=True)
        for n_row, r in enumerate(sheet.rows, start=3):
            for n_col, c in enumerate(sheet.columns, start=1):
                value = _cell(c.value(r))
                cell = ws.cell(n_row, n_col, value)
                if isinstance(value, str) and value.startswith("="):
                    cell.data_type = "s"  # a name is text: openpyxl would store «=…» as a formula Excel runs
        ws.column_dimensions[get_column_letter(sheet.wide + 1)].width = 32
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _cell(value: object) -> object:
    return None if value == "" else value


def _sheet_name(name: str) -> str:
    """Excel refuses []:*?/\\ in a tab name and more than 31 characters."""
    for ch in "[]:*?/\\":
        name = name.replace(ch, " ")
    return name[:31] or "1"
