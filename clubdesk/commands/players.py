"""`clubdesk players import|export|imports|undo-import`: a club's player list in from a spreadsheet, and out.

The file's owner acts as the administrator (as `clubdesk accounts`). `import` prints how it read the columns and
every row that is not simply new (already registered, a repeat, refused with its reason), then imports in one step;
`--dry-run` stops before writing. `undo-import` takes an import back as a whole (the newest by default).
"""

from __future__ import annotations

import sys
from pathlib import Path

from clubdesk.errors import KnownError
from clubdesk.roles import SYSTEM
from clubdesk.store import db as storedb


def add_parser(sub) -> None:
    pp = sub.add_parser("players", help="the player registry: import from XLSX/CSV, export, undo an import")
    pp.add_argument("action", choices=("import", "export", "imports", "undo-import"))
    pp.add_argument("file", nargs="?", help="import/export: the .xlsx or .csv file; undo-import: the import's id")
    pp.add_argument("--sheet", metavar="NAME", help="import: the workbook's sheet (default: the first)")
    pp.add_argument("--map", metavar="COLUMN=FIELD", action="append", default=[],
                    help="import: read COLUMN (its header, letter or number) as FIELD (surname, first_name, "
                         "patronymic, full_name, nickname, phone, birthday, notes, ban, ban_until; skip)")
    pp.add_argument("--dry-run", action="store_true", help="import: show the judged rows, write nothing")
    pp.add_argument("--update", action="store_true",
                    help="import: update registered players the file has (default: skip them)")
    pp.add_argument("--lang", dest="sub_lang", choices=("ru", "en"), default=None)


def _say(lang: str, ru: str, en: str) -> str:
    return en if lang == "en" else ru


def _mapping(table, pairs: list[str]) -> list[str | None]:
    from clubdesk.services.player_import import column_index, field_key, guess_mapping

    mapping = guess_mapping(table.headers)
    for pair in pairs:
        column, sep, field = pair.rpartition("=")
        if not sep or not column:
            raise KnownError(f"--map {pair}: пишите СТОЛБЕЦ=ПОЛЕ, например «ФИО=full_name».",
                             f"--map {pair}: write COLUMN=FIELD, e.g. 'Name=full_name'.")
        k, f = column_index(table, column), field_key(field)
        if f is not None:  # a field goes to one column: the one named here
            mapping = [None if m == f else m for m in mapping]
        mapping[k] = f
    return mapping


def _import(svc, args, lang: str) -> int:
    from clubdesk.services.player_files import read_table
    from clubdesk.services.player_import import FIELDS, counts, header_score

    if not args.file:
        raise KnownError("Укажите файл: clubdesk players import FILE.", "Give the file: clubdesk players import FILE.")
    table = read_table(Path(args.file), args.sheet, header_score)
    mapping = _mapping(table, args.map)
    where = f" «{table.sheet}»" if table.sheet else ""
    print(_say(lang, f"{table.source}{where}: заголовок в строке {table.header_row}, строк: {len(table.rows)}",
               f"{table.source}{where}: header in row {table.header_row}, {len(table.rows)} rows"))
    for header, field in zip(table.headers, mapping, strict=True):
        name = (FIELDS[field][0] if lang == "ru" else FIELDS[field][1]) if field else _say(lang, "—", "—")
        print(f"  {header or '?'} → {name}")
    verdicts = svc.preview(table, mapping)
    for v in verdicts:
        if v.kind != "new":
            print(v.line(lang))
    n = counts(verdicts)
    same = _say(lang, "обновить" if args.update else "пропустить", "update" if args.update else "skip")
    print(_say(lang, f"новых: {n['new']}, уже есть: {n['same']} ({same}), повторов: {n['duplicate']}, "
                     f"отклонено: {n['refused']}",
               f"new: {n['new']}, registered: {n['same']} ({same}), repeats: {n['duplicate']}, refused: {n['refused']}"))
    if args.dry_run:
        print(_say(lang, "Ничего не записано (--dry-run).", "Nothing written (--dry-run)."))
        return 0
    r = svc.run(SYSTEM, table, mapping, update=args.update).record
    if not (r.added or r.updated):
        print(_say(lang, "Добавлять и обновлять нечего: ничего не записано.", "Nothing to add or update: nothing written."))
        return 0
    print(_say(lang, f"Импорт {r.id}: добавлено {r.added}, обновлено {r.updated}. "
                     f"Отменить: clubdesk players undo-import {r.id}",
               f"Import {r.id}: {r.added} added, {r.updated} updated. Undo: clubdesk players undo-import {r.id}"))
    return 0


def run(args, lang: str) -> int:
    from clubdesk.services.player_imports import ImportService

    lang = args.sub_lang or lang
    path = Path(args.db) if args.db else storedb.default_db_path()
    try:
        if not path.exists():
            raise KnownError(f"Файла {path} нет.", f"There is no file {path}.")
        store = storedb.open_store(path)
        try:
            svc = ImportService(store)
            if args.action == "import":
                return _import(svc, args, lang)
            if args.action == "export":
                if not args.file:
                    raise KnownError("Укажите файл .xlsx или .csv.", "Give the .xlsx or .csv file.")
                n = svc.export(SYSTEM, Path(args.file), lang)
                print(_say(lang, f"{args.file}: игроков {n}", f"{args.file}: {n} players"))
                return 0
            history = svc.history()
            if args.action == "imports":
                for r in history:
                    state = _say(lang, f"отменён {r.undone_at}", f"undone {r.undone_at}") if r.undone_at else ""
                    print(f"{r.id}\t{r.at}\t{r.login}\t{r.source}\t+{r.added}\t~{r.updated}\t{state}".rstrip())
                return 0
            target = args.file or next((r.id for r in history if not r.undone_at), None)
            if target is None and history:
                raise KnownError("Отменять нечего: импорты этой стойки уже отменены.",
                                 "Nothing to undo: the imports of this desk are undone already.")
            if target is None:
                raise KnownError("Отменять нечего: импортов на этой стойке нет.", "Nothing to undo: no import here.")
            r = svc.undo(SYSTEM, target)
            print(_say(lang, f"Импорт {r.id} отменён: убрано игроков {r.added}, восстановлено {r.updated}.",
                       f"Import {r.id} undone: {r.added} players taken out, {r.updated} restored."))
            return 0
        finally:
            store.close()
    except KnownError as exc:
        print(exc.message(lang), file=sys.stderr)
        return 2
