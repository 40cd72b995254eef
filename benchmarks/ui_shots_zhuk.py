"""The Жук table scoring window in a running tournament that holds ~20 000 events: set-up and the timed shots.

Set-up (not measured): 64 players; a tournament drawn by the service; its stage-1 round 1 filled in bulk with
finished tables (the events of the whole tournament so far); round 2 started by the service, so the measured
table is a live table of the same tournament with the balances carried from round 1.

Timed: the referee's Enter (the shot's keys are typed and painted first) until the key event returns — the engine
validates, the event is committed, the models and labels are updated — and until the repaint is done.
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.ui_common import add_finished_game, add_players

PACE_S = 0.05  # idle before a paced shot: far quicker than a referee, already slower than any tight loop

# Key sequences a referee types, cycled; the first one the engine accepts now is used (a shadow engine checks).
_KEYS = ["", "1", "1 1", "1", "8", "7 1", "5", "1", "2 F2", "3", "8 F3", "1", "F1", "1 2"]


def zhuk_tournament(store, admin, hub, n_events: int, n_players: int = 64):
    """A tournament with round 1 played in bulk (n_events events) and round 2 seated: round 2's tables."""
    from sqlalchemy import select

    from benchmarks.engine_zhuk import synthetic_record
    from clubdesk.store.models import GameTable, Player, Seat
    from clubdesk.store.uow import UnitOfWork

    add_players(store.path, n_players)
    with store.session_factory() as s:
        ids = list(s.scalars(select(Player.id).limit(n_players)))
    svc = hub.tournaments
    tid = svc.create(admin, "Бенчмарк", ids)
    svc.draw_stage(admin, tid, seed=7)
    round1, round2 = svc.stages(tid)[0].rounds[:2]
    seated = svc.draw_of(tid, 1)
    record = synthetic_record(n_events // len(seated))
    for number, players in enumerate(seated, start=1):
        with UnitOfWork(store, admin.account_id) as uow:
            table = GameTable(number=number, round_id=round1.id)
            uow.session.add(table)
            uow.session.flush()
            uow.session.add_all(Seat(table_id=table.id, seat_no=i + 1, player_id=p) for i, p in enumerate(players))
            add_finished_game(uow.session, store, admin, table.id, players, record,
                              title=f"Бенчмарк · этап 1 · раунд 1 · стол {number}")
    hub.games.rebuild_projections()
    return svc.start_round(admin, round2.id)


def _next_keys(shadow, i: int) -> str:
    """The keys of the i-th shot: a re-rack when allowed every other time, else the first legal template."""
    from clubdesk.rules.errors import RuleError
    from clubdesk.rules.zhuk import parse_event
    from clubdesk.services.zhuk_keys import ShotDraft

    if shadow.rerack_allowed and i % 2:
        candidates = ["0"]
    else:
        candidates = _KEYS[i % len(_KEYS):] + _KEYS[:i % len(_KEYS)]
    for keys in candidates:
        draft = ShotDraft()
        for k in keys.split():
            draft.press(k)
        try:
            shadow.apply(parse_event(draft.event(shadow.to_move, shadow.std)))
        except RuleError:
            continue
        return keys
    raise AssertionError("no legal shot")


def zhuk_shots(directory: Path, n_events: int, shots: int, bare, paced_shots: int = 0) -> dict:
    """Times `shots` committed shots at a live table, and `bare.once()` after each repaint; then `paced_shots`
    more with the desk idle PACE_S before each shot and before each bare commit. Lists of seconds."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from sqlalchemy import func, select

    from clubdesk.rules.zhuk import new_game, parse_event
    from clubdesk.services.accounts import AccountService
    from clubdesk.services.club import Club
    from clubdesk.store.db import open_store
    from clubdesk.store.models import Event
    from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
    from clubdesk.ui.zhuk.scoring import ZhukTableWindow

    app = QApplication.instance() or QApplication([])
    store = open_store(directory / "zhuk.sqlite")
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    club = Club(store)
    hub = install_hub(club, ZhukHub(club, autostart=False))
    tables = zhuk_tournament(store, admin, hub, n_events)
    with store.session_factory() as s:
        stored = s.scalar(select(func.count()).select_from(Event))
    table, other = tables[0], tables[1]
    window = ZhukTableWindow(hub, admin, table.game_id, table.round_id, "Бенчмарк · стол 1")
    window.show()
    app.processEvents()
    widget = window.scoring
    rec = hub.games.to_record(table.game_id)
    shadow = new_game(rec["players"], rec["options"])
    commit, end_to_end, bare_times, paced, paced_bare = [], [], [], [], []
    for i in range(shots + paced_shots):
        idle = PACE_S if i >= shots else 0.0  # the last ones at a referee's pace: the desk idle before each
        for k in _next_keys(shadow, i).split():  # typed and painted before the timed Enter
            QTest.keyClick(widget, getattr(Qt.Key, f"Key_{k}"))
        app.processEvents()
        time.sleep(idle)
        t0 = time.perf_counter()
        QTest.keyClick(widget, Qt.Key.Key_Return)
        t1 = time.perf_counter()
        app.processEvents()  # the repaint the referee sees
        assert widget.error.isHidden(), widget.error.text()
        if idle:
            paced.append(t1 - t0)
            time.sleep(idle)
            paced_bare.append(bare.once())
            continue
        end_to_end.append(time.perf_counter() - t0)
        commit.append(t1 - t0)
        bare_times.append(bare.once())
    n_events = shots + paced_shots
    assert widget.log_model.rowCount() == n_events == len(hub.games.to_record(table.game_id)["events"])
    direct = []
    rec = hub.games.to_record(other.game_id)
    shadow = new_game(rec["players"], rec["options"])
    for i in range(shots):  # GameService alone at another table of the round: what the window adds on top
        obj = {"type": "shot", "player": shadow.to_move, "potted": [], "fouls": ["miss"] if i % 2 else []}
        shadow.apply(parse_event(obj))
        t0 = time.perf_counter()
        club.games.record(admin, other.game_id, obj)
        direct.append(time.perf_counter() - t0)
    window.close()
    store.close()
    return {"commit": commit, "end_to_end": end_to_end, "service": direct, "bare": bare_times, "events": stored,
            "paced": paced, "paced_bare": paced_bare}
