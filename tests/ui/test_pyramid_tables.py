"""Пирамидка cards on «Столы» read like the Жук cards beside them: the referee who may score the match from a tablet
has a line of his own («Судья: любой» until one is named)."""

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


def test_a_match_created_with_a_referee_names_him_on_its_card(qtbot, service, admin, pair):
    gid = service.create(admin, *pair, table="Стол 3", referee="Маркер Олег")
    assert card_of(qtbot, service, gid).referee.text() == "Судья: Маркер Олег"


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
