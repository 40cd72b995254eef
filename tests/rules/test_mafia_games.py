"""Whole Mafia games written out by hand (shootout, lift vote, removal in a vote, four-player removal) and replay."""

import io
import json
from pathlib import Path

from clubdesk.commands.replay import run
from clubdesk.rules.mafia import event_to_json, parse_event
from clubdesk.rules.mafia.script import Script
from clubdesk.rules.record import replay

RECORDS = Path(__file__).parent / "records"
RED = ["1", "3", "4", "5", "6", "8", "10"]


def game_shootout():
    """Black 2, 7 (Don), 9; Sheriff 4. Day 0 shootout lifts 2; nights kill 1 and 4; day votes lift 7, 9."""
    s = Script()
    s.speeches({1: 2, 3: 9}).vote({1: 2, 3: 2, 4: 2, 5: 2, 6: 2})        # 5:5 → shootout (M§4.7)
    s.speeches().vote({1: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2})            # 6:4 → 2 lifted
    s.last_words()
    s.night(1, don=4, sheriff=7)                                       # night 1: 1 killed
    s.do(type="best_move", seat=1, guesses=[7, 9, 2])                  # three blacks: +0.5
    s.last_words()
    s.speeches({3: 7}).vote({})                                        # day 1 opens at 3; 7 lifted
    s.last_words()
    s.night(4)
    s.last_words()
    s.speeches({5: 9}).vote({})                                        # day 2 opens at 5; 9 lifted → red
    return s


def test_before_the_deal_every_seat_scores_nothing():  # M-7
    assert Script(start=False).game.scores() == [0] * 10


def test_whole_game_with_shootout_red_wins():
    st = game_shootout().game.state()
    assert (st["phase"], st["winner"], st["day"]) == ("finished", "red", 2)
    assert st["lifted"] == [2, 7, 9] and st["killed"] == [1, 4]
    assert st["alive"] == [3, 5, 6, 8, 10]
    assert st["checks"] == {"don": {"4": True}, "sheriff": {"7": True}}
    assert st["score"] == {"1": 1.5, "2": 0.0, "3": 1.0, "4": 1.0, "5": 1.0, "6": 1.0, "7": 0.0, "8": 1.0,
                           "9": 0.0, "10": 1.0}
    assert [v["counts"] for v in st["votes"]] == [{"2": 5, "9": 5}, {"2": 6, "9": 4}, {"7": 8}, {"9": 6}]


def test_whole_game_with_lift_vote_black_wins():
    s = Script()
    s.speeches({1: 3, 2: 5}).vote({1: 3, 2: 3, 3: 3, 4: 3, 6: 3})      # 5:5
    s.speeches().vote({1: 3, 2: 3, 3: 3, 4: 3, 6: 3})                  # same split
    assert s.game.phase == "lift_vote"
    s.do(type="lift_vote", for_=6)                                     # 6 > 4: both lifted
    assert s.game.speaker == 3
    s.last_words().night(1).last_words()                              # no best move claimed
    s.speeches({2: 4}).vote({})                                        # 4 lifted: 3 black vs 3 red
    st = s.game.state()
    assert (st["winner"], st["win_reason"], st["speaker"]) == ("black", "M-2", None)
    assert st["lifted"] == [3, 4, 5] and st["killed"] == [1]
    assert [k for k, v in st["score"].items() if v == 1.0] == ["2", "7", "9"]


def test_whole_game_with_removal_during_vote_and_awarded_loss():
    s = Script()
    s.speeches({1: 3, 2: 5})
    s.do(type="foul", seat=6, clause="1.8")                            # removal in the vote → night (M§4.9)
    assert (s.game.phase, s.game.day) == ("night", 1)
    s.night(None).speeches({2: 9, 3: 8}).vote({})
    s.last_words()                                                     # 8 lifted
    s.do(type="award_loss", team="black", clause="1.12")
    s.do(type="extra_points", seat=3, points=0.2, reason="нашёл чёрного")
    st = s.game.state()
    assert (st["winner"], st["removed"], st["lifted"]) == ("red", [6], [8])
    assert st["score"]["6"] == 0.5 and st["score"]["3"] == 1.2 and st["score"]["9"] == 0.0


def test_whole_game_with_removal_at_four_players_gives_the_win_to_the_other_team():
    roles = ("civilian", "mafia", "civilian", "sheriff", "civilian", "civilian", "don", "civilian", "civilian",
             "mafia")
    s = Script(roles=roles)
    s.speeches({1: 7, 2: 10}).vote({i: 7 for i in range(1, 7)}).last_words()
    s.night(1).last_words()
    s.speeches({2: 10}).vote({}).last_words()
    s.night(6).last_words()
    s.speeches({2: 8, 3: 9}).vote({2: 8, 3: 8, 4: 8, 5: 8}).last_words()
    s.night(9).last_words()
    assert s.game.in_game == [2, 3, 4, 5] and s.game.winner is None   # 1 black vs 3 red
    s.do(type="removal", seat=3, clause="1.2")                         # a red leaves at four (M§4.10)
    st = s.game.state()
    assert (st["winner"], st["win_reason"], st["alive"]) == ("black", "M§4.10", [2, 4, 5])
    assert st["score"]["3"] == -0.5 and st["score"]["2"] == 1.0 and st["score"]["4"] == 0.0


# --- M-2 wins ------------------------------------------------------------------------------------------------------
def test_m2_red_wins_when_the_last_black_player_is_lifted_and_he_has_no_last_word():
    s = Script()
    s.speeches({1: 7, 3: 5}).vote({1: 7, 3: 7, 4: 7, 6: 7, 8: 7, 10: 7}).last_words()   # 7 lifted 6:4
    s.night(None).speeches({3: 9}).vote({}).last_words()                              # day 1: 9 lifted
    s.night(None).speeches({4: 2})
    assert (s.game.step, s.game.winner) == ("vote", None)                             # 1 black vs 7 red
    s.vote({})                                                                        # 2 lifted: no black
    st = s.game.state()
    assert (st["phase"], st["winner"], st["win_reason"], st["speaker"]) == ("finished", "red", "M-2", None)
    assert st["lifted"] == [2, 7, 9] and st["alive"] == [int(r) for r in RED]
    assert [k for k, v in st["score"].items() if v == 1.0] == RED


def test_m2_black_wins_at_the_morning_kill_that_leaves_as_many_blacks_as_reds():
    s = Script()
    s.speeches({2: 1, 3: 4}).vote({2: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1}).last_words()     # 1 lifted 6:4
    s.night(3)
    assert (s.game.step, s.game.speaker) == ("last_word", 3)                          # 3 black vs 5 red
    s.last_words().speeches({2: 4}).vote({}).last_words()                             # day 1: 4 lifted
    s.night(5)                                                                        # 3 black vs 3 red
    st = s.game.state()
    assert (st["phase"], st["winner"], st["win_reason"], st["speaker"]) == ("finished", "black", "M-2", None)
    assert (st["killed"], st["lifted"], st["alive"]) == ([3, 5], [1, 4], [2, 6, 7, 8, 9, 10])
    assert [k for k, v in st["score"].items() if v == 1.0] == ["2", "7", "9"]


def test_m2_a_removal_that_leaves_no_black_player_ends_the_game_for_red():
    s = Script().do(type="foul", seat=7, clause="1.5").do(type="removal", seat=9, clause="1.2")
    assert s.game.winner is None                                                       # 1 black vs 7 red
    s.do(type="removal", seat=2, clause="3.3")                                          # eight in the game
    st = s.game.state()
    assert (st["winner"], st["win_reason"], st["removed"]) == ("red", "M-2", [2, 7, 9])
    assert st["score"]["2"] == -0.5 and st["score"]["1"] == 1.0


def test_scoring_option_wins_counts_the_result_only():
    s = Script(options={"scoring": "wins"}).speeches().night(5).do(type="best_move", seat=5, guesses=[2, 7, 9])
    s.do(type="award_loss", team="black", clause="1.12")
    assert s.game.state()["score"]["5"] == 1.0


def test_undo_replays_the_log_minus_the_last_event():
    s = game_shootout()
    before = json.dumps(Script(start=False).game.state())
    n = len(s.game.events)
    for _ in range(n):
        s.game.undo()
    assert json.dumps(s.game.state()) == before


def test_events_round_trip_through_json():
    for obj in game_shootout().events:
        ev = parse_event(obj)
        assert parse_event(event_to_json(ev)) == ev


# --- clubdesk replay --------------------------------------------------------------------------------------------------
def test_record_file_matches_the_hand_written_game():
    record = json.loads((RECORDS / "mafia-shootout.json").read_text(encoding="utf-8"))
    assert record == game_shootout().record()


def test_clubdesk_replay_prints_the_final_state():
    out, err = io.StringIO(), io.StringIO()
    assert run(str(RECORDS / "mafia-shootout.json"), out=out, err=err) == 0
    st = json.loads(out.getvalue())
    assert (st["phase"], st["winner"], st["alive"], st["score"]["1"]) == ("finished", "red", [3, 5, 6, 8, 10], 1.5)
    assert st == replay(game_shootout().record()).state()


def test_clubdesk_replay_stops_at_an_illegal_event_with_index_and_clause():
    out, err = io.StringIO(), io.StringIO()
    assert run(str(RECORDS / "mafia-illegal-nomination.json"), out=out, err=err, lang="en") == 2
    error = json.loads(out.getvalue())["error"]
    assert (error["index"], error["code"], error["clause"]) == (4, "one_nomination", "M§4.2")
    assert "seat 1" in err.getvalue()
