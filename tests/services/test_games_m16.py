"""M-16: only the game's host (or the administrator) records a removal under M§5.5 — the service refuses everyone
else before the engine, with one line that does not depend on the seat (the engine's refusal would tell its role)."""

import pytest

from clubdesk.errors import PermissionDenied
from clubdesk.rules.mafia.script import PLAYERS, ROLES
from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService


@pytest.fixture
def night(store, admin):
    games = GameService(store)
    gid = games.create(admin, "mafia", list(PLAYERS), {})
    games.record(admin, gid, {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}})
    games.record(admin, gid, {"type": "agreement_end"})
    for seat in range(1, 11):
        games.record(admin, gid, {"type": "speech_end", "seat": seat})
    return games, gid


def staff(store, admin, login, role):
    accounts = AccountService(store)
    accounts.create_account(admin, login, "pass-word-1", (role,), login)
    return accounts.login(login, "pass-word-1")


def test_m16_a_desk_account_is_refused_5_5_with_the_same_line_for_every_seat(store, admin, night):
    games, gid = night
    desk = staff(store, admin, "front", "desk")
    lines = set()
    for seat in range(1, 11):
        with pytest.raises(PermissionDenied) as info:
            games.record(desk, gid, {"type": "removal", "seat": seat, "clause": "5.5"})
        lines.add(info.value.message())
    assert lines == {"Удаление по п. 5.5 записывает только ведущий игры (M-16)."}
    assert games.state(gid)["removals"] == []
    games.record(desk, gid, {"type": "removal", "seat": 6, "clause": "1.8"})  # other removals are the desk's too
    assert games.state(gid)["removed"] == [6]


@pytest.mark.parametrize("role", ["host", "admin"])
def test_m16_the_host_and_the_administrator_record_5_5(store, admin, night, role):
    games, gid = night
    actor = staff(store, admin, f"who_{role}", role)
    games.record(actor, gid, {"type": "removal", "seat": 7, "clause": "5.5"})
    assert games.state(gid)["removals"] == [{"seat": 7, "clause": "5.5"}]
