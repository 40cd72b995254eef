"""Mafia evenings: check-in refuses bans, guests, seating with swaps, games, standings by M-7, ban flags."""

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubdesk.errors import ValidationError
from clubdesk.rules.mafia.script import ROLES
from clubdesk.services.evenings import EveningService, PlayerBanned
from clubdesk.services.evenings_seating import apply_swaps
from clubdesk.services.evenings_standings import tenths
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.models import Player

DEAL = {"type": "deal", "roles": {str(i + 1): r for i, r in enumerate(ROLES)}}  # black: 2, 7 (Don), 9


@pytest.fixture
def svc(store, today):
    return EveningService(store, GameService(store), PlayerService(store, today))


@pytest.fixture
def people(svc, admin):
    return [svc.players.add(admin, PlayerData(f"Игрок Номер{i:02}", f"Ник{i:02}")).id for i in range(12)]


@pytest.fixture
def evening(svc, admin, today):
    return svc.create(admin, today, admin.account_id, tables=1, name="Среда")


def test_create_evening_keeps_date_host_tables_and_scoring(svc, admin, today):
    ev = svc.create(admin, today, admin.account_id, tables=2, scoring="wins")
    assert (ev.date, ev.host_account_id, ev.tables, ev.scoring, ev.seed) == (today, admin.account_id, 2, "wins", None)
    assert svc.list()[0].id == ev.id and ev.title() == "02.12.2026"
    with pytest.raises(ValidationError):
        svc.create(admin, today, None, tables=0)


def test_banned_player_is_refused_with_reason_and_end_date(svc, admin, evening, today):
    p = svc.players.add(admin, PlayerData("Злостный Нарушитель", banned=True, ban_reason="3.3 оскорбления",
                                          ban_until=today + dt.timedelta(days=30)))
    with pytest.raises(PlayerBanned) as err:
        svc.check_in(admin, evening.id, p.id)
    assert "3.3 оскорбления" in err.value.ru and "01.01.2027" in err.value.ru and "01.01.2027" in err.value.en
    assert svc.checked_in(evening.id) == []


def test_ban_that_ended_before_the_evening_does_not_refuse(svc, admin, today, store):
    p = svc.players.add(admin, PlayerData("Бывший Нарушитель", banned=True, ban_reason="2.13", ban_until=today))
    later = svc.create(admin, today + dt.timedelta(days=1), None)
    assert svc.check_in(admin, later.id, p.id).name == "Бывший Нарушитель"


def test_check_in_twice_is_refused(svc, admin, evening, people):
    svc.check_in(admin, evening.id, people[0])
    with pytest.raises(ValidationError):
        svc.check_in(admin, evening.id, people[0])
    assert len(svc.checked_in(evening.id)) == 1


def test_guest_is_validated_like_the_registry_and_checked_in(svc, admin, evening, people, store):
    with pytest.raises(ValidationError) as err:
        svc.add_guest(admin, evening.id, PlayerData("Я"))
    assert err.value.field == "surname"
    with pytest.raises(ValidationError):
        svc.add_guest(admin, evening.id, PlayerData("Гость Другой", "Ник00"))  # the registry's nickname rule
    row = svc.add_guest(admin, evening.id, PlayerData("  Гость   Вечера ", "Залётный"))
    assert (row.name, row.is_guest, row.label) == ("Гость Вечера", True, "Залётный")
    with store.session_factory() as s:
        assert s.get(Player, row.player_id).is_guest


def _checked(svc, admin, evening, people):
    for pid in people:
        svc.check_in(admin, evening.id, pid)


def test_seating_is_reproduced_from_the_stored_seed(svc, admin, evening, people):
    _checked(svc, admin, evening, people)
    with pytest.raises(ValidationError):
        svc.draw_seating(admin, evening.id, 0)
    drawn = svc.draw_seating(admin, evening.id, 3, seed=77)
    assert svc.get(evening.id).seed == 77 and svc.seating(evening.id) == drawn
    assert len(drawn.rounds) == 3 and all(len(r) == 1 and len(r[0]) == 10 for r in drawn.rounds)
    assert all(len(rest) == 2 for rest in drawn.sitting_out)


def test_seating_needs_ten_players(svc, admin, evening, people):
    _checked(svc, admin, evening, people[:9])
    with pytest.raises(ValidationError) as err:
        svc.draw_seating(admin, evening.id, 2)
    assert "9" in err.value.ru


def test_swap_is_stored_and_its_effect_on_the_figures_reported(svc, admin, evening, people):
    _checked(svc, admin, evening, people)
    drawn = svc.draw_seating(admin, evening.id, 2, seed=5)
    sitting, playing = drawn.sitting_out[0][0], drawn.rounds[0][0][0]
    effect = svc.swap_effect(evening.id, 1, sitting, playing)
    assert effect.before == drawn.evenness()
    svc.swap(admin, evening.id, 1, sitting, playing)
    now = svc.seating(evening.id)
    assert now.rounds[0][0][0] == sitting and playing in now.sitting_out[0]
    assert now.evenness() == effect.after and now.seed == 5
    assert set(effect.changed()) <= set(effect.before)


@given(st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=6))
def test_swaps_keep_every_round_a_permutation_of_the_players(pairs):
    from clubdesk.rules.mafia.seating import seating
    players = [f"p{i}" for i in range(12)]
    base = seating(players, 2, 3)
    swapped = apply_swaps(base, [[1 + i % 2, players[a], players[b]] for i, (a, b) in enumerate(pairs) if a != b])
    for rnd, rest in zip(swapped.rounds, swapped.sitting_out, strict=True):
        assert sorted([p for t in rnd for p in t] + list(rest)) == sorted(players)


def _play_red_win(games, admin, gid):
    """Day 0 no vote; night 1 kills 1 (best move 2, 7, 9 → +0.5); then lift 2, 7, 9 one by one."""
    games.record(admin, gid, DEAL)
    games.record(admin, gid, {"type": "extra_points", "seat": 5, "points": 0.2, "reason": "хорошая речь"})
    games.record(admin, gid, {"type": "agreement_end"})
    for seat in range(1, 11):
        games.record(admin, gid, {"type": "speech_end", "seat": seat})
    games.record(admin, gid, {"type": "night", "shots": {"2": 1, "7": 1, "9": 1}, "don_check": 4,
                              "sheriff_check": 7})
    games.record(admin, gid, {"type": "best_move", "seat": 1, "guesses": [2, 7, 9]})
    games.record(admin, gid, {"type": "last_word_end", "seat": 1})
    for target in (2, 7, 9):
        st_ = games.state(gid)
        while st_["step"] == "speech":
            sp = st_["speaker"]
            if not st_["nominees"]:
                games.record(admin, gid, {"type": "nominate", "by": sp, "target": target})
            st_ = games.record(admin, gid, {"type": "speech_end", "seat": sp})
        st_ = games.record(admin, gid, {"type": "vote", "votes": {}})
        if st_["step"] == "last_word":
            games.record(admin, gid, {"type": "last_word_end", "seat": target})
            st_ = games.state(gid)
        if st_["step"] == "night":
            games.record(admin, gid, {"type": "night", "shots": {}})
    return games.state(gid)


def test_game_of_the_evening_and_standings_use_the_engine_scores(svc, admin, evening, people):
    _checked(svc, admin, evening, people)
    drawn = svc.draw_seating(admin, evening.id, 2, seed=11)
    table = list(drawn.rounds[0][0])
    gid = svc.start_game(admin, evening.id, 1, 1, table)
    with pytest.raises(ValidationError):
        svc.start_game(admin, evening.id, 1, 1, table)
    assert svc.list_games(evening.id)[0].step == "deal"
    assert svc.standings(evening.id) == []          # a game counts when it is finished
    final = _play_red_win(svc.games, admin, gid)
    assert final["winner"] == "red"
    row = svc.list_games(evening.id)[0]
    assert (row.round, row.table, row.winner, row.players) == (1, 1, "red", tuple(table))
    table_rows = {r.player_id: r for r in svc.standings(evening.id)}
    for seat, pid in enumerate(table, 1):
        assert table_rows[pid].score == round(final["score"][str(seat)] * 10)
    first = svc.standings(evening.id)[0]
    assert first.player_id == table[0] and first.score == 15 and first.first_killed == 1
    assert (first.best_move, first.extra) == (5, 0)   # the best move apart from the host's extra points
    assert svc.standings(evening.id)[1].player_id == table[4]   # 1.2: win + extra 0.2
    csv_text = svc.standings_csv(evening.id)
    assert csv_text.splitlines()[0].startswith("Место;Игрок") and "1,5" in csv_text.splitlines()[1]


def test_standings_tie_shares_the_place_and_orders_by_m7(svc, admin, evening, people):
    _checked(svc, admin, evening, people)
    table = list(svc.draw_seating(admin, evening.id, 1, seed=2).rounds[0][0])
    _play_red_win(svc.games, admin, svc.start_game(admin, evening.id, 1, 1, table))
    rows = svc.standings(evening.id)
    plain = [r for r in rows if r.score == 10]
    assert len(plain) == 5 and len({r.place for r in plain}) == 1     # civilians 3, 6, 8, 10 and the sheriff 4
    assert [r.score for r in rows] == sorted((r.score for r in rows), reverse=True)


def test_starting_a_game_fixes_the_round_against_swaps_and_redraws(svc, admin, evening, people):
    _checked(svc, admin, evening, people)
    drawn = svc.draw_seating(admin, evening.id, 2, seed=9)
    svc.start_game(admin, evening.id, 1, 1, list(drawn.rounds[0][0]))
    with pytest.raises(ValidationError):
        svc.swap(admin, evening.id, 1, drawn.rounds[0][0][0], drawn.rounds[0][0][1])
    with pytest.raises(ValidationError):
        svc.draw_seating(admin, evening.id, 2)
    svc.swap(admin, evening.id, 2, drawn.rounds[1][0][0], drawn.rounds[1][0][1])


def test_group_three_foul_flags_a_ban_the_admin_confirms(svc, admin, evening, people, today):
    _checked(svc, admin, evening, people)
    table = list(svc.draw_seating(admin, evening.id, 1, seed=4).rounds[0][0])
    gid = svc.start_game(admin, evening.id, 1, 1, table)
    svc.games.record(admin, gid, DEAL)
    svc.games.record(admin, gid, {"type": "foul", "seat": 3, "clause": "3.3"})
    [flag] = svc.ban_flags(evening.id)
    assert (flag.seat, flag.player_id, flag.clause, flag.confirmed) == (3, table[2], "3.3", False)
    svc.confirm_ban(admin, evening.id, flag)
    p = svc.players.get(table[2])
    assert p.banned_on(today) and "3.3" in p.ban_reason and p.ban_until is None
    assert svc.ban_flags(evening.id)[0].confirmed


def test_tenths_print_like_a_protocol():
    assert [tenths(x) for x in (15, 10, 0, -5, -10)] == ["1,5", "1", "0", "−0,5", "−1"]


# --- M-14 rule variants of an evening ------------------------------------------------------------------------
def test_m14_an_evening_defaults_to_maestro_and_its_games_carry_no_variant(svc, admin, evening, people):
    assert evening.variants == {}
    _checked(svc, admin, evening, people)
    svc.draw_seating(admin, evening.id, 1, seed=5)
    gid = svc.start_game(admin, evening.id, 1, 1, people[:10])
    assert svc.games.to_record(gid)["options"] == {"scoring": "fiim"}


def test_m14_the_evenings_variants_are_in_every_game_record_and_the_game_follows_them(svc, admin, today, people):
    ev = svc.create(admin, today, None, variants={"day0_vote": "never", "lift_two_at_four": False,
                                                  "muted_may_nominate": True})
    assert ev.variants == {"day0_vote": "never", "muted_may_nominate": True}   # only what differs from «Маэстро»
    for pid in people:
        svc.check_in(admin, ev.id, pid)
    svc.draw_seating(admin, ev.id, 1, seed=5)
    gid = svc.start_game(admin, ev.id, 1, 1, people[:10])
    assert svc.games.to_record(gid)["options"] == {"scoring": "fiim", "day0_vote": "never",
                                                   "muted_may_nominate": True}
    svc.games.record(admin, gid, DEAL)
    svc.games.record(admin, gid, {"type": "agreement_end"})
    for seat in range(1, 11):                       # two nominations on day 0, yet no vote (day0_vote «never»)
        if seat in (1, 2):
            svc.games.record(admin, gid, {"type": "nominate", "by": seat, "target": seat + 2})
        svc.games.record(admin, gid, {"type": "speech_end", "seat": seat})
    assert svc.games.state(gid)["phase"] == "night"


def test_m14_an_unknown_variant_is_refused_with_a_message(svc, admin, today):
    for variants in ({"day0_vote": "always"}, {"speeches": 2}, {"lift_two_at_four": "да"}):
        with pytest.raises(ValidationError) as exc:
            svc.create(admin, today, None, variants=variants)
        assert "вариант правил" in exc.value.message()
