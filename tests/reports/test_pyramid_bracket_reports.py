"""The printed bracket and the Excel of a Пирамидка tournament hold the screen's numbers."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from clubdesk.reports.bracket_layout import layout
from clubdesk.reports.pyramid_bracket import _cuts, _plan, build_bracket_pdf, sheets_needed
from clubdesk.reports.pyramid_bracket_xlsx import bracket_workbook
from clubdesk.rules.pyramid100.bracket import Draw, Enter, GameWon, new_game
from tests.reports.pdfcheck import fonts, read, text
from tests.rules.test_pyramid100_bracket import HAND_16, entered, p, play_by_hand, win


def played_16():
    t = entered(16, format="double")
    play_by_hand(t, HAND_16)
    return t


def names(t) -> dict[str, str]:
    return {pid: f"Игрок {pid[1:]}" for pid in t.entries}


def test_the_printed_sixteen_player_bracket_is_one_sheet_with_every_bout_and_score():
    t = played_16()
    pdf = build_bracket_pdf(layout(t.state(), names(t)), "Кубок декабря", "двойное выбывание · зерно 42")
    assert len(read(pdf).pages) == 1 and all(fonts(pdf).values())
    words = text(pdf)
    assert "Кубок декабря" in words and "зерно 42" in words
    for code in HAND_16:
        assert code in words
    for pid in t.entries:
        assert f"Игрок {pid[1:]}" in words
    assert "Суперфинал" in words and "Нижняя сетка" in words


def test_a_64_player_bracket_is_cut_into_sheets_between_rounds_and_mostly_between_boxes():
    t = new_game([], {"format": "double"})
    for i in range(64):
        t.apply(Enter(f"x{i:02d}"))
    t.apply(Draw("random", 3))
    d = layout(t.state(), {})
    pdf = build_bracket_pdf(d, "64", "")
    _scale, cols, rows = _plan(d)
    assert len(read(pdf).pages) == sheets_needed(d) == (len(cols) - 1) * (len(rows) - 1) > 1
    xs, ys = [(r.x, r.x + r.w) for r in d.rects], [(r.y, r.y + r.h) for r in d.rects]
    assert all(not any(a < cut < b for a, b in xs) for cut in cols[1:-1])  # never through a round
    crossed = [sum(1 for a, b in ys if a < cut < b) for cut in rows[1:-1]]
    assert max(crossed) <= 1, crossed  # the rounds are staggered: a line clear of every box may not exist


def test_cuts_cross_the_fewest_spans_and_cut_a_span_longer_than_the_room():
    assert _cuts([(0, 40), (50, 90), (100, 140)], 140, 95) == [0.0, 90, 140]
    assert _cuts([(0, 60), (30, 90), (100, 140)], 140, 95) == [0.0, 90, 140]
    assert _cuts([(0, 300)], 300, 100) == [0.0, 100, 200, 300]


def test_the_workbook_holds_the_bracket_numbers_as_on_screen():
    t = played_16()
    state = t.state()
    wb = load_workbook(io.BytesIO(bracket_workbook(state, names(t))))
    rows = list(wb["Сетка"].iter_rows(values_only=True))
    assert rows[0][:3] == ("Встреча", "Раунд", "До побед")
    by_code = {r[0]: r for r in rows[1:]}
    for b in state["bouts"]:
        row = by_code[b["code"]]
        assert row[2] == b["race"] and (row[5], row[6]) == tuple(b["wins"])  # numbers, not text
        assert row[7] == names(t)[b["winner"]]
    places = {r[1]: r[0] for r in list(wb["Места"].iter_rows(values_only=True))[1:]}
    assert places == {names(t)[pid]: place for pid, place in state["places"].items()}


def test_the_workbook_has_each_group_table_in_its_order():
    t = entered(8, format="groups", groups=2, advance=2)
    win(t, "A-1", p(8), 1)
    t.apply(GameWon("A-2", p(4)))
    state = t.state()
    wb = load_workbook(io.BytesIO(bracket_workbook(state, {}, "en")))
    assert wb.sheetnames == ["Bracket", "Group A", "Group B"]
    rows = list(wb["Group A"].iter_rows(values_only=True))[1:]
    table = state["groups"][0]["table"]
    assert [(r[0], r[1], r[3], r[5], r[6], r[7]) for r in rows] == [
        (x["place"], x["player"], x["won"], x["games_won"], x["games_lost"], x["games_won"] - x["games_lost"])
        for x in table]
    assert rows[0][1] == p(8)  # 8 beat 1: first in group A


@pytest.mark.parametrize("fmt", ["single", "groups"])
def test_other_formats_print(fmt):
    t = entered(10, format=fmt)
    pdf = build_bracket_pdf(layout(t.state(), {}), "T", "")
    assert text(pdf).count("W1-" if fmt == "single" else "P1-") >= 2


def test_the_protocols_list_prints_the_demo_pyramid_tournament_as_its_bracket(store):
    from clubdesk.services.demo import create_demo_club
    from clubdesk.services.games import GameService
    from clubdesk.services.protocol_list import ProtocolList
    from clubdesk.services.protocols import ProtocolService

    create_demo_club(store)
    svc = ProtocolService(store, GameService(store))
    docs = [d for d in ProtocolList(store).list_documents() if d.kind == "tournament" and d.game == "pyramid100"]
    assert len(docs) == 1 and not docs[0].finished
    words = text(svc.tournament_pdf(docs[0].id))
    assert "Верхняя сетка" in words and "W2-2" in words
    assert not [d for d in ProtocolList(store).list_documents() if d.game == "pyramid100_bracket"]  # the log is no game to print
