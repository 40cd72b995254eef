"""A club's player list as a table, read from the file a club keeps it in, and the registry written back out.

What clubs hand over (issue 39): an Excel workbook (.xlsx) or a CSV saved from a spreadsheet or another program —
in UTF-8 with or without a BOM, or in Windows-1251 (what a Russian Excel saves as «CSV (разделители — запятые)»),
separated by `,`, `;` (a Russian Excel) or a tab, all detected here. A sheet may carry a title row above its header,
merged cells and empty rows. The table keeps each row's number in the file (what the administrator sees in Excel),
so a refused row is named by it. No Qt: the command line, the preview dialog and the benchmark read alike.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from clubdesk.errors import KnownError

HEADER_SEARCH_ROWS = 20  # the header is looked for among the first non-empty rows (a title, a blank row above it)
DELIMITERS = (";", ",", "\t")
# A spreadsheet runs a cell starting with one of these as a formula; the export marks such text with «'» and the
# import takes the mark off again, so a nickname «-=Zorro=-» leaves and comes back as it was.
FORMULA_STARTS = ("=", "+", "-", "@")


@dataclass
class Table:
    """One sheet of a file: the header row's cells and the non-empty rows below it, each with its row number in
    the file (1-based, as Excel numbers rows and a text editor numbers lines of a CSV)."""

    headers: list[str]
    rows: list[tuple[int, list[object]]]
    header_row: int = 1
    sheet: str = ""
    sheets: list[str] = field(default_factory=list)  # of a workbook, all its sheets (the preview offers them)
    source: str = ""  # the file's name, for the import's record


def cell_text(value: object) -> str:
    """A cell as text: a whole number without «.0» (a phone Excel stored as a number), a date as dd.mm.yyyy."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return f"{value:%d.%m.%Y}"
    return " ".join(str(value).split())


def read_table(path: Path, sheet: str | None = None, header_score: Callable[[list[str]], int] | None = None) -> Table:
    """The table of a player list. `header_score(cells)` says how much a row looks like the header (how many of
    its cells name a known field); the best of the first rows is taken, the first non-empty row when none scores.
    One clear line (KnownError) for a file that is not there or not a table."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise KnownError(f"Файла {path} нет.", f"There is no file {path}.") from None
    except OSError as exc:
        raise KnownError(f"Файл {path} не читается: {exc.strerror}.", f"Cannot read {path}: {exc.strerror}.") from None
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise KnownError(f"{path.name}: это файл старого Excel. Сохраните его в Excel как «Книга Excel» (XLSX) "
                         "или CSV.", f"{path.name}: an old Excel file (.xls). Save it from Excel as .xlsx or CSV.")
    if data.startswith(b"PK"):
        sheets, name, rows = _xlsx_rows(path, data, sheet)
    else:
        sheets, name, rows = [], "", _csv_rows(path, data)
    table = _with_header([(n, cells) for n, cells in rows if any(cell_text(c) for c in cells)], header_score)
    if table is None:
        raise KnownError(f"{path.name}: в файле нет ни одной строки.", f"{path.name}: the file has no rows.")
    table.sheet, table.sheets, table.source = name, sheets, path.name
    return table


def _with_header(rows: list[tuple[int, list[object]]], score: Callable[[list[str]], int] | None) -> Table | None:
    if not rows:
        return None
    at, best = 0, 0
    for k, (_n, cells) in enumerate(rows[:HEADER_SEARCH_ROWS]):
        got = score([cell_text(c) for c in cells]) if score else 0
        if got > best:
            at, best = k, got
    width = max(len(cells) for _n, cells in rows[at:])
    headers = [cell_text(c) for c in rows[at][1]] + [""] * (width - len(rows[at][1]))
    body = [(n, list(cells) + [None] * (width - len(cells))) for n, cells in rows[at + 1:]]
    return Table(headers, body, rows[at][0])


def _decode(data: bytes) -> str:
    """UTF-8 (with or without a BOM), UTF-16 with its BOM (Excel's «Unicode text»), else Windows-1251: a file that
    is not valid UTF-8 is what a Russian Windows saves (cp1251 decodes every byte but one, 0x98)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1251", errors="replace")


def _delimiter(text: str) -> str:
    """The separator that splits the first lines into the most rows of one width (more than one column)."""
    sample = text.splitlines()[:30]
    best, best_score = DELIMITERS[0], (0, 0)
    for d in DELIMITERS:
        widths = [len(r) for r in csv.reader(sample, delimiter=d) if any(c.strip() for c in r)]
        if not widths:
            continue
        common = max(set(widths), key=lambda w: (widths.count(w), w))
        score = (widths.count(common), common) if common > 1 else (0, 0)
        if score > best_score:
            best, best_score = d, score
    return best


def _csv_rows(path: Path, data: bytes) -> list[tuple[int, list[object]]]:
    text = _decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text))
    try:
        # the reader's line number after a row is that row's last line; a row's number is where it starts
        out, start = [], 1
        for cells in reader:
            out.append((start, [_unmark(c) for c in cells]))
            start = reader.line_num + 1
        return out
    except csv.Error as exc:
        raise KnownError(f"{path.name}: строка {reader.line_num} не читается как CSV ({exc}).",
                         f"{path.name}: line {reader.line_num} is not CSV ({exc}).") from None


def _unmark(text: str) -> str:
    return text[1:] if text.startswith("'") and text[1:2] in FORMULA_STARTS else text


def _xlsx_rows(path: Path, data: bytes, sheet: str | None) -> tuple[list[str], str, list[tuple[int, list[object]]]]:
    import zipfile

    from openpyxl import load_workbook

    try:
        # not read_only: only a full load knows the merged cells; data_only: a formula's value, not its text
        wb = load_workbook(io.BytesIO(data), data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise KnownError(f"{path.name}: файл Excel повреждён или это не книга Excel ({exc}).",
                         f"{path.name}: a damaged Excel file or not a workbook ({exc}).") from None
    names = wb.sheetnames
    if sheet is not None and sheet not in names:
        raise KnownError(f"{path.name}: листа «{sheet}» нет; есть: {', '.join(names)}.",
                         f"{path.name}: there is no sheet '{sheet}'; there are: {', '.join(names)}.")
    ws = wb[sheet] if sheet is not None else wb.worksheets[0]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    # A merged cell shows its value over the whole range: each row it covers has it (a note merged down two rows
    # belongs to both). A title merged across the sheet never becomes the header: its cells name no field.
    for rng in ws.merged_cells.ranges:
        value = rows[rng.min_row - 1][rng.min_col - 1] if rng.min_row <= len(rows) else None
        for r in range(rng.min_row, min(rng.max_row, len(rows)) + 1):
            row = rows[r - 1]
            row.extend([None] * (rng.max_col - len(row)))
            for c in range(rng.min_col, rng.max_col + 1):
                row[c - 1] = value
    wb.close()
    return names, ws.title, [(n, cells) for n, cells in enumerate(rows, start=1)]


def write_csv(path: Path, headers: list[str], rows: list[list[object]]) -> None:
    """UTF-8 with a BOM (Excel then reads Cyrillic right) and `;` (what a Russian Excel splits on); text a
    spreadsheet would run as a formula is marked with «'» (`_unmark` takes it off on import)."""
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(headers)
    for r in rows:
        w.writerow(["'" + t if t.startswith(FORMULA_STARTS) else t for t in (cell_text(v) for v in r)])
    _write(path, buf.getvalue().encode("utf-8-sig"))


def write_xlsx(path: Path, heading: str, headers: list[str], rows: list[list[object]]) -> None:
    """A workbook: the heading line, the bold header, then a row per player; every text cell is text (a phone
    stays «+7 916 …», a name «=…» is not a formula), a date a date."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Игроки" if heading.startswith("Игроки") else "Players"
    ws.append([heading])
    ws.append(headers)
    for cell in ws[2]:
        cell.font = Font(bold=True)
    for n, r in enumerate(rows, start=3):
        for c, value in enumerate(r, start=1):
            cell = ws.cell(n, c, None if value == "" else value)
            if isinstance(value, str):
                cell.data_type = "s"
    for letter, width in zip("ABCDEFGH", (18, 22, 16, 20, 14, 30, 24, 12), strict=False):
        ws.column_dimensions[letter].width = width
    buf = io.BytesIO()
    wb.save(buf)
    _write(path, buf.getvalue())


def _write(path: Path, data: bytes) -> None:
    path = Path(path)
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_bytes(data)
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise KnownError(f"Файл {path} не записан: {exc.strerror}.", f"{path} not written: {exc.strerror}.") from None
