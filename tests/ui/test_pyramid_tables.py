"""Пирамидка cards on «Столы» read like the Жук cards beside them: the table as the head, the game said once, the
players with the score, and the referee who may score the match from a tablet («Судья: любой» until one is named)."""

from __future__ import annotations

import pytest

from clubdesk.services.players import PlayerData
from clubdesk.ui.pyramid.feed import feed_for
from clubdesk.ui.pyramid.tables import MatchCard, PyramidTables

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def service(club):
    return feed_for(club).service


@pytest.fixture
def pair(club, admin):
    return tuple(club.players.add(admin, PlayerData(name)).id for name in ("Орлов Глеб", "Сокол Анна"))


def card_of(qtbot, service, game_id) -> MatchCard:
    card = MatchCard(service.get(game_id))
    qtbot.addWidget(card)
    return card


def lines(card: MatchCard) -> list[str]:
    return [card.head.text(), card.sub.text(), card.referee.text()]


def test_a_match_created_with_a_referee_names_him_on_its_card(qtbot, club, service, admin, pair):
    club.accounts.create_account(admin, "marker", "long-enough", ("referee",), "Маркер Олег")
    gid = service.create(admin, *pair, table="Стол 3", referee_login="marker")
    assert card_of(qtbot, service, gid).referee.text() == "Судья: Маркер Олег"


def test_a_match_stored_with_a_referees_login_names_the_person_on_its_card(qtbot, club, service, admin, pair):
    """Issue 34 item 4: a match of an older version typed «orlov» (the one text the phone let in): the card reads
    the person, not the login."""
    from clubdesk.services.scopes import assign_referee

    club.accounts.create_account(admin, "orlov", "long-enough", ("referee",), "Орлов Глеб")
    gid = service.create(admin, *pair, table="Стол 3")
    assign_referee(club.store, admin, gid, "orlov")
    assert card_of(qtbot, service, gid).referee.text() == "Судья: Орлов Глеб"
    assign_referee(club.store, admin, gid, "Орлов")  # an older free text no account answers to: as it is
    assert card_of(qtbot, service, gid).referee.text() == "Судья: Орлов"


def test_a_match_without_a_referee_is_any_referees_as_on_a_zhuk_card(qtbot, service, admin, pair):
    gid = service.create(admin, *pair, table="Стол 3")
    assert card_of(qtbot, service, gid).referee.text() == "Судья: любой"


def test_a_referee_named_later_shows_when_the_cards_are_read_again(qtbot, club, service, admin, pair):
    from clubdesk.services.scopes import assign_referee

    gid = service.create(admin, *pair, table="Стол 3")
    tables = PyramidTables(feed_for(club))
    qtbot.addWidget(tables)
    assign_referee(club.store, admin, gid, "Пётр Орлов")  # the field as another desk's row would bring it
    tables.refresh()
    assert tables.cards[gid].referee.text() == "Судья: Пётр Орлов"


@pytest.mark.parametrize(("table", "expected"), [
    ("Стол 3", ["Стол 3", "Пирамидка 100", "Судья: любой"]),
    ("", ["Пирамидка 100", "Стол не указан", "Судья: любой"]),  # a bout of a tournament is started without one
])
def test_the_card_says_the_game_once_and_its_table(qtbot, service, admin, pair, table, expected):
    gid = service.create(admin, *pair, table=table)
    card = card_of(qtbot, service, gid)
    assert lines(card) == expected
    assert [w.text() for w in card.findChildren(type(card.head))].count("Пирамидка 100") == 1
