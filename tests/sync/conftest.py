"""A hub of its own for each test: a PostgreSQL schema `sync_<hex>` and desk roles, dropped afterwards."""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PG_URL = os.environ.get("CLUBDESK_TEST_PG_URL")
KEYRING_BACKEND = "tests.sync.file_keyring.FileKeyring"


def need_pg() -> str:
    if not PG_URL:
        if os.environ.get("CI"):
            pytest.fail("CLUBDESK_TEST_PG_URL is not set in CI: .ci/run must export it")
        pytest.skip("the hub sync tests need PostgreSQL at CLUBDESK_TEST_PG_URL "
                    "(e.g. postgresql://postgres@127.0.0.1:5432/test)")
    return PG_URL


@dataclass
class TestHub:
    """The hub of one test: its address as the administrator, its club, the desk roles it made."""

    address: object
    club_id: str
    prefix: str
    roles: list[str] = field(default_factory=list)

    def add_desk(self, name: str, staff: bool = True) -> tuple[object, str, str]:
        """(address as the desk's role, password, desk name) of a new desk `<prefix>_<name>`. A test's desks may
        manage staff unless it says otherwise (most make their accounts on whichever desk comes first; `add-desk NAME`
        itself makes one that may not: h005)."""
        from clubdesk.sync.hub import add_desk

        desk_name = f"{self.prefix}_{name}"
        role, password = add_desk(self.address, desk_name, staff)
        self.roles.append(role)
        return self.address.with_user(role), password, desk_name


@pytest.fixture(autouse=True)
def _own_config_dirs(tmp_path, monkeypatch):
    """ClubDesk's password file (platformdirs' config dir) and the log of each test in its tmp_path, and no hub
    password from the environment of the machine running the tests."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("CLUBDESK_HUB_PASSWORD", raising=False)
    monkeypatch.delenv("CLUBDESK_HUB_PASSWORD_FILE", raising=False)


@pytest.fixture
def keyring_file(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "keyring.json"
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", KEYRING_BACKEND)
    monkeypatch.setenv("CLUBDESK_TEST_KEYRING", str(path))
    import keyring
    import keyring.core

    keyring.core.set_keyring(keyring.core.load_keyring(KEYRING_BACKEND))
    return path


def new_hub() -> TestHub:
    """A hub in a fresh schema `sync_<hex>`; `drop_hub` removes it and its desk roles."""
    from clubdesk.sync.hub import HubAddress, init_hub

    prefix = f"sync_{uuid.uuid4().hex[:10]}"
    address = HubAddress.parse(need_pg(), schema=prefix)
    return TestHub(address, init_hub(address), prefix)


def drop_hub(test_hub: TestHub) -> None:
    import psycopg

    with psycopg.connect(need_pg(), autocommit=True) as conn:
        try:  # the hub's lock breaker (h004) is a role of its own
            breaker = conn.execute(f'SELECT value FROM "{test_hub.prefix}".hub_meta '
                                   "WHERE key = 'ingest_breaker'").fetchall()
        except (psycopg.errors.UndefinedTable, psycopg.errors.InvalidSchemaName):
            breaker = []
        conn.execute(f'DROP SCHEMA IF EXISTS "{test_hub.prefix}" CASCADE')
        for role in [*test_hub.roles, *(r[0] for r in breaker)]:
            conn.execute(f'DROP OWNED BY "{role}"')
            conn.execute(f'DROP ROLE IF EXISTS "{role}"')


@pytest.fixture
def hub(keyring_file):
    test_hub = new_hub()
    yield test_hub
    drop_hub(test_hub)
