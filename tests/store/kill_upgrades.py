"""SIGKILL an upgrade at every statement of every migration; run by tests/store/test_migrations.py.

`python -m tests.store.kill_upgrades DIR [STEP [REVS]]`: for each past revision (the oldest REVS), a store at
that revision is upgraded by `open_store` in a forked child that kills itself (SIGKILL) just before statement k — every k, or
every STEP-th — of the migration run, the commit included. After each kill the parent checks the file: it is
at its old revision with the old rows, or at head with the upgraded rows, and the next open upgrades it to
exactly the rows of head. Prints one JSON line: {"kills": n, "old": n, "head": n, "upgrades": n, "failures": [...]}.

Forking keeps a kill point at ~0.1 s (a fresh interpreter would import SQLAlchemy and Alembic for each). This
process starts no threads before it forks.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
from pathlib import Path

from clubdesk.store import db, migrate
from tests.store.stores_by_revision import PAST, _j, build, dump, expected_at_head, rows_at


def _remove(path: Path) -> None:
    for name in (path.name, path.name + "-wal", path.name + "-shm", path.name + "-journal"):
        (path.parent / name).unlink(missing_ok=True)
    shutil.rmtree(path.parent / "backups", ignore_errors=True)


def _statements(path: Path) -> int:
    seen: list[str] = []
    migrate.upgrade_file(path, on_statement=lambda _c, _cu, statement, *_a: seen.append(statement))
    return len(seen)


def _kill_at(path: Path, k: int) -> int:
    """Open (and so upgrade) `path` in a child that SIGKILLs itself before statement k; its wait status."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        count = [0]

        def hook(*_args) -> None:
            if count[0] == k:
                os.kill(os.getpid(), signal.SIGKILL)
            count[0] += 1

        real = migrate.upgrade_file
        migrate.upgrade_file = lambda p, target="head": real(p, target, on_statement=hook)
        try:
            db.open_store(path).close()
        finally:
            os._exit(3)  # the kill point was never reached
    return os.waitpid(pid, 0)[1]


def main(workdir: Path, step: int = 1, revs: int = len(PAST)) -> dict:
    result = {"kills": 0, "old": 0, "head": 0, "upgrades": 0, "failures": []}
    for rev in PAST[:revs]:
        fixture = workdir / f"fixture-{rev}" / "club.sqlite"
        fixture.parent.mkdir(parents=True)
        build(fixture, rev)
        probe = workdir / f"probe-{rev}" / "club.sqlite"
        probe.parent.mkdir()
        shutil.copyfile(fixture, probe)
        total = _statements(probe)
        old_rows, head_rows = {t: sorted(r, key=_j) for t, r in rows_at(rev).items()}, expected_at_head(rev)
        work = workdir / f"work-{rev}" / "club.sqlite"
        work.parent.mkdir()
        for k in range(0, total, step):
            _remove(work)
            shutil.copyfile(fixture, work)
            status = _kill_at(work, k)
            result["kills"] += 1
            where = f"{rev} statement {k}/{total}"
            if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL):
                result["failures"].append(f"{where}: the child was not killed (status {status})")
                continue
            rev_now = db.file_revision(work)
            rows = dump(work)
            if rev_now == rev and rows == old_rows:
                result["old"] += 1
            elif rev_now == migrate.HEAD and rows == head_rows:
                result["head"] += 1
            else:
                result["failures"].append(f"{where}: left at {rev_now} with other rows")
                continue
            try:
                db.open_store(work).close()
            except Exception as exc:  # noqa: BLE001 - reported, the test fails on it
                result["failures"].append(f"{where}: the next open failed: {exc}")
                continue
            result["upgrades"] += 1
            if db.file_revision(work) != migrate.HEAD or dump(work) != head_rows:
                result["failures"].append(f"{where}: the next open upgraded to other rows")
    return result


if __name__ == "__main__":
    args = sys.argv[1:]
    print(json.dumps(main(Path(args[0]), *(int(a) for a in args[1:3]))))
