"""What the Sync page and `clubdesk sync status` show: pending rows both ways, the last success, conflicts,
rows waiting for a newer ClubDesk, desks whose clocks are off; and `--verify` against the hub."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field

from clubdesk.store.db import Store
from clubdesk.sync import protocol
from clubdesk.sync.config import DeskConfig, load_config, read_settings
from clubdesk.sync.errors import SyncError, hub_errors
from clubdesk.sync.hub import role_name


def max_skew_ms() -> int:
    return int(os.environ.get("CLUBDESK_MAX_CLOCK_SKEW_MS", 5 * 60 * 1000))


@dataclass
class SyncStatus:
    config: DeskConfig | None
    desk_id: str
    pending_up: int
    pending_down: int | None  # None: not known (the hub was not reached since the last change)
    last_success: str | None
    last_error: str | None
    conflicts: int
    quarantined: int
    skewed: list[tuple[str, int]] = field(default_factory=list)  # (desk name or id, ms ahead of the hub)
    desks: list[tuple[str, str]] = field(default_factory=list)  # the club's desks at the last sync: (name, seen)


def local_status(store: Store, lang: str = "ru") -> SyncStatus:
    """What the desk knows without asking the hub (cheap: a few indexed reads; the GUI polls it)."""
    from clubdesk.store import changes

    s = read_settings(store)
    up = sum(max(changes.last_desk_seq(store, d) - changes.get_cursor(store, f"push:{d}"), 0)
             for d in changes.local_desk_ids(store))
    down = s.get("sync.pending_down")
    error = s.get("sync.last_error_en" if lang == "en" else "sync.last_error")
    skewed = [(name, ms) for name, ms in json.loads(s.get("sync.skewed", "[]"))]
    desks = [(row[0], row[1]) for row in json.loads(s.get("sync.desks", "[]"))]
    return SyncStatus(load_config(store), changes.desk_identity(store), up, int(down) if down is not None else None,
                      s.get("sync.last_success"), error, count_conflicts(store), changes.quarantined(store), skewed,
                      desks)


def count_conflicts(store: Store) -> int:
    """Open conflicts, a game branch counted once however many events it holds."""
    from clubdesk.store.resolutions import open_conflict_count

    return open_conflict_count(store.read)


def desk_names(store: Store) -> dict[str, str]:
    """desk id → desk name: this file's own ids and the club's desks as the last sync saw them (`sync.desks`
    rows are [name, last contact, ids]; a row saved before the ids were kept has none)."""
    from clubdesk.store import changes

    names = {}
    for row in json.loads(read_settings(store).get("sync.desks", "[]")):
        names.update({desk_id: row[0] for desk_id in (row[2] if len(row) > 2 else [])})
    config = load_config(store)
    if config is not None:
        names.update({desk_id: config.desk_name for desk_id in changes.local_desk_ids(store)})
    return names


def skewed_desks(conn, club_id: str) -> list[tuple[str, int]]:
    """Desks whose clock was more than the allowed skew off the hub's at their last hello."""
    rows = conn.execute("SELECT name, desk_id, clock_skew_ms FROM desks WHERE club_id = %s AND abs(clock_skew_ms) > %s "
                        "ORDER BY name, desk_id", (club_id, max_skew_ms())).fetchall()
    conn.commit()
    return [(f"{name} ({desk_id[:8]})", ms) for name, desk_id, ms in rows]


def club_desks(conn, club_id: str) -> list[tuple[str, str, list[str]]]:
    """(name, last contact as ISO UTC, its desk ids) of every desk name of the club: the ids let a conflict name
    the desk whose branch it is."""
    rows = conn.execute("SELECT name, max(last_seen), array_agg(desk_id ORDER BY desk_id) FROM desks "
                        "WHERE club_id = %s GROUP BY name ORDER BY name", (club_id,)).fetchall()
    conn.commit()
    return [(name, seen.strftime("%Y-%m-%dT%H:%M:%SZ"), [str(d) for d in ids]) for name, seen, ids in rows]


def local_digests(store: Store) -> dict[str, tuple[int, str]]:
    """Per entity: the log rows this desk holds (its own, applied and quarantined: all are in change_log) and an
    md5 of their keys and clocks, spelled as the hub's `protocol.table_digests`."""
    rows = store.read("SELECT entity, desk_id, desk_seq, hlc FROM change_log")
    by_entity: dict[str, list[tuple[str, int, int]]] = {}
    for entity, desk_id, desk_seq, hlc in rows:
        by_entity.setdefault(entity, []).append((desk_id, desk_seq, hlc))
    result = {}
    for entity, keys in by_entity.items():
        keys.sort()
        text = ",".join(f"{d}:{s}:{h}" for d, s, h in keys)
        result[entity] = (len(keys), hashlib.md5(text.encode()).hexdigest())
    return result


def verify(store: Store, config: DeskConfig, password: str) -> list[tuple[str, int, int, bool]]:
    """(entity, rows on this desk, rows on the hub, equal) per entity; equal only after a full sync both ways."""
    with hub_errors(config.address.where), config.address.with_user(role_name(config.desk_name)).connect(password) as c:
        hub = protocol.table_digests(c, config.club_id)
    mine = local_digests(store)
    return [(e, mine.get(e, (0, ""))[0], hub.get(e, (0, ""))[0], mine.get(e) == hub.get(e))
            for e in sorted(set(mine) | set(hub))]


def print_status(store: Store, lang: str, *, verify_tables: bool = False, out=None) -> int:
    from clubdesk.sync.credentials import load_password
    from clubdesk.sync.runner import not_joined

    out = out or sys.stdout
    en = lang == "en"
    st = local_status(store, lang)
    if st.config is None:
        raise not_joined()
    hub_line = f"{st.config.address.where} ({st.config.address.schema})"
    lines = [("Сервер", "Hub", hub_line), ("Стойка", "Desk", f"{st.config.desk_name} ({st.desk_id})")]
    reached = None
    try:
        password = load_password(st.config.address, st.config.desk_name)
        address = st.config.address.with_user(role_name(st.config.desk_name))
        with hub_errors(address.where), address.connect(password) as conn:
            from clubdesk.store import changes

            protocol.check_protocol(conn)
            st.pending_down = protocol.pending_down(conn, st.config.club_id, changes.get_cursor(store, "pull"),
                                                    changes.local_desk_ids(store))
            st.skewed = skewed_desks(conn, st.config.club_id)
        reached = True
    except SyncError as exc:
        reached = exc.message(lang)
    down = "?" if st.pending_down is None else str(st.pending_down)
    lines += [("Связь", "Hub reached", ("да" if not en else "yes") if reached is True else reached),
              ("Ждут отправки", "Pending up", str(st.pending_up)),
              ("Ждут получения", "Pending down", down),
              ("Последняя синхронизация", "Last success", st.last_success or "—"),
              ("Конфликты", "Conflicts", str(st.conflicts))]
    if st.last_error:
        lines.append(("Последняя ошибка", "Last error", st.last_error))
    if st.quarantined:
        lines.append(("Ждут новой версии", "Waiting for a newer ClubDesk", str(st.quarantined)))
    for name, ms in st.skewed:
        lines.append(("Часы сбиты", "Clock skewed", f"{name}: {ms / 60000:+.1f} мин" if not en else f"{name}: {ms / 60000:+.1f} min"))
    width = max(len(en and e or r) for r, e, _ in lines)
    for r, e, value in lines:
        print(f"{(e if en else r) + ':':<{width + 1}} {value}", file=out)
    if verify_tables:
        if reached is not True:
            raise SyncError(str(reached), str(reached), code="unreachable")
        result = verify(store, st.config, password)
        for entity, mine, theirs, equal in result:
            mark = ("совпадает" if not en else "equal") if equal else ("РАЗЛИЧАЕТСЯ" if not en else "DIFFERS")
            print(f"  {entity:<20} {mine:>8} {theirs:>8}  {mark}", file=out)
        if not all(equal for *_, equal in result):
            print("Таблицы расходятся с сервером; выполните clubdesk sync now и проверьте снова." if not en else
                  "Tables differ from the hub; run clubdesk sync now and verify again.", file=sys.stderr)
            return 1
    return 0


def print_conflicts(store: Store, lang: str, out=None) -> int:
    """Every open conflict; a game with branches as one conflict (one decision: which line continues it), each of
    its lines (its desk, events, first and last event in words) with the command that chooses it."""
    out = out or sys.stdout
    en = lang == "en"
    lines: list[tuple[int, str]] = []
    for cid, kind, entity, entity_id, other_id, detail in store.read(
            "SELECT id, kind, entity, entity_id, other_id, detail_json FROM conflicts WHERE NOT resolved "
            "AND kind <> 'game_branch' ORDER BY id"):
        lines.append((cid, f"{cid}  {kind:<16} {entity}/{entity_id}  ↔ {other_id or '—'}  {detail}"))
    with _interface_words(lang):
        from clubdesk.ui.branch_words import load_game_choices

        for game in load_game_choices(store, desk_names(store)):
            cid = game.conflict.conflict_id
            text = [f"{cid}  {'game_branch':<16} games/{game.game_id}  {game.title}", game.question()]
            for view in game.choices:
                flag = f"--set-aside {cid}" if view.branch.here else f"--keep {view.branch.conflict_id}"
                text += [view.choice_text(), "  " + view.first_and_last(),
                         f"  {'choose' if en else 'выбрать'}: clubdesk sync conflicts {flag}"]
            text += [game.stuck_text(view) for view in game.stuck]
            lines.append((cid, "\n    ".join(text)))
    if not lines:
        print("Конфликтов нет." if not en else "No conflicts.", file=out)
    for _cid, text in sorted(lines):
        print(text, file=out)
    return 0


@contextmanager
def _interface_words(lang: str):
    """The branches are told in the interface's words (tr()); in English those need the interface's translator,
    which a command-line run has not installed."""
    if lang != "en":
        yield
        return
    from PySide6.QtCore import QCoreApplication

    from clubdesk.ui.i18n import install_language

    app = QCoreApplication.instance() or QCoreApplication([])
    translator = install_language(app, "en")
    try:
        yield
    finally:
        if translator is not None:
            app.removeTranslator(translator)
