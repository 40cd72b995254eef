"""Printing a record costs linear time (issue 18 item 10): a long log is drawn by reports.longtable, every row measured
once and drawn once, and each page found by a search, not by re-measuring the rest. Counted, not timed (the time
is benchmarks/reports.py's): rows laid out, rows drawn and rows built by ReportLab's Table, per event, at 1 000 and
4 000 events. A cell too wide for its column wraps inside it and reads back whole."""

from __future__ import annotations

from reportlab.platypus import tables

from benchmarks.engine_zhuk import synthetic_record
from clubdesk.reports import Meta, build_record_pdf, longtable
from tests.reports.pdftable import table_rows
from tests.reports.test_zhuk_protocol_matches_the_engine import LOG, engine_log, expected_log_row, long_round

_ORIGINALS = longtable.lay_out, longtable.LongLog.draw, tables.Table.__init__


def _work(monkeypatch, events: int) -> tuple[dict[str, int], bytes]:
    counts = {"laid out": 0, "drawn": 0, "table rows": 0, "parts": 0}
    lay_out, draw, table_init = _ORIGINALS

    def counting_lay_out(head, body, *args, **kwargs):
        rows = lay_out(head, body, *args, **kwargs)
        counts["laid out"] += len(rows.head) + len(rows.body)
        return rows

    def counting_draw(self):
        counts["drawn"] += self.end - self.start
        counts["parts"] += 1
        draw(self)

    def counting_table(self, data, *args, **kwargs):
        counts["table rows"] += len(data)
        table_init(self, data, *args, **kwargs)

    monkeypatch.setattr(longtable, "lay_out", counting_lay_out)
    monkeypatch.setattr(longtable.LongLog, "draw", counting_draw)
    monkeypatch.setattr(tables.Table, "__init__", counting_table)
    return counts, build_record_pdf(synthetic_record(events))


def test_a_long_record_lays_out_and_draws_each_row_once(monkeypatch):
    small, _ = _work(monkeypatch, 1000)
    large, pdf = _work(monkeypatch, 4000)
    pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")
    assert pages > 150 and large["parts"] >= pages - 2  # the log runs over every page but the last ones
    assert (small["laid out"], large["laid out"]) == (1001, 4001)  # the header row and one per event, once
    assert (small["drawn"], large["drawn"]) == (1000, 4000)  # each event's row on exactly one page
    assert small["table rows"] == large["table rows"] < 40  # ReportLab's Table builds only the short tables


def test_a_long_log_wraps_a_name_too_wide_for_its_column_and_it_reads_back_whole():
    rec = long_round()
    names = {"A": "Кузнецов Оболенский Дмитрий Александрович", "B": "Попова Анна",
             "C": "Васильев Игорь Константинович", "D": "Петров Павел"}
    pdf = build_record_pdf(rec, Meta(names=names))
    rows = table_rows(pdf, LOG)
    steps = engine_log(rec)
    assert len(rows) == len(rec["events"]) > 100
    for n, (row, step) in enumerate(zip(rows, steps, strict=True), start=1):
        expected = expected_log_row(n, step, names.get)
        assert {k: row[k] for k in ("№", "Игрок", "Платят игроку (B)", "Банк")} == \
            {k: expected[k] for k in ("№", "Игрок", "Платят игроку (B)", "Банк")}
    rows_of_a = [r for r in rows if r["Игрок"] == names["A"]]
    assert rows_of_a  # and his name took more than one line (the column is ~27 % of the page)
    look = longtable.Look("DejaVuSans", "DejaVuSans-Bold", 8.5, 10.625, 3, None, None, None)
    assert len(longtable._Measure(look).wrap([names["A"]], "DejaVuSans", 120)) > 1


def test_a_word_wider_than_its_column_is_broken_between_letters():
    look = longtable.Look("DejaVuSans", "DejaVuSans-Bold", 8.5, 10.625, 3, None, None, None)
    lines = longtable._Measure(look).wrap(["x" * 200, "короткий"], "DejaVuSans", 60)
    assert "".join(lines[:-1]) == "x" * 200 and lines[-1] == "короткий" and len(lines) > 3


def test_zebra_stripes_follow_the_rows_place_in_the_whole_log_across_page_breaks():
    """Body rows 1, 3, 5… of the log are shaded on every page, whichever row a page starts with."""
    import io

    from reportlab.lib import colors
    from reportlab.pdfgen.canvas import Canvas

    zebra = colors.HexColor("#f6f7f8")
    look = longtable.Look("DejaVuSans", "DejaVuSans-Bold", 8.5, 10.625, 3, colors.grey, colors.white, zebra)
    rows = longtable.lay_out([[("№",)]], [[(str(i),)] for i in range(6)], [100.0], [0], look)
    shaded = f"{zebra.red:.3f} {zebra.green:.3f} {zebra.blue:.3f} rg"
    for start, end, expected in ((0, 6, 3), (1, 4, 2), (3, 5, 1), (4, 6, 1)):
        part = longtable.LongLog(rows, start, end)
        part.canv = Canvas(io.BytesIO())
        drawn: list[str] = []
        part.canv.addLiteral = drawn.append
        part.draw()
        assert drawn[0].count(shaded) == expected, (start, end)
