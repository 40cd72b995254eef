"""The 64-player standings of benchmarks/reports.py: every player once, in tournament order, pages N of M — read
back row by row from the PDF and compared with standings_rows."""

from benchmarks.reports import tournament
from clubdesk.reports.zhuk_tournament import build_standings, standings_rows
from tests.reports.pdfcheck import money, page_texts
from tests.reports.pdftable import table_rows


def test_64_player_standings_list_everybody_in_order_over_numbered_pages():
    data, meta = tournament()
    pdf = build_standings(data, meta)
    pages = page_texts(pdf)
    assert len(pages) >= 2
    for i, page in enumerate(pages, start=1):
        assert f"стр. {i} из {len(pages)}" in page and "Место" in page  # the header row repeats
    rows = standings_rows(data)
    assert sorted(p for p, _, _ in rows) == sorted(meta.names)
    out_stages = [out for _, _, out in rows]
    # players still in come first, then the eliminated, later stages first
    assert out_stages == sorted(out_stages, key=lambda s: (s != 0, -s))


def test_every_printed_standings_row_is_the_player_and_amount_of_standings_rows_in_order():
    data, meta = tournament()
    stages = [s.number for s in data.stages if s.rounds]
    header = ["Место", "Игрок", "Рейтинг", *[f"Этап {n}" for n in stages], "Сумма", "Статус"]
    printed = table_rows(build_standings(data, meta), header, key=1)
    expected = standings_rows(data)
    assert len(printed) == len(meta.names) == 64
    assert [(r["Место"], r["Игрок"], r["Сумма"]) for r in printed] == [
        (str(i), meta.names[p], money(amount) if amount is not None else "")
        for i, (p, amount, _out) in enumerate(expected, start=1)]
    assert sum("выбыл на этапе" in r["Статус"] for r in printed) == sum(1 for _, _, out in expected if out)
