"""Rows a desk cannot apply (docs/sync.md «Rows a desk cannot apply», issue 35 item 1): a row on the hub whose
payload is not JSON, a JSON list, or an event of a game that does not exist used to stop every desk's pull at that
row for good. Forged here as an attacker with one desk's login would: under a desk id of its own."""

from __future__ import annotations

import json
import time
import uuid

import psycopg
import pytest

from clubdesk.roles import SYSTEM
from clubdesk.services.accounts import AccountService
from clubdesk.services.conflicts import ConflictService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.sync import apply, cursors, quarantine
from tests.store.sync_desks import _zhuk_shot, synced_tables
from tests.sync.conftest import need_pg
from tests.sync.desks import make_desk

pytestmark = pytest.mark.pg


@pytest.fixture
def three(hub, tmp_path):
    desks = [make_desk(hub, tmp_path, n) for n in ("front", "hall", "bar")]
    admin = AccountService(desks[0].open()).create_first_admin("admin", "secret-admin")
    yield (*desks, admin)
    for d in desks:
        d.close()


def forge(hub, desk, rows: list[tuple[str, str, str]], desk_id: str | None = None, first: int = 1) -> str:
    """Insert (entity, entity_id, payload) rows as `desk`'s login would, under a desk id of its own."""
    desk_id = desk_id or str(uuid.uuid4())
    with desk.address.connect(desk.password) as conn:
        conn.execute("SELECT * FROM hello(1, %s, %s, %s, %s)",
                     (hub.club_id, desk_id, int(apply.SCHEMA_VERSION), int(time.time() * 1000)))
        with conn.cursor().copy("COPY log_rows (club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, "
                                "op, payload) FROM STDIN") as copy:
            for k, (entity, entity_id, payload) in enumerate(rows):
                copy.write_row((hub.club_id, desk_id, first + k, (int(time.time() * 1000) << 16) + k,
                                int(apply.SCHEMA_VERSION), entity, entity_id, "upsert", payload))
    return desk_id


def as_hub_before_h006(hub) -> None:
    """The hub as it was before it checked payloads (h006): what a club's hub holds from before."""
    with psycopg.connect(need_pg(), autocommit=True) as conn:
        conn.execute(f'ALTER TABLE "{hub.prefix}".log_rows DROP CONSTRAINT log_rows_payload_object')


def names(store) -> set[str]:
    return {r[0] for r in store.read("SELECT name FROM players")}


def kept_aside(store) -> list[tuple[str, str, str]]:
    return [(r["row"]["entity"], r["reason"], r["row"]["payload"]) for r in quarantine.open_rows(store)]


# ---- the hub -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("payload, state", [("not json", "22P02"), ('[1, 2]', "23514"), ('"text"', "23514")])
def test_the_hub_refuses_a_payload_that_is_not_a_json_object(three, hub, payload, state):
    front, *_ = three
    with pytest.raises(psycopg.Error) as refused:
        forge(hub, front, [("players", str(uuid.uuid4()), payload)])
    assert refused.value.sqlstate == state


@pytest.mark.parametrize("payload", ['{"seq": 1}', '{"game_id": "g", "seq": "1"}', '{"game_id": 5, "seq": 1}'])
def test_the_hub_refuses_an_event_without_its_game_and_seq(three, hub, payload):
    front, *_ = three
    with pytest.raises(psycopg.errors.CheckViolation):
        forge(hub, front, [("events", str(uuid.uuid4()), payload)])


# ---- the desks -----------------------------------------------------------------------------------------------------
FORGED = [("players", "not json"), ("players", "[1, 2]"), ("players", '{"surname": {"a": 1}}'),
          ("events", '{"game_id": "no-such-game", "seq": 1, "type": "shot", "payload": "{}"}'),
          ("check_ins", '{"evening_id": "no-such-evening", "player_id": "nobody", "deleted": false}')]


def test_rows_a_desk_cannot_apply_are_kept_aside_and_every_desk_goes_on_pulling(three, hub):
    """The attacker's rows (non-JSON, a JSON list, a nested value, an event of a missing game, a check-in of a
    missing evening) sit on the hub before 50 players of another desk: both other desks get all 50, the forged rows
    are kept aside with their reasons, and the next syncs neither fail nor pull them again."""
    front, hall, bar, admin = three
    as_hub_before_h006(hub)
    forged = forge(hub, bar, [(entity, str(uuid.uuid4()), payload) for entity, payload in FORGED])
    players = PlayerService(front.open())
    for i in range(50):
        players.add(admin, PlayerData(name=f"Игрок {i}"))
    front.sync()
    for desk in (hall, bar):
        report = desk.sync(pull_page=7, apply_chunk=3)
        assert names(desk.store) == names(front.store) and len(names(desk.store)) == 50
        assert report.quarantined == len(FORGED)
        assert sorted(kept_aside(desk.store)) == sorted([
            ("players", "not_json", "not json"), ("players", "not_object", "[1, 2]"),
            ("players", "bad_field", '{"surname": {"a": 1}}'), ("events", "missing_row", FORGED[3][1]),
            ("check_ins", "missing_row", FORGED[4][1])])
        # the forged desk's sequence is held whole (it stays gap-free: its later rows apply)
        assert cursors.last_desk_seq(desk.store, forged) == len(FORGED)
        assert apply.quarantined(desk.store) == 0  # not «waiting for a newer ClubDesk»
        again = desk.sync()
        assert (again.pulled, again.quarantined) == (0, 0)
    # a later good row of the forged desk still applies after its bad ones
    forge(hub, bar, [("players", str(uuid.uuid4()), json.dumps({"surname": "Поздний", "first_name": "Игрок"}))],
          desk_id=forged, first=len(FORGED) + 1)
    hall.sync()
    assert "Поздний Игрок" in names(hall.store)
    assert hall.store.read("SELECT count(*) FROM conflicts WHERE kind = 'quarantined_row' AND NOT resolved")[0][0] \
        == len(FORGED)


def test_a_row_kept_aside_is_shown_and_retry_and_discard_work(three, hub, capsys):
    front, hall, bar, admin = three
    as_hub_before_h006(hub)
    forge(hub, bar, [("players", str(uuid.uuid4()), "not json")])
    hall.sync()
    (row,) = quarantine.open_rows(hall.store)
    from clubdesk.commands.sync_status import print_conflicts

    print_conflicts(hall.store, "ru")
    shown = capsys.readouterr().out
    assert "не применена: не JSON" in shown and f"--retry {row['conflict']}" in shown
    svc = ConflictService(hall.store)
    assert svc.retry_row(SYSTEM, row["conflict"]) is False  # a payload that is not JSON never becomes one
    svc.discard_row(SYSTEM, row["conflict"])
    assert quarantine.open_rows(hall.store) == []
    assert svc.get(row["conflict"]).resolution == "discarded"
    # nothing recorded is deleted: the row is still in the log, still out of every fold
    assert hall.store.read("SELECT count(*) FROM change_log WHERE id = ?", (row["log_id"],))[0][0] == 1
    assert hall.store.read("SELECT count(*) FROM sync_quarantine WHERE log_id = ?", (row["log_id"],))[0][0] == 1
    assert apply.uncovered(hall.store) == []
    hall.sync()
    assert quarantine.open_rows(hall.store) == []


def zhuk_game_rows(store, admin) -> list[tuple[str, str, str]]:
    """A Жук game recorded on `store` (never synced), as its log rows: players, the game, its shots."""
    players = [PlayerService(store).add(admin, PlayerData(n)).id for n in ("Аня", "Боря", "Вера")]
    games = GameService(store)
    gid = games.create(admin, "zhuk", [{"id": p} for p in players], {"nominal": 100, "settlement": "previous"})
    for i in range(4):
        games.record(admin, gid, _zhuk_shot(games, gid, pot=i % 2 == 0))
    return [(e, i, p) for e, i, p in store.read("SELECT entity, entity_id, payload FROM change_log "
                                                 "WHERE entity IN ('players', 'games', 'events') ORDER BY id")]


def test_events_whose_game_arrives_later_wait_aside_and_are_applied_when_it_comes(three, hub, tmp_path):
    """An event of a game whose row comes in a later page (or from another desk, as after a hub restored from an
    older backup) is not lost: it waits aside, the events after it wait with it (applied first, they would look like
    a branch), and after the pull that brings the game every one is applied in order."""
    front, hall, bar, admin = three
    from tests.sync.desks import Desk

    scratch = Desk("scratch", tmp_path / "scratch.sqlite", None, "")
    AccountService(scratch.open()).create_first_admin("admin", "secret-admin")
    actor = AccountService(scratch.store).login("admin", "secret-admin")
    rows = zhuk_game_rows(scratch.store, actor)
    game = [r for r in rows if r[0] == "games"]
    events = [r for r in rows if r[0] == "events"]
    players = [r for r in rows if r[0] == "players"]
    # the account the events name as their author is not on the other desks: left out of the events
    events = [(e, i, json.dumps({**json.loads(p), "author_id": None})) for e, i, p in events]
    desk_id = forge(hub, bar, [*players, *events[:2]])
    report = hall.sync(pull_page=2, apply_chunk=2)
    assert report.quarantined == 2 and {r["reason"] for r in quarantine.open_rows(hall.store)} == {"missing_row"}
    # the game, then its next events: they follow events kept aside, so they wait too
    forge(hub, bar, [*game, *events[2:]], desk_id=desk_id, first=len(players) + 3)
    hall.sync(pull_page=2, apply_chunk=2)
    assert quarantine.open_rows(hall.store) == []
    held = hall.store.read("SELECT seq FROM events WHERE game_id = ? ORDER BY seq", (game[0][1],))
    assert [s for (s,) in held] == list(range(1, len(events) + 1))
    assert hall.store.read("SELECT count(*) FROM conflicts WHERE kind = 'game_branch'")[0][0] == 0
    scratch.close()
    # a desk that pulls it all in one go, game last, ends the same
    front.sync()
    assert synced_tables(front.store)["events"] == synced_tables(hall.store)["events"]


def test_the_sync_page_lists_a_row_kept_aside_and_the_administrator_retries_or_discards_it(qtbot, three, hub,
                                                                                           tmp_path):
    from clubdesk.services.club import Club
    from clubdesk.ui.pages.sync import SyncPage
    from tests.sync.desks import Desk

    front, hall, bar, admin = three
    scratch = Desk("scratch", tmp_path / "scratch.sqlite", None, "")
    AccountService(scratch.open()).create_first_admin("admin", "secret-admin")
    rows = zhuk_game_rows(scratch.store, AccountService(scratch.store).login("admin", "secret-admin"))
    players = [r for r in rows if r[0] == "players"]
    game = next(r for r in rows if r[0] == "games")
    event = next(r for r in rows if r[0] == "events")
    event = (event[0], event[1], json.dumps({**json.loads(event[2]), "author_id": None}))
    forged = forge(hub, bar, [*players, event, ("events", str(uuid.uuid4()), json.dumps(
        {"game_id": "no-such-game", "seq": 1, "type": "shot", "payload": "{}"}))])
    scratch.close()
    front.sync()
    hall.sync()
    hall_admin = AccountService(hall.store).login("admin", "secret-admin")
    page = SyncPage(Club(hall.store), hall_admin, None)
    qtbot.addWidget(page)
    assert page.conflicts_title.text() == "Конфликты: 2"
    assert page.model.data(page.model.index(0, 0)) == "Запись не применена"
    detail = page.model.data(page.model.index(0, 2))
    assert "ждёт записи, которой на этой стойке нет" in detail and "no such game here" in detail
    page.view.selectRow(0)
    assert page.retry_button.isEnabled() and page.discard_button.isEnabled()
    page.retry_button.click()  # its game is still not here: it stays, nothing breaks
    assert page.conflicts_title.text() == "Конфликты: 2" and not page.action_error.isVisible()
    # the game comes (as a row of the forging desk, applied without a sync's retry): now the retry applies the event
    apply.apply_remote(hall.store, [{"desk_id": forged, "desk_seq": len(players) + 3, "hlc": 1 << 40,
                                     "entity": "games", "entity_id": game[1], "op": "upsert", "payload": game[2],
                                     "schema_version": int(apply.SCHEMA_VERSION)}])
    page.refresh()
    page.view.selectRow(0)
    page.retry_button.click()
    assert page.conflicts_title.text() == "Конфликты: 1"
    assert hall.store.read("SELECT count(*) FROM events WHERE game_id = ?", (game[1],))[0][0] == 1
    page.ask = lambda text: "никогда" in text  # the confirmation names what discarding means
    page.view.selectRow(0)
    page.discard_button.click()
    assert page.conflicts_title.text() == "Конфликты: 0"


def test_a_desk_whose_own_row_the_hub_refuses_says_so_in_one_line_and_keeps_its_rows(three, hub):
    """A bug of one desk's version writing a payload that is not a JSON object: its push is refused by the hub
    (h006) in one line, not an internal error; the rows stay on the desk."""
    from clubdesk.sync.errors import SyncError

    front, *_ = three
    with front.open().write() as cur:
        cur.execute("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
                    "VALUES (?, (SELECT max(desk_seq) + 1 FROM change_log WHERE desk_id = ?), 1, 'players', 'p', "
                    "'upsert', 'not json', ?)", (front.store.desk_id, front.store.desk_id, apply.SCHEMA_VERSION))
    with pytest.raises(SyncError) as refused:
        front.sync()
    assert refused.value.code == "row_refused" and "не объект JSON" in refused.value.message("ru")
    assert cursors.last_desk_seq(front.store) == front.store.read("SELECT count(*) FROM change_log")[0][0]
