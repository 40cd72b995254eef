"""The club's Пирамидка rating (Elo, docs/rules/pyramid100.md «Рейтинг клуба»), worked out by hand."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubdesk.rules.pyramid100.rating import START_RATING, K, MatchResult, expected, rate


def test_equal_players_expect_half_and_the_winner_takes_half_of_k():
    assert expected(1500, 1500) == 0.5
    assert rate([MatchResult("A", "B", "A")]) == {"A": 1500 + K / 2, "B": 1500 - K / 2}  # 1516 / 1484


def test_an_upset_moves_more_than_a_favourites_win():
    # After A beat B: A 1516, B 1484. B now expects 1 / (1 + 10^(32/400)) = 1 / 2.20226 = 0.45408, so B wins
    # 32 × (1 − 0.45408) = 17.47 (more than A's 16 for beating an equal) and A loses as much.
    after = rate([MatchResult("A", "B", "A"), MatchResult("A", "B", "B")])
    assert after["B"] == pytest.approx(1501.470, abs=1e-3) and after["A"] == pytest.approx(1498.530, abs=1e-3)


def test_a_newcomer_starts_at_the_start_rating():
    after = rate([MatchResult("C", "A", "C")], {"A": 1600.0})
    # C (1500) against A (1600) expects 1 / (1 + 10^(100/400)) = 0.35993…: +20.48
    assert after["C"] == pytest.approx(START_RATING + 20.482, abs=1e-3)


def test_a_result_naming_a_third_player_is_a_bug():
    with pytest.raises(ValueError, match="names its two players and one of them as the winner: .*'C'"):
        rate([MatchResult("A", "B", "C")])


@given(st.lists(st.tuples(st.sampled_from("ABCDE"), st.sampled_from("ABCDE"), st.booleans()), max_size=40))
def test_what_one_wins_the_other_loses(games):
    matches = [MatchResult(a, b, a if first else b) for a, b, first in games if a != b]
    after = rate(matches)
    assert sum(after.values()) == pytest.approx(START_RATING * len(after))
    assert rate(matches) == after  # the same matches in the same order give the same ratings
