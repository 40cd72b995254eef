"""Mafia nights (M§5.2–5.6, best move M-7) and discipline (M-6, M§1.10, M§1.12, M§4.10, M§5.7–5.10), catalogue."""

import re
from pathlib import Path

import pytest

from clubdesk.rules.errors import IllegalEventError
from clubdesk.rules.mafia.clauses import CATALOGUE, foul_picker
from clubdesk.rules.mafia.script import Script

#: The club's rules text, kept in the repository (docs/rules/sources; tests/rules/test_rule_sources.py).
SEED = Path(__file__).resolve().parents[2] / "docs" / "rules" / "sources" / "mafia-maestro-rules.ru.txt"


def refused(script, code, clause, /, **obj):
    with pytest.raises(IllegalEventError) as info:
        script.do(**obj)
    assert (info.value.code, info.value.clause) == (code, clause)
    return info.value


def night_one():
    return Script().speeches()


# --- M§5.6 shots --------------------------------------------------------------------------------------
def test_m5_6_agreeing_shots_kill_and_the_victim_gets_a_morning_last_word():
    s = night_one().night(5)
    assert (s.game.phase, s.game.speaker, s.game.state()["killed"]) == ("last_word", 5, [5])


def test_m5_6_shots_at_different_seats_are_a_miss():
    s = night_one().night(None, shots={2: 5, 7: 5, 9: 6})
    assert (s.game.phase, s.game.state()["killed"], s.game.speaker) == ("day", [], 2)


def test_m5_6_a_black_player_not_shooting_is_a_miss():
    s = night_one().night(None, shots={2: 5, 7: 5})
    assert s.game.state()["killed"] == []


def test_m5_6_a_red_player_cannot_shoot():
    refused(night_one(), "not_a_shooter", "M§5.6", type="night", shots={"2": 5, "7": 5, "9": 5, "3": 5})


# --- M§5.2 checks --------------------------------------------------------------------------------------
def test_m5_2_don_and_sheriff_checks_are_answered_and_kept():
    s = night_one().night(None, don=4, sheriff=2).speeches().night(None, don=3, sheriff=5)
    assert s.game.state()["checks"] == {"don": {"4": True, "3": False}, "sheriff": {"2": True, "5": False}}


def test_m5_2_a_dead_sheriff_cannot_check():
    s = night_one().night(4).last_words().speeches()
    refused(s, "checker_not_in_game", "M§5.2", type="night", shots={}, sheriff_check=2)


def test_m5_2_m9_the_don_and_the_sheriff_checking_their_own_seats_are_answered_as_for_any_seat():
    # M-9 «any seat»: a refusal of the checker's own seat would tell the table where he sits (issue 34 item 6).
    s = night_one().night(None, don=7, sheriff=4)
    assert s.game.state()["checks"] == {"don": {"7": False}, "sheriff": {"4": False}}


def test_m5_2_a_dead_checker_refused_names_no_seat():
    s = night_one().night(4).last_words().speeches()
    e = refused(s, "checker_not_in_game", "M§5.2", type="night", shots={}, sheriff_check=2)
    assert not re.search(r"\d", e.ru + e.en), (e.ru, e.en)


# --- M§5.3, M§5.4 a check shown badly or late is not answered ------------------------------------------------
def test_m5_3_a_check_the_host_does_not_answer_is_recorded_without_an_answer():
    # The Don did not show a seat on his fingers, so the host does not answer him; the Sheriff is answered.
    s = night_one().night(5, sheriff=7)
    assert s.game.state()["checks"] == {"don": {}, "sheriff": {"7": True}}
    assert s.game.state()["killed"] == [5]                 # the night itself goes on
    s.last_words().speeches().do(type="night", shots={"2": 6, "7": 6, "9": 6})   # both checks left out
    assert s.game.state()["checks"] == {"don": {}, "sheriff": {"7": True}} and s.game.state()["killed"] == [5, 6]


# --- M§5.5 Don and Sheriff must go to sleep at once --------------------------------------------------------
def test_m5_5_don_removed_for_not_sleeping_loses_his_check_and_his_shot():
    s = night_one().do(type="removal", seat=7, clause="5.5")
    st = s.game.state()
    assert (st["removed"], st["removals"], st["club_ban_flags"]) == ([7], [{"seat": 7, "clause": "5.5"}], [])
    assert st["score"]["7"] == -0.5 and s.game.step == "night"          # no last word (M§5.8)
    refused(s, "checker_not_in_game", "M§5.2", type="night", shots={"2": 5, "9": 5}, don_check=4)
    refused(s, "not_a_shooter", "M§5.6", type="night", shots={"2": 5, "7": 5, "9": 5})
    s.night(5)                                                           # 2 and 9 are the black players left
    assert s.game.state()["killed"] == [5]


def test_m5_5_sheriff_removed_at_night_cancels_the_next_days_vote():
    s = night_one().do(type="removal", seat=4, clause="5.5").night(None)
    s.speeches({2: 3, 3: 5})                                             # M§5.9: no vote
    assert (s.game.phase, s.game.day, s.game.state()["lifted"]) == ("night", 2, [])


def test_m5_5_removes_only_the_don_or_the_sheriff():
    s = night_one()
    for seat in (1, 2, 5):  # a civilian and a mafioso: 5.5 is about the two who check at night
        refused(s, "not_don_or_sheriff", "M§5.5", type="removal", seat=seat, clause="5.5")
    assert s.game.state()["removals"] == []


def test_m5_5_is_a_removal_clause_not_a_foul_and_m5_4_removes_nobody():
    refused(Script(), "not_a_foul_clause", "M-6", type="foul", seat=7, clause="5.5")
    refused(Script(), "not_a_removal_clause", "M-6", type="removal", seat=7, clause="5.4")



def test_m5_5_is_in_the_hosts_clause_picker_and_records_a_removal_the_foul_clauses_a_foul():
    """The desk's panel and the phone offer one clause picker (`discipline_picker`): every foul clause (groups I–III)
    records a `foul` with its reason, M§5.5 — no foul — a `removal`, which the engine accepts for the Don alone."""
    from clubdesk.rules.mafia.clauses import FOUL_CLAUSES, discipline_picker
    from clubdesk.rules.mafia.host import discipline_event

    numbers = [c.number for c in discipline_picker()]
    assert set(numbers) == FOUL_CLAUSES | {"5.5"} and numbers.index("5.5") > numbers.index("3.6")
    assert discipline_event(7, "2.4", " мешал ") == {"type": "foul", "seat": 7, "clause": "2.4", "reason": "мешал"}
    assert discipline_event(7, "1.8") == {"type": "foul", "seat": 7, "clause": "1.8"}
    assert discipline_event(7, "5.5", "не заснул") == {"type": "removal", "seat": 7, "clause": "5.5"}
    s = night_one().do(**discipline_event(7, "5.5"))
    assert s.game.state()["removals"] == [{"seat": 7, "clause": "5.5"}]


# --- M-7 best move -------------------------------------------------------------------------------------
def test_m7_best_move_three_blacks_scores_half_a_point():
    s = night_one().night(5).do(type="best_move", seat=5, guesses=[2, 7, 9])
    assert s.game.state()["score"]["5"] == 0.5


def test_m7_best_move_two_blacks_scores_three_tenths():
    s = night_one().night(5).do(type="best_move", seat=5, guesses=[2, 7, 1])
    assert s.game.state()["score"]["5"] == 0.3


def test_m7_best_move_of_a_black_victim_scores_nothing_but_is_kept():
    s = night_one().night(2).do(type="best_move", seat=2, guesses=[7, 9, 1])   # 2 is black; 7 and 9 too
    assert s.game.state()["score"]["2"] == 0 and s.game.best_guesses[2] == (7, 9, 1)


def test_m7_best_move_only_for_the_first_night_victim():
    s = night_one().night(None).speeches().night(5)
    e = refused(s, "no_best_move", "M-7", type="best_move", seat=5, guesses=[2, 7, 9])
    assert e.ru == "лучший ход только у убитого в первую ночь в его последнем слове (место 5)"
    assert e.en == "best move belongs to the first-night victim during his last word (seat 5)"


def test_m7_best_move_naming_oneself_is_refused():
    e = refused(night_one().night(5), "self_guess", "M-7", type="best_move", seat=5, guesses=[2, 5, 9])
    assert (e.ru, e.en) == ("место 5 называет себя", "seat 5 names himself")


def test_m7_best_move_only_once():
    s = night_one().night(5).do(type="best_move", seat=5, guesses=[2, 7, 9])
    refused(s, "no_best_move", "M-7", type="best_move", seat=5, guesses=[2, 7, 9])


def test_m7_extra_points_need_a_reason():
    from clubdesk.rules.errors import InvalidEventError
    with pytest.raises(InvalidEventError) as info:
        Script().do(type="extra_points", seat=3, points=0.2, reason=" ")
    assert info.value.code == "missing_reason"


# --- M§5.7 three fouls -----------------------------------------------------------------------------------
def test_m5_7_third_foul_before_his_minute_skips_todays_speech():
    s = Script()
    for _ in range(3):
        s.do(type="foul", seat=4, clause="2.4")
    assert s.game.state()["muted"] == [4]
    order = []
    while s.game.step == "speech":
        order.append(s.game.speaker)
        s.do(type="speech_end", seat=s.game.speaker)
    assert 4 not in order and len(order) == 9
    s.night(None)
    assert s.game.muted_today() == []          # only the current day


def test_m5_7_third_foul_after_his_minute_skips_the_next_day():
    s = Script()
    for _ in range(3):
        s.do(type="speech_end", seat=s.game.speaker)
    for _ in range(3):
        s.do(type="foul", seat=2, clause="2.3")
    assert s.game.muted_today() == []
    s.speeches().night(None)
    assert s.game.muted_today() == [2] and s.game.speaker == 3   # day 1 would open at 2


def test_m5_7_muted_player_keeps_his_last_word():
    s = Script()
    for _ in range(3):
        s.do(type="foul", seat=5, clause="2.2")
    s.speeches().night(5)
    assert (s.game.step, s.game.speaker) == ("last_word", 5)


# --- M§1.10, M§5.8 fourth foul -------------------------------------------------------------------------
def test_m1_10_fourth_foul_removes_without_last_word():
    s = Script()
    for _ in range(4):
        s.do(type="foul", seat=6, clause="2.9")
    st = s.game.state()
    assert st["removed"] == [6] and st["removals"] == [{"seat": 6, "clause": "1.10"}]
    assert st["score"]["6"] == -0.5 and s.game.step == "speech"


def test_m5_8_fourth_foul_in_the_last_word_ends_it():
    s = night_one().night(5)
    for _ in range(4):
        s.do(type="foul", seat=5, clause="2.15")
    assert s.game.state()["removed"] == [5] and s.game.step == "speech"


# --- M§5.10 in the game until the host announces the leaving ------------------------------------------------
def test_m5_10_a_lifted_player_is_in_the_game_during_his_last_word_and_out_after_it():
    s = Script().speeches({1: 3, 2: 5}).vote({})                         # 5 lifted, his last word
    s.do(type="foul", seat=5, clause="2.4")
    assert s.game.state()["fouls"] == {"5": 1}
    s.do(type="last_word_end", seat=5)
    refused(s, "not_in_game", "M§5.10", type="foul", seat=5, clause="2.4")
    refused(s, "not_in_game", "M§5.10", type="removal", seat=5, clause="1.2")
    assert s.game.state()["fouls"] == {"5": 1} and s.game.state()["removed"] == []


# --- M-6 groups ---------------------------------------------------------------------------------------------
def test_m6_group_one_foul_removes_at_once():
    s = Script().do(type="foul", seat=3, clause="1.5")
    assert s.game.state()["removed"] == [3] and s.game.state()["club_ban_flags"] == []


def test_m6_group_three_removes_and_flags_a_club_ban():
    s = Script().do(type="foul", seat=3, clause="3.3")
    assert s.game.state()["removed"] == [3]
    assert s.game.state()["club_ban_flags"] == [{"seat": 3, "clause": "3.3"}]


def test_m6_group_three_after_leaving_only_flags_a_ban():
    s = Script().do(type="foul", seat=3, clause="1.2").do(type="foul", seat=3, clause="3.4")
    assert s.game.state()["club_ban_flags"] == [{"seat": 3, "clause": "3.4"}]
    refused(s, "not_in_game", "M§5.10", type="foul", seat=3, clause="2.4")


def test_m6_procedure_clause_is_not_a_foul():
    refused(Script(), "not_a_foul_clause", "M-6", type="foul", seat=3, clause="4.2")


def test_m6_removal_needs_a_removal_clause():
    refused(Script(), "not_a_removal_clause", "M-6", type="removal", seat=3, clause="2.4")


def seed_clauses() -> dict[str, str]:
    """Clause number → its section (I…V) as numbered in the seed text (M§1.1 … M§5.10)."""
    clauses, section = {}, None
    for line in SEED.read_text(encoding="utf-8").splitlines():
        head = re.match(r"(I|II|III|IV|V)(\s|$)", line)
        if head:
            section = head.group(1)
        number = re.match(r"(\d+\.\d+)\.\s", line)
        if number:
            assert number.group(1) not in clauses, f"clause {number.group(1)} twice in the seed"
            clauses[number.group(1)] = section
    return clauses


def test_m6_catalogue_lists_every_seed_clause_with_group_and_texts():
    seed = seed_clauses()
    assert len(seed) == 56                                       # the seed parsed: 12 + 17 + 6 + 11 + 10
    assert list(CATALOGUE) == list(seed)                         # the same numbers, in the seed's order
    assert {n: c.group for n, c in CATALOGUE.items()} == seed    # each in the section that numbers it
    assert CATALOGUE["2.4"].group == "II" and CATALOGUE["3.2"].group == "III"
    assert [c.number for c in foul_picker("III")] == ["3.1", "3.2", "3.3", "3.4", "3.5", "3.6"]
    assert all(c.ru and c.en for c in CATALOGUE.values())


# --- M§1.12 awarded loss, M§4.10 removal at four players ---------------------------------------------------------
def test_m1_12_host_awards_a_loss_to_black():
    s = Script().do(type="award_loss", team="black", clause="1.12")
    st = s.game.state()
    assert (st["phase"], st["winner"], st["win_reason"]) == ("finished", "red", "M§1.12")
    assert st["score"]["1"] == 1.0 and st["score"]["2"] == 0.0


def test_m1_12_host_awards_a_loss_to_red():
    st = Script().do(type="award_loss", team="red", clause="1.12").game.state()
    assert (st["phase"], st["winner"], st["win_reason"]) == ("finished", "black", "M§1.12")
    assert st["score"]["2"] == 1.0 and st["score"]["1"] == 0.0


def test_m1_12_award_loss_needs_clause_1_12():
    e = refused(Script(), "bad_clause", "M§1.12", type="award_loss", team="red", clause="1.3")
    assert (e.ru, e.en) == ("поражение присуждается только по п. 1.12, не 1.3", "a loss is awarded only under 1.12, not 1.3")


def four_in_game():
    """Day 0 with seats 2 (mafia), 6, 8, 10 in the game — 1 black against 3 red, so M-2 does not end it.

    The Don 7 and the mafia 9, then 1, 3, 4, 5 leave the table (M§1.2); the sixth removal is at five
    players, so M§4.10 does not apply yet.
    """
    s = Script()
    for seat in (7, 9, 1, 3, 4, 5):
        s.do(type="removal", seat=seat, clause="1.2")
    assert (s.game.in_game, s.game.winner, s.game.phase) == ([2, 6, 8, 10], None, "day")
    return s


def test_m4_10_a_red_player_leaving_at_four_gives_black_the_win():
    s = four_in_game().do(type="removal", seat=6, clause="1.2")
    st = s.game.state()
    assert (st["phase"], st["winner"], st["win_reason"], st["alive"]) == ("finished", "black", "M§4.10", [2, 8, 10])
    # 1 black against 2 red would not end the game by M-2. The removed blacks share the win, less 0.5 (M-7).
    assert (st["score"]["2"], st["score"]["7"], st["score"]["6"], st["score"]["8"]) == (1.0, 0.5, -0.5, 0.0)


def test_m4_10_the_black_player_removed_at_four_gives_red_the_win():
    s = four_in_game().do(type="foul", seat=2, clause="3.3")
    st = s.game.state()
    assert (st["winner"], st["win_reason"], st["alive"]) == ("red", "M§4.10", [6, 8, 10])
    assert st["club_ban_flags"] == [{"seat": 2, "clause": "3.3"}]


def test_m4_10_a_fourth_foul_at_four_players_decides_the_game_too():
    s = four_in_game()
    for _ in range(3):
        s.do(type="foul", seat=8, clause="2.4")
    assert s.game.winner is None
    s.do(type="foul", seat=8, clause="2.4")
    assert (s.game.winner, s.game.win_reason, s.game.state()["removals"][-1]) == (
        "black", "M§4.10", {"seat": 8, "clause": "1.10"})


def test_m4_10_removal_at_four_during_a_vote_ends_the_game_instead_of_night():
    s = four_in_game().speeches().night(None).speeches({6: 8, 8: 10})   # day 0 vote cancelled (M§5.9)
    assert (s.game.step, s.game.day) == ("vote", 1)
    s.do(type="removal", seat=10, clause="1.4")                          # M§4.9 would make it night
    assert (s.game.phase, s.game.winner, s.game.win_reason, s.game.day) == ("finished", "black", "M§4.10", 1)


# --- M§4.10 with M§5.10: the last-word speaker is one of the four (D-10, issue 28) ------------------------------
def lifted_at_four(seat):
    """Day 1 with seats 2 (mafia), 6, 8, 10 in the game; `seat` is voted out and says his last word."""
    s = four_in_game().speeches().night(None)
    s.speeches({s.game.speaker: seat}).vote({})
    assert (s.game.step, s.game.speaker, len(s.game.in_game)) == ("last_word", seat, 3)
    return s


@pytest.mark.parametrize("how", [{"type": "removal", "clause": "1.3"}, {"type": "foul", "clause": "3.3"},
                                 {"type": "leave"}])
def test_m4_10_a_red_player_lifted_and_removed_in_his_last_word_at_four_gives_black_the_win(how):
    s = lifted_at_four(8).do(seat=8, **how)
    st = s.game.state()
    # M§5.10: the speaker is in the game, so four remained; M-2 alone (1 black against 2 red) would not end it.
    assert (st["phase"], st["winner"], st["win_reason"], st["alive"]) == ("finished", "black", "M§4.10", [2, 6, 10])
    assert st["score"]["8"] == -0.5 and st["score"]["2"] == 1.0


def test_m4_10_a_fourth_foul_in_the_last_word_at_four_decides_the_game_too():
    s = four_in_game()
    for _ in range(3):
        s.do(type="foul", seat=10, clause="2.4")
    s.speeches().night(None)
    s.speeches({s.game.speaker: 10}).vote({})
    assert (s.game.step, s.game.speaker) == ("last_word", 10)   # a third foul keeps the last word (M§5.7)
    s.do(type="foul", seat=10, clause="2.4")
    assert (s.game.winner, s.game.win_reason, s.game.state()["removals"][-1]) == (
        "black", "M§4.10", {"seat": 10, "clause": "1.10"})


def test_m5_10_the_night_victim_in_his_morning_last_word_counts_among_the_four():
    s = four_in_game().speeches().night(6)
    assert (s.game.step, s.game.speaker, s.game.in_game) == ("last_word", 6, [2, 8, 10])
    s.do(type="removal", seat=6, clause="1.4")
    assert (s.game.phase, s.game.winner, s.game.win_reason) == ("finished", "black", "M§4.10")


def test_m5_10_at_five_with_the_speaker_his_removal_decides_nothing_and_cancels_the_next_vote():
    s = Script()
    for seat in (7, 9, 1, 3, 4):
        s.do(type="removal", seat=seat, clause="1.2")
    s.speeches().night(None)
    s.speeches({s.game.speaker: 5}).vote({})
    assert (s.game.step, s.game.speaker, s.game.in_game) == ("last_word", 5, [2, 6, 8, 10])
    s.do(type="removal", seat=5, clause="1.3")       # four in the game plus the speaker: five remained
    assert (s.game.phase, s.game.winner, 5 in s.game.state()["removed"]) == ("night", None, True)
    s.night(None).speeches({s.game.speaker: 8})
    assert (s.game.phase, s.game.day, s.game.state()["lifted"]) == ("night", 3, [])   # M-10: no vote on day 2
