"""A club's store as each past schema revision wrote it, built from the migrations at that revision plus SQL
inserts, and the rows the same club must have once the file is upgraded to head.

The club: members, a banned player, a guest (a guest exists from 0003 on), an administrator and a host
account, a Жук tournament with a stage, two rounds (one clock running, one paused), tables, seats and a game
with shots, and a Mafia evening with check-ins and a game with events; the change log and the projections (at
head every game's projection is its events replayed, whatever the old file cached).

`expected_at_head(rev)` spells out what each migration does to these rows. A new migration that adds a column
or moves data must say here what the old rows become — the comparison is value for value.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from clubdesk.store import migrate

DESK = "0190d6a2-0000-7000-8000-0000000000aa"
PAST = migrate.revisions_oldest_first()[:-1]  # every revision older than head


def _j(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _synced(n: int) -> dict:
    return {"hlc": 1_764_000_000_000_000 + n, "desk_id": DESK}


# A Mafia game needs ten seats (M-1); the guests at seats 5…10 are not in the registry (the engine does not ask).
MAFIA_PLAYERS = ["p-1", "p-2", "p-4", "p-5", *(f"x-{n}" for n in range(5, 11))]
MAFIA_DEAL = ("civilian", "mafia", "civilian", "sheriff", "civilian", "don", "civilian", "mafia", "civilian",
              "civilian")
CLOCKS = {"r-1": {"elapsed": 312.5, "started_at": 1_764_750_000.25}, "r-2": {"elapsed": 1800.0, "started_at": None}}
TOURNAMENT_OPTIONS = {"bankroll": "carry", "settlement": "previous"}


def head_rows() -> dict[str, list[dict]]:
    """The club's rows in head's shape, as a store that never needed an upgrade would hold them."""
    players = [
        {"id": "p-1", "name": "Иванов Пётр", "nickname": "Петруха", "phone": "+7 900 111-22-33", "notes": "",
         "status": "active", "is_guest": 0, "ban_reason": "", "ban_until": None, "nickname_key": "петруха",
         "search_key": "иванов пётр петруха +7 900 111-22-33", "created_at": "2026-11-01T18:00:00.000Z"},
        {"id": "p-2", "name": "Сидорова Анна", "nickname": "Анна", "phone": "", "notes": "капитан",
         "status": "active", "is_guest": 0, "ban_reason": "", "ban_until": None, "nickname_key": "анна",
         "search_key": "сидорова анна анна", "created_at": "2026-11-01T18:01:00.000Z"},
        {"id": "p-3", "name": "Кузнецов Илья", "nickname": "Кузя", "phone": "8-901-000-00-00", "notes": "",
         "status": "banned", "is_guest": 0, "ban_reason": "спор с маркером", "ban_until": "2027-01-15",
         "nickname_key": "кузя", "search_key": "кузнецов илья кузя 8-901-000-00-00",
         "created_at": "2026-11-02T19:00:00.000Z"},
        # an impossible phone, typed before 0010 refused one: 0010 keeps it as it was
        # typed before the registry trimmed names: 0013 splits it at the first space and respells it
        {"id": "p-4", "name": " Ли  Мин Хо", "nickname": "", "phone": "00000000000", "notes": "", "status": "active",
         "is_guest": 0, "ban_reason": "", "ban_until": None, "nickname_key": "", "search_key": "ли мин 00000000000",
         "created_at": "2026-11-03T20:00:00.000Z"},
        {"id": "p-5", "name": "Олег", "nickname": "Олег (гость)", "phone": "", "notes": "", "status": "active",
         "is_guest": 1, "ban_reason": "", "ban_until": None, "nickname_key": "олег (гость)",
         "search_key": "гость олег олег (гость)", "created_at": "2026-12-01T19:30:00.000Z"},
    ]
    for n, p in enumerate(players):
        p.update(_synced(n))
    accounts = [
        {"id": "a-1", "login": "admin", "display_name": "Администратор", "password_hash": "$argon2id$v=19$x",
         "roles": "admin desk", "active": 1, "player_id": None, **_synced(10)},
        {"id": "a-2", "login": "anna", "display_name": "Анна", "password_hash": "$argon2id$v=19$y",
         "roles": "host", "active": 1, "player_id": "p-2", **_synced(11)},
    ]
    tournaments = [{"id": "t-1", "name": "Кубок декабря", "game": "zhuk", "options_json": _j(TOURNAMENT_OPTIONS),
                    "status": "open", "created_at": "2026-12-01T17:00:00.000Z", **_synced(20)}]
    entries = [{"id": f"te-{i}", "tournament_id": "t-1", "player_id": pid, **_synced(21 + i)}
               for i, pid in enumerate(("p-1", "p-2", "p-4"))]
    stages = [{"id": "s-1", "tournament_id": "t-1", "number": 1, "kind": "stage", "seed": 9_007_199_254_740_993,
               **_synced(30)}]
    rounds = [{"id": "r-1", "stage_id": "s-1", "number": 1, "nominal": 100, "minutes": 40,
               "clock_elapsed": 312.5, "clock_started_at": 1_764_750_000.25, **_synced(31)},
              {"id": "r-2", "stage_id": "s-1", "number": 2, "nominal": 200, "minutes": 30,
               "clock_elapsed": 1800.0, "clock_started_at": None, **_synced(32)}]
    evenings = [{"id": "e-1", "date": "2026-12-01", "name": "Вечер мафии", "host_account_id": "a-2",
                 "options_json": _j({"games": 2}), "seed": 42, **_synced(40)}]
    check_ins = [{"id": f"c-{i}", "evening_id": "e-1", "player_id": pid,
                  "checked_in_at": f"2026-12-01T19:0{i}:00.000Z", **_synced(41 + i)}
                 for i, pid in enumerate(("p-1", "p-2", "p-4", "p-5"))]
    tables = [{"id": "gt-1", "number": 1, "round_id": "r-1", "evening_id": None, **_synced(50)},
              {"id": "gt-2", "number": 1, "round_id": None, "evening_id": "e-1", **_synced(51)}]
    seats = [{"id": f"st-{i}", "table_id": "gt-1", "seat_no": i + 1, "player_id": pid, **_synced(52 + i)}
             for i, pid in enumerate(("p-1", "p-2", "p-4"))]
    seats += [{"id": f"sm-{i}", "table_id": "gt-2", "seat_no": i + 1, "player_id": pid, **_synced(56 + i)}
              for i, pid in enumerate(("p-1", "p-2", "p-4", "p-5"))]
    zhuk_players = [{"id": pid, "balance": 10000, "rating": 1000} for pid in ("p-1", "p-2", "p-4")]
    games = [{"id": "g-1", "game": "zhuk", "title": "Кубок декабря · стол 1", "table_id": "gt-1",
              "players_json": _j(zhuk_players), "options_json": _j({"nominal": 100, "settlement": "previous"}),
              "status": "running", "created_at": "2026-12-01T17:30:00.000Z", **_synced(60)},
             {"id": "g-2", "game": "mafia", "title": "Игра 1", "table_id": "gt-2",
              "players_json": _j(MAFIA_PLAYERS), "options_json": "{}", "status": "running",
              "created_at": "2026-12-01T19:30:00.000Z", **_synced(61)}]
    shot = {"type": "shot", "player": "p-1", "cue": "main", "potted": [{"ball": "std", "legal": True}],
            "fouls": [], "zhuk_attempt": False, "rebound": False, "removed": None}
    miss = {**shot, "player": "p-2", "potted": [], "fouls": ["miss"]}
    void = {"type": "void", "target_seq": 2, "reason": "ошибка ввода"}
    events = [{"id": f"ev-{n}", "game_id": "g-1", "seq": n, "type": p["type"], "payload": _j(p),
               "recorded_at": f"2026-12-01T17:4{n}:00.000Z", "author_id": "a-1", **_synced(70 + n)}
              for n, p in enumerate((shot, miss, void), start=1)]
    deal = {"type": "deal", "roles": {str(seat): role for seat, role in enumerate(MAFIA_DEAL, start=1)}}
    events += [{"id": f"ev-m{n}", "game_id": "g-2", "seq": n, "type": p["type"], "payload": _j(p),
                "recorded_at": f"2026-12-01T19:4{n}:00.000Z", "author_id": None, **_synced(80 + n)}
               for n, p in enumerate((deal, {"type": "agreement_end"}), start=1)]
    # as an older ClubDesk cached it (another shape than head's engine gives): the upgrade replays it anew
    projections = [{"game_id": "g-1", "seq": 3, "state_json": _j({"balances": {"p-1": 10100, "p-2": 9950}})}]
    change_log = [{"id": n + 1, "hlc": 1_764_000_000_000_000 + n, "desk_id": DESK, "entity": "players",
                   "entity_id": p["id"], "op": "insert", "payload": _j(p), "pushed": n % 2} for n, p in
                  enumerate(players)]
    settings = [{"key": "desk_id", "value": DESK}, {"key": "club_name", "value": "Клуб «Маэстро»"}]
    return {"players": players, "accounts": accounts, "tournaments": tournaments, "tournament_entries": entries,
            "stages": stages, "rounds": rounds, "evenings": evenings, "check_ins": check_ins,
            "game_tables": tables, "seats": seats, "games": games, "events": events, "projections": projections,
            "change_log": change_log, "settings": settings}


def rows_at(rev: str) -> dict[str, list[dict]]:
    """The same club as a store at `rev` holds it: what that schema had no place for is not there."""
    rows = head_rows()
    if rev < "0006":  # the round clocks lived in the tournament's options (migration 0006 moved them)
        rows["tournaments"][0]["options_json"] = _j({**TOURNAMENT_OPTIONS, "clocks": CLOCKS})
        for r in rows["rounds"]:
            del r["clock_elapsed"], r["clock_started_at"]
    if rev < "0003":  # no guests and no tournament entries before 0003
        for p in rows["players"]:
            del p["is_guest"]
        del rows["tournament_entries"]
    if rev < "0002":
        del rows["projections"]
    if rev >= "0007":  # head_rows() is the club as 0006 wrote it; 0007 rewrote its log and keys
        rows = _sync_0007(rows)
    if rev >= "0008":
        rows = _sync_0008(rows)
    if rev >= "0009":
        rows = _sync_0009(rows)
    if rev >= "0010":
        rows = _sync_0010(rows)
    if rev >= "0012":
        rows = _sync_0012(rows)
    if rev >= "0013":
        rows = _sync_0013(rows)
    return rows


def expected_at_head(rev: str) -> dict[str, list[dict]]:
    """What the store made at `rev` holds after the upgrade to head: every row, every value."""
    rows = head_rows()
    if rev < "0003":
        for p in rows["players"]:
            p["is_guest"] = 0  # 0003: everyone registered before guests existed is a member
        rows["tournament_entries"] = []
    rows["projections"] = _replayed(rows)  # whatever the cache held, or none (before 0002): the events say
    rows = _sync_0013(_sync_0012(_sync_0010(_sync_0009(_sync_0008(_sync_0007(rows))))))
    return {table: sorted(r, key=_j) for table, r in rows.items()}


def _replayed(rows: dict[str, list[dict]]) -> list[dict]:
    """The cached state of every game as head's engines replay its events (projections.replay)."""
    from clubdesk.store.changelog import canonical_json
    from clubdesk.store.projections import replay

    out = []
    for g in rows["games"]:
        events = sorted((e["seq"], e["type"], json.loads(e["payload"])) for e in rows["events"]
                        if e["game_id"] == g["id"])
        engine, *_ = replay(g["game"], json.loads(g["players_json"]), json.loads(g["options_json"]), events)
        out.append({"game_id": g["id"], "seq": events[-1][0] if events else 0,
                    "state_json": canonical_json(engine.state())})
    return out


SET_LIKE = {"check_ins": ("evening_id", "player_id"), "tournament_entries": ("tournament_id", "player_id"),
            "seats": ("table_id", "seat_no")}
LWW_ORDER = ("players", "accounts", "tournaments", "tournament_entries", "stages", "rounds", "evenings",
             "check_ins", "game_tables", "seats", "games")
BOOLEANS = {("players", "is_guest"), ("accounts", "active"), ("check_ins", "deleted"),
            ("tournament_entries", "deleted"), ("seats", "deleted")}


def _sync_0013(rows: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """0013: the surname and the first name from the name split at its first space (a one-word name is a
    surname); no log row (the log rows that carry `name` say both parts on every desk)."""
    for p in rows["players"]:
        p["surname"], _, p["first_name"] = " ".join(p["name"].split()).partition(" ")
        p["name"] = f"{p['surname']} {p['first_name']}".strip()
    return rows


def _sync_0012(rows: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """0012: no player merged yet, no game branch decided: the new columns are empty; no row changes."""
    for p in rows["players"]:
        p["merged_into"] = ""
    for g in rows["games"]:
        g["branch_json"] = ""
    return rows


def _sync_0010(rows: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """0010: phones libphonenumber reads become E.164 with the search key's digits (E.164 and the national
    spelling), each with its log row; players get a date of birth, games a table name and a referee (this club
    has no Пирамидка match, so they stay empty)."""
    log = rows["change_log"]
    hlc = 1 + max(r["hlc"] for t in (*LWW_ORDER, "seating_swaps", "ban_confirmations", "bans", "events", "change_log")
                  for r in rows.get(t, []))
    e164 = {"+7 900 111-22-33": ("+79001112233", "79001112233 89001112233"),
            "8-901-000-00-00": ("+79010000000", "79010000000 89010000000")}
    for p in sorted(rows["players"], key=lambda p: p["id"]):
        p["birthday"] = None
        if p["phone"] in e164:
            phone, digits = e164[p["phone"]]
            fields = {"phone": phone, "search_key": f"{p['name'].casefold()} {p['nickname'].casefold()} {digits}"}
            log.append({"id": len(log) + 1, "desk_id": DESK, "desk_seq": len(log) + 1, "hlc": hlc,
                        "entity": "players", "entity_id": p["id"], "op": "upsert", "payload": _j(fields),
                        "schema_version": 10})
            p.update(fields, hlc=hlc, desk_id=DESK)
            hlc += 1
    for g in rows["games"]:
        g["table_name"] = g["referee"] = ""
    return rows


def _sync_0009(rows: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """0009: each banned player's ban becomes a `bans` row (id from the player), with its log row."""
    from clubdesk.store.ids import natural_id

    log = rows["change_log"]
    hlc = 1 + max(r["hlc"] for t in (*LWW_ORDER, "seating_swaps", "ban_confirmations", "events", "change_log")
                  for r in rows.get(t, []))
    bans = []
    for p in sorted(rows["players"], key=lambda p: p["id"]):
        if p["status"] != "banned":
            continue
        fields = {"player_id": p["id"], "reason": p["ban_reason"], "until": p["ban_until"], "lifted": False,
                  "created_at": p["created_at"]}
        ban_id = natural_id("bans", p["id"], "0009")
        log.append({"id": len(log) + 1, "desk_id": DESK, "desk_seq": len(log) + 1, "hlc": hlc, "entity": "bans",
                    "entity_id": ban_id, "op": "upsert", "payload": _j(fields), "schema_version": 9})
        bans.append({"id": ban_id, "hlc": hlc, "desk_id": DESK, **fields, "lifted": 0})
        hlc += 1
    return {**rows, "bans": bans}


def _sync_0008(rows: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """0008: draws, seating, swaps, placed games, ended-by-hand notes and confirmed bans move to rows of their
    own. This club keeps none of them in options_json (its evening's {"games": 2} is no placement map), so only
    the new columns and tables appear, empty."""
    for st in rows["stages"]:
        st["draw_json"] = None
    for ev in rows["evenings"]:
        ev["seating_json"] = None
    for t in rows["game_tables"]:
        t["evening_round"] = t["ended_by_hand_json"] = None
    return {**rows, "seating_swaps": [], "ban_confirmations": []}


def _sync_0007(rows: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """0007 (docs/sync.md): set-like rows get uuid5 ids and a live tombstone, games their owner; the log is
    numbered per desk with the row keys out of its payloads, and every synced value it did not say is logged."""
    from clubdesk.store.ids import natural_id

    remap = {}
    for table, key in SET_LIKE.items():
        for r in rows.get(table, []):
            remap[r["id"]] = r["id"] = natural_id(table, *(r[k] for k in key))
            r["deleted"] = 0
    for g in rows["games"]:
        g["owner_desk_id"] = DESK
    log, said = [], {}
    for n, old in enumerate(sorted(rows["change_log"], key=lambda r: r["id"]), start=1):
        fields = {k: (bool(v) if (old["entity"], k) in BOOLEANS else v)
                  for k, v in json.loads(old["payload"]).items() if k not in ("id", "hlc", "desk_id")}
        said.setdefault((old["entity"], old["entity_id"]), {}).update(fields)
        log.append({"id": n, "desk_id": old["desk_id"], "desk_seq": n, "hlc": old["hlc"], "entity": old["entity"],
                    "entity_id": remap.get(old["entity_id"], old["entity_id"]), "op": "upsert", "payload": _j(fields),
                    "schema_version": 6})
    hlc = 1 + max(r["hlc"] for t in (*LWW_ORDER, "events", "change_log") for r in rows.get(t, []))
    for table in LWW_ORDER:
        for r in sorted(rows.get(table, []), key=lambda r: r["id"]):
            fields = {k: (bool(v) if (table, k) in BOOLEANS else v) for k, v in r.items()
                      if k not in ("id", "hlc", "desk_id") and (table, k) != ("games", "status")}
            known = said.get((table, r["id"]), {})
            diff = {k: v for k, v in fields.items() if k not in known or known[k] != v}
            if diff:
                log.append({"id": len(log) + 1, "desk_id": DESK, "desk_seq": len(log) + 1, "hlc": hlc,
                            "entity": table, "entity_id": r["id"], "op": "upsert", "payload": _j(diff),
                            "schema_version": 7})
                hlc += 1
    return {**rows, "change_log": log, "sync_cursors": [], "sync_quarantine": [], "conflicts": []}


def build(path: Path, rev: str) -> None:
    """A store file at `rev` holding `rows_at(rev)`."""
    migrate.upgrade_file(path, rev)
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA journal_mode=WAL")  # as every store is
        con.execute("PRAGMA foreign_keys=ON")
        for table, rows in rows_at(rev).items():
            for row in rows:
                cols = ", ".join(row)
                con.execute(f"INSERT INTO {table} ({cols}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
        con.commit()
    finally:
        con.close()


def dump(path: Path) -> dict[str, list[dict]]:
    """Every row of every table (but Alembic's own), as dicts, in a fixed order; not the random store_instance
    a store gets when it is opened (identity.py)."""
    con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN "
                                            "('alembic_version', 'sqlite_sequence') ORDER BY name")]
        return {t: sorted((dict(r) for r in con.execute(f"SELECT * FROM {t}")
                           if not (t == "settings" and r["key"] == "store_instance")), key=_j) for t in tables}
    finally:
        con.close()


def content(path: Path) -> list[str]:
    """The whole database as SQL (schema and rows): two files with the same content give the same list."""
    con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()
