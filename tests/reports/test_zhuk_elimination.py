"""Z§9 on paper: a player at ≤ 0 is out only when the stage ends; mid-stage the sheet says he may win his way back."""

from clubdesk.reports.zhuk_tournament import TournamentData, build_standings, build_tournament
from tests.reports.test_zhuk_final import ENDS, META, _stage, flat

START = dict.fromkeys(ENDS[1], 10000)


def stage_one(rounds: int) -> TournamentData:
    """Stage 1 of the same club, `rounds` of its three rounds played; g ends it at 0 B."""
    return TournamentData("Кубок весны", {"bankroll": "carry", "settlement": "previous"},
                          [_stage(1, "stage", START, {**ENDS[1], "g": 0}, rounds)])


def test_mid_stage_a_player_at_zero_is_warned_not_out():  # Z§9
    data = stage_one(rounds=3)
    data.stages[0].rounds[-1].tables[-1].finished = False  # the last table is still playing
    sheet = flat(build_tournament(data, META, stage=1))
    assert "выйдет в плюс к концу этапа (п. 9)" in sheet and "выбыл" not in sheet
    assert "выбыл" not in flat(build_standings(data, META))


def test_when_the_stage_ends_a_player_at_zero_is_out():  # Z§9
    data = stage_one(rounds=3)
    assert "Жуков Жан 0 выбыл (баланс ≤ 0, п. 9)" in flat(build_tournament(data, META, stage=1))
    assert "Жуков Жан 1000 0 0 выбыл на этапе 1" in flat(build_standings(data, META))  # rating 1000, 0 B


def test_a_stage_closed_early_by_the_next_stage_counts_as_ended():  # Z§9
    data = stage_one(rounds=3)
    del data.stages[0].rounds[1]  # two rounds played (g at 0 after the second), then the organiser drew stage 2
    data.stages.append(_stage(2, "stage", {p: v for p, v in ENDS[1].items() if p != "g"},
                              {p: v for p, v in ENDS[1].items() if p != "g"}, 1))
    assert "Жуков Жан 0 выбыл (баланс ≤ 0, п. 9)" in flat(build_tournament(data, META, stage=1))
