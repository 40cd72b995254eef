"""The print preview dialog: pages, save, print to a QPrinter, and the system viewer fallback."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrinter

from clubdesk.reports import build_record_pdf
from clubdesk.ui import print_preview
from clubdesk.ui.print_preview import PrintPreview
from tests.reports.fill import record


@pytest.fixture
def pdf() -> bytes:
    return build_record_pdf(record("pyramid100-match.json"))


def blank(pdf: bytes, dpi: int) -> list[QImage]:
    img = QImage(int(8.27 * dpi), int(11.69 * dpi), QImage.Format.Format_RGB32)
    img.fill(Qt.GlobalColor.white)
    return [img, img]


def test_preview_shows_every_page_and_saves_the_same_bytes(qtbot, tmp_path, pdf):
    dlg = PrintPreview(pdf, "Протокол", renderer=blank)
    qtbot.addWidget(dlg)
    assert len(dlg.pages) == 2 and dlg.info.text() == "Страниц: 2"
    out = dlg.save_to(tmp_path / "match")
    assert out.suffix == ".pdf" and out.read_bytes() == pdf


def test_print_draws_every_page_on_the_printer(qtbot, tmp_path, pdf):
    dlg = PrintPreview(pdf, "Протокол", renderer=blank)
    qtbot.addWidget(dlg)
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert dlg.paint_to(printer) == 2
    assert (tmp_path / "printed.pdf").stat().st_size > 0


def test_without_a_renderer_the_system_viewer_gets_the_pdf(qtbot, monkeypatch, pdf):
    opened = []
    monkeypatch.setattr(print_preview.QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    monkeypatch.setattr(print_preview.QMessageBox, "information", lambda *a, **k: None)
    dlg = PrintPreview(pdf, "Протокол", use_default_renderer=False)
    qtbot.addWidget(dlg)
    assert dlg.pages == [] and dlg.info.text() == ""
    dlg.print_document()  # no printer, no pages: hand it to the viewer
    assert opened and opened[0].toLocalFile().endswith(".pdf")
    with open(opened[0].toLocalFile(), "rb") as fh:
        assert fh.read() == pdf


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler's pdftoppm is not installed")
def test_pdftoppm_renders_real_pages(qtbot, pdf):
    pages = print_preview._render_pdftoppm(pdf, 40)
    assert len(pages) == 1 and not pages[0].isNull() and pages[0].width() > 200


def test_print_game_with_an_unknown_id_warns_instead_of_crashing(qtbot, club, monkeypatch):
    warned = []
    monkeypatch.setattr(print_preview.QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    assert print_preview.print_game(None, club, "nope") is None
    assert warned and "не найдена" in warned[0]
