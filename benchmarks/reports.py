"""Protocols benchmark: a 64-player Жук tournament standings PDF (target < 0.5 s), as a ratio to a one-page document.

Both are built in the same run with the same fonts, so the ratio says how much the standings cost over
ReportLab's own floor on this machine. Run: `python -m benchmarks.reports`.
"""

from __future__ import annotations

import random
import time

from clubdesk.reports.base import Meta, note, render, title
from clubdesk.reports.zhuk_tournament import RoundResult, StageData, TableResult, TournamentData, build_standings
from clubdesk.rules.zhuk import tournament as zt

TARGET_S = 0.5
NAMES = ["Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков",
         "Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров"]
FIRST = ["Алексей", "Андрей", "Борис", "Глеб", "Дмитрий", "Егор", "Игорь", "Кирилл"]


def tournament(n: int = 64, seed: int = 2026) -> tuple[TournamentData, Meta]:
    """Three stages of three rounds each, drawn with the real seeded draw, balances moved at random."""
    rng = random.Random(seed)
    ids = [f"p{i:02d}" for i in range(n)]
    names = {p: f"{NAMES[i % len(NAMES)]} {FIRST[i // len(NAMES) % len(FIRST)]}" for i, p in enumerate(ids)}
    balance = dict.fromkeys(ids, zt.START_BALANCE)
    stages, alive = [], list(ids)
    for number in (1, 2, 3):
        stage = StageData(number, "stage", seed + number)
        for r in (1, 2, 3):
            rnd = RoundResult(r, 300 * (number - 1) + 100 * r, (10, 15, 25)[r - 1])
            for t, table in enumerate(zt.draw(alive, seed * 10 + number * 3 + r), start=1):
                start = {p: balance[p] for p in table}
                for p in table:
                    balance[p] += rng.randint(-3000, 3000)
                rnd.tables.append(TableResult(t, list(table), start, {p: balance[p] for p in table}))
            stage.rounds.append(rnd)
        stages.append(stage)
        alive = list(zt.stage_end(stage.balances()).survivors)
        if len(alive) in (1, 2, 5):
            break
    ratings = {p: 1000 + rng.randint(-200, 200) for p in ids}
    return TournamentData("Кубок клуба", {"bankroll": "carry", "settlement": "previous"}, stages, ratings), \
        Meta(names=names, date="02.12.2026")


def one_page() -> bytes:
    return render("Одна страница", [title("Одна страница"), note("Проверка шрифта: Жук, Пирамидка, Мафия.")])


def best_of(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    data, meta = tournament()
    one_page()  # fonts registered, modules warm
    base = best_of(one_page)
    pdf = build_standings(data, meta)
    standings = best_of(lambda: build_standings(data, meta))
    pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")
    print(f"one-page document:            {base * 1000:7.1f} ms")
    print(f"64-player standings ({pages} pages): {standings * 1000:7.1f} ms  (target < {TARGET_S * 1000:.0f} ms)")
    print(f"ratio standings / one page:   {standings / base:7.1f}")
    print("OK" if standings < TARGET_S else "SLOW")


if __name__ == "__main__":
    main()
