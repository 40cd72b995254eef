"""M-8 seating: reproducible from the seed, even seats and games, evenness figures reported."""

import pytest

from clubdesk.rules.mafia.seating import _hungarian, seating

PEOPLE = [f"p{i:02}" for i in range(23)]


def test_m8_same_seed_same_draw_other_seed_other_draw():
    assert seating(PEOPLE, 5, 7) == seating(PEOPLE, 5, 7)
    assert seating(PEOPLE, 5, 7).rounds != seating(PEOPLE, 5, 8).rounds


def test_m8_one_table_ten_rounds_is_a_latin_square():
    s = seating(PEOPLE[:10], 10, 3)
    figures = s.evenness()
    assert figures["seat_repeat_max"] == 1 and figures["seat_spread_max"] == 0
    for seat in range(10):
        assert len({r[0][seat] for r in s.rounds}) == 10


def test_m8_sit_outs_rotate_so_games_differ_by_at_most_one():
    s = seating(PEOPLE, 8, 11)
    figures = s.evenness()
    assert figures["games_max"] - figures["games_min"] <= 1
    for rnd, rest in zip(s.rounds, s.sitting_out, strict=True):
        assert len(rest) == 3 and len(rnd) == 2
        assert sorted([p for t in rnd for p in t] + list(rest)) == PEOPLE


def test_m8_two_tables_spread_meetings():
    figures = seating(PEOPLE[:20], 6, 5).evenness()
    assert figures["seed"] == 5
    assert figures["meet_max"] <= 6 and figures["seat_repeat_max"] == 1


def test_m8_fewer_than_ten_players_is_refused():
    with pytest.raises(ValueError):
        seating(PEOPLE[:9], 1, 1)


def test_hungarian_finds_the_cheapest_assignment():
    cost = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
    assert _hungarian(cost) == [1, 0, 2]
