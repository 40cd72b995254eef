"""The table page's port already taken on this PC — a second ClubDesk or `clubdesk serve` already serving it, or
another program — is one line in the desk's language that says so and what to do, not the OS's English words
(«error while attempting to bind on address …: address already in use», cut off on «Столы»: evening3, played
under Xvfb)."""

from __future__ import annotations

import socket

import pytest

from clubdesk.errors import KnownError
from clubdesk.web.dispatch import ThreadDispatcher
from clubdesk.web.runner import WebServer


def test_a_port_already_taken_is_one_line_naming_the_port_and_what_to_do(club):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        dispatcher = ThreadDispatcher()
        try:
            with pytest.raises(KnownError) as refused:
                WebServer(club, dispatcher, "127.0.0.1", port, "ru").start()
        finally:
            dispatcher.close()
    ru, en = refused.value.message("ru"), refused.value.message("en")
    assert refused.value.code == "web_port_taken"
    assert f"Порт {port} на 127.0.0.1 уже занят" in ru and "clubdesk serve" in ru
    assert "attempting" not in ru and "address already in use" not in ru.lower()
    assert f"Port {port} on 127.0.0.1 is already taken" in en
