"""«Синхронизация» on a desk that has joined no hub (issue 38 item 10): a calm «Сервер синхронизации не настроен»
with «Подключить к серверу…» (the command line as the alternative), never «нет связи» and rows «waiting»."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from clubdesk.services.players import PlayerData
from clubdesk.ui.pages.sync import SyncPage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def visible_texts(page) -> list[str]:
    return [w.text() for w in page.findChildren(QLabel) if w.isVisibleTo(page) and w.text()]


def test_a_desk_without_a_hub_reads_not_set_up_and_offers_to_join(qtbot, club, admin):
    for n in range(3):
        club.players.add(admin, PlayerData(f"Игроков Номер{n}"))      # rows a hub would take, if there were one
    page = SyncPage(club, admin, None)
    qtbot.addWidget(page)
    page.show()
    texts = visible_texts(page)
    assert "Сервер синхронизации не настроен" in texts
    assert "Или в командной строке: clubdesk sync join URL --desk ИМЯ" in texts
    assert not any("нет связи" in t or "Ждут отправки" in t for t in texts), texts
    assert page.not_joined.join_button.isVisible() and page.not_joined.join_button.isEnabled()
    assert not page.sync_button.isVisible() and not page.pending_up.isVisibleTo(page)
    assert not any(w.isVisibleTo(page) for w in (page.view, page.conflicts_title, page.merge_button,
                                                 page.archived_button))  # nothing to decide: no empty list


def test_only_an_administrator_joins_a_hub_from_the_page(qtbot, club, admin):
    from clubdesk.services.accounts import AccountService
    from clubdesk.services.staff import StaffService

    StaffService(club.store).create(admin, "irina", "desk-pass", ("desk",))
    page = SyncPage(club, AccountService(club.store).login("irina", "desk-pass"), None)
    qtbot.addWidget(page)
    assert not page.not_joined.join_button.isEnabled() and page.not_joined.join_button.toolTip()


def test_a_refused_join_is_one_line_in_the_dialog_and_nothing_is_kept(qtbot, club, admin):
    page = SyncPage(club, admin, None)
    qtbot.addWidget(page)
    dialog = page.not_joined.open_join()
    dialog.url.setText("postgresql://127.0.0.1:1/none")
    dialog.desk.setText("Бар 1")
    dialog.password.setText("x")
    dialog.join()
    assert dialog.isVisible() and dialog.error.text().startswith("Имя стойки «Бар 1»")
    assert "\n" not in dialog.error.text()
    qtbot.waitUntil(dialog.error.isVisible)
    assert dialog.error.height() >= dialog.error.heightForWidth(dialog.error.width())   # whole, fields not squeezed
    assert dialog.url.height() >= dialog.url.minimumSizeHint().height()
    assert club.store.read("SELECT 1 FROM settings WHERE key = 'sync.hub_url'") == []
    dialog.reject()
