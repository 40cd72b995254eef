"""Row identifiers: time-ordered UUIDv7 for rows and events, uuid5 of the natural key for set-like rows, random
UUIDs for desks and stores."""

from __future__ import annotations

import os
import time
import uuid


def new_id() -> str:
    return str(uuid.uuid4())


def uuid7(unix_ms: int | None = None) -> str:
    """RFC 9562 UUIDv7: 48-bit Unix milliseconds, version, 74 random bits — sorts by creation time."""
    ms = int(time.time() * 1000) if unix_ms is None else unix_ms
    rand = int.from_bytes(os.urandom(10), "big")
    value = (ms & ((1 << 48) - 1)) << 80
    value |= 0x7 << 76
    value |= ((rand >> 62) & 0xFFF) << 64
    value |= 0b10 << 62
    value |= rand & ((1 << 62) - 1)
    return str(uuid.UUID(int=value))


# Fixed forever: every desk must derive the same id from the same natural key (docs/sync.md).
NATURAL_NAMESPACE = uuid.UUID("5b1f3a52-6c1e-4f0e-9b59-0c1d3e5a7f21")


def natural_id(table: str, *key: object) -> str:
    """The id of a set-like row (a check-in, an entry, a seat): the same fact entered on two desks is one row."""
    return str(uuid.uuid5(NATURAL_NAMESPACE, "|".join([table, *(str(k) for k in key)])))
