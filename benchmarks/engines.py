"""Replay speed of every rules engine, with a baseline measured in the same run.

Prints events/second for replaying a long synthetic record (parse + apply, the path of
`clubdesk replay` and of loading a game from the store), split into parse and apply, and the ratio
to a baseline that only walks the same JSON objects and builds a dict per event. Target: ≥ 100 000
events/s on one core. CPU time (process_time), best of several runs, so another busy core matters less.

    python benchmarks/engines.py [N_EVENTS]
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import best_of  # noqa: E402
from clubdesk.rules.record import new_engine  # noqa: E402
from clubdesk.rules.registry import GAMES, engine_module  # noqa: E402

TARGET = 100_000
RUNS = 5


def best_cpu(fn, runs: int = RUNS) -> float:
    return best_of(fn, runs)


def measure(game: str, n: int) -> dict:
    record = importlib.import_module(f"benchmarks.engine_{game}").synthetic_record(n)
    module = engine_module(game)
    objs = record["events"]
    parsed = [module.parse_event(o) for o in objs]

    def baseline():
        for o in objs:
            dict(o)

    def parse_only():
        for o in objs:
            module.parse_event(o)

    def apply_only():
        engine = new_engine(record)
        for e in parsed:
            engine.apply(e)

    def full():
        engine = new_engine(record)
        for o in objs:
            engine.apply(module.parse_event(o))

    n = len(objs)
    t_base, t_parse, t_apply, t_full = (best_cpu(f) for f in (baseline, parse_only, apply_only, full))
    return {"game": game, "events": n, "full": n / t_full, "parse": n / t_parse, "apply": n / t_apply,
            "ratio": t_full / t_base}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    print(f"{'game':<11}{'events':>8}{'replay ev/s':>14}{'parse ev/s':>13}{'apply ev/s':>13}"
          f"{'× baseline':>12}  target ≥{TARGET:,}")
    for game in GAMES:
        if importlib.util.find_spec(f"benchmarks.engine_{game}") is None:
            # a Пирамидка tournament's bracket is a few hundred events at most: no long record to time
            print(f"{game:<11}  no synthetic record (benchmarks/engine_{game}.py): not timed")
            continue
        r = measure(game, n)
        ok = "ok" if r["full"] >= TARGET else "BELOW"
        print(f"{r['game']:<11}{r['events']:>8}{r['full']:>14,.0f}{r['parse']:>13,.0f}{r['apply']:>13,.0f}"
              f"{r['ratio']:>12.1f}  {ok}")


if __name__ == "__main__":
    main()
