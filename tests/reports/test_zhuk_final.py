"""The Жук final on paper: it is called the final, the top 4 go to it, the rest are out, and it names the winner."""

from clubdesk.reports.base import Meta
from clubdesk.reports.zhuk_tournament import (
    RoundResult,
    StageData,
    TableResult,
    TournamentData,
    build_standings,
    build_tournament,
)
from clubdesk.rules.zhuk import tournament as zt
from tests.reports.pdfcheck import money, text

NAMES = {"a": "Агеев Антон", "b": "Белов Борис", "c": "Власов Виктор", "d": "Галкин Глеб", "e": "Дронов Денис",
         "f": "Ершов Егор", "g": "Жуков Жан"}
# balance at the end of each stage (carry): g is out after stage 1 (0 B, Z§9); after stage 3 a–d are the top 4
ENDS = {1: {"a": 12000, "b": 11000, "c": 10500, "d": 10200, "e": 9000, "f": 8000, "g": 0},
        2: {"a": 13000, "b": 12500, "c": 11000, "d": 9500, "e": 9400, "f": 7000},
        3: {"a": 14000, "b": 13500, "c": 12000, "d": 9800, "e": 9700, "f": 5000}}
FINAL_ENDS = {"a": 11000, "b": 12500, "c": 16000, "d": 9800}  # c wins the final from third place


def _stage(number: int, kind: str, start: dict[str, int], ends: dict[str, int], rounds: int,
           finished: bool = True) -> StageData:
    """`rounds` rounds of the stage; balances stand still until the third (the final: second) round moves them."""
    stage = StageData(number, kind, seed=number * 11)
    last = 2 if kind == "final" else 3
    seats, at = [], 0
    for size in zt.table_sizes(len(ends)):
        seats.append(list(ends)[at:at + size])
        at += size
    for r in range(1, rounds + 1):
        end = ends if r == last else start
        stage.rounds.append(RoundResult(r, 1000 if kind == "final" else 100 * r, 30 if kind == "final" else 10,
                                        [TableResult(i + 1, ps, {p: start[p] for p in ps}, {p: end[p] for p in ps},
                                                     finished) for i, ps in enumerate(seats)]))
        start = {p: end[p] for p in start}
    return stage


def tournament(stage3_rounds: int = 3, final_rounds: int = 0) -> TournamentData:
    """Stages 1–2 played, stage 3 with `stage3_rounds` rounds, the final with `final_rounds` (0: not drawn)."""
    stages = [_stage(1, "stage", dict.fromkeys(ENDS[1], 10000), ENDS[1], 3),
              _stage(2, "stage", {p: ENDS[1][p] for p in ENDS[2]}, ENDS[2], 3),
              _stage(3, "stage", {p: ENDS[2][p] for p in ENDS[3]}, ENDS[3], stage3_rounds)]
    if final_rounds:
        stages.append(_stage(4, "final", {p: ENDS[3][p] for p in FINAL_ENDS}, FINAL_ENDS, final_rounds))
    return TournamentData("Кубок весны", {"bankroll": "carry", "settlement": "previous"}, stages)


def flat(pdf: bytes) -> str:
    return " ".join(text(pdf).split())


META = Meta(names=NAMES, date="01.04.2026")


def test_the_final_document_calls_its_draw_the_draw_of_the_final_not_of_stage_4():
    data = tournament(final_rounds=2)
    ru, en = flat(build_tournament(data, META, stage=4)), flat(build_tournament(data, META, "en", stage=4))
    assert "Жеребьёвка финала" in ru and "этапа 4" not in ru
    assert "Draw of the final" in en and "stage 4" not in en


def test_standings_head_the_final_column_final():
    data = tournament(final_rounds=2)
    assert "Этап 3 Финал Сумма" in flat(build_standings(data, META))
    assert "Stage 3 Final Amount" in flat(build_standings(data, META, "en"))


def _row(p: str, stage: int, status: str) -> str:
    """A player's line in a stage's balances table as pypdf reads it."""
    return f"{NAMES[p]} {money(ENDS[stage][p])} {status}"


def _standing(p: str, status: str, final: int | None = None) -> str:
    """A player's line in the standings: rating, stages 1–3, the final if played, the amount ranked by, status."""
    amounts = [ENDS[n][p] for n in (1, 2, 3)] + ([final] if final is not None else [])
    return " ".join([NAMES[p], "1000", *map(money, amounts), money(amounts[-1]), status])


def test_after_stage_3_the_top_4_go_to_the_final_and_everybody_else_is_out():
    data = tournament()
    stage3 = flat(build_tournament(data, META, stage=3))
    for p in "abcd":
        assert _row(p, 3, "в финал") in stage3
    for p in "ef":
        assert _row(p, 3, "выбыл (не в первой четвёрке, п. 6.3)") in stage3
    assert "продолжает" not in stage3
    standings = flat(build_standings(data, META))
    assert all(_standing(p, "в финал") in standings for p in "abcd")
    assert all(_standing(p, "выбыл: не в финале") in standings for p in "ef")
    assert "Победитель турнира" not in standings  # no final yet
    assert _row("e", 3, "out (not in the top 4, rule 6.3)") in flat(build_tournament(data, META, "en", stage=3))


def test_while_stage_3_is_played_nobody_is_sent_to_the_final_or_out_of_it():
    stage3 = flat(build_tournament(tournament(stage3_rounds=2), META, stage=3))
    assert all(f"{NAMES[p]} {money(ENDS[2][p])} продолжает" in stage3 for p in "abcdef")
    assert "в финал" not in stage3 and "не в топ-4" not in stage3


def test_after_the_final_its_document_lists_the_places_and_names_the_tournament_winner():
    data = tournament(final_rounds=2)
    final = flat(build_tournament(data, META, stage=4))
    assert "Места в финале" in final and "Победитель турнира: Власов Виктор" in final
    for place, p, status in ((1, "c", "победитель турнира"), (2, "b", "финалист"), (3, "a", "финалист"),
                             (4, "d", "финалист")):
        assert f"{place} {NAMES[p]} {money(FINAL_ENDS[p])} {status}" in final
    assert "продолжает" not in final
    assert "Tournament winner: Власов Виктор" in flat(build_tournament(data, META, "en", stage=4))


def test_after_the_final_the_standings_name_the_winner_first_and_keep_the_others_out():
    standings = flat(build_standings(tournament(final_rounds=2), META))
    assert "Победитель турнира: Власов Виктор" in standings
    assert "1 " + _standing("c", "победитель турнира", FINAL_ENDS["c"]) in standings
    assert all(_standing(p, "финалист", FINAL_ENDS[p]) in standings for p in "abd")
    assert all(_standing(p, "выбыл: не в финале") in standings for p in "ef")


def test_a_final_not_yet_over_names_no_winner():
    unfinished = tournament(final_rounds=2)
    unfinished.stages[-1].rounds[-1].tables[0].finished = False
    for data in (tournament(final_rounds=1), unfinished):
        for pdf in (build_tournament(data, META, stage=4), build_standings(data, META)):
            out = flat(pdf)
            assert "Победитель турнира: не определён — финал не окончен" in out
            assert "победитель турнира" not in out and "Победитель турнира: Власов" not in out
