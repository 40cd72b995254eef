"""The Пирамидка match protocol against the engine: every shot row names its shooter and prints the score after
that shot as the engine computes it replaying the same record (player A's points first, as in the header)."""

import pytest

from clubdesk.reports import Meta, build_record_pdf
from clubdesk.rules.record import replay
from tests.reports.fill import record
from tests.reports.pdftable import table_rows

NAMES = {"A": "Иванов Алексей", "B": "Смирнова Ольга"}
LOG = ["№", "Игрок", "Заказ", "Упали", "Фол", "Итог удара", "Счёт"]
FINAL = ["Игрок", "Полка", "Долг", "Очки"]


def quiet_shot(player: str) -> dict:
    return {"type": "shot", "player": player, "call": [], "potted": [], "off_table": [], "touched_control": False,
            "trick": None, "foul": None}


def long_match() -> dict:
    """The recorded match with 80 quiet shots after its 8th: rows over several pages, the score standing still."""
    rec = record("pyramid100-match.json")
    head, tail = rec["events"][:8], rec["events"][8:]
    to_move = replay(dict(rec, events=head)).to_move
    other = "B" if to_move == "A" else "A"
    quiet = [quiet_shot(to_move if i % 2 == 0 else other) for i in range(80)]  # even: the turn comes back
    return dict(rec, events=head + quiet + tail)


def engine_scores(rec: dict) -> list[tuple[str, str, int, int]]:
    """Per event: its number, its player, and A's and B's points after it."""
    out = []

    def on_event(index: int, engine) -> None:
        ev = rec["events"][index]
        out.append((str(index + 1), ev["player"], engine.scores["A"], engine.scores["B"]))

    replay(rec, on_event)
    return out


@pytest.mark.parametrize("rec", [record("pyramid100-match.json"), long_match()], ids=["recorded", "over-80-rows"])
def test_every_shot_row_prints_its_player_and_the_score_after_it_of_the_engine(rec):
    rows = table_rows(build_record_pdf(rec, Meta(names=NAMES)), LOG)
    expected = engine_scores(rec)
    assert len(rows) == len(rec["events"])
    assert [(r["№"], r["Игрок"], r["Счёт"]) for r in rows] == [
        (n, NAMES[p], f"{a}:{b}") for n, p, a, b in expected]
    assert any(a != b for _, _, a, b in expected)  # a swapped A:B column cannot read the same


def test_final_table_prints_each_players_shelf_debt_and_points_of_the_engine():
    rec = record("pyramid100-match.json")
    engine = replay(rec)
    rows = table_rows(build_record_pdf(rec, Meta(names=NAMES)), FINAL)
    assert rows == [{"Игрок": NAMES[p], "Полка": ", ".join(map(str, sorted(engine.shelves[p]))) or "—",
                     "Долг": str(engine.debts[p]), "Очки": str(engine.scores[p])} for p in ("A", "B")]
