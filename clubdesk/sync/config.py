"""What a desk remembers about its hub, in its own `settings` (never synced): the address without a password,
its desk name and club, and the outcome of the last sync. The password is never here (credentials.py)."""

from __future__ import annotations

from dataclasses import dataclass

from clubdesk.store.db import Store
from clubdesk.sync.hub import DEFAULT_SCHEMA, HubAddress

KEYS = ("sync.hub_url", "sync.schema", "sync.sslmode", "sync.desk_name", "sync.club_id")


@dataclass(frozen=True)
class DeskConfig:
    address: HubAddress  # as the desk's own role
    desk_name: str
    club_id: str


def read_settings(store: Store, prefix: str = "sync.") -> dict[str, str]:
    rows = store.read("SELECT key, value FROM settings WHERE key LIKE ?", (prefix + "%",))
    return dict(rows)


def write_settings(store: Store, values: dict[str, str | None]) -> None:
    # background: the sync's own bookkeeping is not a referee recording (Store.recording sizes the next apply)
    with store.write(background=True) as cur:
        for key, value in values.items():
            if value is None:
                cur.execute("DELETE FROM settings WHERE key = ?", (key,))
            else:
                cur.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                            "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))


def load_config(store: Store) -> DeskConfig | None:
    s = read_settings(store)
    if "sync.hub_url" not in s:
        return None
    address = HubAddress(s["sync.hub_url"], s.get("sync.schema", DEFAULT_SCHEMA), s.get("sync.sslmode", "prefer"))
    return DeskConfig(address, s["sync.desk_name"], s["sync.club_id"])


def save_config(store: Store, config: DeskConfig) -> None:
    a = config.address
    write_settings(store, {"sync.hub_url": a.url, "sync.schema": a.schema, "sync.sslmode": a.sslmode,
                           "sync.desk_name": config.desk_name, "sync.club_id": config.club_id})
