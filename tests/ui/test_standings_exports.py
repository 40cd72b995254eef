"""Standings to Excel beside CSV: the Жук tournament standings and the Mafia evening standings, read back with openpyxl,
hold the screen model's cells (the same columns, the same numbers, numbers as numbers)."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from clubdesk.services import tournaments_standings as ts
from clubdesk.services.evenings_standings import COLUMNS as EVENING_COLUMNS
from clubdesk.services.evenings_standings import tenths
from clubdesk.services.games import GameService
from clubdesk.services.tournaments import TournamentService
from clubdesk.ui.models.mafia import StandingsModel as EveningModel
from clubdesk.ui.models.tournament import StandingsModel
from tests.clock import FakeClock
from tests.services.test_tournaments import _play_round, _players, _shot

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def sheet_rows(data: bytes, name: str | None = None) -> list[list]:
    wb = load_workbook(io.BytesIO(data))
    ws = wb[name] if name else wb.active
    return [list(r) for r in ws.iter_rows(values_only=True)]


def model_cells(model) -> list[list[str]]:
    return [[model.index(r, c).data() for c in range(model.columnCount())] for r in range(model.rowCount())]


def model_titles(model) -> list[str]:
    from PySide6.QtCore import Qt

    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


@pytest.fixture
def zhuk(store, admin):
    """Eight players: stage 1 played out (three rounds, the first player of each table pots 1, 2, 3 balls), stage 2's
    first round running with one pot; so the table has money in thousands, a player out, and a stage still open."""
    svc = TournamentService(store, GameService(store), now=FakeClock())
    tid = svc.create(admin, "Кубок [зимы]", _players(store, admin, 8))
    svc.draw_stage(admin, tid, seed=5)
    for n, r in enumerate(svc.stages(tid)[0].rounds, start=1):
        _play_round(svc, admin, r.id, pay_to_first=n)
    svc.draw_stage(admin, tid, seed=6)
    (first, *_rest) = svc.start_round(admin, svc.stages(tid)[1].rounds[0].id)
    svc.games.record(admin, first.game_id, _shot(svc.games.state(first.game_id)["to_move"], "std"))
    return svc, tid


def zhuk_shown(column_key: str, value) -> str:
    """What the screen shows for a value the workbook holds."""
    if column_key in ("place", "name", "status"):
        return "" if value is None else str(value)
    return ts.amount_text(value)


def test_zhuk_standings_workbook_holds_the_screens_cells_overall_and_per_stage(zhuk, qtmodeltester):
    svc, tid = zhuk
    st = ts.standings(svc, tid)
    data = ts.to_xlsx(st, "Кубок [зимы]", "ru")
    assert load_workbook(io.BytesIO(data)).sheetnames == ["Общая", "Этап 1", "Этап 2"]
    for sheet, stage, columns in (("Общая", None, ts.OVERALL_COLUMNS), ("Этап 1", 1, ts.STAGE_COLUMNS),
                                  ("Этап 2", 2, ts.STAGE_COLUMNS)):
        model = StandingsModel()
        model.set_standings(st, stage)
        qtmodeltester.check(model, force_py=True)
        rows = sheet_rows(data, sheet)
        assert rows[1] == model_titles(model)
        body = rows[2:]
        assert len(body) == model.rowCount() > 0
        assert [[zhuk_shown(c.key, v) for c, v in zip(columns, row, strict=True)] for row in body] == \
            model_cells(model), sheet
    overall = sheet_rows(data, "Общая")[2:]
    assert all(isinstance(row[2], int) for row in overall)  # stage 1 balances are numbers a spreadsheet sums
    assert any(row[2] >= 10_000 for row in overall) and {"выбыл", "в игре"} & {row[-1] for row in overall}


def test_zhuk_csv_has_the_screens_titles_and_numbers_without_thin_spaces(zhuk):
    svc, tid = zhuk
    st = ts.standings(svc, tid)
    model = StandingsModel()
    model.set_standings(st)
    lines = [ln.split(";") for ln in ts.to_csv(st).splitlines()]
    assert lines[0] == model_titles(model)
    assert lines[1:] == [[x.replace("\u202f", "").replace("−", "-") for x in row] for row in model_cells(model)]


def test_the_standings_window_writes_both_exports(qtbot, club, admin, tmp_path):
    from clubdesk.services.demo_billiards import populate
    from clubdesk.services.players import PlayerData
    from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
    from clubdesk.ui.zhuk.standings import StandingsWidget

    for i in range(8):
        club.players.add(admin, PlayerData(f"Демо Игрок{i}", f"ник{i}"))
    tid = populate(club.store, admin)
    hub = install_hub(club, ZhukHub(club, autostart=False))
    w = StandingsWidget(hub)
    qtbot.addWidget(w)
    assert w.xlsx_button.isEnabled()
    path = w.export_xlsx(str(tmp_path / "t.xlsx"))
    rows = sheet_rows(path.read_bytes(), "Общая")
    assert rows[0][0] == "Кубок декабря" and rows[1] == model_titles(w.model)
    assert len(rows) - 2 == w.model.rowCount() == len(ts.standings(hub.tournaments, tid).overall)


def test_mafia_evening_workbook_csv_and_print_hold_the_screens_cells(qtbot, club, demo_admin, qtmodeltester):
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.protocols import ProtocolService
    from tests.reports.pdftable import table_rows

    svc = EveningService(club.store, club.games, club.players)
    evening = svc.list()[0]  # the demo club's evening: one finished game
    model = EveningModel(lambda: svc.standings(evening.id))
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == 10
    rows = sheet_rows(svc.standings_xlsx(evening.id, "ru"))
    assert rows[1] == model_titles(model) == [c.ru for c in EVENING_COLUMNS]
    shown = [[tenths(round(v * 10)) if c.key in ("score", "best_move", "extra") else str(v)
              for c, v in zip(EVENING_COLUMNS, row, strict=True)] for row in rows[2:]]
    assert shown == model_cells(model)
    assert rows[2][4] == 1.3 and isinstance(rows[2][4], float)  # win 1 + best move 0.3: a number, not text
    lines = [ln.split(";") for ln in svc.standings_csv(evening.id, "ru").splitlines()]
    assert lines == [model_titles(model)] + [[x.replace("−", "-") for x in r] for r in model_cells(model)]
    pdf = ProtocolService(club.store, club.games).evening_pdf(evening.id, "ru")
    printed = table_rows(pdf, model_titles(model), key=0)
    # Paper names a player by the nickname, else the full name; every other cell is the screen's.
    numbers = [t for t in model_titles(model) if t != "Игрок"]
    assert [[p[t] for t in numbers] for p in printed] == \
        [[cell for t, cell in zip(model_titles(model), row, strict=True) if t != "Игрок"] for row in model_cells(model)]


def test_the_evening_tab_writes_the_workbook(qtbot, club, demo_admin, tmp_path):
    from clubdesk.ui.pages.mafia import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    page.standings.save_path = lambda *a: str(tmp_path / "e.xlsx")
    page.standings.xlsx.click()
    rows = sheet_rows((tmp_path / "e.xlsx").read_bytes())
    assert rows[1] == model_titles(page.standings.model) and len(rows) - 2 == page.standings.model.rowCount()


def test_a_name_that_looks_like_a_formula_stays_text_in_the_workbook():
    from clubdesk.columns import Column, Sheet, xlsx_bytes

    name = Column("name", "Игрок", "Player", lambda r: r, lambda r: r)
    data = xlsx_bytes([Sheet("Лист", "заголовок", (name,), ['=HYPERLINK("http://x","y")', "=1+1", "Иванов"])])
    ws = load_workbook(io.BytesIO(data)).active
    assert [c.value for c in ws["A"][2:]] == ['=HYPERLINK("http://x","y")', "=1+1", "Иванов"]
    assert {c.data_type for c in ws["A"][2:]} == {"s"}
