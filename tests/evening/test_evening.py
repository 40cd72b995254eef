"""A club's whole evening through the desk's windows and the phones' page, its invariants checked after every
step (issue 34): a Жук tournament through three stages and the final, a Пирамидка match scored from a phone,
two Mafia games on the host panel, every protocol printed and read back."""

from __future__ import annotations

import pytest

from tests.evening.desk import Desk

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise", "raise()")


@pytest.fixture
def desk(qtbot, tmp_path):
    d = Desk(qtbot, tmp_path)
    yield d
    if d.server is not None:
        d.live().web.stop()
    d.window.close()
    d.store.close()


def test_a_short_evening_keeps_every_invariant(desk):
    tid = desk.zhuk_tournament(desk.players[:9])
    for _ in range(3):
        desk.play_stage(tid, shots=4)
    desk.play_stage(tid, shots=4, final=True)


def test_two_mafia_games_on_the_host_panel_show_no_secret(desk):
    from clubdesk.services.demo_mafia import _black_win, _finished_game

    evening = desk.mafia_evening(desk.players[:12])
    assert evening
    for script in (_finished_game, _black_win):
        gid = desk.start_mafia_game(0, clicks=2)
        panel, _display = desk.open_host_panel(gid)
        desk.play_mafia_game(panel, script)
    assert desk.mafia_steps > 20   # the secrecy check followed every change of both games


def test_a_pyramid_match_scored_from_the_referees_phone_is_printed(desk):
    from clubdesk.services.demo_pyramid import MATCH

    gid = desk.pyramid_match(desk.players[9], desk.players[10], table="Стол 4")
    phone = desk.phone("orlov")
    desk.score_match_from_phone(phone, gid, [facts for _who, facts in MATCH])
    assert gid in desk.played
    desk.print_protocols()
