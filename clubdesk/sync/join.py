"""Joining a hub: check the desk's login and password, learn the club, say hello, remember the hub (and, from the
command line and the Sync page alike, the desk's password: join_desk)."""

from __future__ import annotations

from pathlib import Path

from clubdesk.store.db import Store
from clubdesk.sync import hub_facts, protocol
from clubdesk.sync.config import DeskConfig, load_config, save_config
from clubdesk.sync.errors import SyncError, hub_errors
from clubdesk.sync.hub import HubAddress, role_name


def join(store: Store, address: HubAddress, desk_name: str, password: str) -> DeskConfig:
    """Connect as desk `desk_name`; refuses a store that already belongs to another club (its rows would mix)."""
    from clubdesk.sync.cursors import desk_identity
    from clubdesk.sync.runner import schema_version

    address = address.with_user(role_name(desk_name))
    with address.connect(password) as conn:
        with hub_errors(address.where):
            protocol.check_protocol(conn)
            club = conn.execute("SELECT club_id FROM clubs ORDER BY created_at LIMIT 1").fetchone()
        if club is None:
            raise SyncError("На сервере нет клуба: сначала clubdesk sync init-hub.",
                            "The hub has no club: run clubdesk sync init-hub first.", code="no_hub")
        previous = load_config(store)
        if previous is not None and previous.club_id != club[0]:
            raise SyncError(f"Эта база уже синхронизируется с другим клубом ({previous.club_id}); "
                            "для нового клуба начните с новой базы.",
                            f"This database already syncs with another club ({previous.club_id}); "
                            "start a new database for the new club.", code="other_club")
        with hub_errors(address.where):
            protocol.hello(conn, club[0], desk_identity(store), schema_version(), store.clock.machine_ms())
            hub_facts.learn_clock(store, conn)  # a desk whose clock is off stamps by the hub's from its first write
    config = DeskConfig(address, desk_name, club[0])
    save_config(store, config)
    return config


def join_desk(store: Store, address: HubAddress, desk_name: str, password: str,
              keep: bool = True) -> tuple[DeskConfig, Path | None]:
    """`clubdesk sync join` and the page's «Подключить к серверу…»: join, then keep the password where the worker
    finds it (the OS keyring, else a file only this user reads, whose path is returned). `keep=False`: a password a
    service gives at every run is not kept."""
    from clubdesk.sync.credentials import save_password

    config = join(store, address, desk_name, password)
    return config, (save_password(address, desk_name, password) if keep else None)
