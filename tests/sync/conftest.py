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

    def add_desk(self, name: str) -> tuple[object, str, str]:
        """(address as the desk's role, password, desk name) of a new desk `<prefix>_<name>`."""
        from clubdesk.sync.hub import add_desk

        desk_name = f"{self.prefix}_{name}"
        role, password = add_desk(self.address, desk_name)
        self.roles.append(role)
        return self.address.with_user(role), password, desk_name


@pytest.fixture
def keyring_file(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "keyring.json"
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", KEYRING_BACKEND)
    monkeypatch.setenv("CLUBDESK_TEST_KEYRING", str(path))
    import keyring
    import keyring.core

    keyring.core.set_keyring(keyring.core.load_keyring(KEYRING_BACKEND))
    return path


@pytest.fixture
def hub(keyring_file):
    import psycopg

    from clubdesk.sync.hub import HubAddress, init_hub

    url = need_pg()
    prefix = f"sync_{uuid.uuid4().hex[:10]}"
    address = HubAddress.parse(url, schema=prefix)
    test_hub = TestHub(address, init_hub(address), prefix)
    yield test_hub
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{prefix}" CASCADE')
        for role in test_hub.roles:
            conn.execute(f'DROP OWNED BY "{role}"')
            conn.execute(f'DROP ROLE IF EXISTS "{role}"')
