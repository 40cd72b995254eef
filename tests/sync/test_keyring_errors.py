"""A keyring that fails is one line the administrator can act on, in his language: no English library text and no
Python package names in the Russian line, and what to do."""

from __future__ import annotations

import re

import keyring
import keyring.core
import pytest
from keyring.backends import fail
from keyring.errors import KeyringError, KeyringLocked

from clubdesk.sync.credentials import load_password
from clubdesk.sync.errors import SyncError
from clubdesk.sync.hub import HubAddress

ADDRESS = HubAddress.parse("postgresql://hub.club.local:5432/clubdesk")


@pytest.fixture
def restore_keyring():
    before = keyring.get_keyring()
    yield
    keyring.core.set_keyring(before)


class Raising(fail.Keyring):
    priority = 1

    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def get_password(self, service, username):
        raise self.exc

    def set_password(self, service, username, password):
        raise self.exc


def _no_latin_words(text: str) -> bool:
    # the command to run and the package to install are the only Latin words a Russian line may hold
    allowed = {"clubdesk", "sync", "join", "URL", "desk", "front", "GNOME", "Keyring", "KWallet", "Windows",
               "Debian", "gnome", "keyring", "ClubDesk",
               "CLUBDESK", "HUB", "PASSWORD"}
    return all(w in allowed for w in re.findall(r"[A-Za-z]+", text))


def test_a_machine_without_a_keyring_and_no_password_yet_says_how_to_join_in_one_russian_line(restore_keyring):
    # saving there works (tests/sync/test_password_without_keyring.py): the password goes to ClubDesk's file
    keyring.core.set_keyring(fail.Keyring())
    with pytest.raises(SyncError) as err:
        load_password(ADDRESS, "front")
    ru, en = err.value.message("ru"), err.value.message("en")
    assert "clubdesk sync join URL --desk front" in ru and "\n" not in ru
    assert _no_latin_words(ru), ru
    assert "No recommended backend" not in ru and "keyrings.alt" not in ru
    assert "clubdesk sync join URL --desk front" in en


@pytest.mark.parametrize("exc, words", [(KeyringLocked("locked"), "заблокировано"),
                                        (KeyringError("D-Bus said no"), "не ответило")], ids=["locked", "other"])
def test_a_locked_or_failing_keyring_is_one_russian_line_and_the_english_line_keeps_the_detail(restore_keyring, exc,
                                                                                                words):
    keyring.core.set_keyring(Raising(exc))
    with pytest.raises(SyncError) as err:
        load_password(ADDRESS, "front")
    ru = err.value.message("ru")
    assert words in ru and _no_latin_words(ru) and "\n" not in ru, ru
    if not isinstance(exc, KeyringLocked):
        assert "D-Bus said no" in err.value.message("en")
