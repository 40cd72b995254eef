"""The 64-player standings of benchmarks/reports.py: every player once, in tournament order, pages N of M."""

from benchmarks.reports import tournament
from clubdesk.reports.zhuk_tournament import build_standings, standings_rows
from tests.reports.pdfcheck import page_texts


def test_64_player_standings_list_everybody_in_order_over_numbered_pages():
    data, meta = tournament()
    pages = page_texts(build_standings(data, meta))
    assert len(pages) >= 2
    for i, page in enumerate(pages, start=1):
        assert f"стр. {i} из {len(pages)}" in page and "Место" in page  # the header row repeats
    rows = standings_rows(data)
    assert sorted(p for p, _, _ in rows) == sorted(meta.names)
    flat = "\n".join(pages)
    out_stages = [out for _, _, out in rows]
    # players still in come first, then the eliminated, later stages first
    assert out_stages == sorted(out_stages, key=lambda s: (s != 0, -s))
    assert "выбыл на этапе" in " ".join(flat.split())
