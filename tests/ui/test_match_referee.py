"""Issue 34 item 4 at the desk: «Новый матч» picks the referee from the referee accounts (no free text to mistype),
and «Судья матча…» on the Пирамидка panel changes it later — «Столы» shows the person at once; a match stored with
free text shows it and keeps it until a referee is picked."""

from __future__ import annotations

import pytest

from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData
from clubdesk.services.scopes import assign_referee
from clubdesk.ui.pyramid.feed import feed_for
from clubdesk.ui.pyramid.match_referee import MatchRefereeDialog
from clubdesk.ui.pyramid.new_match import NewMatchDialog
from clubdesk.ui.pyramid.panel import PyramidPanel
from clubdesk.ui.pyramid.tables import PyramidTables

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def staff(club, admin):
    return {login: club.accounts.create_account(admin, login, "long-enough", roles, name)
            for login, name, roles in (("orlov", "Орлов Глеб", ("referee",)), ("vera", "Вера Ким", ("referee",)),
                                       ("desk1", "Стойка", ("desk",)))}


@pytest.fixture
def pair(club, admin):
    return tuple(club.players.add(admin, PlayerData(n)).id for n in ("Сокол Анна", "Щукин Олег"))


def rows(listing) -> list[str]:
    return [listing.item(i).text() for i in range(listing.count())]


def test_a_new_match_picks_its_referee_from_the_accounts(qtbot, club, staff, pair):
    svc = MatchService.of(club)
    dialog = NewMatchDialog(svc, staff["desk1"])
    qtbot.addWidget(dialog)
    assert rows(dialog.referee) == ["Любой судья", "Вера Ким (vera)", "Орлов Глеб (orlov)"]
    assert dialog.referee.login() is None  # «Любой судья» unless one is picked, as an empty field was
    dialog.first.select(pair[0])
    dialog.second.select(pair[1])
    dialog.referee.select("orlov")
    dialog.create()
    assert dialog.game_id and svc.get(dialog.game_id).referee == "Орлов Глеб"


def test_enter_in_a_players_search_picks_him_and_starts_no_match(qtbot, club, staff, pair):
    """A surname typed and Enter picks the player; the dialog's «Начать матч» waits for the table and the referee
    (it started the match with one player picked and neither, seen playing the evening)."""
    from PySide6.QtCore import Qt

    svc = MatchService.of(club)
    dialog = NewMatchDialog(svc, staff["desk1"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for picker, (pid, name) in ((dialog.first, (pair[0], "Сокол")), (dialog.second, (pair[1], "Щукин"))):
        picker.search.setText(name)
        qtbot.keyClick(picker.search, Qt.Key.Key_Return)
        assert picker.player_id() == pid
        assert dialog.isVisible() and dialog.game_id is None and not dialog.error.isVisible()
    assert svc.list() == []
    dialog.table.setText("Стол 6")
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)      # Enter in the table goes on to the referee list
    assert dialog.game_id is None and dialog.focusWidget() is dialog.referee
    dialog.referee.select("orlov")
    qtbot.keyClick(dialog.referee, Qt.Key.Key_Return)    # and Enter there is «Начать матч»
    match = svc.get(dialog.game_id)
    assert (match.table, match.referee) == ("Стол 6", "Орлов Глеб")


def test_a_referee_account_creating_a_match_picks_from_the_same_list(qtbot, club, staff, pair):
    dialog = NewMatchDialog(MatchService.of(club), staff["vera"])
    qtbot.addWidget(dialog)
    assert rows(dialog.referee)[1:] == ["Вера Ким (vera)", "Орлов Глеб (orlov)"]


def panel_on(qtbot, club, actor):
    panel = PyramidPanel(club, actor)
    qtbot.addWidget(panel)
    panel.view.selectRow(0)
    return panel


def test_the_desk_changes_a_matchs_referee_later_and_the_tables_card_follows(qtbot, club, admin, staff, pair):
    gid = MatchService.of(club).create(admin, *pair, table="Стол 3", referee_login="orlov")
    tables = PyramidTables(feed_for(club))
    qtbot.addWidget(tables)
    panel = panel_on(qtbot, club, staff["desk1"])
    assert panel.referee_button.isEnabled()

    def answer(dialog: MatchRefereeDialog) -> bool:
        assert dialog.current.text() == "Орлов Глеб" and dialog.list.login() == "orlov"
        assert not dialog.unknown.isVisibleTo(dialog) and dialog.ok.isEnabled()
        dialog.select("vera")
        return True
    panel.run_dialog = answer
    panel.referee_button.click()
    assert club.store.read("SELECT referee FROM games WHERE id = ?", (gid,)) == [("Вера Ким",)]
    qtbot.waitUntil(lambda: tables.cards[gid].referee.text() == "Судья: Вера Ким", timeout=10_000)
    assert panel.selected_id() == gid


def test_a_free_text_referee_is_shown_and_kept_until_one_is_picked(qtbot, club, admin, staff, pair):
    gid = MatchService.of(club).create(admin, *pair)
    assign_referee(club.store, admin, gid, "Орлов")  # an older version's free text
    dialog = MatchRefereeDialog(MatchService.of(club).get(gid), MatchService.of(club).referees(admin))
    qtbot.addWidget(dialog)
    assert dialog.current.text() == "Орлов" and dialog.unknown.isVisibleTo(dialog)
    assert not dialog.list.picked() and not dialog.ok.isEnabled()  # «Назначить» would not erase it by itself
    dialog.select("orlov")
    assert dialog.ok.isEnabled() and dialog.login() == "orlov"


@pytest.mark.parametrize("login", ["orlov", "vera"])
def test_a_referee_account_does_not_change_a_matchs_referee(qtbot, club, admin, staff, pair, login):
    MatchService.of(club).create(admin, *pair)
    panel = panel_on(qtbot, club, staff[login])
    assert not panel.referee_button.isEnabled()
    assert panel.referee_button.toolTip() == "Судью матча назначает стойка или администратор"


def test_enter_on_a_found_player_moves_on_and_never_starts_the_match_before_its_table_and_referee(
        qtbot, club, staff, pair):
    """Typed at the desk top to bottom — a surname and Enter, the other and Enter — the second Enter used to press
    «Начать матч» (the dialog's default button): a match on no table with «Любой судья», the table and the referee
    still to come (played under Xvfb, evening3). Enter on a player goes on to the next field; on the referee list it
    starts the match."""
    from PySide6.QtCore import Qt

    from tests.ui.conftest import type_text

    svc = MatchService.of(club)
    dialog = NewMatchDialog(svc, staff["desk1"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for picker, text, pid, then in ((dialog.first, "Сокол", pair[0], dialog.second.search),
                                    (dialog.second, "Щукин", pair[1], dialog.table)):
        picker.search.setFocus()
        type_text(picker.search, text)
        qtbot.keyClick(picker.search, Qt.Key.Key_Return)
        assert picker.player_id() == pid
        assert dialog.game_id is None and dialog.isVisible(), "Enter on a player started the match"
        assert dialog.focusWidget() is then
    type_text(dialog.table, "Стол 3")
    qtbot.keyClick(dialog.table, Qt.Key.Key_Return)
    assert dialog.game_id is None and dialog.focusWidget() is dialog.referee
    dialog.referee.select("orlov")
    qtbot.keyClick(dialog.referee, Qt.Key.Key_Return)
    assert dialog.game_id, dialog.error.text()
    match = svc.get(dialog.game_id)
    assert (match.table, match.referee) == ("Стол 3", "Орлов Глеб")
