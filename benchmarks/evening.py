"""A desk's evening, accelerated (issue 36): the real main window on the demo club, twelve cycles of about twenty
minutes of a club evening each (benchmarks/evening_driver.py), and what is left after each.

Per cycle: RSS after garbage collection, Qt's deferred deletes and malloc_trim; widgets and top-level windows (hidden
ones apart: a closed game window kept is one); the engines the GameService keeps; the GUI-thread CPU of one clock tick
(`time.thread_time` around `ZhukHub.poll`, the expiry check and every handler) with the cycle's two Жук tables open:
the median of 60 ticks and the least (the tick's own work; the median also carries the machine's load).
Goals: RSS growth after the first (warm) cycle < 10 % over 12 cycles; the tick's cost flat (±20 %) from cycle 1 on,
judged on the least of each cycle's ticks.

    python benchmarks/evening.py [--cycles N] [--shots N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # `python benchmarks/evening.py`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.ui_common import ROOT, verdict  # noqa: E402  (sets the offscreen platform)

RSS_GROWTH, TICK_DRIFT = 0.10, 0.20


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--cycles", type=int, default=12)
    args.add_argument("--shots", type=int, default=120, help="keyboard shots per Жук table (Пирамидка: 5/6 of it)")
    opts = args.parse_args()
    from benchmarks.evening_driver import TICKS, Evening, growth

    with tempfile.TemporaryDirectory(prefix="clubdesk-evening-", dir=ROOT) as tmp:  # the real disk, not tmpfs
        evening = Evening(Path(tmp), shots=opts.shots, cycles=opts.cycles)
        print(f"evening: {opts.cycles} cycles, {opts.shots} shots a Жук table")
        print(f"{'cycle':>5} {'RSS MB':>8} {'widgets':>8} {'windows':>8} {'hidden':>7} {'engines':>8} "
              f"{'tick ms':>8} {'least':>6} {'cycle s':>8}")
        samples = []
        for _ in range(opts.cycles):
            s = evening.cycle()
            samples.append(s)
            print(f"{s.cycle:>5} {s.rss_mb:>8.1f} {s.widgets:>8} {s.windows:>8} {s.hidden:>7} {s.engines:>8} "
                  f"{s.tick_ms:>8.2f} {s.tick_min_ms:>6.2f} {s.seconds:>8.1f}", flush=True)
        evening.close()
    rss, widgets, windows = growth(samples, "rss_mb"), growth(samples, "widgets"), growth(samples, "windows")
    tick = growth(samples, "tick_min_ms")
    ok_rss, ok_tick = rss < RSS_GROWTH, abs(tick) <= TICK_DRIFT
    print(f"growth after cycle 1: RSS {rss:+.1%} ({samples[0].rss_mb:.0f} → {samples[-1].rss_mb:.0f} MB) "
          f"{verdict(ok_rss)} (< {RSS_GROWTH:.0%}); widgets {widgets:+.1%}, windows {windows:+.1%}")
    print(f"tick, least of {TICKS}: {samples[0].tick_min_ms:.2f} → {samples[-1].tick_min_ms:.2f} ms ({tick:+.1%}) "
          f"{verdict(ok_tick)} (±{TICK_DRIFT:.0%}); median {samples[0].tick_ms:.2f} → {samples[-1].tick_ms:.2f} ms")
    return 0 if ok_rss and ok_tick else 1


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    os._exit(code)  # skip interpreter teardown: PySide6 may crash collecting widgets at exit
