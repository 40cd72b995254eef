"""Issue 34 item 5: a player registered by mistake is removed when nothing is recorded of him (a row change through
the unit of work that syncs; refused with the reason otherwise), and one person registered twice is merged at the
desk by the sync's own merge: games, entries and ratings count as the kept player's, and a rebuild of the
projections or another desk replaying the change log reads the same standings."""

from __future__ import annotations

import pytest

from clubdesk.errors import ValidationError
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.player_fixes import PlayerFixes
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.services.ratings import RatingService
from clubdesk.store.db import open_store
from tests.store.sync_desks import exchange, send


@pytest.fixture
def players(store):
    return PlayerService(store)


def add(players, admin, name, phone="", nickname=""):
    return players.add(admin, PlayerData(name, nickname, phone), duplicate_ok=True)


def listed(players) -> list[str]:
    return [p.name for p in players.search("")]


def changed_rows(store) -> list[tuple]:
    return store.read("SELECT entity, entity_id, payload FROM change_log ORDER BY id")


# ---- removing a player registered by mistake -------------------------------------------------------------------
def test_a_fresh_player_registered_by_mistake_is_removed_as_a_logged_row_change(store, admin, players):
    kept = add(players, admin, "Яшин Ян", "+7 903 123-45-67")
    twin = add(players, admin, "Яшин Ян", "+7 903 123-45-67")  # the second Enter of issue 34
    before = store.read("SELECT count(*) FROM players")[0][0]
    PlayerFixes(store).remove(admin, twin.id)
    assert listed(players) == ["Яшин Ян"] and players.count() == 1
    assert store.read("SELECT count(*) FROM players")[0][0] == before  # the row stays: nothing is deleted
    assert changed_rows(store)[-1] == ("players", twin.id, '{"merged_into":"removed"}')  # what syncs
    assert players.duplicates(players.get(kept.id).as_data(), kept.id) == []  # no longer anybody's duplicate
    with pytest.raises(ValidationError, match="не найден"):
        PlayerFixes(store).remove(admin, twin.id)  # once


def test_a_removed_players_nickname_is_free_for_the_right_registration(store, admin, players):
    wrong = add(players, admin, "Штопоров Иван", nickname="Штопор")
    PlayerFixes(store).remove(admin, wrong.id)
    assert players.add(admin, PlayerData("Штопорин Иван", "штопор")).nickname == "штопор"


@pytest.mark.parametrize("record", ["match", "tournament", "check_in", "ban"])
def test_a_player_with_anything_recorded_is_not_removed_and_the_refusal_says_what(store, admin, players, record):
    import datetime as dt

    from clubdesk.services.evenings import EveningService

    games = GameService(store)
    p, a, b, c = (add(players, admin, n).id for n in ("Игроков Пётр", "Первый Аа", "Второй Бб", "Третий Вв"))
    reason = {"match": "игры (1)", "tournament": "заявки на турниры (1)", "check_in": "отметки на вечерах (1)",
              "ban": "запреты посещения (1)"}[record]
    if record == "match":
        MatchService(store, games, players).create(admin, p, a)
    elif record == "tournament":
        PyramidTournamentService(store, games).create(admin, "Пирамида", [p, a, b, c], {})
    elif record == "check_in":
        evenings = EveningService(store, games, players)
        evenings.check_in(admin, evenings.create(admin, dt.date(2026, 12, 3), None).id, p)
    else:
        players.update(admin, p, PlayerData("Игроков Пётр", banned=True, ban_reason="3.3"))
        players.update(admin, p, PlayerData("Игроков Пётр"))  # lifted: the ban is still the club's record
    before = changed_rows(store)
    with pytest.raises(ValidationError) as refused:
        PlayerFixes(store).remove(admin, p)
    assert refused.value.ru == (f"Игроков Пётр не удалён: у него есть {reason}. Удаляют только игрока, о котором "
                                "ничего не записано; одного человека, записанного дважды, объединяют.")
    assert "is not removed: he has" in refused.value.en
    assert changed_rows(store) == before and "Игроков Пётр" in listed(players)
    assert not PlayerFixes(store).removable(p)


def test_the_survivor_of_a_merge_is_not_removed(store, admin, players):
    kept, twin = add(players, admin, "Яшин Ян").id, add(players, admin, "Яшин Ян").id
    PlayerFixes(store).merge(admin, kept, twin)
    with pytest.raises(ValidationError, match="объединённые с ним регистрации"):
        PlayerFixes(store).remove(admin, kept)


# ---- merging one person registered twice ------------------------------------------------------------------------
def _finished_zhuk(games, admin, ids):
    """A Жук round of three, the first to move pots a ball, then the round ends: a finished round with a rating
    change for every player (the engine's own, replayed on a rebuild)."""
    gid = games.create(admin, "zhuk", [{"id": p} for p in ids], {})
    games.record(admin, gid, {"type": "shot", "player": games.engine(gid).to_move,
                              "potted": [{"ball": "std", "legal": True}]})
    games.record(admin, gid, {"type": "round_end"})
    return gid


def standings(store, player_id):
    r = RatingService(store)
    return (r.ratings(), r.pyramid_ratings(), [(t.name, t.rounds) for t in r.history(player_id)],
            r.zhuk_history(player_id), r.pyramid_history(player_id))


def test_a_merge_moves_games_entries_and_ratings_to_the_kept_player_and_a_rebuild_reads_the_same(
        tmp_path, store, admin, players):
    games = GameService(store)
    x = add(players, admin, "Яшин Ян", "+7 903 123-45-67").id
    y = add(players, admin, "Яшин Янн", "8 903 123 45 67").id   # the same man, typed again at another evening
    a, b, c = (add(players, admin, n).id for n in ("Первый Аа", "Второй Бб", "Третий Вв"))
    _finished_zhuk(games, admin, [y, a, b])
    matches = MatchService(store, games, players)
    m1 = matches.create(admin, y, c)
    matches.concede(admin, m1, c)
    m2 = matches.create(admin, x, a)
    matches.concede(admin, m2, a)
    tournament = PyramidTournamentService(store, games).create(admin, "Пирамида", [y, a, b, c], {})
    assert y in RatingService(store).ratings() and x not in RatingService(store).ratings()
    other = open_store(tmp_path / "other.sqlite")   # a second desk that hears of everything by the change log
    try:
        exchange(store, other)
        kept = PlayerFixes(store).merge(admin, x, y)
        assert kept.name == "Яшин Ян" and kept.phone == "+79031234567"  # the kept one's name and phone stay
        assert listed(players) == ["Второй Бб", "Первый Аа", "Третий Вв", "Яшин Ян"]
        after = standings(store, x)
        zhuk, pyramid, tours, _zh, _py = after
        assert y not in zhuk and zhuk[x] != 1000                       # the round Y played is X's
        assert y not in pyramid and pyramid[x] > pyramid[a]            # both matches won are X's
        assert tours == [("Пирамида", 0)]                              # Y's entry is X's
        assert [e[1] for e in store.read("SELECT id, player_id FROM tournament_entries WHERE tournament_id = ?",
                                         (tournament,))].count(y) == 1  # as written: nothing rewritten
        GameService(store).rebuild_projections()
        assert standings(store, x) == after
        send(store, other)
        assert standings(other, x) == after and [p.name for p in PlayerService(other).search("")] == listed(players)
    finally:
        other.close()


def test_two_players_of_one_game_or_tournament_are_not_merged(store, admin, players):
    games = GameService(store)
    x, y, a, b = (add(players, admin, n).id for n in ("Яшин Ян", "Яшин Янн", "Первый Аа", "Второй Бб"))
    MatchService(store, games, players).create(admin, x, y)
    with pytest.raises(ValidationError, match="два разных человека"):
        PlayerFixes(store).merge(admin, x, y)
    z = add(players, admin, "Зотов Зиновий").id
    PyramidTournamentService(store, games).create(admin, "Пирамида", [x, z, a, b], {})
    with pytest.raises(ValidationError, match="два разных человека"):
        PlayerFixes(store).merge(admin, z, x)
    assert store.read("SELECT count(*) FROM players WHERE merged_into <> ''") == [(0,)]


def test_a_merged_or_removed_player_is_not_merged_again(store, admin, players):
    x, y, z = (add(players, admin, n).id for n in ("Яшин Ян", "Яшин Янн", "Яшин Иван"))
    fixes = PlayerFixes(store)
    fixes.merge(admin, x, y)
    fixes.remove(admin, z)
    for kept, other in ((x, y), (y, x), (x, z), (z, x), (x, x)):
        with pytest.raises(ValidationError):
            fixes.merge(admin, kept, other)


def test_a_match_a_desk_recorded_before_it_heard_of_the_removal_stays_that_players(tmp_path, store, admin, players):
    """The removal and a late record cross: what the other desk recorded of him is kept under his own id (folded
    into nobody), and he is still refused a second removal for it."""
    y, c = add(players, admin, "Яшин Янн").id, add(players, admin, "Третий Вв").id
    other = open_store(tmp_path / "other.sqlite")
    try:
        exchange(store, other)
        PlayerFixes(store).remove(admin, y)
        there = PlayerService(other)
        match = MatchService(other, GameService(other), there).create(admin, y, c)
        MatchService(other, GameService(other), there).concede(admin, match, c)
        exchange(store, other)
        assert RatingService(store).pyramid_ratings()[y] > 1000 and "removed" not in RatingService(store).pyramid_ratings()
        assert not PlayerFixes(other).removable(y)
    finally:
        other.close()
