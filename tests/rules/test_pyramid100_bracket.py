"""Пирамидка tournaments (docs/rules/pyramid100.md «Турниры», PT§1–11), each bracket worked out by hand."""

from __future__ import annotations

import pytest

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.pyramid100.bracket import (
    Draw,
    Enter,
    GameVoided,
    GameWon,
    StartGame,
    Tournament,
    WalkOver,
    Withdraw,
    event_to_json,
    new_game,
    parse_event,
)
from clubdesk.rules.pyramid100.bracket.structure import standard_order


def p(seed: int) -> str:
    return f"p{seed:02d}"


def entered(n: int, **options) -> Tournament:
    """n players whose ratings put p01 first, p02 second, … (a rating draw seeds them in that order)."""
    t = new_game([], options)
    for i in range(1, n + 1):
        t.apply(Enter(p(i), 1700.0 - i))
    t.apply(Draw("rating", 42))
    return t


def win(t: Tournament, code: str, winner: str, lost_games: int = 1) -> None:
    """The bout to `winner`: the other wins `lost_games` first, then the winner wins the race."""
    bout = t.bouts[code]
    other = bout.b if winner == bout.a else bout.a
    for _ in range(lost_games):
        t.apply(GameWon(code, other))
    for _ in range(bout.race):
        if t.bouts[code].winner is None:
            t.apply(GameWon(code, winner))


def seen(t: Tournament, codes) -> dict[str, tuple]:
    return {c: (t.bouts[c].a, t.bouts[c].b, t.bouts[c].winner) for c in codes}


def test_standard_seeding_order_meets_one_and_two_only_in_the_final():
    assert standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert standard_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_six_players_single_elimination_gives_the_two_top_seeds_byes():
    t = entered(6)
    assert seen(t, ["W1-1", "W1-2", "W1-3", "W1-4"]) == {
        "W1-1": (p(1), "", p(1)), "W1-2": (p(4), p(5), None), "W1-3": (p(2), "", p(2)), "W1-4": (p(3), p(6), None)}
    assert t.bouts["W2-1"].a == p(1) and t.bouts["W2-2"].a == p(2)  # waiting for 4–5 and 3–6
    assert t.ready_bouts() == ["W1-2", "W1-4"]
    win(t, "W1-2", p(5))
    win(t, "W1-4", p(3))
    win(t, "W2-1", p(1))
    win(t, "W2-2", p(3))
    assert t.bouts["W3-1"].race == 3  # PT§4: the final is a race to 3
    win(t, "W3-1", p(3), lost_games=2)
    assert t.finished and t.champion == p(3)
    assert t.places() == {p(3): 1, p(1): 2, p(2): 3, p(5): 3, p(4): 5, p(6): 5}


def test_twelve_players_single_elimination_gives_the_four_top_seeds_byes():
    t = entered(12)
    byes = {c: b.a for c, b in t.bouts.items() if b.result == "bye"}
    assert byes == {"W1-1": p(1), "W1-3": p(4), "W1-5": p(2), "W1-7": p(3)}
    assert [(t.bouts[c].a, t.bouts[c].b) for c in t.ready_bouts()] == [
        (p(8), p(9)), (p(5), p(12)), (p(7), p(10)), (p(6), p(11))]
    assert t.bouts["W1-1"].loser == "" and p(1) not in t.losses  # a bye is no win over anybody


#: The 16-player double elimination played below, by seed: (place a, place b, winner) of every bout, worked out by
#: hand from docs/rules/pyramid100.md PT§8 (L(2j): LB winners against the W(j+1) losers, reversed when j is odd).
HAND_16 = {
    "W1-1": (1, 16, 1), "W1-2": (8, 9, 9), "W1-3": (4, 13, 4), "W1-4": (5, 12, 5),
    "W1-5": (2, 15, 2), "W1-6": (7, 10, 7), "W1-7": (3, 14, 3), "W1-8": (6, 11, 11),
    "W2-1": (1, 9, 1), "W2-2": (4, 5, 5), "W2-3": (2, 7, 2), "W2-4": (3, 11, 3),
    "W3-1": (1, 5, 1), "W3-2": (2, 3, 3), "W4-1": (1, 3, 1),
    "L1-1": (16, 8, 8), "L1-2": (13, 12, 12), "L1-3": (15, 10, 10), "L1-4": (14, 6, 6),
    "L2-1": (8, 11, 8), "L2-2": (12, 7, 7), "L2-3": (10, 4, 4), "L2-4": (6, 9, 6),
    "L3-1": (8, 7, 7), "L3-2": (4, 6, 4), "L4-1": (7, 5, 5), "L4-2": (4, 2, 2),
    "L5-1": (5, 2, 2), "L6-1": (2, 3, 2), "GF": (1, 2, 2), "GF2": (1, 2, 1),
}


def play_by_hand(t: Tournament, hand: dict) -> None:
    """Play every bout to the winner the hand table names, in the order bouts become ready."""
    while t.ready_bouts():
        code = t.ready_bouts()[0]
        win(t, code, p(hand[code][2]))


def test_sixteen_player_double_elimination_equals_the_hand_computation():
    t = entered(16, format="double")
    play_by_hand(t, HAND_16)
    assert {c: (b.a, b.b, b.winner) for c, b in t.bouts.items()} == {
        c: (p(a), p(b), p(w)) for c, (a, b, w) in HAND_16.items()}
    assert t.finished and t.champion == p(1)
    assert t.bouts["GF"].race == 3 and t.bouts["W4-1"].race == 2
    assert t.losses[p(1)] == ["GF"] and t.losses[p(2)] == ["W3-2", "GF2"]
    assert t.places() == {p(1): 1, p(2): 2, p(3): 3, p(5): 4, p(7): 5, p(4): 5, p(8): 7, p(6): 7,
                          p(12): 9, p(10): 9, p(11): 9, p(9): 9, p(16): 13, p(13): 13, p(15): 13, p(14): 13}


def test_no_bracket_reset_when_the_winners_bracket_champion_wins_the_grand_final():
    hand = {**HAND_16, "GF": (1, 2, 1)}
    t = entered(16, format="double")
    play_by_hand(t, hand)
    assert t.bouts["GF2"].result == "not_needed" and t.champion == p(1) and t.places()[p(2)] == 2


def test_groups_then_play_off_ranked_by_head_to_head_then_game_difference_then_games_won():
    t = entered(8, format="groups", groups=2, advance=2)
    assert [m for m in t.groups] == [[p(1), p(4), p(5), p(8)], [p(2), p(3), p(6), p(7)]]  # the serpentine
    # A: 1, 4, 5 beat each other in a circle and all beat 8: level on 2 bouts won and 1 between them; 1 has
    # +3 games, 4 and 5 +1 each, 5 won 5 games to 4's 4 → 1, 5, 4, 8.
    for code, winner, lost in (("A-1", 1, 0), ("A-2", 4, 1), ("A-3", 5, 1), ("A-4", 4, 0), ("A-5", 1, 0),
                               ("A-6", 5, 1)):
        win(t, code, p(winner), lost)
    # B: 2 and 3 both won 2, 3 beat 2 (head-to-head first, though 2 has the better game difference);
    # 6 and 7 both won 1, 7 beat 6.
    for code, winner, lost in (("B-1", 2, 0), ("B-2", 6, 1), ("B-3", 2, 0), ("B-4", 3, 1), ("B-5", 3, 1),
                               ("B-6", 7, 1)):
        win(t, code, p(winner), lost)
    tables = t.group_tables()
    assert [r.player for r in tables[0]] == [p(1), p(5), p(4), p(8)]
    assert [(r.games_won, r.games_lost) for r in tables[0]] == [(5, 2), (5, 4), (4, 3), (1, 6)]  # 8: 0-2, 0-2, 1-2
    assert [r.player for r in tables[1]] == [p(3), p(2), p(7), p(6)]
    assert t.qualifiers == [p(1), p(3), p(5), p(2)]  # A1, B1, A2, B2
    assert seen(t, ["P1-1", "P1-2"]) == {"P1-1": (p(1), p(2), None), "P1-2": (p(3), p(5), None)}
    win(t, "P1-1", p(1))
    win(t, "P1-2", p(5))
    win(t, "P2-1", p(5))
    assert t.champion == p(5)
    assert t.places() == {p(5): 1, p(1): 2, p(2): 3, p(3): 3, p(4): 5, p(7): 5, p(8): 7, p(6): 7}


def test_a_walk_over_decides_the_bout_and_counts_as_a_loss_in_double_elimination():
    t = entered(4, format="double")
    t.apply(GameWon("W1-1", p(4)))
    t.apply(WalkOver("W1-1", p(1)))
    assert t.bouts["W1-1"].result == "walk_over" and t.bouts["W1-1"].wins == [0, 1]
    assert t.losses[p(4)] == ["W1-1"] and t.bouts["L1-1"].a == p(4)


def test_a_grand_final_winner_who_withdraws_before_the_reset_leaves_the_title_to_the_other_finalist():
    """PT§7 with PT§8: p2 came through the losers' bracket and won GF, so GF2 is to be played; he withdraws
    before it, and GF2 goes to p1 by the withdrawal (the reset was left open and p2 was later made champion)."""
    hand = {c: v for c, v in HAND_16.items() if c != "GF2"}
    t = entered(16, format="double")
    while t.bouts["GF"].winner is None:
        code = t.ready_bouts()[0]
        win(t, code, p(hand[code][2]))
    assert (t.bouts["GF2"].a, t.bouts["GF2"].b, t.bouts["GF2"].winner) == (p(1), p(2), None)
    t.apply(Withdraw(p(2)))
    assert (t.bouts["GF2"].winner, t.bouts["GF2"].result) == (p(1), "withdrawal")
    assert t.finished and t.champion == p(1) and t.eliminated[p(2)] == "withdrawal"
    assert t.ready_bouts() == []


def test_a_withdrawal_hands_the_running_bout_over_and_empties_his_later_places():
    t = entered(8, format="double")
    win(t, "W1-1", p(1))
    t.apply(GameWon("W1-2", p(4)))
    t.apply(Withdraw(p(4)))
    assert (t.bouts["W1-2"].winner, t.bouts["W1-2"].result) == (p(5), "withdrawal")
    assert t.eliminated[p(4)] == "withdrawal"
    # p4 lost W1-2 but does not drop into the losers' bracket: L1-1 is p8 against nobody.
    assert (t.bouts["L1-1"].a, t.bouts["L1-1"].b, t.bouts["L1-1"].winner) == (p(8), "", p(8))


def test_a_withdrawn_winner_leaves_his_next_bout_to_the_opponent():
    t = entered(4)
    win(t, "W1-1", p(1))
    t.apply(Withdraw(p(1)))
    win(t, "W1-2", p(3))
    final = t.bouts["W2-1"]  # p1 already had his place in the final: it goes to p3 by the withdrawal
    assert (final.a, final.b, final.winner, final.result) == (p(1), p(3), p(3), "withdrawal")
    assert t.champion == p(3) and t.places() == {p(3): 1, p(4): 2, p(2): 2, p(1): 4}  # the withdrawn last


def test_undo_is_the_replay_without_the_last_event():
    t = entered(6, format="double")
    win(t, "W1-2", p(5))
    before = t.state()
    t.apply(Withdraw(p(5)))
    t.undo()
    assert t.state() == before


def test_the_same_seed_draws_the_same_random_seeding_whatever_the_entry_order():
    a, b = new_game([], {}), new_game([], {})
    for x in range(1, 9):
        a.apply(Enter(p(x)))
        b.apply(Enter(p(9 - x)))
    a.apply(Draw("random", 123456))
    b.apply(Draw("random", 123456))
    assert a.seeding == b.seeding and a.seeding != sorted(a.seeding)


def test_equal_ratings_are_ordered_by_the_draw_not_by_the_id():
    t = new_game([], {})
    for x in range(1, 9):
        t.apply(Enter(p(x), 1500.0 if x > 1 else 1600.0))
    t.apply(Draw("rating", 7))
    assert t.seeding[0] == p(1) and t.seeding[1:] != sorted(t.seeding[1:])


@pytest.mark.parametrize(("events", "code", "clause"), [
    ([Draw("random", 1), Enter("x")], "drawn", "PT§1"),
    ([Enter(p(1))], "entered_twice", "PT§1"),
    ([Draw("rating", 1), Draw("rating", 2)], "drawn", "PT§3"),
    ([Draw("rating", 1), GameWon("W9-1", p(1))], "unknown_bout", "PT§5"),
    ([Draw("rating", 1), GameWon("W2-1", p(1))], "bout_not_ready", "PT§5"),
    ([Draw("rating", 1), GameWon("W1-1", p(2))], "not_in_bout", "PT§5"),
    ([Draw("rating", 1), WalkOver("W1-1", p(1)), GameWon("W1-1", p(1))], "bout_decided", "PT§5"),
    ([Draw("rating", 1), StartGame("W1-1", "g1"), GameWon("W1-1", p(1), "g1"), GameWon("W1-2", p(2), "g1")],
     "game_counted", "PT§5"),
    ([Draw("rating", 1), StartGame("W1-1", "g1"), GameWon("W1-2", p(2), "g1")], "game_not_of_bout", "PT§5"),
    ([Draw("rating", 1), StartGame("W1-1", "g1"), StartGame("W1-2", "g1")], "game_started_twice", "PT§5"),
    ([Draw("rating", 1), StartGame("W2-1", "g1")], "bout_not_ready", "PT§5"),
    ([GameWon("W1-1", p(1))], "not_drawn", "PT§3"),
    ([Draw("rating", 1), Withdraw("nobody")], "not_entered", "PT§7"),
    ([Draw("rating", 1), WalkOver("W1-1", p(1)), Withdraw(p(4))], "already_out", "PT§7"),
])
def test_refusals_name_the_rule_and_change_nothing(events, code, clause):
    t = new_game([], {})
    for x in range(1, 5):
        t.apply(Enter(p(x), 1700.0 - x))  # W1-1 is p1 against p4
    for e in events[:-1]:
        t.apply(e)
    before = t.state()
    with pytest.raises(IllegalEventError) as err:
        t.apply(events[-1])
    assert (err.value.code, err.value.clause) == (code, clause)
    assert t.state() == before


def test_too_few_entries_for_the_format_are_refused():
    t = new_game([], {"format": "groups", "groups": 2, "advance": 2})
    for x in range(1, 6):
        t.apply(Enter(p(x)))
    with pytest.raises(IllegalEventError) as err:
        t.apply(Draw("rating", 1))
    assert err.value.clause == "PT§2"


@pytest.mark.parametrize("options", [{"format": "swiss"}, {"race_to": 0}, {"final_race_to": True},
                                     {"race_by_round": {"W1": 30}}, {"groups": 0}, {"colour": "red"}])
def test_bad_options_are_malformed(options):
    with pytest.raises(InvalidEventError):
        new_game([], options)


@pytest.mark.parametrize("obj", [{"type": "enter"}, {"type": "enter", "player": ""}, {"type": "draw", "method": "x",
                                 "seed": 1}, {"type": "draw", "method": "rating", "seed": -1},
                                 {"type": "game_won", "bout": "W1-1", "winner": 5}, {"type": "kick", "player": "a"},
                                 {"type": "enter", "player": "a", "rating": float("nan")},
                                 {"type": "withdraw", "player": "a", "bout": "W1-1"}])
def test_malformed_events_are_refused(obj):
    with pytest.raises(InvalidEventError):
        parse_event(obj)


def test_events_round_trip_through_json():
    for e in (Enter("a"), Enter("a", 1612.5), Draw("random", 99), StartGame("W1-1", "g"), GameWon("W1-1", "a"),
              GameWon("GF", "a", "g"),
              WalkOver("L2-1", "b"), Withdraw("c")):
        assert parse_event(event_to_json(e)) == e


# --- PT§5 a counted game taken back (the match is corrected, then counted again) ----------------------------------
def counted(t: Tournament, code: str, winner: str, game: str) -> None:
    t.apply(StartGame(code, game))
    t.apply(GameWon(code, winner, game))


def test_pt5_a_game_taken_back_undecides_its_bout_and_is_counted_again_with_the_corrected_winner():
    t = entered(4, race_to=1)
    counted(t, "W1-1", p(1), "g1")
    assert t.bouts["W2-1"].a == p(1)
    t.apply(GameVoided("W1-1", "g1"))
    b = t.bouts["W1-1"]
    assert (b.winner, b.wins, b.games, b.started) == (None, [0, 0], [], ["g1"]) and t.bouts["W2-1"].a is None
    assert "g1" not in t.game_ids and t.losses == {}
    t.apply(GameWon("W1-1", p(4), "g1"))                       # the corrected match ends: counted again
    assert (t.bouts["W1-1"].winner, t.bouts["W2-1"].a) == (p(4), p(4))
    assert [type(e).__name__ for e in t.events] == ["Enter"] * 4 + ["Draw", "StartGame", "GameWon", "GameVoided",
                                                                     "GameWon"]   # nothing deleted


def test_pt5_a_game_cannot_be_taken_back_once_a_later_bout_was_played_on_its_result():
    t = entered(4, race_to=1)
    counted(t, "W1-1", p(1), "g1")
    counted(t, "W1-2", p(2), "g2")
    t.apply(StartGame("W2-1", "g3"))                            # the final is on the table
    with pytest.raises(IllegalEventError) as info:
        t.apply(GameVoided("W1-1", "g1"))
    assert (info.value.code, info.value.clause) == ("later_bout_played", "PT§5")
    assert "W2-1" in info.value.message("ru") and "W1-1" in info.value.message("en")
    assert t.bouts["W1-1"].winner == p(1)                       # refused: nothing changed


def test_pt5_in_double_elimination_the_dropped_loser_is_taken_back_too_unless_his_bout_was_played():
    t = entered(4, format="double", race_to=1)
    counted(t, "W1-1", p(1), "g1")
    counted(t, "W1-2", p(2), "g2")
    assert t.bouts["L1-1"].ready
    t.apply(GameVoided("W1-2", "g2"))
    assert t.bouts["L1-1"].b is None and t.losses == {p(4): ["W1-1"]}
    t.apply(GameWon("W1-2", p(2), "g2"))
    counted(t, "L1-1", p(4), "g4")
    with pytest.raises(IllegalEventError) as info:
        t.apply(GameVoided("W1-1", "g1"))
    assert info.value.code == "later_bout_played"


def test_pt5_only_a_game_counted_in_that_bout_can_be_taken_back():
    t = entered(4, race_to=2)
    counted(t, "W1-1", p(1), "g1")
    for bout, game in (("W1-2", "g1"), ("W1-1", "g9")):
        with pytest.raises(IllegalEventError) as info:
            t.apply(GameVoided(bout, game))
        assert (info.value.code, info.value.clause) == ("game_not_counted", "PT§5")
    t.apply(GameVoided("W1-1", "g1"))                           # an undecided bout: just one game less
    assert t.bouts["W1-1"].wins == [0, 0]


def test_pt5_a_taken_back_game_replays_and_undoes_like_any_event():
    t = entered(4, race_to=1)
    counted(t, "W1-1", p(1), "g1")
    before = t.state()
    t.apply(GameVoided("W1-1", "g1"))
    t.undo()
    assert t.state() == before
    assert parse_event(event_to_json(GameVoided("W1-1", "g1"))) == GameVoided("W1-1", "g1")
