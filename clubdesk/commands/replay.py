"""`clubdesk replay FILE|-`: run a game record through its engine and print the final state."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from clubdesk.rules.record import ReplayError, replay


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def run(path: str, *, trace: bool = False, lang: str = "ru", out: TextIO | None = None,
        err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        record = json.loads(_read(path))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        msg = {"ru": f"не удалось прочитать запись {path}: {exc}", "en": f"cannot read record {path}: {exc}"}[lang]
        print(json.dumps({"error": {"index": None, "code": "unreadable", "clause": None, "message": msg},
                          }, ensure_ascii=False), file=out)
        print(msg, file=err)
        return 2

    def on_event(index: int, engine) -> None:
        print(json.dumps(engine.state(), ensure_ascii=False), file=out)

    try:
        engine = replay(record, on_event if trace else None)
    except ReplayError as exc:
        print(json.dumps(exc.to_json(lang), ensure_ascii=False), file=out)
        where = "заголовок" if exc.index is None else f"событие {exc.index}"
        if lang == "en":
            where = "header" if exc.index is None else f"event {exc.index}"
        print(f"{where}: {exc.error.message(lang)}", file=err)
        return 2
    if not trace:
        print(json.dumps(engine.state(), ensure_ascii=False, indent=2), file=out)
    return 0
