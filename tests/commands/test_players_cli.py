"""`clubdesk players import|export|imports|undo-import` (issue 39): the same import as the desk's, from a shell."""

from __future__ import annotations

from clubdesk.cli import main
from clubdesk.services.players import PlayerService
from clubdesk.store.db import open_store
from tests.services.club_lists import write_csv

ROWS = [["Список клуба"], [], ["№", "ФИО", "Кличка", "Тел."], ["1", "Иванов Иван Иванович", "Ваня", "8 (916) 123-45-67"],
        ["2", "Петров Пётр", "", "+7-916-1234567"], ["3", "Сидоров", "", "123"]]


def registry(db):
    store = open_store(db)
    try:
        return [(p.name, p.nickname, p.phone) for p in PlayerService(store).search("")]
    finally:
        store.close()


def test_dry_run_shows_the_judged_rows_and_writes_nothing(tmp_path, capsys):
    db = tmp_path / "c.sqlite"
    assert main(["--db", str(db), "db", "upgrade"]) == 0
    path = write_csv(tmp_path / "club.csv", ROWS)
    assert main(["--db", str(db), "players", "import", str(path), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "club.csv: заголовок в строке 3, строк: 3" in out and "  Тел. → Телефон" in out and "  Кличка → —" in out
    assert "строка 5: повтор строки 4 — Петров Пётр" in out
    assert "строка 6: отклонена: Такого номера телефона не бывает: «123»." in out
    assert "новых: 1, уже есть: 0 (пропустить), повторов: 1, отклонено: 1" in out
    assert registry(db) == []


def test_import_with_a_changed_mapping_then_undo(tmp_path, capsys):
    db = tmp_path / "c.sqlite"
    main(["--db", str(db), "db", "upgrade"])
    path = write_csv(tmp_path / "club.csv", ROWS)
    assert main(["--db", str(db), "players", "import", str(path), "--map", "Кличка=nickname"]) == 0
    assert registry(db) == [("Иванов Иван Иванович", "Ваня", "+79161234567")]
    assert main(["--db", str(db), "players", "import", str(path), "--map", "C=псевдоним"]) == 0
    assert "Добавлять и обновлять нечего" in capsys.readouterr().out  # the same file twice adds nobody
    assert main(["--db", str(db), "players", "undo-import"]) == 0
    assert "убрано игроков 1" in capsys.readouterr().out and registry(db) == []
    assert main(["--db", str(db), "--lang", "en", "players", "undo-import"]) == 2
    assert capsys.readouterr().err.strip() == "Nothing to undo: the imports of this desk are undone already."


def test_export_writes_what_import_reads_back(tmp_path, capsys):
    db, other = tmp_path / "c.sqlite", tmp_path / "d.sqlite"
    for d in (db, other):
        main(["--db", str(d), "db", "upgrade"])
    main(["--db", str(db), "players", "import", str(write_csv(tmp_path / "club.csv", ROWS)), "--map", "Кличка=nickname"])
    assert main(["--db", str(db), "players", "export", str(tmp_path / "out.xlsx")]) == 0
    assert main(["--db", str(other), "players", "import", str(tmp_path / "out.xlsx")]) == 0
    assert registry(other) == registry(db)
    assert main(["--db", str(db), "players", "export", str(tmp_path / "out.txt")]) == 2
    assert "выгружают в файл XLSX или CSV" in capsys.readouterr().err
