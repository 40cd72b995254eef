"""`clubdesk print`: the PDF protocol of a game record, or of a game, tournament or evening from the store."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from clubdesk.errors import KnownError
from clubdesk.rules.errors import one_line
from clubdesk.rules.record import ReplayError

_MSG = {
    "ru": {"unreadable": "не удалось прочитать запись {path}: {exc}", "header": "заголовок записи",
           "event": "событие {index} ({type})", "written": "{out}: {pages}", "no_db": "Файла базы {path} нет.",
           "cannot_write": "не удалось записать {out}: {exc}", "nothing": "укажите --record, --game, --tournament "
           "или --evening"},
    "en": {"unreadable": "cannot read record {path}: {exc}", "header": "record header",
           "event": "event {index} ({type})", "written": "{out}: {pages}", "no_db": "There is no database file {path}.",
           "cannot_write": "cannot write {out}: {exc}", "nothing": "give --record, --game, --tournament or --evening"},
}


def _event_type(record: object, index: int) -> str:
    try:
        return str(record["events"][index].get("type", "?"))  # type: ignore[index]
    except (KeyError, IndexError, TypeError, AttributeError):
        return "?"


def replay_error_text(exc: ReplayError, record: object, lang: str) -> str:
    """«событие 3 (shot): <code> <clause>: message» — which event is wrong and why."""
    m = _MSG[lang]
    where = m["header"] if exc.index is None else m["event"].format(index=exc.index, type=_event_type(record, exc.index))
    clause = f", {exc.error.clause}" if exc.error.clause else ""
    text = exc.error.en if lang == "en" else exc.error.ru
    return one_line(f"{where} [{exc.error.code}{clause}]: {text}")


def _write(out: str, pdf: bytes) -> None:
    """Write the complete PDF to a temporary file in the same folder, then rename it over `out`: a full disk
    or any other failure leaves an existing `out` as it was and no temporary file behind."""
    target = Path(out)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(pdf)
            fh.flush()
            os.fsync(fh.fileno())  # the data is on disk before the name points at it
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o7777)  # the reader keeps the permissions it had
        else:
            os.chmod(tmp, 0o666 & ~_umask())  # as a plain open() would have made it (mkstemp makes 0600)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _from_record(path: str, lang: str) -> bytes:
    from clubdesk.commands.record_input import load
    from clubdesk.reports import Meta, build_record_pdf
    from clubdesk.rules.errors import RuleError

    try:
        record = load(path)  # RecordUnreadable (a KnownError) for a file that cannot be read
    except RuleError as exc:
        text = one_line(_MSG[lang]["unreadable"].format(path=repr(path), exc=f"[{exc.code}] {exc.message(lang)}"))
        raise KnownError(text, text, code="replay_error") from exc
    try:
        return build_record_pdf(record, Meta(), lang)
    except ReplayError as exc:
        text = replay_error_text(exc, record, lang)
        raise KnownError(text, text, code="replay_error") from exc


def _from_store(db: str | None, lang: str, game: str | None, tournament: str | None, stage: int | None,
                evening: str | None) -> bytes:
    from clubdesk.services.games import GameService
    from clubdesk.services.protocols import ProtocolService
    from clubdesk.store import db as storedb
    from clubdesk.store.health import check_records

    path = Path(db) if db else storedb.default_db_path()
    if not path.exists():
        raise KnownError(_MSG["ru"]["no_db"].format(path=path), _MSG["en"]["no_db"].format(path=path))
    store = storedb.open_store(path)
    try:
        check_records(path)  # a broken event or text is refused by where it is, not a decoding traceback
        svc = ProtocolService(store, GameService(store))
        if game:
            return svc.game_pdf(game, lang)
        if tournament:
            return svc.tournament_pdf(tournament, stage, lang)
        return svc.evening_pdf(evening, lang)  # type: ignore[arg-type]
    finally:
        store.close()


def run(out: str, *, record: str | None = None, game: str | None = None, tournament: str | None = None,
        stage: int | None = None, evening: str | None = None, db: str | None = None, lang: str = "ru",
        err: TextIO | None = None) -> int:
    """Build the PDF first; only a complete document is written to `out`. Exit 2 on refused input."""
    err = err or sys.stderr
    try:
        if record:
            pdf = _from_record(record, lang)
        elif game or tournament or evening:
            pdf = _from_store(db, lang, game, tournament, stage, evening)
        else:
            print(_MSG[lang]["nothing"], file=err)
            return 2
    except KnownError as exc:
        print(exc.message(lang), file=err)
        return 2
    try:
        _write(out, pdf)
    except OSError as exc:
        print(_MSG[lang]["cannot_write"].format(out=out, exc=exc), file=err)
        return 2
    return 0
