"""Mafia decisions M-9…M-15 and the format additions (leave, unanswered checks, foul reason, 1–3 best-move guesses).

Fixed deal of script.py: black 2 (mafia), 7 (Don), 9 (mafia); the Sheriff sits at 4.
"""

import pytest

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.mafia import event_to_json, new_game, parse_event
from clubdesk.rules.mafia.script import PLAYERS, Script


def refused(script, code, clause, /, **obj):
    with pytest.raises(IllegalEventError) as info:
        script.do(**obj)
    assert (info.value.code, info.value.clause) == (code, clause)


def lifted_on_day_one(seat=3):
    """Night 1 misses, on day 1 `seat` is nominated and voted out: his last word is running."""
    s = Script().speeches().night(None)
    s.speeches({s.game.speaker: seat}).vote({})
    assert s.game.step == "last_word" and s.game.speaker == seat
    return s


# --- M-9 checks of players already out; unanswered checks ---------------------------------------------
def test_m9_the_sheriff_may_check_a_player_already_killed():
    s = Script().speeches().night(5).last_words().speeches().night(None, sheriff=5, don=5)
    assert s.game.checks == {"don": {5: False}, "sheriff": {5: False}}


def test_m9_the_sheriff_may_check_a_black_player_already_lifted_and_is_told_black():
    s = lifted_on_day_one(9).last_words()
    s.night(1, sheriff=9)
    assert s.game.checks["sheriff"] == {9: True}


def test_m9_a_checker_may_check_his_own_seat():
    """M-9 «any seat», his own too: refused, the pick would tell whoever sees the refusal which seat he holds."""
    s = Script().speeches().night(None, sheriff=4, don=7)
    assert s.game.checks == {"don": {7: False}, "sheriff": {4: False}}


def test_m9_an_unanswered_check_is_recorded_as_made_without_an_answer():
    s = Script().speeches()
    s.do(type="night", shots={}, don_check=4, sheriff_check=7, unanswered=["don"])
    assert s.game.checks == {"don": {}, "sheriff": {7: True}}
    assert s.game.unanswered == [(1, "don", 4)]
    assert s.game.state()["unanswered_checks"] == [{"night": 1, "who": "don", "seat": 4}]


def test_m9_unanswered_names_a_check_that_was_made():
    with pytest.raises(InvalidEventError) as info:
        parse_event({"type": "night", "shots": {}, "don_check": None, "sheriff_check": 3, "unanswered": ["don"]})
    assert info.value.code == "unanswered_without_check"
    with pytest.raises(InvalidEventError):
        parse_event({"type": "night", "shots": {}, "don_check": 3, "unanswered": ["doctor"]})


# --- M-10 removal and the following vote --------------------------------------------------------------
def test_m10_a_lifted_player_removed_in_his_last_word_cancels_the_next_vote():
    s = lifted_on_day_one(3)
    s.do(type="removal", seat=3, clause="3.3")
    assert s.game.state()["removed"] == [3] and s.game.step == "night"
    s.night(None).speeches({4: 5, 5: 6})
    assert (s.game.phase, s.game.day, s.game.state()["lifted"]) == ("night", 3, [])


def test_m10_a_lifted_player_reaching_a_fourth_foul_in_his_last_word_cancels_the_next_vote():
    s = Script()
    for _ in range(3):
        s.do(type="foul", seat=3, clause="2.4")
    s.speeches().night(None)
    s.speeches({s.game.speaker: 3}).vote({})
    s.do(type="foul", seat=3, clause="2.4")
    s.night(None).speeches({4: 5, 5: 6})
    assert (s.game.phase, s.game.state()["lifted"]) == ("night", [])


def test_m10_the_night_victim_removed_in_his_last_word_keeps_the_vote():
    s = Script().speeches().night(5)
    s.do(type="removal", seat=5, clause="1.1")
    s.speeches({2: 3, 3: 4}).vote({})
    assert s.game.state()["lifted"] == [4]


# --- M-11 day openers ---------------------------------------------------------------------------------
def test_m11_each_day_opens_with_the_next_seat_in_the_game_after_the_last_opener():
    s = Script()
    assert s.game.opener == 1
    s.speeches().night(2)                 # the opener of day 1 would be seat 2, killed this night
    s.last_words()
    assert (s.game.opener, s.game.speaker) == (3, 3)
    s.speeches().night(None)
    assert s.game.opener == 4


def test_m11_a_day_0_opener_who_left_in_night_0_passes_the_turn_on():
    s = Script(start=False)
    s.do(type="deal", roles={str(i + 1): r for i, r in enumerate(s.roles)}).do(type="leave", seat=1)
    s.do(type="agreement_end")
    assert (s.game.opener, s.game.speaker) == (2, 2)


# --- M-12 −0.5 for every removal, leaving of one's own accord ------------------------------------------
@pytest.mark.parametrize("how", [{"type": "foul", "clause": "2.4"}, {"type": "removal", "clause": "1.1"},
                                 {"type": "removal", "clause": "3.3"}, {"type": "leave"}])
def test_m12_every_removal_and_a_leave_cost_half_a_point(how):
    s = Script()
    times = 4 if how.get("clause") == "2.4" else 1
    for _ in range(times):
        s.do(seat=6, **how)
    s.do(type="award_loss", team="black", clause="1.12")
    assert s.game.state()["removed"] == [6]
    assert s.game.state()["score"]["6"] == 0.5           # red win 1.0 − 0.5


def test_m12_a_leave_at_four_players_gives_the_win_to_the_other_team():
    s = Script()
    for seat in (2, 9, 1, 3, 5, 6):
        s.do(type="leave", seat=seat)
    s.do(type="leave", seat=8)                            # red leaves at four: black wins (M§4.10)
    assert (s.game.winner, s.game.win_reason) == ("black", "M§4.10")


def test_m12_a_leave_during_the_vote_cancels_it_and_night_falls():
    s = Script().speeches({1: 3, 2: 5})
    assert s.game.step == "vote"
    s.do(type="leave", seat=8)
    assert (s.game.phase, s.game.state()["lifted"]) == ("night", [])


def test_m12_a_leave_outside_the_vote_cancels_the_next_vote_and_is_printed_as_leaving():
    s = Script().do(type="leave", seat=8).speeches({1: 3, 2: 5})
    assert s.game.phase == "night"
    assert s.game.state()["removals"] == [{"seat": 8, "clause": "leave"}]


def test_m12_a_player_out_of_the_game_cannot_leave_it():
    s = Script().speeches().night(5).last_words()
    refused(s, "not_in_game", "M§5.10", type="leave", seat=5)


# --- M-13 a new tie after a shootout ------------------------------------------------------------------
def test_m13_a_different_tie_after_the_shootout_starts_a_new_shootout_among_the_newly_tied():
    s = Script().speeches().night(1).last_words().speeches({2: 3, 3: 5, 4: 6})   # nine in the game
    voters = s.game.in_game
    s.vote({v: (3, 5, 6)[i % 3] for i, v in enumerate(voters)})          # 3:3:3 → shootout among three
    assert (s.game.step, s.game.candidates) == ("shootout_speech", [3, 5, 6])
    s.speeches().vote(dict(zip(voters, [3, 3, 3, 3, 5, 5, 5, 5, 6], strict=True)))    # 4:4:1, a new tie → a new shootout
    assert (s.game.step, s.game.candidates) == ("shootout_speech", [3, 5])
    s.speeches().vote(dict(zip(voters, [3, 3, 3, 3, 3, 5, 5, 5, 5], strict=True)))    # 5:4 → 3 is lifted
    assert s.game.state()["lifted"] == [3]


def test_m13_only_a_repeat_of_the_same_tie_brings_the_lift_all_vote():
    s = Script().speeches().night(1).last_words().speeches({2: 3, 3: 5, 4: 6})
    split = {v: (3, 5, 6)[i % 3] for i, v in enumerate(s.game.in_game)}
    s.vote(split).speeches().vote(split)
    assert s.game.step == "lift_vote"


# --- M-14 variants ------------------------------------------------------------------------------------
def test_m14_day0_vote_never_skips_the_day_0_vote_with_two_nominees():
    s = Script(options={"day0_vote": "never"}).speeches({1: 3, 2: 5})
    assert (s.game.phase, s.game.day) == ("night", 1)


def test_m14_day0_vote_single_skips_is_the_default_and_votes_two_nominees():
    assert Script().speeches({1: 3, 2: 5}).game.step == "vote"
    assert Script(options={"day0_vote": "single_skips"}).speeches({1: 3}).game.phase == "night"


def test_m14_day0_vote_never_still_votes_from_day_1():
    s = Script(options={"day0_vote": "never"}).speeches().night(None).speeches({2: 3})
    assert s.game.step == "vote"


def test_m14_lift_two_at_four_a_repeated_two_way_tie_goes_to_the_lift_both_vote():
    s = Script(options={"lift_two_at_four": True})
    for seat in (2, 9, 1, 3, 5, 6):
        s.do(type="leave", seat=seat)
    s.speeches().night(None).speeches({7: 8, 8: 10})
    tie = {v: (8, 10)[i % 2] for i, v in enumerate(s.game.in_game)}
    s.vote(tie).speeches().vote(tie)
    assert s.game.step == "lift_vote"
    s.do(type="lift_vote", for_=3)                            # a majority of the four: both leave
    assert s.game.state()["lifted"] == [8, 10] and s.game.winner == "black"


def test_m14_lift_two_at_four_needs_a_majority_of_the_players_in_the_game():
    s = Script(options={"lift_two_at_four": True})
    for seat in (2, 9, 1, 3, 5, 6):
        s.do(type="leave", seat=seat)
    s.speeches().night(None).speeches({7: 8, 8: 10})
    tie = {v: (8, 10)[i % 2] for i, v in enumerate(s.game.in_game)}
    s.vote(tie).speeches().vote(tie).do(type="lift_vote", for_=2)
    assert (s.game.phase, s.game.state()["lifted"]) == ("night", [])


def test_m14_by_default_a_repeated_tie_at_four_keeps_both():
    s = Script()
    for seat in (2, 9, 1, 3, 5, 6):
        s.do(type="leave", seat=seat)
    s.speeches().night(None).speeches({7: 8, 8: 10})
    tie = {v: (8, 10)[i % 2] for i, v in enumerate(s.game.in_game)}
    s.vote(tie).speeches().vote(tie)
    assert (s.game.phase, s.game.state()["lifted"]) == ("night", [])


def test_m14_muted_may_nominate_gives_the_muted_player_a_silent_turn_to_nominate():
    s = Script(options={"muted_may_nominate": True})
    for _ in range(3):
        s.do(type="foul", seat=3, clause="2.4")
    s.do(type="speech_end", seat=1).do(type="speech_end", seat=2)
    assert s.game.speaker == 3 and 3 in s.game.muted_today()
    s.do(type="nominate", by=3, target=7).do(type="speech_end", seat=3)
    assert s.game.nominees == [7] and s.game.speaker == 4


def test_m14_by_default_the_muted_players_turn_is_skipped():
    s = Script()
    for _ in range(3):
        s.do(type="foul", seat=3, clause="2.4")
    s.do(type="speech_end", seat=1).do(type="speech_end", seat=2)
    assert s.game.speaker == 4


def test_m14_unknown_or_wrong_variant_values_are_refused():
    for options in ({"day0_vote": "always"}, {"lift_two_at_four": 1}, {"muted_may_nominate": "yes"}):
        with pytest.raises(InvalidEventError) as info:
            new_game(PLAYERS, options)
        assert (info.value.code, info.value.clause) == ("bad_option", "M-14")


def test_m14_variants_lists_only_the_options_that_differ_from_maestro():
    assert Script(options={"day0_vote": "single_skips"}).game.variants() == {}
    game = Script(options={"day0_vote": "never", "muted_may_nominate": True}).game
    assert game.variants() == {"day0_vote": "never", "muted_may_nominate": True}


# --- M-15 lift_two_at_four only at exactly four players and a two-way tie -----------------------------------
VARIANTS = [{}, {"lift_two_at_four": True}, {"day0_vote": "never"}, {"muted_may_nominate": True},
            {"day0_vote": "never", "lift_two_at_four": True, "muted_may_nominate": True}]


def four_left(options):
    """Black 7 (the Don) with 4, 8, 10: six players left of their own accord before the first vote."""
    s = Script(options=options)
    for seat in (2, 9, 1, 3, 5, 6):
        s.do(type="leave", seat=seat)
    return s


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "maestro")
def test_m15_with_three_players_a_repeated_tie_keeps_everyone_and_night_falls(options):
    s = four_left(options).speeches().night(4).last_words()           # the Sheriff is shot: 7, 8, 10 are left
    assert s.game.in_game == [7, 8, 10] and s.game.day == 1
    tie = {7: 8, 8: 10, 10: 7}                                         # one vote each
    s.speeches(tie).vote(tie)
    assert s.game.step == "shootout_speech"
    s.speeches().vote(tie)                                            # the same three-way tie again
    assert (s.game.phase, s.game.day, s.game.in_game, s.game.winner) == ("night", 2, [7, 8, 10], None)
    assert s.game.state()["lifted"] == []


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "maestro")
def test_m15_with_four_players_a_repeated_tie_of_more_than_two_keeps_everyone(options):
    s = four_left(options).speeches().night(None)
    tie = {4: 7, 7: 8, 8: 10, 10: 4}                                   # four nominees, one vote each
    s.speeches(tie).vote(tie).speeches().vote(tie)
    assert (s.game.phase, s.game.in_game, s.game.state()["lifted"]) == ("night", [4, 7, 8, 10], [])


def test_m15_after_shootout_lifts_two_only_at_exactly_four_players():
    from clubdesk.rules.mafia.voting import after_shootout

    assert after_shootout([3, 8], [3, 8], 4, lift_two_at_four=True) == "lift_vote"
    for in_game in (3, 2):
        assert after_shootout([3, 8], [3, 8], in_game, lift_two_at_four=True) == "stay"
        assert after_shootout([3, 8, 1], [3, 8, 1], in_game, lift_two_at_four=True) == "stay"
    assert after_shootout([3, 8, 1], [3, 8, 1], 4, lift_two_at_four=True) == "stay"


# --- format additions ---------------------------------------------------------------------------------
def test_format_a_foul_reason_is_kept_for_the_protocol_and_is_optional():
    s = Script().do(type="foul", seat=3, clause="2.4", reason="  перебивал  ").do(type="foul", seat=4, clause="2.4")
    assert s.game.foul_reasons == [(3, "2.4", "перебивал")]
    assert s.game.fouls[2:4] == [1, 1]


def test_format_a_best_move_of_two_black_guesses_scores_like_two_of_three():
    s = Script().speeches().night(5)
    s.do(type="best_move", seat=5, guesses=[2, 7])
    assert s.game.best_move == {5: 3}


def test_format_a_best_move_of_one_guess_scores_nothing():
    s = Script().speeches().night(5).do(type="best_move", seat=5, guesses=[9])
    assert s.game.best_move == {5: 0} and s.game.best_guesses == {5: (9,)}


def test_format_a_best_move_needs_one_to_three_distinct_guesses():
    for guesses in ([], [1, 2, 3, 6], [2, 2]):
        with pytest.raises(InvalidEventError):
            parse_event({"type": "best_move", "seat": 5, "guesses": guesses})


@pytest.mark.parametrize("obj", [
    {"type": "leave", "seat": 4},
    {"type": "foul", "seat": 4, "clause": "2.4", "reason": "жест"},
    {"type": "night", "shots": {"2": 5}, "don_check": 4, "sheriff_check": 7, "unanswered": ["don", "sheriff"]},
    {"type": "best_move", "seat": 5, "guesses": [2]},
])
def test_format_additions_round_trip_through_json(obj):
    assert event_to_json(parse_event(obj)) == obj


def test_format_old_events_serialise_without_the_new_fields():
    assert event_to_json(parse_event({"type": "foul", "seat": 4, "clause": "2.4"})) == {
        "type": "foul", "seat": 4, "clause": "2.4"}
    night = {"type": "night", "shots": {}, "don_check": None, "sheriff_check": None}
    assert event_to_json(parse_event(night)) == night
