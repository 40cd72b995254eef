"""Host panel inputs driven as a host does: hold-to-reveal, extra points with a reason, the lift-all vote, and
entries under way (hands, night choices, best-move guesses) that a card click or a foul must not wipe.
"""

import pytest
from PySide6.QtCore import QPoint, Qt

from clubdesk.rules.mafia.script import ROLES
from clubdesk.ui.mafia.texts import role_text
from tests.ui.conftest import type_text
from tests.ui.test_host_panel import assert_nothing_secret, click, evening, game  # noqa: F401 - fixtures

# The offscreen platform warns when a shown window's size hints change; real platforms do not.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

LEFT = Qt.MouseButton.LeftButton


def deal_and_open_day_zero(qtbot, panel) -> None:
    """The fixed deal of the examples (black 2, 7 Don, 9; Sheriff 4), then the agreement ends (M§1.6)."""
    panel.forms["deal"].set_roles(list(ROLES))
    click(qtbot, panel.forms["deal"].deal)
    qtbot.keyClick(panel, Qt.Key.Key_N)
    assert panel.c.state["step"] == "speech" and panel.c.state["day"] == 0


def press_n(qtbot, panel, times: int) -> None:
    for _ in range(times):
        qtbot.keyClick(panel, Qt.Key.Key_N)


def roles_shown(panel) -> list[str]:
    """The role text of every card whose role label is on screen."""
    return [card.role.text() for card in panel.cards if card.role.isVisible()]


# --- hold to reveal the roles -------------------------------------------------------------------------

def test_roles_show_only_while_the_reveal_button_is_held_and_never_on_the_display(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    qtbot.mousePress(panel.reveal, LEFT)                   # before the deal there is nothing to show
    assert roles_shown(panel) == []
    qtbot.mouseRelease(panel.reveal, LEFT)
    deal_and_open_day_zero(qtbot, panel)
    assert roles_shown(panel) == []

    qtbot.mousePress(panel.reveal, LEFT)
    assert roles_shown(panel) == [role_text(r) for r in ROLES]
    assert panel.cards[6].role.text() == "дон" and panel.cards[3].role.text() == "шериф"
    assert_nothing_secret(display)                          # held on the host panel, the room still sees none
    qtbot.mouseRelease(panel.reveal, LEFT)
    assert roles_shown(panel) == []
    assert_nothing_secret(display)


def test_dragging_off_the_held_reveal_button_hides_the_roles_again(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    qtbot.mousePress(panel.reveal, LEFT)
    assert len(roles_shown(panel)) == 10
    qtbot.mouseMove(panel.reveal, QPoint(-20, -20))         # the hand slides off: the button lets go
    assert roles_shown(panel) == []
    qtbot.mouseMove(panel.reveal, panel.reveal.rect().center())
    assert len(roles_shown(panel)) == 10
    qtbot.mouseRelease(panel.reveal, LEFT)
    assert roles_shown(panel) == []


def test_held_reveal_shows_the_night_checks_to_the_host_alone(qtbot, game):  # noqa: F811
    """M§5.2: the answers to the Don's and the Sheriff's checks are the host's secret, shown only while held."""
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    press_n(qtbot, panel, 10)                               # day 0 without nominees → night 1 (M§4.11)
    assert c.state["step"] == "night" and c.state["day"] == 1
    night = panel.forms["night"]
    night.choose(shot=1, don=4, sheriff=7)
    click(qtbot, night.record)
    assert c.state["step"] == "last_word" and c.state["killed"] == [1]
    assert not panel.secret.isVisible()

    qtbot.mousePress(panel.reveal, LEFT)
    assert panel.secret.isVisible()
    assert panel.secret.text() == "Дон проверил 4: шериф\nШериф проверил 7: чёрный"
    assert_nothing_secret(display)
    qtbot.mouseRelease(panel.reveal, LEFT)
    assert not panel.secret.isVisible() and roles_shown(panel) == []


# --- extra points with a reason (M-7) ---------------------------------------------------------------

def give_extra(qtbot, panel, seat: int, steps: int, reason: str) -> None:
    """Click the seat's card, step the points with the arrow keys (0.1 a press), type the reason, click the button."""
    click(qtbot, panel.cards[seat - 1])
    key = Qt.Key.Key_Up if steps > 0 else Qt.Key.Key_Down
    for _ in range(abs(steps)):
        qtbot.keyClick(panel.points, key)
    qtbot.mouseClick(panel.reason, LEFT)
    type_text(panel.reason, reason)
    click(qtbot, panel.extra)


def test_extra_points_with_a_reason_change_the_selected_seats_score(qtbot, game):  # noqa: F811
    c, panel, display, *_, games = game
    deal_and_open_day_zero(qtbot, panel)
    give_extra(qtbot, panel, 5, 3, "Лучшая речь дня")
    assert not panel.error.isVisible()
    assert c.state["extra_points"] == [{"seat": 5, "points": 0.3, "reason": "Лучшая речь дня"}]
    assert c.state["score"]["5"] == 0.3
    assert [v for s, v in c.state["score"].items() if s != "5"] == [0] * 9
    assert games.engine(c.game_id).scores()[4] == 3        # tenths, as the evening standings read them
    assert panel.reason.text() == "" and panel.points.value() == 0   # ready for the next entry, from nothing

    give_extra(qtbot, panel, 3, -5, "Перебивал")             # the arrows go below zero: −0.5
    assert c.state["extra_points"][-1] == {"seat": 3, "points": -0.5, "reason": "Перебивал"}
    assert c.state["score"]["3"] == -0.5 and c.state["score"]["5"] == 0.3
    assert_nothing_secret(display)


def test_extra_points_without_a_reason_are_refused_inline_and_nothing_is_stored(qtbot, game):  # noqa: F811
    """M-7: the host's extra points need a written reason; a blank or spaces-only reason is refused."""
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    give_extra(qtbot, panel, 5, 2, "")
    assert panel.error.isVisible() and "нужна причина" in panel.error.text()
    assert c.state["extra_points"] == [] and c.state["score"]["5"] == 0
    type_text(panel.reason, "   ")
    click(qtbot, panel.extra)
    assert panel.error.isVisible() and c.state["extra_points"] == []

    panel.reason.clear()
    type_text(panel.reason, "Честная игра")
    click(qtbot, panel.extra)
    assert not panel.error.isVisible()
    assert c.state["extra_points"] == [{"seat": 5, "points": 0.2, "reason": "Честная игра"}]


def test_extra_points_before_a_seat_is_picked_ask_for_the_card(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    qtbot.keyClick(panel.points, Qt.Key.Key_Up)
    type_text(panel.reason, "Активная игра")
    click(qtbot, panel.extra)
    assert panel.error.isVisible() and panel.error.text() == "Сначала щёлкните карточку игрока."
    assert c.state["extra_points"] == [] and panel.reason.text() == "Активная игра"


def test_typing_a_reason_with_n_f_and_spaces_does_not_fire_the_panel_shortcuts(qtbot, game):  # noqa: F811
    """N, F and Space are panel shortcuts (next, foul, clock); in the reason field they are just letters."""
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    click(qtbot, panel.cards[4])
    before = dict(c.state)
    qtbot.mouseClick(panel.reason, LEFT)
    qtbot.keyClicks(panel.reason, "Fine Night Fun")
    assert panel.reason.text() == "Fine Night Fun"
    assert c.state["speaker"] == before["speaker"] == 1 and c.state["fouls"] == {}
    assert not c.timer.running


# --- the lift-all vote (M§4.7) ----------------------------------------------------------------------

def nominate_2_and_7_to_the_vote(qtbot, panel) -> None:
    """Day 0: 1 nominates 2, 2 nominates 7, and the other speeches pass: the vote on 2 and 7 is next."""
    click(qtbot, panel.cards[0])
    click(qtbot, panel.cards[1])
    qtbot.keyClick(panel, Qt.Key.Key_N)
    click(qtbot, panel.cards[1])
    click(qtbot, panel.cards[6])
    press_n(qtbot, panel, 9)


def tie_twice_on_day_zero(qtbot, panel) -> None:
    """1 nominates 2, 2 nominates 7; 5 : 5 in the vote and again 5 : 5 after the shootout → lift-all vote."""
    c = panel.c
    nominate_2_and_7_to_the_vote(qtbot, panel)
    assert c.state["step"] == "vote" and c.state["candidates"] == [2, 7]
    for step in ("vote", "revote"):
        vote = panel.forms[step]
        for seat in (1, 3, 4, 5, 6):                        # the other five hands go to 7, the last (M§4.5)
            click(qtbot, vote.hands[2][seat])
        assert vote.counts[2].text() == "5" and vote.counts[7].text() == "5"
        click(qtbot, vote.record)
        if step == "vote":
            assert c.state["step"] == "shootout_speech"
            press_n(qtbot, panel, 2)                         # 2 and 7 speak 30 s each
            assert c.state["step"] == "revote"


def enter_lift_votes(qtbot, panel, n: int) -> None:
    lift = panel.forms["lift_vote"]
    qtbot.keyClick(lift.votes, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(lift.votes, str(n))
    assert lift.votes.value() == n
    click(qtbot, lift.record)


def test_unchanged_shootout_offers_the_lift_vote_and_a_majority_lifts_both(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    tie_twice_on_day_zero(qtbot, panel)
    lift = panel.forms["lift_vote"]
    assert c.state["step"] == "lift_vote" and panel.stack.currentWidget() is lift and lift.isVisible()
    assert panel.banner.text() == "День 0 — голосование за подъём всех"
    assert lift.text.text() == "Поднять всех: 2, 7? Голосуют 10 игроков; нужно больше половины."
    assert lift.votes.maximum() == 10
    assert display.phase.text() == "День 0 — голосование за подъём всех"
    assert display.nominees.text() == "Кандидаты: 2, 7"
    assert_nothing_secret(display)

    enter_lift_votes(qtbot, panel, 6)
    assert c.state["lifted"] == [2, 7] and c.state["step"] == "last_word" and c.state["speaker"] == 2
    assert c.state["votes"][-1] == {"day": 0, "round": "lift_vote", "for": 6, "voters": 10}
    assert panel.banner.text() == "Последнее слово"
    assert display.cells[1].line.text() == "заголосован" and display.cells[6].line.text() == "заголосован"
    press_n(qtbot, panel, 2)                                 # both last words, then night 1
    assert c.state["step"] == "night" and panel.banner.text() == "Ночь 1"


def test_lift_vote_with_exactly_half_keeps_both_and_night_falls(qtbot, game):  # noqa: F811
    """M§4.7: «При равном количестве голосов оба игрока остаются за игровым столом»."""
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    tie_twice_on_day_zero(qtbot, panel)
    enter_lift_votes(qtbot, panel, 5)
    assert c.state["lifted"] == [] and c.state["alive"] == list(range(1, 11))
    assert c.state["step"] == "night" and c.state["day"] == 1
    assert panel.banner.text() == "Ночь 1" and panel.stack.currentWidget() is panel.forms["night"]
    assert [cell.line.text() for cell in display.cells] == ["○○○○"] * 10


# --- an entry under way survives a card click or a foul ------------------------------------------------

def to_the_vote_with_six_hands_for_2(qtbot, panel):
    """Day 0: 1 nominates 2, 2 nominates 7, everyone speaks; in the vote six hands go up for 2. The vote form."""
    deal_and_open_day_zero(qtbot, panel)
    nominate_2_and_7_to_the_vote(qtbot, panel)
    vote = panel.forms["vote"]
    for seat in (1, 3, 4, 5, 6, 8):
        click(qtbot, vote.hands[2][seat])
    return vote


def test_clicking_a_card_or_giving_a_foul_during_the_vote_keeps_the_hands_entered(qtbot, game):  # noqa: F811
    """A hand lost from the form would silently go to the last nominee (M§4.5); a foul in the vote is allowed (M-6)."""
    c, panel, display, *_ = game
    vote = to_the_vote_with_six_hands_for_2(qtbot, panel)
    click(qtbot, panel.cards[4])                            # the host picks seat 5, who talks during the vote
    assert vote.counts[2].text() == "6"
    panel.clause.setCurrentIndex(panel.clause.findData("2.4"))
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert c.state["fouls"] == {"5": 1} and c.state["step"] == "vote"
    assert vote.counts[2].text() == "6" and vote.counts[7].text() == "4"
    click(qtbot, vote.record)
    assert c.state["votes"][-1]["counts"] == {"2": 6, "7": 4} and c.state["lifted"] == [2]


def test_clicking_a_card_keeps_the_night_choices_and_the_best_move_guesses(qtbot, game):  # noqa: F811
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    press_n(qtbot, panel, 10)
    night = panel.forms["night"]
    night.choose(shot=1, don=4, sheriff=7)
    click(qtbot, panel.cards[2])
    assert (night.shot.currentData(), night.don.currentData(), night.sheriff.currentData()) == (1, 4, 7)
    click(qtbot, night.record)
    assert c.state["killed"] == [1] and c.state["checks"] == {"don": {"4": True}, "sheriff": {"7": True}}
    panel.best_move.choose([7, 9, 3])                       # the first-night victim's best move (M-7)
    click(qtbot, panel.cards[5])
    assert [b.currentData() for b in panel.best_move.guesses] == [7, 9, 3]
    click(qtbot, panel.best_move.record)
    assert c.state["best_move"]["1"] == {"guesses": [7, 9, 3], "points": 0.3}


def test_undoing_a_vote_brings_the_vote_form_back_empty(qtbot, game):  # noqa: F811
    """Ctrl+Z after «Записать голосование»: the vote is entered again from no hands, not from the old ones."""
    c, panel, display, *_ = game
    vote = to_the_vote_with_six_hands_for_2(qtbot, panel)
    click(qtbot, vote.record)
    assert c.state["step"] == "last_word" and c.state["lifted"] == [2]
    qtbot.keyClick(panel, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert c.state["step"] == "vote" and c.state["lifted"] == []
    assert vote.counts[2].text() == "0" and vote.counts[7].text() == "10"
    click(qtbot, vote.hands[2][9])
    click(qtbot, vote.record)
    assert c.state["votes"][-1]["counts"] == {"2": 1, "7": 9} and c.state["lifted"] == [7]


def test_a_new_lift_vote_starts_from_zero_not_from_the_last_count(qtbot):
    from clubdesk.ui.mafia.actions import LiftForm

    form = LiftForm()
    qtbot.addWidget(form)
    state = {"alive": list(range(1, 10)), "candidates": [2, 7]}
    form.load(state, [])
    form.votes.setValue(6)      # the first lift vote of the game
    form.load(state, [])        # a later day's tie brings the form back
    assert form.votes.value() == 0 and form.votes.maximum() == 9


# --- M§5.5: the Don or the Sheriff not going to sleep ----------------------------------------------------
def test_m5_5_in_the_clause_picker_removes_the_don_and_is_refused_for_a_civilian_with_its_clause_under_r(qtbot, game):  # noqa: F811
    """The panel offered fouls only, so a Don who would not go to sleep could not be removed under M§5.5 at all."""
    c, panel, display, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    assert panel.foul.text() == "Фол (F)"
    panel.clause.setCurrentIndex(panel.clause.findData("5.5"))
    assert panel.clause.currentData() == "5.5" and panel.foul.text() == "Удалить (F)"
    click(qtbot, panel.cards[0])                            # seat 1, a civilian: refused, nothing stored
    qtbot.keyClick(panel, Qt.Key.Key_F)
    # its words tell that seat 1 is neither the Don nor the Sheriff: they show only while R is held (issue 34)
    assert c.state["removals"] == [] and panel.error.isVisible() and "5.5" not in panel.error.text()
    qtbot.keyPress(panel, Qt.Key.Key_R)
    assert "5.5" in panel.error.text()
    qtbot.keyRelease(panel, Qt.Key.Key_R)
    assert "5.5" not in panel.error.text()
    click(qtbot, panel.cards[6])                            # seat 7, the Don
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert c.state["removals"] == [{"seat": 7, "clause": "5.5"}] and c.state["fouls"] == {}
    assert panel.clause.currentData() == "2.4" and panel.foul.text() == "Фол (F)"  # the removal was a one-off


# --- a picked seat ends with its action or its phase (issue 38 item 7) ---------------------------------------

def fouls(c) -> dict[str, int]:
    return {s: n for s, n in c.state["fouls"].items() if n}


def test_a_seat_picked_for_a_foul_is_let_go_once_the_foul_is_recorded(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    click(qtbot, panel.cards[3])
    assert panel.picked.text() == "Место 4: Гранит"
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert fouls(c) == {"4": 1}
    assert panel.selected is None and panel.picked.text() == "Щёлкните карточку места"
    assert [card.seat for card in panel.cards if card.property("mark") == "picked"] == []
    qtbot.keyClick(panel, Qt.Key.Key_F)                      # a second F hits nobody: it asks for the card
    assert fouls(c) == {"4": 1}
    assert panel.error.isVisible() and panel.error.text() == "Сначала щёлкните карточку игрока."


def test_a_seat_picked_and_not_used_is_let_go_when_the_phase_moves_on(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    click(qtbot, panel.cards[6])                             # picked in seat 1's speech…
    assert panel.cards[6].property("mark") == "picked"
    qtbot.keyClick(panel, Qt.Key.Key_N)                      # …seat 2 speaks now
    assert c.state["speaker"] == 2
    assert panel.selected is None and panel.picked.text() == "Щёлкните карточку места"
    qtbot.keyClick(panel, Qt.Key.Key_F)
    assert fouls(c) == {} and panel.error.text() == "Сначала щёлкните карточку игрока."


def test_a_refused_action_keeps_the_seat_picked_to_try_again(qtbot, game):  # noqa: F811
    c, panel, *_ = game
    deal_and_open_day_zero(qtbot, panel)
    give_extra(qtbot, panel, 5, 2, "")                       # refused: no reason (M-7)
    assert panel.error.isVisible() and panel.selected == 5
    type_text(panel.reason, "Честная игра")
    click(qtbot, panel.extra)
    assert c.state["extra_points"][-1]["seat"] == 5 and panel.selected is None
