"""The import preview (issue 39): columns mapped and changeable, every row's verdict shown before the import, the
registered players skipped or updated as chosen, refused rows with their reasons; the page's «Импорт и экспорт»."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clubdesk.roles import Actor
from clubdesk.services.player_imports import ImportService
from clubdesk.services.players import PlayerData
from clubdesk.ui import player_transfer
from clubdesk.ui.pages.players import PlayersPage
from clubdesk.ui.player_import import ImportDialog
from tests.services.club_lists import write_club_workbook, write_csv

ROWS = [["Игрок", "Кличка", "Тел.", "Примечание"], ["Орлов Глеб", "Орёл", "8 (916) 123-45-67", "правша"],
        ["Сидоров Пётр", "", "123", ""], ["Петрова Анна", "", "+7-903-1112233", ""],
        ["Петрова Анна", "", "89031112233", ""], ["", "Безымянный", "89160000000", ""]]


@pytest.fixture
def registered(club, admin):
    return club.players.add(admin, PlayerData("Орлов Глеб", phone="+7 916 123-45-67", notes="левша"))


def dialog_for(qtbot, club, actor, path):
    dialog = ImportDialog(ImportService(club.store), actor, path)
    qtbot.addWidget(dialog)
    return dialog


def cells(dialog, column):
    m = dialog.model
    return [m.index(r, column).data() for r in range(m.rowCount())]


def test_the_preview_maps_columns_by_header_and_a_changed_mapping_judges_again(qtbot, club, admin, tmp_path):
    dialog = dialog_for(qtbot, club, admin, write_csv(tmp_path / "club.csv", ROWS))
    assert dialog.mapping() == ["full_name", None, "phone", "notes"]  # «Кличка» is no header it knows
    assert cells(dialog, 4) == ["", "", "", "", ""]
    dialog.combos[1].setCurrentIndex(dialog.combos[1].findData("nickname"))
    assert dialog.mapping() == ["full_name", "nickname", "phone", "notes"]
    assert cells(dialog, 4) == ["Орёл", "", "", "", "Безымянный"]  # a refused row too: as the file has it
    dialog.set_field(2, "notes")  # one field, one column: «Примечание» gives it up
    assert dialog.mapping() == ["full_name", "nickname", "notes", None]


def test_every_row_is_shown_with_its_verdict_and_refused_rows_with_their_reason(qtbot, club, admin, tmp_path):
    dialog = dialog_for(qtbot, club, admin, write_csv(tmp_path / "club.csv", ROWS))
    assert cells(dialog, 0) == ["2", "3", "4", "5", "6"]
    assert cells(dialog, 1) == ["новый", "отклонена", "новый", "повтор", "отклонена"]
    assert cells(dialog, 5)[:2] == ["+7 916 123-45-67", "123"]
    notes = cells(dialog, 6)
    assert notes[1].startswith("Такого номера телефона не бывает: «123».") and notes[4] == "Введите фамилию игрока."
    assert notes[3] == "повторяет строку 4"
    assert dialog.summary.text() == "Новых: 2, уже есть: 0 (обновить: 0), повторов: 1, отклонено: 2"
    dialog.kind.setCurrentIndex(4)  # «отклонённые»
    assert cells(dialog, 0) == ["3", "6"]
    dialog.set_field(0, None)  # no name left: said, and nothing to import
    assert dialog.error.isVisibleTo(dialog) and "фамилией или с ФИО" in dialog.error.text()
    assert not dialog.import_button.isEnabled() and dialog.model.rowCount() == 0


def test_a_registered_player_is_skipped_unless_the_administrator_chooses_update(qtbot, club, admin, tmp_path,
                                                                               registered):
    path = write_csv(tmp_path / "club.csv", ROWS)
    dialog = dialog_for(qtbot, club, admin, path)
    m = dialog.model
    first = m.index(0, 1)
    assert first.data() == "уже есть — пропустить" and first.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert "Орлов Глеб (тот же телефон); изменится: Примечание" in m.index(0, 6).data()
    dialog.same.setCurrentIndex(1)  # «обновить» for all
    assert first.data() == "обновить" and "обновить: 1" in dialog.summary.text()
    assert m.setData(first, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)  # but not this one
    assert first.data() == "уже есть — пропустить" and dialog.choices() == {2: False}
    dialog.do_import()
    assert dialog.result.record.added == 1 and club.players.get(registered.id).notes == "левша"
    again = dialog_for(qtbot, club, admin, path)
    again.model.setData(again.model.index(0, 1), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    again.do_import()
    assert (again.result.record.added, again.result.record.updated) == (0, 1)
    assert club.players.get(registered.id).notes == "правша"


def test_a_workbook_offers_its_sheets(qtbot, club, admin, tmp_path):
    dialog = dialog_for(qtbot, club, admin, write_club_workbook(tmp_path / "club.xlsx"))
    assert dialog.sheet.isVisibleTo(dialog) and dialog.table.header_row == 3
    assert cells(dialog, 6)[:2] == ["", ""] and cells(dialog, 2) == ["Иванов", "Петрова", "Сидоров"]
    dialog.sheet.setCurrentText("Взносы")
    assert dialog.mapping() == ["full_name", None] and cells(dialog, 2) == ["Иванов"]


def test_the_players_page_imports_exports_and_undoes_through_its_one_button(qtbot, club, admin, tmp_path,
                                                                            monkeypatch):
    page = PlayersPage(club.players, admin)
    qtbot.addWidget(page)
    files = iter([str(write_csv(tmp_path / "club.csv", ROWS)), str(tmp_path / "out")])
    said = []
    monkeypatch.setattr(player_transfer, "file_name", lambda _parent, save: next(files))
    monkeypatch.setattr(player_transfer, "say", lambda _page, text: said.append(text))
    monkeypatch.setattr(player_transfer, "ask", lambda _parent, _text: True)

    def run(dialog):
        if isinstance(dialog, ImportDialog):
            dialog.do_import()
        else:
            dialog.list.setCurrentRow(0)
            dialog.undo()
        return True

    monkeypatch.setattr(player_transfer, "run_dialog", run)
    actions = {a.text(): a for a in player_transfer.transfer_menu(page).actions()}
    actions["Импорт из Excel или CSV…"].trigger()
    assert page.model.registry_size == 2 and page.count.text() == "Показано 2 из 2"
    actions["Экспорт в Excel или CSV…"].trigger()
    assert said == [f"Выгружено игроков: 2 — {tmp_path / 'out'}.xlsx"] and (tmp_path / "out.xlsx").exists()
    actions["Отменить импорт…"].trigger()
    assert page.model.registry_size == 0


def test_only_the_desk_and_the_administrator_get_the_button(qtbot, club):
    referee = PlayersPage(club.players, Actor("r", "referee", frozenset({"referee"})))
    desk = PlayersPage(club.players, Actor("d", "desk", frozenset({"desk"})))
    for page in (referee, desk):
        qtbot.addWidget(page)
    assert not referee.transfer_button.isEnabled() and desk.transfer_button.isEnabled()
    assert referee.transfer_button.toolTip() == "Импортирует и выгружает игроков стойка или администратор"
