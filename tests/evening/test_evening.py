"""A club's whole evening through the desk's windows and the phones' page, its invariants checked after every
step (issue 34): members registered at the desk, a Жук tournament through three stages and the final, a Пирамидка
match scored from the referee's phone between two rounds, a Mafia evening of two games on the host panel, every
protocol printed and read back. `make test` plays a short evening; `-m slow` a longer one with every member."""

from __future__ import annotations

import pytest

from tests.evening.desk import Desk

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise", "raise()")


@pytest.fixture
def desk(qtbot, tmp_path):
    d = Desk(qtbot, tmp_path)
    yield d
    d.close()


def play_evening(desk: Desk, members: int, shots: int) -> dict[str, str]:
    """The evening, in the order a club plays it; returns the protocols printed at its end (id → text)."""
    from clubdesk.services.demo_mafia import _black_win, _finished_game
    from clubdesk.services.demo_pyramid import MATCH

    DON = 7   # the demo's deal (clubdesk.rules.mafia.script.ROLES): black 2, 7 (Don), 9; the Sheriff at 4

    assert desk.register("Зайцев", "Роман", "+7 916 555-01-02") == 1
    assert desk.register("Зайцев", "Роман", "8 (916) 555-01-02", enters=2) == 1   # the tired second Enter

    cup = desk.zhuk_tournament(desk.players[:members])
    desk.play_stage(cup, shots)
    typo = desk.pyramid_match(desk.players[-2], desk.players[-1], table="Сто 6")      # a typo in the table
    desk.cancel_match(typo)
    match = desk.pyramid_match(desk.players[-2], desk.players[-1], table="Стол 6")
    desk.score_match_from_phone(desk.phone("orlov"), match, [facts for _who, facts in MATCH])
    desk.play_stage(cup, shots)

    desk.mafia_evening(desk.players[:12], rounds=3)
    for script in (_finished_game, _black_win):
        panel, _display = desk.open_host_panel(desk.start_mafia_game(0, clicks=2))
        desk.play_mafia_game(panel, script)
        panel.close()
    panel, _display = desk.open_host_panel(desk.start_mafia_game(0))
    desk.deal(panel)
    desk.remove_under_5_5(panel, seat=DON)
    panel.close()

    desk.play_stage(cup, shots)
    desk.play_stage(cup, shots, final=True)
    texts = desk.print_protocols()
    assert "Пётр Орлов" in texts[match] and "orlov" not in texts[match]   # the referee is a person on paper
    return texts


def test_a_short_club_evening_keeps_every_invariant(desk):
    texts = play_evening(desk, members=9, shots=3)
    assert desk.mafia_steps > 40                # the secrecy check followed every change of both Mafia games
    assert len(texts) >= 4 + len(desk.played)
    assert desk.banks_left > 0                  # an evening where Z-15 has money to carry, and a bank not won


@pytest.mark.slow
def test_a_long_club_evening_keeps_every_invariant(desk):
    play_evening(desk, members=13, shots=25)
