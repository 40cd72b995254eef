"""Table headers are never split mid-word: a narrow column gets at least the width of its header's longest word."""

from reportlab.pdfbase.pdfmetrics import stringWidth

from benchmarks.reports import tournament
from clubdesk.reports import build_record_pdf
from clubdesk.reports.base import FONT_BOLD, HEAD, PAD, WIDTH, table
from clubdesk.reports.zhuk_tournament import build_standings
from tests.reports.fill import record
from tests.reports.pdfcheck import words


def _needs(word: str) -> float:
    return stringWidth(word, FONT_BOLD, HEAD.fontSize) + 2 * PAD


def test_a_column_too_narrow_for_its_header_word_is_widened_and_the_table_keeps_the_page_width():
    tbl = table([["Рейтинг", "Игрок", "Seat"], ["1000", "Иванов", "1"]], [1, 60, 1])
    widths = tbl._colWidths
    assert widths[0] >= _needs("Рейтинг") and widths[2] >= _needs("Seat")
    assert abs(sum(widths) - WIDTH) < 0.01
    assert widths[1] < WIDTH * 60 / 62  # the wide column gave up what the narrow ones took


def test_columns_wide_enough_keep_their_proportions():
    tbl = table([["Игрок", "Стол"], ["Иванов", "1"]], [3, 1])
    assert abs(tbl._colWidths[0] - 3 * tbl._colWidths[1]) < 0.01


def test_a_header_spanning_columns_needs_its_word_across_them_not_in_each():
    head = ["Фолы", "", "", "Игрок"]
    tbl = table([head, ["", "", "", "Иванов"]], [1, 1, 1, 60], extra=[("SPAN", (0, 0), (2, 0))])
    widths = tbl._colWidths
    assert sum(widths[:3]) >= _needs("Фолы") - 0.01
    assert widths[0] < _needs("Фолы")


def test_zhuk_standings_print_place_and_rating_headers_whole():
    data, meta = tournament(16, seed=7)
    assert {"Место", "Рейтинг"} <= words(build_standings(data, meta))
    assert {"Place", "Rating"} <= words(build_standings(data, meta, lang="en"))


def test_mafia_form_prints_score_and_seat_headers_whole():
    rec = record("mafia-shootout.json")
    assert "Баллы" in words(build_record_pdf(rec))
    assert "Seat" in words(build_record_pdf(rec, lang="en"))
