"""`make mutate`'s table: mutants by module and verdict, read from mutmut's mutants/*.meta (run it in the repo root).

`python scripts/mutate_report.py [PATTERN…]` counts only the mutants whose names match a pattern (fnmatch), so a run
narrowed with MUTANTS= reports just what it ran; the survivors and the untested are listed by name after the table.
"""

from __future__ import annotations

import fnmatch
import json
import sys
from collections import Counter
from pathlib import Path

# mutmut 3's exit codes (mutmut.stats.status_by_exit_code), the ones a run of ours can give
VERDICT = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 36: "timeout", -24: "timeout",
           24: "timeout", 152: "timeout", 255: "timeout", None: "not checked", -9: "segfault", -11: "segfault"}
COLUMNS = ("killed", "survived", "no tests", "timeout", "other")


def main(patterns: list[str]) -> int:
    rows: dict[str, Counter] = {}
    listed: list[tuple[str, str]] = []
    for meta in sorted(Path("mutants").rglob("*.py.meta")):
        module = str(meta.relative_to("mutants"))[: -len(".py.meta")].replace("/", ".").removesuffix(".__init__")
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            if patterns and not any(fnmatch.fnmatch(name, p) for p in patterns):
                continue
            verdict = VERDICT.get(code, "other")
            if verdict == "not checked":
                continue
            rows.setdefault(module, Counter())[verdict if verdict in COLUMNS else "other"] += 1
            if verdict in ("survived", "no tests", "timeout", "other"):
                listed.append((verdict, name))
    if not rows:
        print("no mutant was checked")
        return 1
    width = max(len(m) for m in rows)
    print(f"{'module':<{width}}  " + "  ".join(f"{c:>8}" for c in COLUMNS))
    total: Counter = Counter()
    for module, c in sorted(rows.items()):
        total.update(c)
        print(f"{module:<{width}}  " + "  ".join(f"{c[k]:>8}" for k in COLUMNS))
    print(f"{'total':<{width}}  " + "  ".join(f"{total[k]:>8}" for k in COLUMNS))
    for verdict, name in sorted(listed):
        print(f"{verdict}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
