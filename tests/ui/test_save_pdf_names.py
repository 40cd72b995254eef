"""«Сохранить PDF…» opens in the user's documents folder with a name that says what the document is («Жук — Кубок
декабря — этап 1 — раунд 1 — стол 2.pdf»), characters a file name cannot hold replaced (issue 15 item 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

from clubdesk.services.protocol_names import file_name
from clubdesk.services.protocols import ProtocolService
from clubdesk.ui import print_preview
from tests.reports.fill import add_evening, add_match, add_players, add_tournament

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def offered(monkeypatch):
    """The path each save dialog offered; nothing is saved."""
    seen: list[str] = []

    def fake(_parent, _title, path, _pattern):
        seen.append(path)
        return "", ""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(fake))
    return seen


@pytest.fixture
def filled(store, admin):
    f = add_players(store, admin)
    add_match(store, admin, f)
    add_tournament(store, admin, f, seed=42, poor=None)
    add_evening(store, admin, f)
    return f


def _documents() -> Path:
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation))


@pytest.fixture(autouse=True)
def documents_folder():
    """A desktop has its documents folder (the test home may not)."""
    _documents().mkdir(parents=True, exist_ok=True)


def _save(qtbot, dialog) -> None:
    qtbot.addWidget(dialog)
    dialog.save_button.click()


def test_a_zhuk_table_is_saved_as_game_tournament_stage_round_table_in_documents(qtbot, store, filled, offered):
    games = filled.games
    _save(qtbot, print_preview.print_recorded_game(None, games, filled.stage_games[1]))
    table = ProtocolService(store, games).game_file_name(filled.stage_games[1])
    assert table.startswith("Жук — Кубок декабря — этап 1 — раунд 1 — стол ")
    assert offered == [str(_documents() / f"{table}.pdf")]


def test_tournament_evening_and_match_names_say_what_they_are(qtbot, store, filled, offered):
    svc = ProtocolService(store, filled.games)
    assert svc.tournament_file_name(filled.tournament_id) == "Жук — Кубок декабря — турнирная таблица"
    assert svc.tournament_file_name(filled.tournament_id, 1) == "Жук — Кубок декабря — итоги этапа 1"
    evening = svc.evening_file_name(filled.evening_id, "итоги вечера")
    assert evening.startswith("Мафия — ") and evening.endswith(" — итоги вечера")
    a, b = (filled.names[p] for p in filled.players[:2])
    assert svc.game_file_name(filled.match_id).startswith(f"Пирамидка 100 — {a} — {b} — ")
    assert svc.game_file_name(filled.mafia_games[0]).startswith("Мафия — ")


def test_characters_a_file_name_cannot_hold_are_replaced():
    assert file_name("Жук", 'Кубок "Осень/Зима": 1?', "стол 2") == "Жук — Кубок _Осень_Зима_ 1_ — стол 2"
    assert file_name("  ", "") == "protocol" and file_name("Итоги.", "") == "Итоги"


def test_the_tournament_table_csv_is_offered_in_documents_with_its_name(qtbot, club, demo_admin, offered):
    from clubdesk.ui.zhuk.hub import hub_for
    from clubdesk.ui.zhuk.standings import StandingsWindow

    window = StandingsWindow(hub_for(club))
    qtbot.addWidget(window)
    assert window.standings.tournament_id
    window.standings.export_csv()
    assert offered == [str(_documents() / "Жук — Кубок декабря — турнирная таблица.csv")]


def test_without_a_documents_folder_the_dialog_opens_in_the_home_folder(monkeypatch, tmp_path):
    """A desktop without ~/Documents: the dialog opened in the program's own folder (the path did not exist)."""
    monkeypatch.setattr(QStandardPaths, "writableLocation", staticmethod(lambda _where: str(tmp_path / "нет")))
    monkeypatch.setattr(Path, "home", staticmethod(lambda: tmp_path))
    assert print_preview.in_documents("Жук — стол 1", ".pdf") == tmp_path / "Жук — стол 1.pdf"
