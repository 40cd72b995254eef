"""Reading a game record for `replay` and `print --record`: bounded in size, strict JSON (rules.record)."""

from __future__ import annotations

import sys
from typing import Any

from clubdesk.errors import KnownError
from clubdesk.rules.errors import one_line

# A 375 000-event record is ~60 MB; more than this is not a record (/dev/zero, a disk image) and is not read on.
MAX_BYTES = 128 * 1024 * 1024


class RecordUnreadable(KnownError):
    code = "unreadable"


def read_text(path: str) -> str:
    """The record's text; RecordUnreadable (one line, both languages) for a missing, huge or non-UTF-8 file."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            mb = MAX_BYTES // 2**20
            raise RecordUnreadable(one_line(f"запись {path!r} больше {mb} МБ: это не запись игры"),
                                   one_line(f"the record {path!r} is over {mb} MB: not a game record"))
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = f"{type(exc).__name__}: {exc}"
        raise RecordUnreadable(one_line(f"не удалось прочитать запись {path!r}: {reason}"),
                               one_line(f"cannot read record {path!r}: {reason}")) from None


def load(path: str) -> Any:
    """read_text + rules.record.parse_record_text; a refusal of the JSON raises RuleError (InvalidEventError)."""
    from clubdesk.rules.record import parse_record_text

    return parse_record_text(read_text(path))
