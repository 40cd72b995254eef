"""Mafia phase model: deal (M-1), night 0 (M§1.6, M§5.1), speaking order (M-3), nominations (M§4.1–4.3), timers."""

import pytest

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.mafia import new_game, parse_event
from clubdesk.rules.mafia.script import PLAYERS, ROLES, Script


def refused(script, code, clause, /, **obj):
    with pytest.raises(IllegalEventError) as info:
        script.do(**obj)
    assert (info.value.code, info.value.clause) == (code, clause)
    return info.value


# --- M-1 deal --------------------------------------------------------------------------------------
def test_m1_deal_with_two_dons_is_refused():
    s = Script(start=False)
    roles = {str(i + 1): r for i, r in enumerate(ROLES)}
    roles["1"] = "don"
    refused(s, "bad_deal", "M-1", type="deal", roles=roles)
    assert s.game.step == "deal"


def test_m1_deal_missing_a_seat_is_malformed():
    with pytest.raises(InvalidEventError):
        parse_event({"type": "deal", "roles": {str(i): "civilian" for i in range(1, 10)}})


def test_m1_unknown_role_is_malformed():
    roles = {str(i + 1): r for i, r in enumerate(ROLES)}
    roles["3"] = "doctor"
    with pytest.raises(InvalidEventError) as info:
        parse_event({"type": "deal", "roles": roles})
    assert info.value.code == "bad_role"


def test_m1_nine_players_are_refused():
    with pytest.raises(InvalidEventError):
        new_game(PLAYERS[:9], {})


def test_nothing_but_the_deal_before_the_deal():
    s = Script(start=False)
    refused(s, "wrong_phase", "M§2.4", type="speech_end", seat=1)
    refused(s, "wrong_phase", "M-6", type="foul", seat=1, clause="2.4")


# --- M§1.6, M§5.1 night 0 ----------------------------------------------------------------------------
def test_m1_6_agreement_runs_a_60_second_clock():
    s = Script(start=False).do(type="deal", roles={str(i + 1): r for i, r in enumerate(ROLES)})
    assert (s.game.phase, s.game.step, s.game.timer()) == ("night", "agreement", 60)


def test_m5_1_no_shots_or_checks_on_night_zero():
    s = Script(start=False).do(type="deal", roles={str(i + 1): r for i, r in enumerate(ROLES)})
    refused(s, "no_checks_night_zero", "M§5.1", type="night", shots={}, sheriff_check=2)


def test_agreement_end_opens_day_zero_at_seat_one():
    s = Script()
    assert (s.game.phase, s.game.day, s.game.speaker, s.game.timer()) == ("day", 0, 1, 60)


# --- M-3 speaking order --------------------------------------------------------------------------------
def test_m3_speech_end_of_another_seat_is_refused():
    s = Script()
    e = refused(s, "not_speaker", "M§2.4", type="speech_end", seat=2)
    assert "seat 1" in e.en


def test_m3_day_zero_speaks_seats_one_to_ten():
    s = Script()
    order = []
    while s.game.step == "speech":
        order.append(s.game.speaker)
        s.do(type="speech_end", seat=s.game.speaker)
    assert order == list(range(1, 11))
    assert s.game.phase == "night" and s.game.day == 1   # no nominees → no vote


def test_m3_day_one_opens_one_seat_further():
    s = Script().speeches().night(None)
    assert (s.game.day, s.game.speaker) == (1, 2)
    s.speeches().night(None)
    assert (s.game.day, s.game.speaker) == (2, 3)


def test_m3_opener_skips_a_player_out_of_the_game():
    s = Script().speeches().night(2)            # seat 2 killed on night 1
    s.last_words()
    assert s.game.speaker == 3


def test_m3_killed_player_is_skipped_in_the_order():
    s = Script().speeches().night(5).last_words()
    order = []
    while s.game.step == "speech":
        order.append(s.game.speaker)
        s.do(type="speech_end", seat=s.game.speaker)
    assert order == [2, 3, 4, 6, 7, 8, 9, 10, 1]


# --- M§4.1–4.3, M§2.16 nominations ------------------------------------------------------------------------
def test_m4_1_only_the_speaker_nominates():
    refused(Script(), "not_speaker", "M§4.1", type="nominate", by=3, target=5)


def test_m4_2_one_nomination_per_speaker():
    s = Script().do(type="nominate", by=1, target=5)
    refused(s, "one_nomination", "M§4.2", type="nominate", by=1, target=6)
    assert s.game.nominable() == []


def test_m4_3_only_players_in_the_game_can_be_nominated():
    s = Script().speeches().night(5).last_words()     # day 1 opens at 2
    refused(s, "target_not_in_game", "M§4.3", type="nominate", by=2, target=5)
    assert 5 not in s.game.nominable()


def test_m2_16_an_accepted_nominee_cannot_be_nominated_again():
    s = Script().do(type="nominate", by=1, target=5).do(type="speech_end", seat=1)
    refused(s, "already_nominated", "M§2.16", type="nominate", by=2, target=5)
    assert s.game.nominable() == [1, 2, 3, 4, 6, 7, 8, 9, 10]


def test_nomination_is_refused_outside_speeches():
    s = Script().speeches({1: 2, 2: 3})
    assert s.game.step == "vote"
    refused(s, "wrong_phase", "M§4.1", type="nominate", by=1, target=4)


# --- timers as data (M§2.5, M§2.6, M§5.4) ---------------------------------------------------------------
def test_m2_5_and_m2_6_timers_speech_60_shootout_30_check_5():
    s = Script()
    assert s.game.timer() == 60                      # M§2.5
    s.speeches({1: 2, 2: 3}).vote({1: 2, 2: 2, 3: 2, 4: 2, 5: 2})
    assert (s.game.step, s.game.timer()) == ("shootout_speech", 30)   # M§2.6
    s.speeches()
    assert (s.game.step, s.game.timer()) == ("revote", None)
    s.vote({i: 2 for i in range(1, 11)}).last_words()
    assert (s.game.step, s.game.timer()) == ("night", 5)             # M§5.4


def test_legal_types_follow_the_step():
    s = Script()
    assert set(s.game.legal_types()) == {"speech_end", "nominate", "foul", "removal", "award_loss", "extra_points", "leave"}
    s.speeches({1: 2, 2: 3})
    assert "vote" in s.game.legal_types() and "nominate" not in s.game.legal_types()
