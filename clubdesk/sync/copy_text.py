"""This desk's log rows as PostgreSQL COPY text: what a push sends to the hub (docs/sync.md «Protocol»)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubdesk.store.db import Store

PUSH_COLUMNS = ("desk_id", "desk_seq", "hlc", "schema_version", "entity", "entity_id", "op", "payload")


@dataclass(frozen=True)
class CopyBlock:
    """Log rows `first` … `first + count - 1` of one desk as PostgreSQL COPY text (UTF-8, one line per row)."""

    first: int
    count: int
    data: bytes

    @property
    def last(self) -> int:
        return self.first + self.count - 1


# SQLite joins a row's fields with the byte 0xFF and ends the row with 0xFE: neither occurs in UTF-8 text, so
# they cannot be mistaken for data when Python escapes the whole block (bytes.replace runs at memchr speed;
# SQLite's replace() on every field made the read three times as slow as reading plain tuples) and then turns
# them into tabs and newlines. COPY text format escapes a backslash, a newline, a carriage return and the tab
# delimiter; once every backslash is escaped, neither \N (NULL) nor \. (the end of data) can appear. The
# backslash goes first, or the other escapes' own backslashes would be doubled.
_COPY_LINE = "CAST(" + " || X'FF' || ".join(["?", *PUSH_COLUMNS]) + " || X'FE' AS BLOB)"
_COPY_ESCAPES = ((b"\\", b"\\\\"), (b"\n", b"\\n"), (b"\r", b"\\r"), (b"\t", b"\\t"), (b"\xff", b"\t"),
                 (b"\xfe", b"\n"))


def pending_copy(store: Store, desk_seq: int, limit: int, club_id: str, desk_id: str | None = None) -> CopyBlock:
    """This desk's (or `desk_id`'s) log rows after `desk_seq`, at most `limit`, in order, as COPY text of
    (club_id, *PUSH_COLUMNS): the push writes the block to the hub as it is, with no Python object per field and
    no write per row."""
    desk_id = desk_id or store.desk_id
    rows = store.read(f"SELECT desk_seq, {_COPY_LINE} FROM change_log WHERE desk_id = ? AND desk_seq > ? "
                      "ORDER BY desk_seq LIMIT ?", (club_id, desk_id, desk_seq, limit))
    if not rows:
        return CopyBlock(desk_seq + 1, 0, b"")
    lines = [r[1] for r in rows]
    if rows[-1][0] - rows[0][0] + 1 != len(rows) or None in lines:  # the log is gap-free and NOT NULL: a bug
        raise ValueError(f"log rows {rows[0][0]}…{rows[-1][0]} of desk {desk_id} have a gap or a NULL")
    data = b"".join(lines)
    for raw, escaped in _COPY_ESCAPES:
        data = data.replace(raw, escaped)
    return CopyBlock(rows[0][0], len(rows), data)
