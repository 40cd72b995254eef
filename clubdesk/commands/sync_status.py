"""`clubdesk sync status` and `clubdesk sync conflicts` as words on a terminal: what `clubdesk.sync.status` reads,
told in the user's language (the sync layer itself returns data only).

A game branch is told as the Sync page tells it (`ui.branch_words`, the interface's tr() words): the command line is
a top layer beside the interface, so it may borrow them.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

from clubdesk.store.db import Store
from clubdesk.sync import cursors, protocol
from clubdesk.sync.credentials import load_password
from clubdesk.sync.errors import SyncError, hub_errors
from clubdesk.sync.hub import role_name
from clubdesk.sync.runner import not_joined
from clubdesk.sync.status import desk_names, local_status, skewed_desks, verify


def print_status(store: Store, lang: str, *, verify_tables: bool = False, out=None) -> int:
    out = out or sys.stdout
    en = lang == "en"
    st = local_status(store)
    if st.config is None:
        raise not_joined()
    hub_line = f"{st.config.address.where} ({st.config.address.schema})"
    lines = [("Сервер", "Hub", hub_line), ("Стойка", "Desk", f"{st.config.desk_name} ({st.desk_id})")]
    reached = None
    try:
        password = load_password(st.config.address, st.config.desk_name)
        address = st.config.address.with_user(role_name(st.config.desk_name))
        with hub_errors(address.where), address.connect(password) as conn:
            protocol.check_protocol(conn)
            st.pending_down = protocol.pending_down(conn, st.config.club_id, cursors.get_cursor(store, "pull"),
                                                    cursors.local_desk_ids(store))
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
    error = st.last_error_en if en else st.last_error
    if error:
        lines.append(("Последняя ошибка", "Last error", error))
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
        return print_row_checks(store, en, out)
    return 0


def print_row_checks(store: Store, en: bool, out) -> int:
    """Each synced table's rows against what the desk's log says (sync/row_digests.py): count, md5, equal. Non-zero,
    naming the tables, when they differ: the desk holds values no other desk with this log holds."""
    from clubdesk.sync.row_digests import check_tables

    print("Строки таблиц (число, md5 синхронизируемых столбцов):" if not en else
          "Table rows (count, md5 of the synced columns):", file=out)
    checks = check_tables(store)
    for c in checks:
        mark = ("совпадает с журналом" if not en else "as the log says") if c.equal else (
            f"РАЗЛИЧАЕТСЯ: строк не по журналу {c.wrong}" if not en else f"DIFFERS: {c.wrong} rows not as the log says")
        print(f"  {c.table:<20} {c.rows:>8} {c.digest}  {mark}", file=out)
    bad = [c.table for c in checks if not c.equal]
    if bad:
        print(f"Строки таблиц {', '.join(bad)} расходятся с журналом изменений стойки: другие стойки держат в них "
              "другие значения. Сообщите разработчикам (это ошибка синхронизации)." if not en else
              f"The rows of {', '.join(bad)} differ from the desk's change log: other desks hold other values in "
              "them. Tell the developers (a sync bug).", file=sys.stderr)
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
        if kind == "quarantined_row":
            lines.append((cid, kept_aside_text(cid, entity, entity_id, other_id, detail, en, desk_names(store))))
            continue
        lines.append((cid, f"{cid}  {kind:<16} {entity}/{entity_id}  ↔ {other_id or '—'}  {detail}"))
    with _interface_words(lang):
        from clubdesk.ui.branch_words import load_game_choices  # Qt (tr()): imported by `sync conflicts` only

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


_REASONS = {"not_json": ("не JSON", "not JSON"), "not_object": ("не объект JSON", "not a JSON object"),
            "bad_field": ("поле неверного вида", "a field of the wrong kind"),
            "missing_row": ("ждёт записи, которой на этой стойке нет", "waits for a row this desk does not hold"),
            "refused": ("база этой стойки её не принимает", "this desk's database refuses it"),
            "not_allowed": ("учётная запись персонала от стойки без права управлять персоналом",
                            "a staff account from a desk not allowed to manage staff")}


def kept_aside_text(cid: int, entity: str, entity_id: str, desk_id: str, detail: str, en: bool,
                    names: dict[str, str]) -> str:
    """A pulled row kept aside (sync/quarantine.py): what it is, from which desk, why, and the two actions."""
    import json

    d = json.loads(detail)
    ru_reason, en_reason = _REASONS.get(d.get("reason"), (d.get("reason"), d.get("reason")))
    desk = names.get(desk_id, desk_id[:8])
    if en:
        return (f"{cid}  {'quarantined_row':<16} {entity}/{entity_id}  row {d.get('log_id')} of desk {desk} not "
                f"applied: {en_reason} ({d.get('text', '')})\n    clubdesk sync conflicts --retry {cid} | --discard {cid}")
    return (f"{cid}  {'quarantined_row':<16} {entity}/{entity_id}  запись {d.get('log_id')} стойки {desk} не "
            f"применена: {ru_reason} ({d.get('text', '')})\n    clubdesk sync conflicts --retry {cid} | --discard {cid}")


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
