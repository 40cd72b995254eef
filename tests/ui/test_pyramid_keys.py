"""Пирамидка by keys (issue 15 item 8): a whole match typed, the common case in one key, a call without result asks.

Every shot is typed with qtbot.keyClick on the match window and checked against the engine fed the same facts.
"""

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel
from sqlalchemy import select

from clubdesk.rules.pyramid100 import CUE, FOULS, TRICKS, new_game, parse_event
from clubdesk.services.demo_pyramid import MATCH
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData
from clubdesk.store.models import Event
from clubdesk.ui.pyramid.entry import no_result
from clubdesk.ui.pyramid.match_window import MatchWindow

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
K = Qt.Key
KEYS = {"+": K.Key_Plus, "-": K.Key_Minus, "*": K.Key_Asterisk, "x": K.Key_X, "v": K.Key_V, "z": K.Key_Z,
        "s": K.Key_S, "enter": K.Key_Return, "esc": K.Key_Escape, "back": K.Key_Backspace,
        **{f"F{i}": getattr(K, f"Key_F{i}") for i in range(1, 11)}}


@pytest.fixture
def pair(club, admin):
    a = club.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = club.players.add(admin, PlayerData("Сокол Анна"))
    return a.id, b.id


@pytest.fixture
def window(qtbot, club, admin, pair):
    svc = MatchService.of(club)
    w = MatchWindow(svc, admin, svc.create(admin, *pair, table="Стол 5"))
    qtbot.addWidget(w)
    w.show()
    return w


def press(qtbot, w, *keys: str) -> None:
    """Keys as a referee types them: digits as characters, the rest by name (see KEYS)."""
    for key in keys:
        if key.isdigit():
            for ch in key:
                qtbot.keyClick(w, ch)
        else:
            qtbot.keyClick(w, KEYS[key])


def cyrillic(w, key: int, ch: str) -> None:
    """A Cyrillic letter key as X11 delivers it (QTest cannot type one)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent

    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(w, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, ch))


def ball_keys(ball) -> list[str]:
    return ["*"] if ball == CUE else [str(ball)]  # 10…15 as two digits: «1» and the second


def shot_keys(shot: dict) -> list[str]:
    """The keys for a shot of the replay.md form; the called-and-fell case by «+», a bare call by «−»."""
    keys = []
    for c in shot["call"]:
        keys += [*ball_keys(c["ball"]), str(c["pocket"])]
    called = {(c["ball"], c["pocket"]) for c in shot["call"]}
    fell_as_called = bool(called) and all(
        any((p["ball"], p["pocket"]) == bp and not p["straight"] for p in shot["potted"]) for bp in called)
    others = [p for p in shot["potted"] if not (fell_as_called and (p["ball"], p["pocket"]) in called)]
    if others:
        keys.append("x")
        for p in others:
            keys += [*(["s"] if p["straight"] else []), *ball_keys(p["ball"]), str(p["pocket"])]
    if shot["off_table"]:
        keys += ["v", *[k for b in shot["off_table"] for k in ball_keys(b)]]
    if shot["touched_control"] and shot["trick"] != "carom3":
        keys.append("F7")
    if shot["trick"]:
        keys.append(f"F{8 + TRICKS.index(shot['trick'])}")
    if shot["foul"]:
        keys.append(f"F{1 + FOULS.index(shot['foul'])}")
    keys.append("+" if fell_as_called else "-" if called and not shot["potted"] else "enter")
    return keys


def stored_shots(store) -> list[dict]:
    import json
    with store.session_factory() as s:
        return [json.loads(p) for p in s.scalars(select(Event.payload).order_by(Event.seq))]


def same_facts(a: dict, b: dict) -> bool:
    """Two shots with the same facts (the order of entry aside)."""
    def norm(e):
        return parse_event({"type": "shot", "player": "P", **{k: v for k, v in e.items() if k not in ("type", "player")}})
    x, y = norm(a), norm(b)
    return (set(x.call), set(x.potted), set(x.off_table), x.touched_control, x.trick, x.foul) == \
        (set(y.call), set(y.potted), set(y.off_table), y.touched_control, y.trick, y.foul)


def answer_question(button: str, asked: list) -> None:
    """Answer the next modal question by its button text; its text goes into `asked`."""
    def click():
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(5, click)
            return
        asked.append(box.text())
        next(b for b in box.buttons() if b.text() == button).click()
    QTimer.singleShot(0, click)


def test_the_called_ball_falling_where_called_records_in_one_key(qtbot, window, store, pair):
    press(qtbot, window, "7", "3")
    assert window.draft.call == [(7, 3)] and stored_shots(store) == []
    press(qtbot, window, "+")  # the common case: no X, no second ball and pocket, no Enter
    (event,) = stored_shots(store)
    assert event["call"] == [{"ball": 7, "pocket": 3}] and event["potted"] == [{"ball": 7, "pocket": 3,
                                                                                 "straight": False}]
    engine = new_game(list(pair))
    engine.apply(parse_event(event))
    assert window._service.state(window.game_id) == engine.state() and engine.scores[pair[0]] == 7
    assert window.boxes[0].score.text() == "7" and window.draft.is_empty()


def test_two_digit_balls_cue_and_straight_by_keys(qtbot, window, store):
    press(qtbot, window, "x", "s", "1", "5", "2")  # №15 straight into pocket 2, no call
    press(qtbot, window, "*")  # the cue ball chosen…
    press(qtbot, window, "back")  # …and taken back
    assert window.balls.selected() is None
    press(qtbot, window, "enter")
    (event,) = stored_shots(store)
    assert event["call"] == [] and event["potted"] == [{"ball": 15, "pocket": 2, "straight": True}]
    assert "№15→2 прямо" in window.log.data(window.log.index(0, 2))  # (on the break it does not count: P-5)


def test_a_call_without_result_asks_and_no_records_nothing(qtbot, window, store):
    press(qtbot, window, "9", "6")
    asked = []
    answer_question("Нет", asked)
    press(qtbot, window, "enter")
    assert asked and "№9 в лузу 6" in asked[0]
    assert stored_shots(store) == [] and window.draft.call == [(9, 6)]  # kept: «+» may follow
    answer_question("Да, ничего не упало", asked)
    press(qtbot, window, "enter")
    assert len(asked) == 2
    (event,) = stored_shots(store)
    assert event["call"] == [{"ball": 9, "pocket": 6}] and event["potted"] == []
    assert window._service.state(window.game_id)["last_shot"]["reason"] == "nothing"


def test_a_reflex_enter_in_the_question_records_nothing(qtbot, window, store):
    """«Нет» is the default: Enter pressed twice out of habit does not record a silent miss."""
    press(qtbot, window, "9", "6")
    asked = []

    def enter():
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(5, enter)
            return
        asked.append(box.text())
        qtbot.keyClick(box, Qt.Key.Key_Return)
    QTimer.singleShot(0, enter)
    press(qtbot, window, "enter")
    assert asked and stored_shots(store) == [] and window.draft.call == [(9, 6)]


def test_minus_says_nothing_fell_without_a_question(qtbot, window, store):
    press(qtbot, window, "0", "1", "-")  # «0» is №10
    (event,) = stored_shots(store)
    assert event["call"] == [{"ball": 10, "pocket": 1}] and event["potted"] == []


def test_a_ball_without_its_pocket_is_not_recorded(qtbot, window, store):
    press(qtbot, window, "8", "enter")
    assert stored_shots(store) == [] and window.error.isVisibleTo(window) and "№8" in window.error.text()
    press(qtbot, window, "4")  # no ball 4: a digit 1…6 after a ball is its pocket
    assert window.draft.call == [(8, 4)]


def test_no_result_means_a_call_and_nothing_that_came_of_it():
    from clubdesk.ui.pyramid.draft import ShotDraft
    assert no_result(ShotDraft(call=[(7, 3)]))
    assert not no_result(ShotDraft()) and not no_result(ShotDraft(call=[(7, 3)], foul="miss"))
    assert not no_result(ShotDraft(call=[(7, 3)], potted=[(12, 1, False)]))
    assert not no_result(ShotDraft(call=[(7, 3)], trick="carom3"))


def test_whole_match_by_keys_matches_the_engine_shot_by_shot(qtbot, window, store, pair):
    board = window.open_scoreboard()
    qtbot.addWidget(board)
    engine = new_game(list(pair))
    for n, (who, shot) in enumerate(MATCH, start=1):
        assert window.boxes[who].turn.text() == "БЬЁТ"
        press(qtbot, window, *shot_keys(shot))
        assert not window.error.isVisible(), window.error.text()
        recorded = stored_shots(store)
        assert len(recorded) == n and same_facts(recorded[-1], shot)
        engine.apply(parse_event({"type": "shot", "player": pair[who], **shot}))
        s = engine.state()
        assert window._service.state(window.game_id) == s
        # the hall scoreboard shows what the engine says, after every shot
        assert [side.score.text() for side in board.sides] == [str(s["score"][p]) for p in pair]
        assert board.table_line.text() == "На столе: {} — {} очк.{}".format(
            " ".join(map(str, s["table"])) or "—", sum(b for b in s["table"] if b != 10),
            " и контрольный №10" if 10 in s["table"] else "")
        for p, side in zip(pair, board.sides, strict=True):
            assert side.debt.text() == (f"Долг: {s['debts'][p]}" if s["debts"][p] else "")
            assert side.turn.text() == ("ПОБЕДА" if s["winner"] == p else "бьёт" if s["to_move"] == p else "")
        last = [lab.text() for lab in board.shot_labels if lab.text()][-1]
        assert last.startswith(f"{n}. ") and f"({s['score'][pair[0]]}:{s['score'][pair[1]]})" in last
    assert engine.finished and "Победа: Граф" in board.status.text()


def test_letters_work_on_the_russian_layout_and_f_keys_set_the_flags(qtbot, window):
    cyrillic(window, 0x0427, "ч")  # «Ч», the X key on a ЙЦУКЕН keyboard: «упал в лузу»
    assert window.mode == "pot"
    cyrillic(window, 0x042F, "я")  # «Я»: back to the call
    assert window.mode == "call"
    press(qtbot, window, "F2", "F7", "F10")
    assert window.draft.foul == FOULS[1] and window.draft.touched_control and window.draft.centre_blocked
    press(qtbot, window, "F2", "F8")
    assert window.draft.foul is None and window.draft.trick == "carom3"
    press(qtbot, window, "esc")
    assert window.draft.is_empty()


def test_the_keys_are_on_the_window(qtbot, window):
    assert window.legend.isVisibleTo(window)
    texts = [lab.text() for lab in window.legend.findChildren(QLabel)]
    for key in ("+", "−", "1…6", "F1–F6", "Enter"):
        assert key in texts
    assert "«+» (упал)" in window.summary.text()  # the draft line says what the next key does


def test_a_refused_plus_leaves_the_draft_as_it_was_typed(qtbot, club, admin, window, store, pair):
    # Another desk records the break meanwhile: №7 is on a shelf, this window still offers it.
    MatchService.of(club).record_shot(admin, window.game_id, MATCH[0][1])
    press(qtbot, window, "7", "3", "+")
    assert window.error.isVisibleTo(window) and "P§2" in window.error.text()
    assert window.draft.call == [(7, 3)] and window.draft.potted == []  # no pot the referee did not type
    assert len(stored_shots(store)) == 1
