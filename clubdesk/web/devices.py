"""The paired phones this desk remembers across a restart: one row each in its own `settings` (never synced).

Why remembered: the pairings lived in memory only, so an update, a crash or a reboot between rounds sent every
referee and host back to the desk for a new QR code. What a row holds is only what recognises a phone: the one-way
digest of its device cookie in the key (auth.device_key; the file is copied into backups and a club's cloud
folder, so it never holds the cookie itself), the wall-clock time its pairing ends, its wrong logins (twenty
unpair it, a restart must not reset them) and the desk that paired it. Sessions are not remembered: after a restart
a phone logs in again.

Why the desk: a restored backup, or the file copied to another PC, is another desk (a new `desk_id`, store/identity.py),
and its rows are the old file's: recalled there, they would pair again a phone unpaired since the backup was taken
(«Отвязать все телефоны» after a phone was lost). Only the pairings of this very desk come back.
"""

from __future__ import annotations

import json
import math

from clubdesk.store.db import Store

PREFIX = "web.device."  # + auth.device_key (48 hex digits): within the settings key's 64 characters


class DeviceBook:
    """The `settings` rows of the paired phones; Pairing (auth.py) calls it, one write at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def recall(self, now: float, most: int) -> dict[str, tuple[float, int]]:
        """{device key: (wall-clock end, wrong logins)} of the pairings still running at `now`, the `most` that
        end last; the rest (ended, over the limit, unreadable) are removed, so none comes back later."""
        rows = self.store.read("SELECT key, value FROM settings WHERE key LIKE ?", (PREFIX + "%",))
        live: dict[str, tuple[float, int]] = {}
        for key, value in rows:
            kept = _parse(value, self.store.desk_id)
            if kept is not None and kept[0] > now:
                live[key[len(PREFIX):]] = kept
        live = dict(sorted(live.items(), key=lambda kv: kv[1][0], reverse=True)[:most])
        dead = [key[len(PREFIX):] for key, _ in rows if key[len(PREFIX):] not in live]
        if dead:
            self.forget(dead)
        return live

    def pair(self, key: str, until: float, gone: list[str]) -> None:
        """A phone paired until `until`; the pairings in `gone` (ended, or pushed out of a full room) removed."""
        # background: a pairing is not a referee's shot (Store.recording paces the sync by those)
        with self.store.write(background=True) as cur:
            cur.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                        "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (PREFIX + key, self._value(until, 0)))
            cur.executemany("DELETE FROM settings WHERE key = ?", [(PREFIX + k,) for k in gone])

    def count(self, key: str, until: float, wrong: int) -> None:
        """A paired phone's wrong logins so far. Its row only, never a new one: a pairing removed meanwhile (by
        another page on the same file: «Отвязать все телефоны») stays removed."""
        with self.store.write(background=True) as cur:
            cur.execute("UPDATE settings SET value = ? WHERE key = ?", (self._value(until, wrong), PREFIX + key))

    def _value(self, until: float, wrong: int) -> str:
        return json.dumps({"until": until, "wrong": wrong, "desk": self.store.desk_id})

    def forget(self, keys: list[str]) -> None:
        with self.store.write(background=True) as cur:
            cur.executemany("DELETE FROM settings WHERE key = ?", [(PREFIX + k,) for k in keys])

    def forget_all(self) -> int:
        """Remove every remembered pairing (the desk's «Отвязать все телефоны»); how many there were."""
        with self.store.write(background=True) as cur:
            cur.execute("DELETE FROM settings WHERE key LIKE ?", (PREFIX + "%",))
            return cur.rowcount


def _parse(value: str, desk: str) -> tuple[float, int] | None:
    """(end, wrong logins) of a stored row of `desk`; None for another desk's or one that does not read as ours
    (never a pairing)."""
    try:
        data = json.loads(value)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("desk") != desk:
        return None
    until, wrong = data.get("until"), data.get("wrong")
    if isinstance(until, bool) or not isinstance(until, (int, float)) or not math.isfinite(until):
        return None
    if isinstance(wrong, bool) or not isinstance(wrong, int) or wrong < 0:
        return None
    return float(until), wrong
