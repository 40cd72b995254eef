"""Each foul, trick, reason and cue-ball state of Пирамидка has its own words (ui/pyramid/text.py), whichever one a
shot names."""

from clubdesk.ui.pyramid import text

REASONS = {"counted": "засчитано", "nothing": "ничего не забито", "foul": "штраф", "cue_off_table": "биток за бортом",
           "cue_not_as_called": "биток не по заказу", "double_failed": "двойной заказ не выполнен",
           "straight_from_hand": "прямой с руки не засчитан", "trick": "приём засчитан", "conceded": "сдача"}


def test_a_shot_names_its_own_foul_trick_and_reason_and_the_header_its_cue_ball_state():
    fouls = text.foul_names()
    assert fouls == {"miss": "промах", "not_cue_ball": "удар не по битку", "touch": "туш (касание шара)",
                     "rebound": "отыгрыш", "double_hit": "двойной удар", "push": "пропих / нажим"}
    for key, words in fouls.items():
        assert text.describe({"type": "shot", "foul": key}) == f"штраф: {words}"
    assert text.trick_names() == {"carom3": "карамболь на №10", "rocambole3": "рокамболь на №10"}
    for key, words in text.trick_names().items():
        assert text.describe({"type": "shot", "trick": key}) == words
    for key, words in REASONS.items():
        assert text.result({"reason": key}) == words
    assert text.result({"reason": "cue_off_table", "penalty": "debt"}) == "биток за бортом; долг +1"
    assert text.result({"reason": "a_newer_reason"}) == "a_newer_reason"  # a code this desk has no words for
    assert [text.in_hand(v) for v in (None, "restricted", "free")] == \
        ["нет", "с руки, с ограничением (P§15)", "с руки, свободно (P§16)"]
