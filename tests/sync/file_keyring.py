"""A keyring backend for tests: a JSON file named by $CLUBDESK_TEST_KEYRING (set with
PYTHON_KEYRING_BACKEND=tests.sync.file_keyring.FileKeyring), so a test and its subprocesses share it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class FileKeyring(KeyringBackend):
    priority = 1

    def _path(self) -> Path:
        return Path(os.environ["CLUBDESK_TEST_KEYRING"])

    def _load(self) -> dict:
        path = self._path()
        return json.loads(path.read_text()) if path.exists() else {}

    def get_password(self, service, username):
        return self._load().get(f"{service}\n{username}")

    def set_password(self, service, username, password):
        data = self._load()
        data[f"{service}\n{username}"] = password
        self._path().write_text(json.dumps(data))

    def delete_password(self, service, username):
        data = self._load()
        if data.pop(f"{service}\n{username}", None) is None:
            raise PasswordDeleteError(username)
        self._path().write_text(json.dumps(data))
