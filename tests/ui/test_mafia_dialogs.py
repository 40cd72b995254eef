"""Dialogs of the Mafia page filled in as the desk does: a new evening, a guest, the swap warning of the seating."""

import datetime as dt

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from clubdesk.services.accounts import AccountService
from clubdesk.services.evenings import MAX_TABLES, EveningService
from clubdesk.services.evenings_seating import FIGURES, apply_swaps
from clubdesk.ui.mafia.dialogs import EveningDialog, GuestDialog
from clubdesk.ui.pages.mafia import create_page
from tests.ui.conftest import type_text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise()")

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def page(qtbot, club, demo_admin):
    """The Mafia page over the demo club (as in test_mafia_page): its evening has 12 players, 2 games begun."""
    p = create_page(club, demo_admin, None)
    qtbot.addWidget(p)
    return p


def when_modal(kind, act, failures: list) -> QTimer:
    """Once a modal `kind` is up, run act(dialog) on it; a failed check is kept in `failures`, the dialog closed.

    The returned timer looks every 10 ms for two seconds at most; stop it when no dialog should open. Pass it to
    done(): a dialog that never opened fails the test there (its checks would otherwise never run).
    """
    timer = QTimer(interval=10)
    timer.setProperty("acted", False)
    left = [200]

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        left[0] -= 1
        if not isinstance(dialog, kind):
            if left[0] <= 0:
                timer.stop()
            return
        timer.stop()
        timer.setProperty("acted", True)
        try:
            act(dialog)
        except BaseException as exc:   # an assertion inside the modal loop must not hang it
            failures.append(exc)
        finally:
            if dialog.isVisible():
                dialog.reject()
    timer.timeout.connect(look)
    timer.start()
    return timer


def done(failures: list, modal: QTimer) -> None:
    if failures:
        raise failures[0]
    assert modal.property("acted"), "the dialog never opened"


def press(qtbot, dialog, which: QDialogButtonBox.StandardButton) -> None:
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(which), LEFT)


OK, CANCEL = QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel


# --- a new evening -----------------------------------------------------------------------------------

def test_new_evening_dialog_creates_the_evening_and_the_page_selects_it(qtbot, page, demo_admin):
    before = {e.id for e in page.service.list()}
    failures: list = []

    def fill(dialog: EveningDialog) -> None:
        assert dialog.date.date().toPython() == page.service.players.today()
        assert dialog.host.currentData() == demo_admin.account_id     # the one who opens it hosts by default
        qtbot.mouseClick(dialog.name, LEFT)
        type_text(dialog.name, "  Пятничный   вечер ")
        for _ in range(2):
            qtbot.keyClick(dialog.tables, Qt.Key.Key_Up)
        qtbot.keyClick(dialog.scoring, Qt.Key.Key_Down)                  # «Только победы»
        press(qtbot, dialog, OK)
        assert not dialog.isVisible() and dialog.result() == EveningDialog.DialogCode.Accepted

    modal = when_modal(EveningDialog, fill, failures)
    qtbot.mouseClick(page.new, LEFT)
    done(failures, modal)
    (new,) = [e for e in page.service.list() if e.id not in before]
    assert (new.name, new.tables, new.scoring, new.host_account_id) == ("Пятничный вечер", 3, "wins",
                                                                        demo_admin.account_id)
    assert new.date == page.service.players.today()
    assert page.evening_id() == new.id
    assert "Пятничный вечер" in page.header.text() and "столов: 3" in page.header.text()
    assert "только победы" in page.header.text()


def test_evening_dialog_offers_no_more_tables_than_an_evening_may_have(qtbot, club, demo_admin):
    service = EveningService(club.store, club.games, club.players)
    dialog = EveningDialog(service, demo_admin, dt.date(2026, 12, 4))
    qtbot.addWidget(dialog)
    dialog.show()
    for _ in range(3):
        qtbot.keyClick(dialog.tables, Qt.Key.Key_PageUp)
    assert dialog.tables.value() == MAX_TABLES == 10
    qtbot.keyClick(dialog.date, Qt.Key.Key_Down)            # the day section steps back: 03.12.2026
    press(qtbot, dialog, OK)
    assert dialog.result() == EveningDialog.DialogCode.Accepted
    assert (dialog.saved.tables, dialog.saved.date, dialog.saved.name) == (10, dt.date(2026, 12, 3), "")
    assert dialog.saved.title() == "03.12.2026"


def test_cancelled_evening_dialog_creates_nothing(qtbot, page):
    before = page.service.list()
    failures: list = []

    def cancel(dialog: EveningDialog) -> None:
        type_text(dialog.name, "Передумали")
        press(qtbot, dialog, CANCEL)
        assert dialog.saved is None

    modal = when_modal(EveningDialog, cancel, failures)
    qtbot.mouseClick(page.new, LEFT)
    done(failures, modal)
    assert page.service.list() == before


def test_referee_cannot_open_the_new_evening_dialog(qtbot, club, demo_admin):
    referee = AccountService(club.store).create_account(demo_admin, "ref", "ref-pass", ("referee",))
    p = create_page(club, referee, None)
    qtbot.addWidget(p)
    opened: list = []
    looking = when_modal(EveningDialog, opened.append, [])
    before = p.service.list()
    assert not p.new.isEnabled()
    qtbot.mouseClick(p.new, LEFT)
    looking.stop()
    assert opened == [] and p.service.list() == before


# --- a guest -----------------------------------------------------------------------------------------

def test_guest_dialog_refuses_bad_entries_inline_then_checks_the_guest_in(qtbot, page):
    reg = page.registration
    taken = next(c.nickname for c in page.service.checked_in(page.evening_id()) if c.nickname)
    registry_size = page.service.players.count()
    failures: list = []
    seen: list[str] = []

    def fill(dialog: GuestDialog) -> None:
        def ok_refused() -> str:
            press(qtbot, dialog, OK)
            assert dialog.isVisible() and dialog.error.isVisible() and dialog.saved is None
            seen.append(dialog.error.text())
            return dialog.error.text()

        type_text(dialog.first_name, "Ян")
        assert ok_refused() == "Введите фамилию игрока."
        assert dialog.focusWidget() is dialog.surname  # the field the line is about
        type_text(dialog.surname, "Я")
        assert ok_refused() == "В фамилии хотя бы две буквы."
        type_text(dialog.surname, "сенев")                           # typed on: «Ясенев»
        type_text(dialog.phone, "12-34")
        assert ok_refused().startswith("Такого номера телефона не бывает: «12-34».")
        dialog.phone.clear()
        type_text(dialog.phone, "+7 916 123-45-67")
        type_text(dialog.nickname, taken.lower())                 # nicknames are unique ignoring case
        press(qtbot, dialog, OK)                                  # a registered player's nickname: asked first
        assert dialog.match.isVisible() and not dialog.error.isVisible() and dialog.saved is None
        assert dialog.match_text.text().startswith("Уже есть игрок клуба: ")
        qtbot.mouseClick(dialog.add_anyway, LEFT)                 # «another person» — but the nickname is his
        assert dialog.isVisible() and dialog.error.isVisible()
        seen.append(dialog.error.text())
        assert dialog.error.text().startswith(f"Псевдоним «{taken.lower()}» уже у игрока")
        dialog.nickname.clear()
        type_text(dialog.nickname, "Проездом")
        press(qtbot, dialog, OK)
        assert not dialog.isVisible() and dialog.saved is not None

    modal = when_modal(GuestDialog, fill, failures)
    qtbot.mouseClick(reg.guest, LEFT)
    done(failures, modal)
    assert len(seen) == 4
    assert reg.message.isVisibleTo(reg) and reg.message.text() == "Гость Ясенев Ян отмечен."
    assert reg.present.rowCount() == 13 and reg.count.text() == "Отмечены: 13"
    assert reg.present.index(12, 1).data() == "Ясенев Ян «Проездом» · гость"
    guests = [c for c in page.service.checked_in(page.evening_id()) if c.is_guest]
    assert [(g.name, g.nickname) for g in guests] == [("Ясенев Ян", "Проездом")]   # the refused tries left nothing
    assert page.service.players.count() == registry_size + 1


def test_cancelled_guest_dialog_checks_nobody_in(qtbot, page):
    reg = page.registration
    failures: list = []

    def cancel(dialog: GuestDialog) -> None:
        type_text(dialog.surname, "Гостев")
        press(qtbot, dialog, CANCEL)

    modal = when_modal(GuestDialog, cancel, failures)
    qtbot.mouseClick(reg.guest, LEFT)
    done(failures, modal)
    assert reg.present.rowCount() == 12 and not reg.message.isVisibleTo(reg)


# --- the swap warning of the seating (M-8) ------------------------------------------------------------

def pick(qtbot, box, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(box, key)


def open_round(qtbot, page, n: int):
    """The seating tab with game n chosen in its combo by the arrow keys (game 1 is chosen when it opens)."""
    tab = page.seating
    page.tabs.setCurrentWidget(tab)
    pick(qtbot, tab.round, Qt.Key.Key_Home, *[Qt.Key.Key_Down] * (n - 1))
    assert tab.round.currentData() == n
    return tab


def answer_swap(qtbot, page, yes: bool) -> list[tuple[str, str]]:
    """Click «Поменять местами…» and answer the real question box; returns its (title, text)."""
    failures: list = []
    asked: list[tuple[str, str]] = []

    def reply(box: QMessageBox) -> None:
        asked.append((box.windowTitle(), box.text()))
        button = QMessageBox.StandardButton.Yes if yes else QMessageBox.StandardButton.No
        qtbot.mouseClick(box.button(button), LEFT)

    modal = when_modal(QMessageBox, reply, failures)
    qtbot.mouseClick(page.seating.swap, LEFT)
    done(failures, modal)
    return asked


def test_swap_warning_lists_every_evenness_figure_that_changes_then_swaps(qtbot, page):
    tab = open_round(qtbot, page, 3)                        # game 3 has not started
    pick(qtbot, tab.a, Qt.Key.Key_Home)                      # the first player at the table
    pick(qtbot, tab.b, Qt.Key.Key_End)                       # the last of those sitting out
    a, b = (tab.a.currentData(), tab.a.currentText()), (tab.b.currentData(), tab.b.currentText())
    seated = page.service.seating(page.evening_id())
    # The demo evening: 12 players, 4 games of 10 seats = 40 = 12 × 3 + 4, so with sit-outs rotating (M-8) eight
    # play 3 games and four play 4. a plays game 3 and has 3 games, b sits it out: after the swap a has 2.
    assert len(seated.rounds) == 4 and len({p for r in seated.rounds for t in r for p in t}) == 12
    assert sum(a[0] in t for r in seated.rounds for t in r) == 3 and b[0] in seated.sitting_out[2]
    assert tab.figures.text().startswith("Зерно 20261202 · игр у игрока: 3–4")
    # The meeting figures, computed by the rules from the seating with the swap made, not copied from a run.
    before, after = seated.evenness(), apply_swaps(seated, [[3, a[0], b[0]]]).evenness()
    changed = [k for k in FIGURES if before[k] != after[k]]
    assert changed == ["games_min", "meet_min"]
    [(title, text)] = answer_swap(qtbot, page, yes=True)
    assert title == "Ручная замена"
    assert text == (f"Поменять {a[1]} и {b[1]} в игре 3?\n\n"
                    f"меньше всего игр: 3 → 2\n"
                    f"реже всего встречаются: {before['meet_min']} → {after['meet_min']}")
    now = page.service.seating(page.evening_id())
    assert now.rounds[2][0][0] == b[0] and a[0] in now.sitting_out[2]
    assert "игр у игрока: 2–4" in tab.figures.text()
    assert f"встречи пар: {after['meet_min']}–{after['meet_max']}" in tab.figures.text()
    assert a[1] in tab.rest.text()


def test_declining_the_swap_warning_leaves_the_seating_as_it_was(qtbot, page):
    tab = open_round(qtbot, page, 3)
    pick(qtbot, tab.a, Qt.Key.Key_Home)
    pick(qtbot, tab.b, Qt.Key.Key_End)
    before, figures = page.service.seating(page.evening_id()), tab.figures.text()
    [(_title, text)] = answer_swap(qtbot, page, yes=False)
    assert "меньше всего игр: 3 → 2" in text
    assert page.service.seating(page.evening_id()) == before and tab.figures.text() == figures


def test_swap_warning_says_so_when_no_figure_changes(qtbot, page):
    tab = open_round(qtbot, page, 4)
    pick(qtbot, tab.a, Qt.Key.Key_End, Qt.Key.Key_Up)        # the two players sitting game 4 out
    pick(qtbot, tab.b, Qt.Key.Key_End)
    [(_title, text)] = answer_swap(qtbot, page, yes=False)
    assert text.endswith("в игре 4?\n\nПоказатели равномерности не изменятся.")


def test_swapping_a_player_with_himself_is_refused_inline_without_asking(qtbot, page):
    tab = open_round(qtbot, page, 3)
    pick(qtbot, tab.a, Qt.Key.Key_End)
    pick(qtbot, tab.b, Qt.Key.Key_End)
    asked: list = []
    looking = when_modal(QMessageBox, lambda box: asked.append(box.text()), [])
    qtbot.mouseClick(tab.swap, LEFT)
    looking.stop()
    assert asked == []
    assert tab.warning.isVisibleTo(tab) and tab.warning.text() == "Выберите двух разных игроков."


def test_evening_dialog_offers_the_rule_variants_defaulting_to_maestro(qtbot, club, demo_admin):
    service = EveningService(club.store, club.games, club.players)
    dialog = EveningDialog(service, demo_admin, dt.date(2026, 12, 4))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.day0_vote.currentData() == "single_skips"                 # «Маэстро» unless changed
    assert not dialog.lift_two_at_four.isChecked() and not dialog.muted_may_nominate.isChecked()
    qtbot.keyClick(dialog.day0_vote, Qt.Key.Key_Down)                        # «не голосуют никогда»
    qtbot.mouseClick(dialog.lift_two_at_four, LEFT)
    press(qtbot, dialog, OK)
    assert dialog.result() == EveningDialog.DialogCode.Accepted
    assert dialog.saved.variants == {"day0_vote": "never", "lift_two_at_four": True}
    assert service.get(dialog.saved.id).variants == dialog.saved.variants
