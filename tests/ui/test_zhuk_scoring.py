"""Жук table scoring by keyboard: a whole round against the engine, refusals inline, undo as void, the clock."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from sqlalchemy import select

from clubdesk.rules.zhuk import new_game, parse_event
from clubdesk.services.players import PlayerData
from clubdesk.store.models import Event
from clubdesk.ui.models.zhuk_table import BALANCE, ZhukLogModel, ZhukPlayersModel, money
from clubdesk.ui.zhuk.scoring import ZhukTableWidget


@pytest.fixture
def table(club, admin, hub):
    ids = [club.players.add(admin, PlayerData(f"Игрок Стола{i}")).id for i in range(4)]
    svc = hub.tournaments
    tid = svc.create(admin, "Тест", ids)
    svc.draw_stage(admin, tid, seed=99)
    r1 = svc.stages(tid)[0].rounds[0]
    (t,) = svc.start_round(admin, r1.id)
    return t


@pytest.fixture
def widget(qtbot, hub, admin, table):
    w = ZhukTableWidget(hub, admin, table.game_id, round_id=table.round_id)
    qtbot.addWidget(w)
    w.setFocus()
    return w


KEYS = {"Enter": Qt.Key.Key_Return, "Esc": Qt.Key.Key_Escape, "F1": Qt.Key.Key_F1, "F2": Qt.Key.Key_F2,
        "F7": Qt.Key.Key_F7, "F8": Qt.Key.Key_F8, "F9": Qt.Key.Key_F9, "F10": Qt.Key.Key_F10}


def type_shot(widget, keys: str) -> None:
    for k in keys.split():
        if k in KEYS:
            QTest.keyClick(widget, KEYS[k])
        else:
            QTest.keyClick(widget, getattr(Qt.Key, f"Key_{k}"))


def stored(club, game_id) -> list[dict]:
    with club.store.session_factory() as s:
        return [json.loads(e.payload) for e in s.scalars(select(Event).where(Event.game_id == game_id)
                                                          .order_by(Event.seq))]


def check_against_engine(widget, club, game_id) -> None:
    """The models show exactly what a fresh engine makes of the stored record."""
    rec = club.games.to_record(game_id)
    engine = new_game(rec["players"], rec["options"])
    for obj in rec["events"]:
        engine.apply(parse_event(obj))
    model = widget.players_model
    assert [model.data(model.index(r, 1), Qt.ItemDataRole.UserRole) for r in range(model.rowCount())] == engine.order
    for r, pid in enumerate(engine.order):
        assert model.data(model.index(r, BALANCE)) == money(engine.balances[pid])
    assert f"банк {money(engine.bank)} B" in widget.info.text()
    assert widget.log_model.rowCount() == len(rec["events"])


# A whole rack and more: break, pots, a series, a foul, a missed Жук attempt, Жук as the cue, Жук, a свояк.
ROUND = ["Enter", "1 Enter", "1 1 Enter", "Enter", "F2 Enter", "8 Enter", "1 Enter", "7 1 Enter", "Enter",
         "3 Enter", "5 Enter", "2 Enter", "1 F1 Enter", "1 1 1 Enter", "Enter", "1 1 Enter", "Enter", "1 Enter",
         "Enter", "1 Enter", "1 Enter", "Enter"]


def test_whole_round_by_keyboard_matches_the_engine(widget, club, table, hub, clock, qtbot):
    for keys in ROUND:
        type_shot(widget, keys)
        assert widget.error.isHidden(), (keys, widget.error.text())
        check_against_engine(widget, club, table.game_id)
    events = stored(club, table.game_id)
    assert len(events) == len(ROUND)
    assert any(e.get("cue") == "zhuk" for e in events) and any(e.get("removed") == "std" for e in events)
    state = club.games.state(table.game_id)
    assert sum(state["balances"].values()) + state["bank"] == 40_000
    clock.t += 10 * 60 + 1  # the round's 10 minutes are up
    with qtbot.waitSignal(hub.changed, timeout=1000):
        hub.poll()
    assert stored(club, table.game_id)[-1] == {"type": "round_end"}
    assert club.games.state(table.game_id)["finished"]
    assert "окончен" in widget.draft_label.text()


def test_zhuk_off_main_and_balls_off_the_table_are_typed_stored_and_shown(widget, club, table):
    # Z-12: F7 = Жук (the cue) fell off the main cue; F8–F10 = a ball, Жук, the main cue left the table.
    type_shot(widget, "Enter")
    type_shot(widget, "7 4 F7")
    assert "Жук от основного битка" in widget.draft_label.text()
    type_shot(widget, "Enter")
    type_shot(widget, "F8 F10 Enter")
    events = stored(club, table.game_id)
    assert events[1]["zhuk_off_main"] is True and events[1]["cue"] == "zhuk"
    assert events[2]["left_table"] == ["std", "main"] and events[2]["fouls"] == ["off_table"]
    state = club.games.state(table.game_id)
    assert state["in_hand"] and state["last_shot"]["penalty"] == 100
    check_against_engine(widget, club, table.game_id)
    rows = [widget.log_model.data(widget.log_model.index(r, 1)) for r in range(widget.log_model.rowCount())]
    assert any("за борт: биток" in r for r in rows) and any("Жук от основного битка" in r for r in rows)


def test_refusal_shows_inline_with_its_clause_and_stores_nothing(widget, club, table):
    type_shot(widget, "7 1 Enter")  # Жук as the cue on the break (Z-16)
    assert not widget.error.isHidden()
    assert "(Z-16)" in widget.error.text()
    assert stored(club, table.game_id) == []
    assert not widget.draft.empty  # the referee corrects the shot instead of typing it again
    type_shot(widget, "Esc Enter")
    assert widget.error.isHidden() and len(stored(club, table.game_id)) == 1


def test_a_refusal_reads_as_one_sentence_naming_the_player_and_the_clause_once(widget, club, table):
    """«Не записано (Z§4.2): 420b6852-…: …» showed the clause twice and the player's id (issue 15 item 7)."""
    import re

    type_shot(widget, "7 1 Enter")
    text = widget.error.text()
    mover = club.players.get(widget.state["to_move"]).name
    assert text.startswith(f"Не записано: {mover}: Жук битком запрещён — ")
    assert text.count("Z-16") == 1 and text.endswith("(Z-16)")
    assert not re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-", text) and "\n" not in text


def test_ctrl_z_appends_a_void_event_and_restores_the_balances(widget, club, table):
    before = club.games.state(table.game_id)["balances"]
    type_shot(widget, "1 Enter")
    assert club.games.state(table.game_id)["balances"] != before
    QTest.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    events = stored(club, table.game_id)
    assert [e["type"] for e in events] == ["shot", "void"] and events[1]["target_seq"] == 1
    assert club.games.state(table.game_id)["balances"] == before
    assert widget.log_model.rowCount() == 0
    widget.undo_stack.redo()  # redo records the same shot again
    assert [e["type"] for e in stored(club, table.game_id)] == ["shot", "void", "shot"]


def test_undo_after_the_round_closed_needs_a_reason_and_keeps_the_author(widget, club, table, hub, admin):
    type_shot(widget, "1 Enter")
    hub.tournaments.end_round(admin, table.round_id)
    widget.ask_reason = lambda: ""
    widget.undo()
    assert stored(club, table.game_id)[-1] == {"type": "round_end"}
    widget.ask_reason = lambda: "часы остановили по ошибке"
    widget.undo()
    assert stored(club, table.game_id)[-1]["reason"] == "часы остановили по ошибке"
    with club.store.session_factory() as s:
        last = s.scalars(select(Event).where(Event.game_id == table.game_id).order_by(Event.seq.desc())).first()
    assert last.author_id == admin.account_id
    assert not club.games.state(table.game_id)["finished"]


def test_clock_ends_the_round_after_the_shot_in_progress(widget, club, table, hub, clock):
    type_shot(widget, "1")  # a shot is being typed
    clock.t += 11 * 60
    hub.poll()
    assert stored(club, table.game_id) == []  # the clock waits for the shot
    type_shot(widget, "Enter")
    assert [e["type"] for e in stored(club, table.game_id)] == ["shot", "round_end"]


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_clock_shows_a_warning_in_the_last_minute(widget, hub, clock):
    widget.show()  # the tick repaints the clocks that are shown (issue 36)
    clock.t += 9 * 60 + 30
    hub.poll()
    assert widget.clock.text() == "00:30" and widget.clock.property("warning") is True


def test_table_models_pass_the_model_tester(widget, qtmodeltester, club, table):
    type_shot(widget, "1 Enter")
    type_shot(widget, "F2 Enter")
    qtmodeltester.check(widget.players_model, force_py=True)
    qtmodeltester.check(widget.log_model, force_py=True)
    fresh = ZhukPlayersModel({}, None)
    qtmodeltester.check(fresh, force_py=True)
    log = ZhukLogModel({}, None)
    log.set_record(club.games.to_record(table.game_id))
    qtmodeltester.check(log, force_py=True)


def rows(model) -> list[list]:
    return [[model.data(model.index(r, c)) for c in range(model.columnCount())] for r in range(model.rowCount())]


def fresh_log(widget, club, game_id) -> list[list]:
    log = ZhukLogModel(widget.names, None)
    log.end_text = widget.log_model.end_text  # a round ended by hand: the same who-and-when line
    log.set_record(club.games.to_record(game_id))
    return rows(log)


def test_the_log_grows_by_one_row_per_shot_and_equals_a_rebuild(widget, club, table, qtbot):
    resets = []
    widget.log_model.modelReset.connect(lambda: resets.append(1))
    for keys in ROUND:
        with qtbot.waitSignal(widget.log_model.rowsInserted, timeout=0) as inserted:
            type_shot(widget, keys)
        assert inserted.args[1:] == [0, 0]  # the newest shot is the top row; nothing else is touched
    assert resets == []
    assert rows(widget.log_model) == fresh_log(widget, club, table.game_id)


def test_undo_after_appends_removes_the_top_row_and_equals_a_rebuild(widget, club, table, qtbot, hub, admin,
                                                                     qtmodeltester):
    for keys in ROUND[:8]:
        type_shot(widget, keys)
    resets = []
    widget.log_model.modelReset.connect(lambda: resets.append(1))
    for _ in range(3):
        with qtbot.waitSignal(widget.log_model.rowsRemoved, timeout=0):
            QTest.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert rows(widget.log_model) == fresh_log(widget, club, table.game_id)
    type_shot(widget, "1 Enter")
    hub.end_round(admin, table.round_id)  # round_end recorded from outside the window
    assert resets == []
    assert rows(widget.log_model) == fresh_log(widget, club, table.game_id)
    check_against_engine(widget, club, table.game_id)
    qtmodeltester.check(widget.log_model, force_py=True)


def test_the_log_is_rebuilt_when_it_cannot_follow(widget, club, table):
    for keys in ROUND[:4]:
        type_shot(widget, keys)
    club.games._live.clear()  # e.g. reloaded from the store: the same events, new objects
    widget.refresh()
    assert rows(widget.log_model) == fresh_log(widget, club, table.game_id)
    type_shot(widget, "1 Enter")
    assert rows(widget.log_model) == fresh_log(widget, club, table.game_id)


def test_a_shot_does_not_read_the_round_clock(widget, hub, monkeypatch):
    calls = []
    real = hub.tournaments.clock
    monkeypatch.setattr(hub.tournaments, "clock", lambda rid: calls.append(rid) or real(rid))
    type_shot(widget, "1 Enter")
    assert calls == []  # the tick shows the clock; a shot only changes it when the round ends
    hub.poll()
    assert calls
