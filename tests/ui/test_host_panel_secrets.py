"""Issue 34 item 6: nothing on the host panel tells a role unless R is held — a whole game's night phases walked
widget by widget (tests/ui/secrets.py), with and without R; and the room display never, M-16 included."""

import pytest
from PySide6.QtCore import Qt

from clubdesk.rules.mafia.script import ROLES
from tests.ui.secrets import assert_tells_no_role, told
from tests.ui.test_host_panel import click, evening, game  # noqa: F401 - fixtures

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

DON, SHERIFF = 7, 4   # script.ROLES: black 2, 7 (Don), 9; the Sheriff at 4


@pytest.fixture
def styled(qapp):
    """The club's style sheet, so the walker sees the colours a person at the desk sees (the answers' red)."""
    from clubdesk.ui.app import apply_style

    apply_style()
    yield
    qapp.setStyleSheet("")


def looked_at(qtbot, panel, display, c) -> list[str]:
    """Nothing tells a role on the panel nor on the room display; with R held the panel shows the roles (and the
    walker sees them), the room display still nothing; let go, nothing again. Returns what R showed."""
    assert_tells_no_role(panel, c.state)
    assert_tells_no_role(display, c.state)
    qtbot.keyPress(panel, Qt.Key.Key_R)
    shown = told(panel, c.state)
    assert_tells_no_role(display, c.state)
    qtbot.keyRelease(panel, Qt.Key.Key_R)
    assert c.state["roles"] == {} or shown, "R held, yet the walker saw no role: it could not see a leak either"
    assert_tells_no_role(panel, c.state)
    return shown


def speeches(qtbot, panel, display, c, nominations=None):
    step = c.state["step"]
    while c.state["step"] == step and c.state["speaker"] is not None:
        seat = c.state["speaker"]
        if seat in (nominations or {}):
            click(qtbot, panel.cards[seat - 1])
            click(qtbot, panel.cards[nominations[seat] - 1])
        qtbot.keyClick(panel, Qt.Key.Key_N)
        looked_at(qtbot, panel, display, c)


def seats_offered(box) -> list[int]:
    return [box.itemData(i) for i in range(box.count()) if box.itemData(i) is not None]


def test_no_role_answer_or_removal_clause_shows_on_the_panel_without_r_through_a_whole_game(
        qtbot, game, styled):  # noqa: F811
    c, panel, display, *_ = game
    looked_at(qtbot, panel, display, c)                         # the deal: nothing dealt yet
    assert panel.print_button.isEnabled()                       # a blank form to fill in by hand
    panel.forms["deal"].set_roles(list(ROLES))
    click(qtbot, panel.forms["deal"].deal)
    assert not panel.print_button.isEnabled()                   # its preview would show the roles and the checks
    assert any("дон" in why for why in looked_at(qtbot, panel, display, c))   # the agreement: roles under R only
    qtbot.keyClick(panel, Qt.Key.Key_N)
    speeches(qtbot, panel, display, c)                          # day 0, nobody nominated: night 1 falls (D-1)

    # night 1: both pickers offer every seat, their own too (M-9); the answers show only with R
    night = panel.forms["night"]
    assert c.state["step"] == "night" and panel.stack.currentWidget() is night
    assert seats_offered(night.don) == seats_offered(night.sheriff) == list(range(1, 11))
    assert night.don.isEnabled() and night.sheriff.isEnabled()
    night.choose(shot=SHERIFF, don=SHERIFF, sheriff=DON)
    assert night.don_answer.text() == "ответ: ШЕРИФ" and night.sheriff_answer.text() == "ответ: ЧЁРНЫЙ"
    shown = looked_at(qtbot, panel, display, c)
    assert any("ответ: ШЕРИФ" in why for why in shown) and any("ответ: ЧЁРНЫЙ" in why for why in shown)
    night.choose(shot=SHERIFF, don=DON, sheriff=SHERIFF)        # each checks his own seat: answered, not refused
    looked_at(qtbot, panel, display, c)
    night.choose(shot=SHERIFF, don=SHERIFF, sheriff=DON)
    click(qtbot, night.record)
    assert c.state["checks"] == {"don": {"4": True}, "sheriff": {"7": True}} and c.state["killed"] == [SHERIFF]
    looked_at(qtbot, panel, display, c)                         # the Sheriff's last word, his best move
    panel.best_move.choose([2, 7])
    click(qtbot, panel.best_move.record)
    qtbot.keyClick(panel, Qt.Key.Key_N)
    speeches(qtbot, panel, display, c)                          # day 1, nobody nominated

    # night 2: the Sheriff is out, and neither his picker nor an answer nor a refusal says so without R
    assert c.state["step"] == "night"
    assert seats_offered(night.sheriff) == list(range(1, 11)) and night.sheriff.isEnabled()
    night.choose(shot=None, don=1, sheriff=9)
    assert night.sheriff_answer.text() == "не в игре — проверки нет"
    looked_at(qtbot, panel, display, c)
    click(qtbot, night.record)
    assert not panel.error.isVisible() and c.state["step"] == "speech"
    assert c.state["checks"]["sheriff"] == {"7": True} and c.state["checks"]["don"] == {"4": True, "1": False}
    looked_at(qtbot, panel, display, c)

    # day 2: M§5.5 picked for a civilian is refused without telling why, then the Don is removed (M-16)
    panel.clause.setCurrentIndex(panel.clause.findData("5.5"))
    click(qtbot, panel.cards[0])
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert panel.error.isVisible() and c.state["removals"] == []
    assert any("5.5" in why or "Дон" in why for why in looked_at(qtbot, panel, display, c))
    panel.clause.setCurrentIndex(panel.clause.findData("5.5"))
    click(qtbot, panel.cards[DON - 1])
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert c.state["removals"] == [{"seat": DON, "clause": "5.5"}] and not panel.error.isVisible()
    looked_at(qtbot, panel, display, c)
    speeches(qtbot, panel, display, c)                          # the removal cancelled today's vote (M§5.9)
    for black in (9, 2):                                        # a missed night, then a day that lifts a black
        assert c.state["step"] == "night"
        night.choose(shot=None)
        click(qtbot, night.record)
        looked_at(qtbot, panel, display, c)
        speeches(qtbot, panel, display, c, {c.state["speaker"]: black})
        click(qtbot, panel.forms["vote"].record)
        looked_at(qtbot, panel, display, c)
        if c.state["step"] == "last_word":
            qtbot.keyClick(panel, Qt.Key.Key_N)
    assert c.state["winner"] == "red" and panel.banner.text() == "Игра окончена"
    looked_at(qtbot, panel, display, c)                         # the winning team shows now; a role still not
    assert panel.print_button.isEnabled()


def test_a_deal_undone_leaves_no_card_of_it_on_the_deal_form(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal = panel.forms["deal"]
    deal.set_roles(list(ROLES))
    click(qtbot, deal.deal)
    qtbot.keyClick(panel, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state["step"] == "deal" and panel.stack.currentWidget() is deal
    assert [box.currentData() for box in deal.roles] == ["civilian"] * 10


def test_the_walker_sees_a_seat_list_that_leaves_out_a_seat_or_colours_one(qtbot, game, styled):  # noqa: F811
    """The walker's own checks, on the night form: each plant is what an earlier panel did or could do."""
    from PySide6.QtGui import QColor

    c, panel, display, *_ = game
    panel.forms["deal"].set_roles(list(ROLES))
    click(qtbot, panel.forms["deal"].deal)
    qtbot.keyClick(panel, Qt.Key.Key_N)
    speeches(qtbot, panel, display, c)
    night = panel.forms["night"]
    night.don.removeItem(night.don.findData(DON))               # the Don's list without the Don's seat
    assert any("leaves out seat(s) [7] (don)" in why for why in told(panel, c.state))
    night.load(c.state, c.names)
    night.sheriff.setItemData(night.sheriff.findData(9), QColor("#7c2d12"), Qt.ItemDataRole.ForegroundRole)
    assert any("paints seats" in why for why in told(panel, c.state))
    night.load(c.state, c.names)
    night.shot.setStyleSheet("color: #7c2d12")                 # a picker painted as the answers are
    assert any("secrets' colour" in why for why in told(panel, c.state))
    night.shot.setStyleSheet("")
    assert_tells_no_role(panel, c.state)


# --- non-interference: two deals, the same public game, the same screens ------------------------------------
#: Second deals for the game below, every public event of it legal in each: black 2, 9 and the Don at 4, the
#: Sheriff at 7 (4 shot is the Don here, the Sheriff there); or the Sheriff at 5 (4 shot is a civilian: one deal has
#: both checkers awake on night 2, the other one).
OTHERS = {"don_at_4": ("civilian", "mafia", "civilian", "don", "civilian", "civilian", "sheriff", "civilian", "mafia",
                       "civilian"),
          "sheriff_at_5": ("civilian", "mafia", "civilian", "civilian", "sheriff", "civilian", "don", "civilian",
                           "mafia", "civilian")}


@pytest.fixture(params=sorted(OTHERS))
def twins(qtbot, store, admin, styled, request):
    """Two games of the same ten players on the two deals, each with its host panel and room display."""
    from clubdesk.rules.mafia.script import PLAYERS
    from clubdesk.services.games import GameService
    from clubdesk.ui.mafia.controller import GameController
    from clubdesk.ui.mafia.display import PublicDisplay
    from clubdesk.ui.mafia.host_panel import HostPanel
    from tests.ui.test_host_panel import NAMES

    games, out = GameService(store), []
    for roles in (ROLES, OTHERS[request.param]):
        c = GameController(games, admin, games.create(admin, "mafia", list(PLAYERS), {}), NAMES, "Стол 1",
                           clock=lambda: 0.0, sound=lambda: None)
        panel, display = HostPanel(c), PublicDisplay(c, "Стол 1")
        for w in (panel, display):
            qtbot.addWidget(w)
        panel.show()
        panel.forms["deal"].set_roles(list(roles))
        out.append((c, panel, display))
    return out


def test_two_deals_played_alike_show_the_same_panel_and_room_display_until_the_end(qtbot, twins):
    from tests.ui.secrets import assert_same_surface, surface_difference

    def both(action):
        for c, panel, _display in twins:
            action(c, panel)
        (ca, a, da), (cb, b, db) = twins
        assert ca.state["step"] == cb.state["step"]
        if ca.state["step"] != "finished":    # then the scores say the teams, on the room display too
            assert_same_surface(a, b)
            assert_same_surface(da, db)
        qtbot.keyPress(a, Qt.Key.Key_R)
        qtbot.keyPress(b, Qt.Key.Key_R)
        held = surface_difference(a, b)
        qtbot.keyRelease(a, Qt.Key.Key_R)
        qtbot.keyRelease(b, Qt.Key.Key_R)
        return held

    def next_step(c, panel):             # two windows, one active: its shortcuts are the slots themselves
        panel.next_step()

    def speeches(nominee=None):
        def run(c, panel):
            step, first = c.state["step"], c.state["speaker"]
            while c.state["step"] == step and c.state["speaker"] is not None:
                if nominee and c.state["speaker"] == first:
                    click(qtbot, panel.cards[first - 1])
                    click(qtbot, panel.cards[nominee - 1])
                panel.next_step()
        both(run)

    def night(shot=None, don=None, sheriff=None):
        def run(c, panel):
            panel.forms["night"].choose(shot=shot, don=don, sheriff=sheriff)
        both(run)
        both(lambda c, panel: click(qtbot, panel.forms["night"].record))

    def removal(seat):
        def run(c, panel):
            panel.clause.setCurrentIndex(panel.clause.findData("5.5"))
            click(qtbot, panel.cards[seat - 1])
            panel.give_foul()
        return both(run)

    assert both(lambda c, panel: click(qtbot, panel.forms["deal"].deal))  # held: the two deals do differ
    both(next_step)
    speeches()
    night(shot=4, don=4, sheriff=7)        # 4 is shot: the Sheriff in one deal, the Don or a civilian in the other
    both(lambda c, panel: (panel.best_move.choose([2, 9]), click(qtbot, panel.best_move.record)))
    both(next_step)
    speeches()
    night(don=1, sheriff=9)                # a checker is gone: one in each deal, or in one deal only
    assert removal(1)                      # refused in both; held, its reason shows
    removal(7)                             # the Don, or the Sheriff
    assert [c.state["removed"] for c, *_ in twins] == [[7], [7]]
    speeches()
    for black in (9, 2):
        night()
        speeches(black)
        both(lambda c, panel: click(qtbot, panel.forms["vote"].record))
        if twins[0][0].state["step"] == "last_word":
            both(next_step)
    assert [c.state["winner"] for c, *_ in twins] == ["red", "red"]
