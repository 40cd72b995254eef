"""`clubdesk --selftest`: every check in a throw-away home, exit 0 only when all pass."""

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from clubdesk.commands import selftest
from clubdesk.store.migrate import HEAD

ROOT = Path(__file__).resolve().parents[2]


def test_selftest_passes_and_writes_nothing_into_the_real_home(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "CLUBDESK_"))}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "clubdesk", "--selftest"], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["ok    modules", "ok    store", "ok    games", "ok    window",
                                                     "ok    print", "selftest"]
    assert "pyramid100" in lines[2] and "zhuk" in lines[2] and "mafia" in lines[2]
    # each game replays a real log, not a game conceded at its first event
    counts = [int(n) for n in re.findall(r"\((\d+) events\)", lines[2])]
    assert len(counts) >= 3 and min(counts) > 1, lines[2]
    assert lines[-1] == "selftest: all passed"
    assert list(home.iterdir()) == []


def test_a_failed_check_is_named_the_rest_skipped_and_the_exit_code_is_1(monkeypatch):
    def broken(_ctx):
        raise AssertionError("the demo club has no mafia game")

    monkeypatch.setattr(selftest, "CHECKS", [("store", selftest.check_store), ("games", broken),
                                             ("print", selftest.check_print)])
    out = io.StringIO()
    assert selftest.run(out) == 1
    assert out.getvalue().splitlines() == [
        f"ok    store: created and migrated to {HEAD}",
        "FAIL  games: AssertionError: the demo club has no mafia game",
        "skip  print: an earlier check failed",
        "selftest: FAILED: games"]


def test_selftest_restores_the_environment(monkeypatch):
    monkeypatch.setattr(selftest, "CHECKS", [])
    before = dict(os.environ)
    assert selftest.run(io.StringIO()) == 0
    assert dict(os.environ) == before


def test_cyrillic_of_a_printed_protocol_is_found_in_its_unicode_maps():
    import pypdf

    from clubdesk.reports import Meta, build_record_pdf

    record = json.loads((ROOT / "tests/rules/records/pyramid100-match.json").read_text(encoding="utf-8"))
    pdf = build_record_pdf(record, Meta(), "ru")
    text = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    cyrillic = {c for c in text if "\u0400" <= c <= "\u04ff"}
    assert "П" in cyrillic and cyrillic <= selftest.unicode_mapped(pdf)


def test_a_pdf_without_a_cyrillic_font_maps_no_cyrillic():
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.drawString(72, 72, "Протокол")  # Helvetica: no Cyrillic glyphs, nothing to extract
    c.save()
    assert not {c for c in selftest.unicode_mapped(buf.getvalue()) if "\u0400" <= c <= "\u04ff"}
