"""`clubdesk print`: a PDF from a record or from the store; a bad record writes nothing and names the event."""

from __future__ import annotations

import json

from clubdesk.cli import main
from tests.reports.fill import RECORDS, add_evening, add_match, add_players, add_tournament
from tests.reports.pdfcheck import fonts, text


def test_print_record_writes_a_pdf_with_the_engine_score(tmp_path):
    out = tmp_path / "match.pdf"
    assert main(["print", "--record", str(RECORDS / "pyramid100-match.json"), "-o", str(out)]) == 0
    body = text(out.read_bytes())
    assert "Победитель: A" in body  # no database: the names are the ids
    assert all(fonts(out.read_bytes()).values())


def test_print_record_in_english_with_the_global_lang(tmp_path):
    out = tmp_path / "round.pdf"
    assert main(["--lang", "en", "print", "--record", str(RECORDS / "zhuk-3players-previous.json"), "-o",
                 str(out)]) == 0
    assert "Zhuk table protocol" in text(out.read_bytes())


def test_bad_record_exits_2_writes_no_file_and_names_index_code_and_clause(tmp_path, capsys):
    out = tmp_path / "bad.pdf"
    rc = main(["print", "--record", str(RECORDS / "pyramid100-illegal.json"), "-o", str(out)])
    assert rc == 2 and not out.exists()
    err = capsys.readouterr().err
    bad = json.loads((RECORDS / "pyramid100-illegal.json").read_text(encoding="utf-8"))
    from clubdesk.rules.record import ReplayError, replay
    try:
        replay(bad)
    except ReplayError as exc:
        assert f"событие {exc.index}" in err and exc.error.code in err and exc.error.clause in err


def test_bad_record_keeps_an_existing_output_file_untouched(tmp_path, capsys):
    out = tmp_path / "old.pdf"
    out.write_bytes(b"old")
    assert main(["print", "--record", str(RECORDS / "zhuk-illegal-zhuk-cue.json"), "-o", str(out)]) == 2
    assert out.read_bytes() == b"old"
    assert "event" not in capsys.readouterr().err  # Russian by default


def test_unreadable_record_exits_2(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text("{not json")
    out = tmp_path / "x.pdf"
    assert main(["--lang", "en", "print", "--record", str(bad), "-o", str(out)]) == 2
    assert not out.exists() and "cannot read record" in capsys.readouterr().err


def test_print_game_tournament_stage_and_evening_from_the_store(tmp_path, store, admin):
    f = add_players(store, admin)
    add_match(store, admin, f)
    add_tournament(store, admin, f)
    add_evening(store, admin, f)
    db = str(store.path)
    cases = [(["--game", f.match_id], "Иванов Алексей"), (["--tournament", f.tournament_id], "Турнирная таблица"),
             (["--tournament", f.tournament_id, "--stage", "1"], "Итоги этапа 1"),
             (["--evening", f.evening_id], "Пятничная мафия")]
    for i, (args, expected) in enumerate(cases):
        out = tmp_path / f"{i}.pdf"
        assert main(["--db", db, "print", *args, "-o", str(out)]) == 0
        assert expected in text(out.read_bytes())


def test_unknown_game_in_the_store_exits_2(tmp_path, store, admin, capsys):
    out = tmp_path / "g.pdf"
    assert main(["--db", str(store.path), "print", "--game", "nope", "-o", str(out)]) == 2
    assert not out.exists() and "не найдена" in capsys.readouterr().err


def test_missing_database_exits_2(tmp_path, capsys):
    out = tmp_path / "g.pdf"
    assert main(["--db", str(tmp_path / "none.sqlite"), "print", "--game", "x", "-o", str(out)]) == 2
    assert not (tmp_path / "none.sqlite").exists() and not out.exists()


def test_a_full_disk_while_printing_over_an_existing_pdf_leaves_the_old_file(tmp_path):
    """The disk fills up half-way through the new PDF (a file size limit, RLIMIT_FSIZE, in a child process):
    `print -o existing.pdf` once left a partial PDF in place of the old one."""
    import os
    import subprocess
    import sys

    import pytest

    resource = pytest.importorskip("resource")
    out = tmp_path / "protocol.pdf"
    old = b"%PDF-1.4 the protocol printed yesterday\n" * 20
    out.write_bytes(old)

    def small_disk() -> None:
        import signal

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    done = subprocess.run([sys.executable, "-m", "clubdesk", "print", "--record",
                           str(RECORDS / "zhuk-3players-previous.json"), "-o", str(out)],
                          capture_output=True, text=True, preexec_fn=small_disk, timeout=120,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 2 and "не удалось записать" in done.stderr
    assert out.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["protocol.pdf"]
