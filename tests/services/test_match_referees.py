"""Issue 34 item 4: a Пирамидка match's referee is picked from the referee accounts (as «Судья стола…» does for a
Жук table), may be changed later by the desk (stored through the unit of work, so it syncs), is printed as the person
and not his login, and gives the chosen referee's phone the match; a match stored with free text keeps working."""

from __future__ import annotations

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.roles import Actor
from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.protocols import ProtocolService
from clubdesk.services.scopes import assign_referee, check_scope, display_name
from clubdesk.store.db import open_store
from tests.reports.test_protocol_service import info, text
from tests.store.sync_desks import exchange, send

PASSWORD = "long-enough"


@pytest.fixture
def staff(store, admin) -> dict[str, Actor]:
    accounts = AccountService(store)
    return {login: accounts.create_account(admin, login, PASSWORD, roles, name)
            for login, name, roles in (("orlov", "Орлов Глеб", ("referee",)), ("vera", "Вера Ким", ("referee",)),
                                       ("desk1", "Стойка", ("desk",)), ("maestro", "Антон", ("host",)))}


@pytest.fixture
def matches(store):
    return MatchService(store, GameService(store), PlayerService(store))


@pytest.fixture
def pair(store, admin):
    players = PlayerService(store)
    return tuple(players.add(admin, PlayerData(n)).id for n in ("Сокол Анна", "Щукин Олег"))


def referee_of(store, game_id) -> str:
    return store.read("SELECT referee FROM games WHERE id = ?", (game_id,))[0][0]


def phone_may_score(store, actor: Actor, game_id: str) -> bool:
    """The table page's rule for a referee's phone (scopes.check_scope with the account's name)."""
    try:
        check_scope(store, actor, game_id, display_name(store, actor))
    except PermissionDenied:
        return False
    return True


# ---- picked from the accounts ----------------------------------------------------------------------------------
def test_the_referees_a_match_offers_are_the_referee_accounts_for_the_desk_and_a_referee(store, matches, staff):
    for who in ("desk1", "orlov"):
        assert [(r.login, r.name) for r in matches.referees(staff[who])] == [("vera", "Вера Ким"),
                                                                             ("orlov", "Орлов Глеб")]
    with pytest.raises(PermissionDenied):
        matches.referees(staff["maestro"])


def test_a_referee_picked_at_creation_scores_from_his_phone_and_no_other_referee_does(store, admin, matches, staff,
                                                                                        pair):
    """The README's «Орлов» locked every phone out: picked, the stored name is his account's, so his phone (and
    only his, with the desk's) may score."""
    gid = matches.create(staff["desk1"], *pair, table="Стол 3", referee_login="orlov")
    assert referee_of(store, gid) == "Орлов Глеб"
    assert matches.get(gid).referee_name == "Орлов Глеб"
    assert phone_may_score(store, staff["orlov"], gid) and phone_may_score(store, staff["desk1"], gid)
    assert not phone_may_score(store, staff["vera"], gid)


@pytest.mark.parametrize("login", ["orlovv", "maestro", "desk1"])
def test_a_typo_or_an_account_that_is_no_referee_is_refused_and_no_match_is_made(store, admin, matches, staff, pair,
                                                                                 login):
    before = store.read("SELECT count(*) FROM games")
    with pytest.raises(ValidationError) as refused:
        matches.create(admin, *pair, referee_login=login)
    assert refused.value.ru == f"Учётная запись «{login}» — не действующий судья."
    assert store.read("SELECT count(*) FROM games") == before


# ---- changed later ----------------------------------------------------------------------------------------------
def test_the_desk_changes_the_referee_later_and_the_change_syncs(tmp_path, store, admin, matches, staff, pair):
    gid = matches.create(admin, *pair, referee_login="orlov")
    other = open_store(tmp_path / "other.sqlite")
    try:
        exchange(store, other)
        assert matches.set_referee(staff["desk1"], gid, "vera") == "Вера Ким"
        assert phone_may_score(store, staff["vera"], gid) and not phone_may_score(store, staff["orlov"], gid)
        send(store, other)
        assert referee_of(other, gid) == "Вера Ким"
        matches.set_referee(staff["desk1"], gid, None)  # «Любой судья»
        send(store, other)
        assert referee_of(other, gid) == "" and phone_may_score(store, staff["orlov"], gid)
    finally:
        other.close()


def test_a_finished_match_gets_its_referee_for_the_protocol(store, admin, matches, staff, pair):
    gid = matches.create(admin, *pair)
    matches.concede(admin, gid, pair[1])
    matches.set_referee(admin, gid, "orlov")
    assert info(text(ProtocolService(store, matches.games).game_pdf(gid)), "Судья") == "Орлов Глеб"


def test_only_the_desk_changes_a_match_referee_and_only_to_an_active_referee(store, admin, matches, staff, pair):
    gid = matches.create(admin, *pair, referee_login="orlov")
    for who in ("orlov", "vera", "maestro"):
        for login in ("vera", "maestro", None):  # the role is checked first, whatever is asked for
            with pytest.raises(PermissionDenied):
                matches.set_referee(staff[who], gid, login)
    with pytest.raises(ValidationError, match="не действующий судья"):
        matches.set_referee(admin, gid, "maestro")
    zhuk = GameService(store).create(admin, "zhuk", [{"id": p} for p in (*pair, pair[0] + "x")], {})
    with pytest.raises(ValidationError, match="Пирамидка"):
        matches.set_referee(admin, zhuk, "vera")
    assert referee_of(store, gid) == "Орлов Глеб" and referee_of(store, zhuk) == ""


# ---- printed as the person ----------------------------------------------------------------------------------------
def test_a_match_stored_with_the_login_prints_the_person_on_the_protocol(store, admin, matches, staff, pair):
    """Before issue 34 only the exact login let the referee's phone in, and the protocol printed «orlov»."""
    gid = matches.create(admin, *pair, table="Стол 7")
    assign_referee(store, admin, gid, "orlov")  # as an older version stored it
    matches.concede(admin, gid, pair[1])
    out = text(ProtocolService(store, matches.games).game_pdf(gid))
    assert info(out, "Судья") == "Орлов Глеб" and "orlov" not in out
    assert matches.get(gid).referee_name == "Орлов Глеб" and phone_may_score(store, staff["orlov"], gid)


# ---- free text of an older version ------------------------------------------------------------------------------
def test_a_free_text_referee_no_account_answers_to_is_shown_as_it_is_and_made_usable_by_picking_one(
        store, admin, matches, staff, pair):
    """README: the stored text is printed as it is and the phone rule for it is as before (a phone whose account's
    name or login is that text; «Орлов» is neither, so only the desk) until the desk picks the referee."""
    gid = matches.create(admin, *pair)
    assign_referee(store, admin, gid, "Орлов")
    assert matches.get(gid).referee_name == "Орлов" and matches.list()[0].referee_name == "Орлов"
    assert info(text(ProtocolService(store, matches.games).game_pdf(gid)), "Судья") == "Орлов"
    assert not phone_may_score(store, staff["orlov"], gid) and phone_may_score(store, staff["desk1"], gid)
    matches.set_referee(staff["desk1"], gid, "orlov")
    assert phone_may_score(store, staff["orlov"], gid) and matches.get(gid).referee_name == "Орлов Глеб"
