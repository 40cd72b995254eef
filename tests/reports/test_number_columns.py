"""Numbers never wrap: a right-aligned (number) column is at least as wide as its widest number."""

from reportlab.pdfbase.pdfmetrics import stringWidth

from clubdesk.reports.base import FONT_BOLD, PAD, WIDTH, table


def test_a_three_digit_shot_number_keeps_its_column_wide_enough_to_print_whole():
    rows = [["№", "Игрок"]] + [[str(n), "Иванов"] for n in (1, 99, 100, 1000)]
    widths = table(rows, [1, 200], align_right=(0,))._colWidths
    assert widths[0] >= stringWidth("1000", FONT_BOLD, 8.5) + 2 * PAD
    assert abs(sum(widths) - WIDTH) < 0.01


def test_an_amount_with_thousands_separators_is_measured_whole():
    amount = "−10\u202f000\u202f000"
    widths = table([["Сумма", "Игрок"], [amount, "Иванов"]], [1, 200], align_right=(0,))._colWidths
    assert widths[0] >= stringWidth(amount, FONT_BOLD, 8.5) + 2 * PAD


def test_left_aligned_text_columns_still_wrap_to_their_share():
    widths = table([["Игрок", "Примечание"], ["Иванов", "очень " * 40]], [1, 1])._colWidths
    assert abs(widths[0] - widths[1]) < 0.01
