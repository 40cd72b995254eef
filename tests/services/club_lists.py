"""Player lists as clubs hand them over (issue 39), written by the tests: what a Russian Excel saves as CSV
(Windows-1251, `;`), a workbook with a title row above its header, merged cells and empty rows, «ФИО» in one
column, phones in every spelling."""

from __future__ import annotations

import csv
import io
from pathlib import Path

# One phone, three spellings: the registry stores all three as +79161234567.
PHONE_SPELLINGS = ("8 (916) 123-45-67", "+7-916-1234567", "9161234567")


def write_csv(path: Path, rows: list[list[str]], *, encoding: str = "cp1251", delimiter: str = ";",
              bom: bool = False) -> Path:
    """As a spreadsheet saves it: a cell holding the separator or a quote is quoted."""
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    data = buf.getvalue().encode(encoding)
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
    return path


def write_club_workbook(path: Path) -> Path:
    """A sheet as a club keeps it: a title merged across the sheet, an empty row, the header on row 3, the players
    with an empty row among them, a note merged down two rows, and a second sheet of something else."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Члены клуба"
    ws["A1"] = "Список членов бильярдного клуба «Лузa» на 01.12.2026"
    ws.merge_cells("A1:F1")
    ws.append([])                                                          # row 2: empty
    ws.append(["№", "ФИО", "Ник", "Телефон", "Примечание", "Дата рождения"])  # row 3
    ws.append([1, "Иванов Иван Иванович", "Ваня", "8 (916) 123-45-67", "тренер", "12.04.1980"])
    ws.append([2, "Петрова Анна", None, 89031112233, "из секции", None])   # a phone Excel stored as a number
    ws.append([])                                                          # row 6: empty
    ws.append([3, "Сидоров Пётр", "Сид", "+7-903-2223344", None, None])
    ws.merge_cells("E4:E5")  # «тренер» covers rows 4 and 5 as a note of both
    other = wb.create_sheet("Взносы")
    other.append(["ФИО", "Сумма"])
    other.append(["Иванов Иван", 500])
    wb.save(path)
    return path


def thousand_rows() -> tuple[list[list[str]], int]:
    """A header and 1 000 rows, 50 of which repeat an earlier row (by phone in another spelling, or by name and
    nickname without a phone) or a player the registry has (`REGISTERED`); returns the rows and how many are new."""
    header = ["Фамилия", "Имя", "Отчество", "Псевдоним", "Телефон", "Примечание"]
    rows = [header]
    for k in range(950):
        phone = f"9{k:09d}"[:10]
        spelled = (f"8 ({phone[:3]}) {phone[3:6]}-{phone[6:8]}-{phone[8:]}", f"+7-{phone[:3]}-{phone[3:]}",
                   phone)[k % 3]
        rows.append([f"Игроков{k}", "Иван", "Петрович" if k % 2 else "", f"Н{k}" if k % 4 == 0 else "",
                     spelled if k % 10 else "", "член клуба" if k % 5 == 0 else ""])
    for k in [k for k in range(1, 40) if k % 10][:20]:  # 20 repeats by phone, spelled another way
        phone = f"9{k:09d}"[:10]
        rows.append([f"Игроков{k}", "Иван", "", "", f"+7 {phone}", ""])
    for k in range(0, 400, 20):    # 20 repeats by name and nickname (rows without a phone: k % 10 == 0)
        rows.append([f"Игроков{k}", "Иван", "Петрович" if k % 2 else "", f"Н{k}" if k % 4 == 0 else "", "", ""])
    for surname, first, phone in REGISTERED:  # 10 players the registry already has
        rows.append([surname, first, "", "", phone, ""])
    assert len(rows) == 1001
    return rows, 950


# Registered before the import; the last 10 rows of `thousand_rows` are them (their phones spelled otherwise).
REGISTERED = [(f"Старожилов{k}", "Олег", f"8 926 555-00-{k:02d}") for k in range(10)]
REGISTERED_AS = [f"+7 926 55500{k:02d}" for k in range(10)]  # how the desk typed their phones
