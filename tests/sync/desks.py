"""Desks for the sync tests: file-backed stores joined to the test's hub, each with the club's admin."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from clubdesk.store.db import Store, open_store


@dataclass
class Desk:
    name: str
    path: Path
    address: object  # HubAddress as the desk's role
    password: str
    store: Store | None = None

    def open(self) -> Store:
        if self.store is None:
            self.store = open_store(self.path)
        return self.store

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None

    def sync(self, **kw):
        from clubdesk.sync.runner import sync_once

        return sync_once(self.open(), password=self.password, **kw)


def make_desk(hub, tmp_path: Path, name: str, staff: bool = True) -> Desk:
    """A new store joined to `hub` as desk `<prefix>_<name>` (one that may manage staff unless `staff=False`)."""
    from clubdesk.sync.join import join

    address, password, desk_name = hub.add_desk(name, staff)
    desk = Desk(desk_name, tmp_path / f"{name}.sqlite", address, password)
    join(desk.open(), hub.address, desk_name, password)
    return desk
