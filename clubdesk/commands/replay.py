"""`clubdesk replay FILE|-`: run a game record through its engine and print the final state."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from clubdesk.commands.record_input import RecordUnreadable, load
from clubdesk.rules.errors import RuleError, one_line
from clubdesk.rules.record import ReplayError, replay


def run(path: str, *, trace: bool = False, lang: str = "ru", out: TextIO | None = None,
        err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        record = load(path)
    except RecordUnreadable as exc:
        msg = exc.message(lang)
        print(json.dumps({"error": {"index": None, "code": "unreadable", "clause": None, "message": msg},
                          }, ensure_ascii=False), file=out)
        print(msg, file=err)
        return 2
    except RuleError as exc:  # the text is not a strict JSON record (rules.record.parse_record_text)
        print(json.dumps(exc.to_json(None, lang), ensure_ascii=False), file=out)
        where = f"cannot read record {path!r}" if lang == "en" else f"не удалось прочитать запись {path!r}"
        print(one_line(f"{where}: {exc.message(lang)}"), file=err)
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
        print(one_line(f"{where}: {exc.error.message(lang)}"), file=err)
        return 2
    if not trace:
        print(json.dumps(engine.state(), ensure_ascii=False, indent=2), file=out)
    return 0
