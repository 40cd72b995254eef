"""Bracket benchmark (issue 17): a 64-player double-elimination Пирамидка bracket, half played, is laid out and
painted offscreen (target < 50 ms) and printed (target < 0.5 s), each against a baseline measured in the same run:
painting an empty widget of the same size, and a one-page PDF with the same fonts. Layout is timed apart too, so a
slow paint and a slow layout are told apart. Times are CPU seconds of this process, best of several runs.

Run: `QT_QPA_PLATFORM=offscreen python -m benchmarks.brackets`.
"""

from __future__ import annotations

import random

from benchmarks.timing import best_of

PAINT_TARGET_S = 0.050
PRINT_TARGET_S = 0.5


def tournament(n: int = 64, seed: int = 2026):
    """A double elimination of n, played at random until half its bouts are decided (names as long as real ones)."""
    from clubdesk.rules.pyramid100.bracket import Draw, Enter, GameWon, new_game

    rng = random.Random(seed)
    t = new_game([], {"format": "double"})
    for i in range(n):
        t.apply(Enter(f"p{i:02d}", float(rng.randint(1300, 1700))))
    t.apply(Draw("rating", seed))
    while sum(b.winner is not None for b in t.bouts.values()) < len(t.bouts) // 2:
        bout = t.bouts[rng.choice(t.ready_bouts())]
        t.apply(GameWon(bout.spec.code, rng.choice([bout.a, bout.b])))
    names = {p: f"Игрок-{i:02d} «Карамболь»" for i, p in enumerate(t.entries)}
    return t.state(), names


def main() -> None:
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication, QWidget

    from clubdesk.reports.base import note, render, title
    from clubdesk.reports.bracket_layout import layout
    from clubdesk.reports.pyramid_bracket import build_bracket_pdf
    from clubdesk.ui.pyramid.bracket_view import BracketCanvas

    app = QApplication.instance() or QApplication([])
    state, names = tournament()
    live = [b["code"] for b in state["bouts"] if b["winner"] is None and all(b["players"])][:4]
    drawing = layout(state, names, live)
    canvas = BracketCanvas()
    canvas.set_drawing(drawing)
    empty = QWidget()
    empty.resize(canvas.size())

    def paint(widget) -> None:
        image = QImage(widget.size(), QImage.Format.Format_ARGB32_Premultiplied)
        widget.render(image)

    def lay_and_paint() -> None:
        canvas.set_drawing(layout(state, names, live))
        paint(canvas)

    for _ in range(2):  # fonts and glyph caches warm
        paint(empty)
        lay_and_paint()
    base = best_of(lambda: paint(empty))
    lay = best_of(lambda: layout(state, names, live))
    drawn = best_of(lay_and_paint)
    w, h = canvas.width(), canvas.height()
    print(f"empty widget {w}×{h} painted:     {base * 1000:7.1f} ms")
    print(f"64-player double elimination laid out: {lay * 1000:7.1f} ms")
    print(f"… laid out and painted:               {drawn * 1000:7.1f} ms  (target < {PAINT_TARGET_S * 1000:.0f} ms)"
          f"  ratio to the empty widget {drawn / base:5.1f}")

    def one_page() -> bytes:
        return render("Одна страница", [title("Одна страница"), note("Проверка шрифта: Пирамидка.")])

    one_page()
    build_bracket_pdf(drawing, "Кубок", "двойное выбывание")
    page = best_of(one_page, 5)
    pdf = build_bracket_pdf(drawing, "Кубок", "двойное выбывание")
    printed = best_of(lambda: build_bracket_pdf(layout(state, names, live), "Кубок", "двойное выбывание"), 5)
    sheets = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")
    print(f"one-page PDF:                          {page * 1000:7.1f} ms")
    print(f"64-player bracket printed ({sheets} sheets): {printed * 1000:7.1f} ms  (target < {PRINT_TARGET_S * 1000:.0f} ms)"
          f"  ratio to one page {printed / page:5.1f}")
    print("OK" if drawn < PAINT_TARGET_S and printed < PRINT_TARGET_S else "SLOW")
    del app


if __name__ == "__main__":
    main()
