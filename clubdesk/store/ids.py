"""Row identifiers: random UUIDs for entities, time-ordered UUIDv7 for events."""

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
