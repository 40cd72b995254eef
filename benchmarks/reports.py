"""Protocols benchmark: a 64-player Жук tournament standings PDF (target < 0.5 s), as a ratio to a one-page document;
and the protocol of a 20 000-event Жук record (target < 2 s, issue 18 item 10) as a ratio to replaying the same record,
with the cost per event at 5 000 and 20 000 events (equal when printing is linear).

Each is built in the same run with the same fonts, so the ratios say how much a document costs over ReportLab's own
floor and over the engine on this machine. Times are CPU seconds of this process (a busy machine does not inflate
them). Run: `python -m benchmarks.reports`.
"""

from __future__ import annotations

import random

from benchmarks.timing import best_of
from clubdesk.reports.base import Meta, note, render, title
from clubdesk.reports.zhuk_tournament import RoundResult, StageData, TableResult, TournamentData, build_standings
from clubdesk.rules.zhuk import tournament as zt

TARGET_S = 0.5
RECORD_TARGET_S = 2.0
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


def traced_peak_mb(fn) -> float:
    """Peak of the memory Python allocated while `fn` ran (tracemalloc), in MB."""
    import tracemalloc

    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


# VmHWM, not ru_maxrss: a child's ru_maxrss starts at its parent's (Linux keeps it across execve).
_RSS_CHILD = """
import sys
from benchmarks.engine_zhuk import synthetic_record
from clubdesk.reports import build_record_pdf
def peak_kb():
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
record = synthetic_record(int(sys.argv[1]))
before = peak_kb()
build_record_pdf(record)
print(before, peak_kb())
"""


def rss_mb(events: int) -> tuple[float, float]:
    """Peak RSS (VmHWM, Linux) of a fresh process before and after printing an `events`-long record, MB."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _RSS_CHILD, str(events)], capture_output=True, text=True, check=True)
    before, after = out.stdout.split()
    return int(before) / 1024, int(after) / 1024


def record_lines(n: int = 20_000) -> bool:
    """Print a long Жук record against replaying it; True when under RECORD_TARGET_S."""
    from benchmarks.engine_zhuk import synthetic_record
    from clubdesk.reports import build_record_pdf
    from clubdesk.rules.record import replay

    per_event, peak = {}, {}
    for size in (n // 4, n):
        record = synthetic_record(size)
        replay_s = best_of(lambda r=record: replay(r), 3)
        print_s = best_of(lambda r=record: build_record_pdf(r), 2)
        per_event[size] = print_s / size
        peak[size] = traced_peak_mb(lambda r=record: build_record_pdf(r))
    print(f"{n}-event Жук record: print {print_s:6.2f} s, replay {replay_s:6.3f} s, "
          f"ratio print / replay {print_s / replay_s:6.1f}  (target < {RECORD_TARGET_S:.0f} s)")
    print(f"print per event: {per_event[n // 4] * 1e3:.3f} ms at {n // 4}, {per_event[n] * 1e3:.3f} ms at {n} "
          f"(growth {per_event[n] / per_event[n // 4]:.2f}, 1.00 = linear)")
    print(f"print memory (tracemalloc peak): {peak[n // 4]:.0f} MB at {n // 4}, {peak[n]:.0f} MB at {n} "
          f"({peak[n // 4] * 1e3 / (n // 4):.1f} and {peak[n] * 1e3 / n:.1f} kB an event)")
    rss = {size: rss_mb(size) for size in (100, n // 4, n)}
    print("peak RSS of a fresh process, before → after printing: "
          + ", ".join(f"{a:.0f} → {b:.0f} MB at {size}" for size, (a, b) in rss.items()))
    return print_s < RECORD_TARGET_S


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
    record_ok = record_lines()
    print("OK" if standings < TARGET_S and record_ok else "SLOW")


if __name__ == "__main__":
    main()
