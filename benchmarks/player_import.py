"""Player import benchmark (issue 39): a club's list of 10 000 players, from a Windows-1251 CSV and from an Excel
workbook, read, judged and written in one import (goal: under 5 s each on the club's PC), then the registry's search
as you type over them at once (`PlayerIndex`: the first filter after the import, which rebuilds the index, and one
typed word).

The rows are as clubs keep them: «ФИО» in one column with a patronymic, phones in three spellings, a nickname on
every fifth, a note and a birth date on some, 200 rows repeating an earlier one. Each figure is one run's wall
time (an import writes the store, so it is not repeated on the same file) on a fresh store in a temporary folder.
Run: `python -m benchmarks.player_import`.
"""

from __future__ import annotations

import datetime as dt
import random
import tempfile
import time
from pathlib import Path

from clubdesk.roles import SYSTEM
from clubdesk.services.player_files import read_table, write_xlsx
from clubdesk.services.player_import import guess_mapping, header_score
from clubdesk.services.player_imports import ImportService
from clubdesk.services.player_search import PlayerIndex
from clubdesk.store.db import open_store

ROWS, REPEATS = 10_000, 200
GOAL_S = 5.0
SURNAMES = ["Иванов", "Петров", "Сидоров", "Кузнецов", "Смирнов", "Попов", "Волков", "Соколов", "Лебедев", "Козлов",
            "Новиков", "Морозов", "Орлов", "Павлов", "Семёнов", "Голубев", "Виноградов", "Богданов", "Воробьёв"]
NAMES = ["Иван", "Пётр", "Алексей", "Дмитрий", "Сергей", "Андрей", "Михаил", "Олег", "Николай", "Владимир"]
PATRONYMICS = ["Иванович", "Петрович", "Сергеевич", "Андреевич", "Олегович", ""]


def club_rows(n: int = ROWS, seed: int = 39) -> list[list[str]]:
    rng = random.Random(seed)
    out = []
    for k in range(n - REPEATS):
        number = 9_000_000_000 + k * 7919 % 999_999_999
        d = f"{number:010d}"
        phone = rng.choice([f"8 ({d[:3]}) {d[3:6]}-{d[6:8]}-{d[8:]}", f"+7-{d[:3]}-{d[3:]}", d])
        full = " ".join(x for x in (f"{rng.choice(SURNAMES)}{k % 97 or ''}", rng.choice(NAMES),
                                    rng.choice(PATRONYMICS)) if x)
        born = dt.date(1960, 1, 1) + dt.timedelta(days=rng.randrange(15_000)) if k % 3 == 0 else None
        out.append([str(k + 1), full, f"Ник{k}" if k % 5 == 0 else "", phone,
                    "постоянный" if k % 7 == 0 else "", f"{born:%d.%m.%Y}" if born else ""])
    out += [list(rng.choice(out)) for _ in range(REPEATS)]
    return out


HEADER = ["№", "ФИО", "Ник", "Телефон", "Примечание", "Дата рождения"]


def _run(path: Path) -> tuple[float, float, float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(tmp) / "club.sqlite")
        try:
            index = PlayerIndex(store)
            index.prepare()
            start = time.perf_counter()
            table = read_table(path, header_score=header_score)
            result = ImportService(store).run(SYSTEM, table, guess_mapping(table.headers))
            imported = time.perf_counter() - start
            start = time.perf_counter()
            hits = index.match("")
            first = time.perf_counter() - start
            start = time.perf_counter()
            found = len(index.match("иван"))
            word = time.perf_counter() - start
            assert len(hits) == result.record.added == ROWS - REPEATS and found > 0
            return imported, first, word, result.record.added
        finally:
            store.close()


def main() -> None:
    rows = club_rows()
    with tempfile.TemporaryDirectory() as tmp:
        csv_path, xlsx_path = Path(tmp) / "club.csv", Path(tmp) / "club.xlsx"
        csv_path.write_bytes(("\r\n".join(";".join(r) for r in [HEADER, *rows]) + "\r\n").encode("cp1251"))
        write_xlsx(xlsx_path, "Список членов клуба", HEADER, rows)
        for name, path in (("CSV (cp1251, ;)", csv_path), ("XLSX", xlsx_path)):
            imported, first, word, added = _run(path)
            verdict = "ok" if imported < GOAL_S else "OVER GOAL"
            print(f"import {ROWS} rows from {name}: {imported:.2f} s ({added} added; goal < {GOAL_S:.0f} s: {verdict}); "
                  f"search after it: first filter {first * 1000:.0f} ms, «иван» {word * 1000:.0f} ms")


if __name__ == "__main__":
    main()
