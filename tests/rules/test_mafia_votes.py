"""Mafia voting: M§4.4–4.11 (one vote, absent votes, shootout, lift vote, four-player limit, day 0, removal)."""

import pytest

from clubdesk.rules.errors import IllegalEventError
from clubdesk.rules.mafia.script import Script


def refused(script, code, clause, /, **obj):
    with pytest.raises(IllegalEventError) as info:
        script.do(**obj)
    assert (info.value.code, info.value.clause) == (code, clause)
    return info.value


def day_zero_vote(noms):
    return Script().speeches(noms)


# --- M§4.4, M§4.5 ------------------------------------------------------------------------------------
def test_m4_5_absent_votes_go_to_the_last_nominee():
    s = day_zero_vote({1: 3, 2: 5}).vote({1: 3, 2: 3, 4: 3, 6: 3})   # 4 for 3, six absent → 5
    assert s.game.votes[-1]["counts"] == {"3": 4, "5": 6}
    assert s.game.state()["lifted"] == [5] and s.game.speaker == 5 and s.game.phase == "last_word"


def test_m4_4_vote_for_a_non_candidate_is_refused():
    e = refused(day_zero_vote({1: 3, 2: 5}), "not_a_candidate", "M§4.4", type="vote", votes={"1": 4})
    assert (e.ru, e.en) == ("место 4 не кандидат (кандидаты: 3, 5)", "seat 4 is not a candidate (candidates: 3, 5)")


def test_m4_4_a_player_out_of_the_game_cannot_vote():
    s = Script().speeches().night(6).last_words().speeches({2: 3, 3: 4})
    e = refused(s, "voter_not_in_game", "M§4.4", type="vote", votes={"6": 3})
    assert (e.ru, e.en) == ("место 6 не в игре и не голосует", "seat 6 is not in the game and cannot vote")


def test_m4_4_one_vote_per_player():
    """A record cannot repeat a seat key (strict JSON), so the engine is given the event itself."""
    from clubdesk.rules.mafia.events import Vote

    s = day_zero_vote({1: 8, 2: 3})
    with pytest.raises(IllegalEventError) as info:
        s.game.apply(Vote(((3, 8), (3, 3))))
    assert (info.value.code, info.value.clause) == ("double_vote", "M§4.4")
    assert (info.value.ru, info.value.en) == ("место 3 голосует дважды", "seat 3 votes twice")


def test_m4_4_a_lifted_player_speaks_his_last_word_then_night_falls():
    s = day_zero_vote({1: 3, 2: 5}).vote({})
    assert s.game.speaker == 5
    s.last_words()
    assert (s.game.phase, s.game.day) == ("night", 1)


# --- M§4.6 a vote is a hand on the table before «Спасибо»; the count ends the vote ------------------------
def test_m4_6_a_vote_the_host_did_not_accept_is_not_counted_and_goes_to_the_last_nominee():
    # Five hands for 3 were on the table in time; seat 10's hand came with «Спасибо», so the host leaves
    # it out and the vote goes to the last nominee (M§4.5): 5:5, a shootout — with it 3 would have had 6.
    s = day_zero_vote({1: 3, 2: 5}).vote({1: 3, 2: 3, 4: 3, 6: 3, 8: 3})
    assert s.game.votes[-1]["counts"] == {"3": 5, "5": 5}
    assert (s.game.step, s.game.candidates, s.game.state()["lifted"]) == ("shootout_speech", [3, 5], [])


def test_m4_6_the_vote_ends_with_the_count_and_no_vote_is_added_after_it():
    s = day_zero_vote({1: 3, 2: 5}).vote({1: 3, 2: 3, 4: 3, 6: 3, 8: 3, 10: 3})   # 6:4, the count is announced
    assert s.game.state()["lifted"] == [3] and s.game.step == "last_word"
    refused(s, "wrong_phase", "M§4.4", type="vote", votes={"5": 5})
    assert [v["counts"] for v in s.game.votes] == [{"3": 6, "5": 4}]


# --- M§4.11 --------------------------------------------------------------------------------------------
def test_m4_11_day_zero_single_nominee_means_no_vote():
    s = day_zero_vote({4: 7})
    assert (s.game.phase, s.game.day, s.game.state()["lifted"]) == ("night", 1, [])


def test_m4_11_single_nominee_on_day_one_is_voted():
    s = Script().speeches().night(None).speeches({2: 7})
    assert s.game.step == "vote"
    s.vote({})
    assert s.game.state()["lifted"] == [7]


# --- M§4.7 shootout and lift vote ------------------------------------------------------------------------
def test_m4_7_tie_starts_a_shootout_in_nomination_order():
    s = day_zero_vote({1: 8, 2: 3, 3: 6}).vote({1: 8, 2: 8, 3: 8, 4: 8, 5: 3, 6: 3, 7: 3, 8: 3})  # 4:4:2
    assert (s.game.phase, s.game.candidates, s.game.speaker) == ("shootout", [8, 3], 8)


def test_m4_7_vote_before_shootout_speeches_end_is_refused():
    s = day_zero_vote({1: 8, 2: 3}).vote({i: 8 for i in range(1, 6)})
    refused(s, "shootout_speeches_pending", "M§4.7", type="vote", votes={})


def test_m4_7_revote_only_among_the_tied():
    s = day_zero_vote({1: 8, 2: 3, 3: 6}).vote({1: 8, 2: 8, 3: 8, 4: 8, 5: 3, 6: 3, 7: 3, 8: 3}).speeches()
    refused(s, "not_a_candidate", "M§4.4", type="vote", votes={"1": 6})


def test_m4_7_same_split_leads_to_the_lift_vote_which_lifts_on_majority():
    s = day_zero_vote({1: 8, 2: 3}).vote({i: 8 for i in range(1, 6)}).speeches().vote({i: 8 for i in range(1, 6)})
    assert s.game.phase == "lift_vote"
    s.do(type="lift_vote", for_=6)
    assert s.game.state()["lifted"] == [3, 8] and s.game.speaker == 8
    assert s.game.votes[-1] == {"day": 0, "round": "lift_vote", "for": 6, "voters": 10}   # as the protocol prints it


def test_m4_7_a_unanimous_lift_vote_lifts():
    s = day_zero_vote({1: 8, 2: 3}).vote({i: 8 for i in range(1, 6)}).speeches().vote({i: 8 for i in range(1, 6)})
    s.do(type="lift_vote", for_=10)
    assert s.game.state()["lifted"] == [3, 8]


def test_m4_7_lift_vote_tie_keeps_everybody():
    s = day_zero_vote({1: 8, 2: 3}).vote({i: 8 for i in range(1, 6)}).speeches().vote({i: 8 for i in range(1, 6)})
    s.do(type="lift_vote", for_=5)
    assert (s.game.phase, s.game.state()["lifted"]) == ("night", [])


def test_m4_7_lift_vote_cannot_count_more_than_the_players():
    s = day_zero_vote({1: 10, 2: 3}).vote({}).last_words().night(5).last_words()   # eight players left
    s.speeches({2: 8, 4: 1}).vote({1: 8, 2: 8, 4: 8, 6: 8}).speeches().vote({1: 8, 2: 8, 4: 8, 6: 8})
    assert s.game.step == "lift_vote"
    e = refused(s, "too_many_votes", "M§4.7", type="lift_vote", for_=9)
    assert (e.ru, e.en) == ("за подъём 9, а в игре 8", "9 for lifting but 8 players in the game")


def test_m4_7_narrower_tie_after_shootout_is_a_new_shootout():
    s = Script().speeches().night(10).last_words().speeches({2: 8, 3: 1, 4: 6})   # nine players
    s.vote({1: 8, 2: 8, 3: 8, 4: 1, 5: 1, 6: 1})                                  # 7, 8, 9 absent → 6
    assert (s.game.step, s.game.candidates) == ("shootout_speech", [8, 1, 6])
    s.speeches().vote({1: 8, 2: 8, 3: 8, 4: 8, 5: 1, 6: 1, 7: 1, 8: 1})          # 9 → 6: 4:4:1
    assert (s.game.step, s.game.candidates, s.game.speaker) == ("shootout_speech", [8, 1], 8)
    s.speeches().vote({1: 8, 2: 8, 3: 8, 4: 8, 5: 8})
    assert s.game.state()["lifted"] == [8]


# --- M§4.8 four players --------------------------------------------------------------------------------
def four_left():
    """Day with seats 2 (mafia), 3, 4, 5 left? Built by kills and lifts: blacks 2; reds 3, 4, 5 — 1 vs 3."""
    roles = ("civilian", "mafia", "civilian", "sheriff", "civilian", "civilian", "don", "civilian", "civilian",
             "mafia")
    s = Script(roles=roles)
    s.speeches({1: 7, 2: 10}).vote({i: 7 for i in range(1, 7)}).last_words()          # 7 (Don) lifted
    s.night(1).last_words()                                                           # 1 killed
    s.speeches({2: 10}).vote({}).last_words()                                         # 10 lifted
    s.night(6).last_words()                                                           # 6 killed
    s.speeches({2: 8, 3: 9}).vote({2: 8, 3: 8, 4: 8, 5: 8}).last_words()              # 8 lifted (4:1)
    s.night(9).last_words()                                                           # 9 killed → 2,3,4,5
    return s


def test_m4_8_four_players_tied_shootout_keeps_both_and_night_falls():
    s = four_left()
    assert s.game.in_game == [2, 3, 4, 5] and s.game.winner is None
    s.speeches({3: 2, 4: 5}).vote({2: 5, 3: 2, 4: 2, 5: 5})
    assert s.game.step == "shootout_speech"
    s.speeches().vote({2: 5, 3: 2, 4: 2, 5: 5})
    assert (s.game.phase, s.game.in_game) == ("night", [2, 3, 4, 5])


# --- M§4.9 / M§5.9 removal during a vote --------------------------------------------------------------
def test_m4_9_removal_during_the_vote_cancels_it_and_night_falls():
    s = day_zero_vote({1: 3, 2: 5})
    s.do(type="foul", seat=6, clause="1.8")
    assert (s.game.phase, s.game.day, s.game.state()["removed"], s.game.state()["lifted"]) == ("night", 1, [6], [])


def test_m5_9_removal_during_speeches_cancels_the_days_vote():
    s = Script().do(type="nominate", by=1, target=3).do(type="speech_end", seat=1)
    s.do(type="removal", seat=8, clause="1.4")
    s.speeches({2: 5})
    assert (s.game.phase, s.game.day, s.game.state()["lifted"]) == ("night", 1, [])


def test_m5_9_removal_of_the_night_victim_in_his_last_word_keeps_the_vote():
    s = Script().speeches().night(5)
    s.do(type="removal", seat=5, clause="3.3")
    assert s.game.state()["removed"] == [5] and s.game.step == "speech"
    s.speeches({2: 3, 3: 4}).vote({})
    assert s.game.state()["lifted"] == [4]


def test_m5_9_removal_at_night_cancels_the_next_days_vote():
    s = Script().speeches().do(type="removal", seat=1, clause="1.1").night(None)
    s.speeches({2: 3, 3: 4})
    assert (s.game.phase, s.game.day) == ("night", 2)


def test_m4_8_a_repeated_tie_at_four_players_stays_unless_the_m14_variant_lifts_both():
    from clubdesk.rules.mafia.voting import after_shootout

    assert after_shootout([3, 8], [8, 3], 4) == "stay"
    assert after_shootout([3, 8], [3, 8], 4, lift_two_at_four=True) == "lift_vote"
    assert after_shootout([3, 8], [3, 8], 5) == "lift_vote"
    assert after_shootout([3, 8, 1], [3, 8], 5) == "shootout"
