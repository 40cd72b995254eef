"""Printing a record costs linear time (issue 18 item 10): ReportLab re-measured and rebuilt the whole rest of a
table at every page break (a 20 000-event record took 99 s and 650 MB). Counted, not timed: the rows every Table
built while laying the protocol out, summed, stay a small multiple of the log's rows."""

from __future__ import annotations

from reportlab.platypus import tables

from benchmarks.engine_zhuk import synthetic_record
from clubdesk.reports import build_record_pdf


def _rows_built(monkeypatch, events: int) -> tuple[int, bytes]:
    built = [0]
    original = tables.Table.__init__

    def counting(self, data, *args, **kwargs):
        built[0] += len(data)
        original(self, data, *args, **kwargs)

    monkeypatch.setattr(tables.Table, "__init__", counting)
    pdf = build_record_pdf(synthetic_record(events))
    return built[0], pdf


def test_a_long_record_is_laid_out_in_linear_work(monkeypatch):
    small, _ = _rows_built(monkeypatch, 1000)
    large, pdf = _rows_built(monkeypatch, 4000)
    pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")
    assert pages > 60  # the log runs over many pages: page breaks are what used to cost
    # rows built per event: the same at 1 000 and 4 000 events when the work is linear (it was ×4 before)
    assert large / 4000 < 1.25 * small / 1000, (small, large)
    assert large < 10 * 4000, large
