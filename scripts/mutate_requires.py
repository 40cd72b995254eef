"""`make mutate`, the services' half: delete each role check of clubdesk/services in turn and run the role tests.

mutmut mutates clubdesk/roles.py itself (who has a role); what it cannot do is take away one service's call to it,
and that is the bug a role test exists for. So each `require(actor, …)` statement becomes `pass`, and each
`if not actor.has(…):` guard `if False:`, one at a time in a copy of the tree, and the tests named after the role
checks run against the copy: a check whose deletion they do not notice survives. Prints a table by service file
and the survivors by line; exit 1 when one survives. `python scripts/mutate_requires.py [PATH_FRAGMENT]` narrows it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ["tests/services/test_role_checks.py", "tests/services/test_corrections.py"]
CHECKS = (
    (re.compile(r"^(\s*)require\(actor\b.*\)\s*$"), lambda m: f"{m.group(1)}pass  # mutant: role check deleted\n"),
    (re.compile(r"^(\s*)if not actor\.has\(.*\):\s*$"), lambda m: f"{m.group(1)}if False:  # mutant: guard deleted\n"),
)


def role_checks(narrow: str) -> list[tuple[Path, int, str]]:
    """Every role check of the services as (file, line number, mutated line); a call split over lines is not one."""
    found = []
    for path in sorted((ROOT / "clubdesk" / "services").glob("*.py")):
        rel = path.relative_to(ROOT)
        if narrow not in str(rel):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(keepends=True), 1):
            for pattern, mutate in CHECKS:
                m = pattern.match(line)
                if m:
                    found.append((rel, number, mutate(m)))
    return found


def run_tests(copy: Path, env: dict[str, str]) -> int:
    return subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *TESTS],
                          cwd=copy, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def main(narrow: str = "") -> int:
    started = time.monotonic()
    checks = role_checks(narrow)
    with tempfile.TemporaryDirectory(prefix="mutate-requires-") as tmp:
        copy = Path(tmp)
        for part in ("clubdesk", "tests", "resources", "docs"):
            shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(ROOT / "pyproject.toml", copy)
        env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1")
        # the copy, not the editable install, must be what the tests import, or no deletion could ever be seen
        where = subprocess.run([sys.executable, "-c", "import clubdesk; print(clubdesk.__file__)"], cwd=copy, env=env,
                               capture_output=True, text=True, check=True).stdout.strip()
        assert Path(where).is_relative_to(copy), f"the tests would import {where}, not the mutated copy"
        if run_tests(copy, env) != 0:
            print("the role tests fail on the unmutated code; fix them first")
            return 1
        by_file: dict[str, list[int]] = {}
        survivors = []
        for rel, number, mutated in checks:
            target = copy / rel
            original = target.read_text(encoding="utf-8")
            lines = original.splitlines(keepends=True)
            lines[number - 1] = mutated
            target.write_text("".join(lines), encoding="utf-8")
            try:
                killed = run_tests(copy, env) != 0
            finally:
                target.write_text(original, encoding="utf-8")
            counts = by_file.setdefault(str(rel), [0, 0])
            counts[0 if killed else 1] += 1
            if not killed:
                survivors.append(f"{rel}:{number}: {original.splitlines()[number - 1].strip()}")
            print(f"{'killed  ' if killed else 'SURVIVED'} {rel}:{number}", flush=True)
    width = max([len(f) for f in by_file] + [len("service")])
    print(f"\n{'service':<{width}}  {'killed':>8}  {'survived':>8}")
    for name, (k, s) in sorted(by_file.items()):
        print(f"{name:<{width}}  {k:>8}  {s:>8}")
    print(f"{'total':<{width}}  {sum(k for k, _ in by_file.values()):>8}  {len(survivors):>8}")
    for line in survivors:
        print(f"survived: {line}")
    print(f"{len(checks)} role checks deleted in turn in {time.monotonic() - started:.0f} s")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
