"""The hub sync, measured against baselines in the same run, on the PostgreSQL at $CLUBDESK_TEST_PG_URL.

- push and pull of BULK (100 000) log rows: rows/s, and the ratio to a bare psycopg COPY of the same rows (in, into a
  table shaped like the hub's; out, of the same rows);
- an incremental sync of 100 new rows (one desk pushes, another pulls and applies) over stores with 10 000 and
  with 1 000 000 rows already synced: the ratio of the two times;
- the shot p99 on a desk while a background sync applies rows on it, against the same shots with no sync.

    python benchmarks/sync.py [LARGE [BULK]]    (LARGE = 1 000 000 by default: the synced million rows are set up in
                                          bulk, as a finished sync leaves them — `preload`)
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from clubdesk.services.accounts import AccountService  # noqa: E402
from clubdesk.services.games import GameService  # noqa: E402
from clubdesk.services.players import PlayerData, PlayerService  # noqa: E402
from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json  # noqa: E402
from clubdesk.store.db import open_store  # noqa: E402
from clubdesk.store.ids import uuid7  # noqa: E402
from clubdesk.sync import cursors, protocol  # noqa: E402
from clubdesk.sync.hub import HubAddress, add_desk, init_hub  # noqa: E402
from clubdesk.sync.join import join  # noqa: E402
from clubdesk.sync.runner import PULL_PAGE, sync_once  # noqa: E402

URL = os.environ.get("CLUBDESK_TEST_PG_URL", "postgresql://postgres@127.0.0.1:5432/test")
LARGE = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
BULK = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000


class Desk:
    def __init__(self, address: HubAddress, tmp: Path, name: str) -> None:
        role, self.password = add_desk(address, name, staff=True)  # its admin account is a staff row (h005)
        self.role = role
        self.store = open_store(tmp / f"{name}.sqlite")
        join(self.store, address, name, self.password)

    def sync(self):
        return sync_once(self.store, password=self.password)


def fill(store, n: int) -> None:
    """n new players, each with its change-log row, written as the UnitOfWork writes them (one transaction
    per 20 000: a bench needs a million rows, not a million commits)."""
    base = cursors.last_desk_seq(store)
    hlc = store.clock.now()
    for start in range(0, n, 20_000):
        players, log = [], []
        for k in range(start, min(n, start + 20_000)):
            pid, name = uuid7(), f"Игрок {base + k}"
            fields = {"birthday": None, "created_at": "2026-12-03T12:00:00.000Z", "is_guest": False,
                      "merged_into": "", "name": name, "nickname": "", "nickname_key": "", "notes": "",
                      "phone": "", "search_key": name.casefold()}  # as PlayerService.add logs one
            players.append((pid, hlc + k, store.desk_id, name, name.casefold()))
            log.append((store.desk_id, base + k + 1, hlc + k, "players", pid, "upsert", canonical_json(fields),
                        SCHEMA_VERSION))
        with store.write() as cur:
            cur.executemany("INSERT INTO players (id, hlc, desk_id, name, nickname, phone, notes, status, is_guest, "
                            "ban_reason, nickname_key, search_key, created_at) VALUES (?, ?, ?, ?, '', '', '', "
                            "'active', 0, '', '', ?, '2026-12-03T12:00:00.000Z')", players)
            cur.executemany("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, "
                            "schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", log)
    store.clock.observe(hlc + n)


def preload(address: HubAddress, club_id: str, source: Desk, target: Desk, n: int) -> None:
    """`n` players written on `source`, pushed and applied on `target`, set up in bulk (a million rows through
    the sync itself took most of an hour): the same rows the sync would leave — the players and their log rows
    in both stores, the log rows on the hub — and the cursors where a finished sync leaves them."""
    import sqlite3

    desk = source.store.desk_id
    hlc = source.store.clock.now()
    base = cursors.last_desk_seq(source.store)
    players, log = [], []
    for k in range(n):
        pid, name = uuid7(), f"Игрок {base + k}"
        fields = {"birthday": None, "created_at": "2026-12-03T12:00:00.000Z", "is_guest": False, "merged_into": "",
                  "name": name, "nickname": "", "nickname_key": "", "notes": "", "phone": "",
                  "search_key": name.casefold()}
        players.append((pid, hlc + k, desk, name, name.casefold()))
        log.append((desk, base + k + 1, hlc + k, "players", pid, "upsert", canonical_json(fields), SCHEMA_VERSION))
    for store in (source.store, target.store):
        conn = sqlite3.connect(store.path, isolation_level=None)
        conn.execute("PRAGMA synchronous=OFF")
        conn.execute("PRAGMA busy_timeout=5000")
        for start in range(0, n, 200_000):
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany("INSERT INTO players (id, hlc, desk_id, name, nickname, phone, notes, status, is_guest, "
                             "ban_reason, nickname_key, search_key, created_at) VALUES (?, ?, ?, ?, '', '', '', "
                             "'active', 0, '', '', ?, '2026-12-03T12:00:00.000Z')", players[start:start + 200_000])
            conn.executemany("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, "
                             "schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", log[start:start + 200_000])
            conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        store.clock.observe(hlc + n)
    with address.connect() as conn:
        with conn.cursor().copy(f"COPY log_rows (club_id, {', '.join(protocol.ROW_COLUMNS)}) FROM STDIN") as cp:
            for d, seq, h, entity, eid, op, payload, version in log:
                cp.write_row((club_id, d, seq, h, version, entity, eid, op, payload))
        conn.commit()
        conn.execute("ANALYZE log_rows")
        head = protocol.head(conn, club_id)
    cursors.set_cursor(source.store, f"push:{desk}", base + n)
    cursors.set_cursor(target.store, "pull", head)


def timed(fn):
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def bare_copy_in(address: HubAddress, rows: list[dict]) -> float:
    with address.connect() as conn:
        conn.execute("CREATE TABLE bench_copy (LIKE log_rows INCLUDING ALL)")
        conn.commit()
        t0 = time.perf_counter()
        with conn.cursor().copy(f"COPY bench_copy (club_id, {', '.join(protocol.ROW_COLUMNS)}) FROM STDIN") as cp:
            for r in rows:
                cp.write_row(("c", *(r[c] for c in protocol.ROW_COLUMNS)))
        conn.commit()
        return time.perf_counter() - t0


def bare_copy_out(address: HubAddress, club_id: str, desk_id: str) -> float:
    with address.connect() as conn:
        t0 = time.perf_counter()
        n = 0
        with conn.cursor().copy(f"COPY (SELECT server_seq, {', '.join(protocol.ROW_COLUMNS)} FROM log_rows "
                                f"WHERE club_id = '{club_id}' AND desk_id = '{desk_id}' ORDER BY server_seq) "
                                "TO STDOUT") as cp:
            for _ in cp.rows():
                n += 1
        return time.perf_counter() - t0


def fetch_pages(address: HubAddress, club_id: str, desk: Desk, after: int) -> float:
    """The pull's transfer alone: every page above `after`, as `runner._pull` fetches them, applied nowhere."""
    with address.with_user(desk.role).connect(desk.password) as conn:
        upto = protocol.head(conn, club_id)
        t0 = time.perf_counter()
        n = 0
        while True:
            page = protocol.pull_page(conn, club_id, after, upto, PULL_PAGE, [desk.store.desk_id])
            n += len(page)
            if len(page) < PULL_PAGE:
                break
            after = page[-1]["server_seq"]
        took = time.perf_counter() - t0
    assert n >= BULK, n
    return took


def bare_sqlite_apply(tmp: Path, rows: list[dict]) -> float:
    """The floor of any apply: the same rows written into a fresh store's change_log and players by one bare
    executemany each, in one transaction, their parameters built beforehand (no merge, no JSON in the timing)."""
    import json
    import sqlite3

    from clubdesk.store.changelog import LOG_INSERT_ORIGIN

    store = open_store(tmp / "floor.sqlite")
    path = store.path
    store.close()
    # numbered from 1 (the gap-free trigger of a fresh store): the same rows, the same cost
    log = [(r["desk_id"], k + 1, *(r[c] for c in cursors.LOG_COLUMNS[2:])) for k, r in enumerate(rows)]
    players = []
    for r in rows:
        p = json.loads(r["payload"])
        players.append((r["entity_id"], r["hlc"], r["desk_id"], p["name"], p["search_key"], p["created_at"]))
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous=NORMAL")
        t0 = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(LOG_INSERT_ORIGIN, log)
        conn.executemany("INSERT INTO players (id, hlc, desk_id, name, nickname, phone, notes, status, is_guest, "
                         "ban_reason, nickname_key, search_key, created_at) VALUES (?, ?, ?, ?, '', '', '', 'active', "
                         "0, '', '', ?, ?)", players)
        conn.execute("COMMIT")
        return time.perf_counter() - t0
    finally:
        conn.close()


def incremental_round(source: Desk, target: Desk) -> float:
    """100 new rows on `source`, its sync, then `target`'s sync (which applies them)."""
    fill(source.store, 100)
    t, (pushed, pulled) = timed(lambda: (source.sync().pushed, target.sync().pulled))
    assert pushed == pulled == 100, (pushed, pulled)
    return t


def incremental(small: tuple, large: tuple, large_n: int, rounds: int = 9) -> tuple[float, float]:
    """Median times of `rounds` incremental rounds over 10 000 and over `large_n` rows already synced (set up as
    the sync leaves them: `preload`), the two alternating so that the machine's load drifts over both alike.
    `small` and `large` are (hub address, club, source desk, target desk), each pair on a hub of its own."""
    for (address, club_id, source, target), n in ((small, 10_000), (large, large_n)):
        preload(address, club_id, source, target, n)
        source.sync()
        target.sync()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        times[0].append(incremental_round(*small[2:]))
        times[1].append(incremental_round(*large[2:]))
    return statistics.median(times[0]), statistics.median(times[1])


def shot_times(store, actor, game_id: str, n: int) -> list[float]:
    games = GameService(store)
    out = []
    for _ in range(n):
        player = games.state(game_id)["to_move"]
        t0 = time.perf_counter()
        games.record(actor, game_id, {"type": "shot", "player": player, "cue": "main", "potted": []})
        out.append(time.perf_counter() - t0)
    return out


def p99(xs: list[float]) -> float:
    return sorted(xs)[int(len(xs) * 0.99) - 1] * 1000


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="sync_bench_"))
    schema = f"sync_bench_{uuid.uuid4().hex[:8]}"
    admin_address = HubAddress.parse(URL, schema=schema)
    club = init_hub(admin_address)
    desks: list[Desk] = []
    try:
        a, b = Desk(admin_address, tmp, f"{schema}_a"), Desk(admin_address, tmp, f"{schema}_b")
        desks += [a, b]
        AccountService(a.store).create_first_admin("admin", "secret-admin")
        a.sync()
        b.sync()
        fill(a.store, BULK)
        rows = cursors.pending_since(a.store, cursors.get_cursor(a.store, f"push:{a.store.desk_id}"), 10 ** 7)
        t_push, report = timed(a.sync)
        assert report.pushed == BULK
        t_copy_in = bare_copy_in(admin_address, rows)
        pulled_from = cursors.get_cursor(b.store, "pull")
        t_pull, report = timed(b.sync)
        assert report.pulled == BULK
        t_copy_out = bare_copy_out(admin_address, club, a.store.desk_id)
        t_fetch = fetch_pages(admin_address, club, b, pulled_from)
        print(f"push {BULK} rows: {BULK / t_push:,.0f} rows/s ({t_push:.2f} s); bare COPY in {t_copy_in:.2f} s; "
              f"ratio {t_push / t_copy_in:.2f}×")
        print(f"pull {BULK} rows (applied): {BULK / t_pull:,.0f} rows/s ({t_pull:.2f} s); bare COPY out "
              f"{t_copy_out:.2f} s; ratio {t_pull / t_copy_out:.2f}×")
        print(f"  of which the transfer: the same pages fetched as the sync fetches them (the desk's login, "
              f"{PULL_PAGE:,} rows a page), not applied: {BULK / t_fetch:,.0f} rows/s ({t_fetch:.2f} s); ratio "
              f"{t_fetch / t_copy_out:.2f}×")
        t_floor = bare_sqlite_apply(tmp, rows)
        print(f"  the floor of applying them: one bare executemany per table into a fresh store, one transaction "
              f"{t_floor:.2f} s ({BULK / t_floor:,.0f} rows/s); pull / (bare COPY out + that) "
              f"{t_pull / (t_copy_out + t_floor):.2f}×")

        # the shot p99 on b while it applies BULK rows from a in the background
        hall = AccountService(b.store).login("admin", "secret-admin")
        ids = [PlayerService(b.store).add(hall, PlayerData(name=f"Стол {k}")).id for k in range(3)]
        game = GameService(b.store).create(hall, "zhuk", [{"id": p, "balance": 500} for p in ids], {"nominal": 10})
        quiet = shot_times(b.store, hall, game, 300)
        fill(a.store, BULK)
        a.sync()
        worker = threading.Thread(target=b.sync)
        worker.start()
        time.sleep(0.2)
        busy = []
        while worker.is_alive() and len(busy) < 2000:
            busy += shot_times(b.store, hall, game, 10)
        worker.join()
        print(f"shot p99 while a background sync applies {BULK} rows: {p99(busy):.2f} ms over {len(busy)} shots "
              f"(no sync: {p99(quiet):.2f} ms); ratio {p99(busy) / p99(quiet):.2f}×")

        desks_small = (Desk(admin_address, tmp, f"{schema}_ss"), Desk(admin_address, tmp, f"{schema}_sd"))
        big_address = HubAddress.parse(URL, schema=f"{schema}_big")  # a hub of its own: its rows are not small's
        big_club = init_hub(big_address)
        desks_large = (Desk(big_address, tmp, f"{schema}_ls"), Desk(big_address, tmp, f"{schema}_ld"))
        desks += [*desks_small, *desks_large]
        small, large = incremental((admin_address, club, *desks_small), (big_address, big_club, *desks_large), LARGE)
        print(f"incremental sync of 100 rows: {small * 1000:.0f} ms over 10 000 synced rows, {large * 1000:.0f} ms "
              f"over {LARGE:,}; ratio {large / small:.2f}×")
    finally:
        for d in desks:
            d.store.close()
        import psycopg

        with psycopg.connect(URL, autocommit=True) as conn:
            breakers = []  # each hub's lock breaker is a role of its own (h004)
            for s in (schema, f"{schema}_big"):
                try:
                    breakers.append(conn.execute(f'SELECT value FROM "{s}".hub_meta WHERE key = %s',
                                                 ("ingest_breaker",)).fetchone())
                except psycopg.Error:  # a hub the run did not get to make
                    pass
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}_big" CASCADE')
            roles = conn.execute("SELECT rolname FROM pg_roles WHERE rolname LIKE %s", (f"clubdesk_{schema}%",))
            for (role,) in [*roles.fetchall(), *(b for b in breakers if b)]:
                conn.execute(f'DROP OWNED BY "{role}"')
                conn.execute(f'DROP ROLE "{role}"')
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
