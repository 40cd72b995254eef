"""Players table: club rating column, the player's card, and the filter index following writes."""

from clubdesk.services.games import GameService
from clubdesk.services.player_search import PlayerIndex
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.ui.models import players as pm
from clubdesk.ui.models.players import PlayersModel
from clubdesk.ui.pages.players import PlayersPage
from clubdesk.ui.player_card import HistoryModel, PlayerCard
from tests.services.test_ratings import club as zhuk_club  # noqa: F401 - fixture
from tests.services.test_ratings import play_round
from tests.ui.conftest import type_text


def test_rating_column_shows_club_rating_from_finished_rounds(qtmodeltester, store, admin, zhuk_club):  # noqa: F811
    ids, _tid, tables = zhuk_club
    state = play_round(GameService(store), admin, tables[0], ids[:3], [ids[0], ids[0]])
    model = PlayersModel(PlayerService(store))
    qtmodeltester.check(model, force_py=True)
    shown = {model.data(model.index(r, 0), pm.PLAYER_ROLE): model.data(model.index(r, pm.RATING))
             for r in range(model.rowCount())}
    assert shown[ids[0]] == pm.rating_text(1000 + state["rating_delta"][ids[0]]) and shown[ids[0]] != "1000"
    assert shown[ids[4]] == "1000"


def test_card_shows_rating_and_tournament_balance(qtbot, qtmodeltester, store, admin, zhuk_club):  # noqa: F811
    from clubdesk.services.ratings import RatingService

    ids, _tid, tables = zhuk_club
    state = play_round(GameService(store), admin, tables[0], ids[:3], [ids[0]])
    player = PlayerService(store).get(ids[0])
    card = PlayerCard(RatingService(store), player)
    qtbot.addWidget(card)
    model = HistoryModel(RatingService(store).history(ids[0]))
    qtmodeltester.check(model, force_py=True)
    assert card.rating == 1000 + state["rating_delta"][ids[0]]
    assert card.history.data(card.history.index(0, 0)) == "Кубок декабря"
    balance = card.history.data(card.history.index(0, 3))
    assert balance.replace("\u202f", "") == str(state["balances"][ids[0]])


def test_history_model_passes_qtmodeltester_empty(qtmodeltester):
    qtmodeltester.check(HistoryModel([]), force_py=True)


def test_card_button_opens_the_selected_players_card(qtbot, club, demo_admin):
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    assert not page.card_button.isEnabled()
    page.view.selectRow(2)
    assert page.card_button.isEnabled()
    card = page.open_card()
    qtbot.addWidget(card)
    assert page.model.player_at(2).name in card.windowTitle()
    card.close()


def test_filter_index_sees_players_added_elsewhere(club, demo_admin, today):
    index = PlayerIndex(club.store)
    assert index.match("Яшин").all() == []
    other = PlayerService(club.store, today=today).add(demo_admin, PlayerData("Яшин Ян", "Вратарь"))
    assert index.match("яшин").all() == [other.id]
    PlayerService(club.store).update(demo_admin, other.id, PlayerData("Яшина Яна", "Вратарь"))
    assert index.match("яшин").all() == [other.id] and index.match("яшина").all() == [other.id]
    assert PlayerService(club.store).rows([other.id])[0].name == "Яшина Яна"


def test_filter_results_match_the_sql_filter(club, demo_admin):
    index = PlayerIndex(club.store)
    for text in ["ов", "ов а", "+7 9", "КАР", "", "нет-такого"]:
        assert index.match(text).all() == [p.id for p in club.players.search(text, 0, 1000)], text


def test_typing_refines_and_widens_the_filter(qtbot, club, demo_admin):
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    type_text(page.search, "ов")
    qtbot.waitUntil(lambda: page.model.total == club.players.count("ов"), timeout=10_000)
    type_text(page.search, "а")
    qtbot.waitUntil(lambda: page.model.total == club.players.count("ова"), timeout=10_000)
    page.search.setText("о")
    qtbot.waitUntil(lambda: page.model.total == club.players.count("о"), timeout=10_000)


def test_card_shows_the_pyramid_rating_of_finished_matches(qtbot, store, admin):
    from clubdesk.services.matches import MatchService
    from clubdesk.services.players import PlayerData
    from clubdesk.services.ratings import RatingService

    people = PlayerService(store)
    a, b, c = (people.add(admin, PlayerData(n, "", "")).id for n in ("Аверин Артём", "Борисов Борис", "Ветров Вадим"))
    matches = MatchService(store, GameService(store), people)
    matches.concede(admin, matches.create(admin, a, b), b)  # A beats an equal: 1500 + 16
    card = PlayerCard(RatingService(store), people.get(a))
    qtbot.addWidget(card)
    assert card.pyramid_label.text() == "1516 (матчей: 1)"
    newcomer = PlayerCard(RatingService(store), people.get(c))
    qtbot.addWidget(newcomer)
    assert newcomer.pyramid_label.text() == "матчей пока нет"
