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
    monkeypatch.setattr(print_preview, "OPENER", None)  # Windows and macOS: Qt's openUrl answers for the shell
    dlg = PrintPreview(pdf, "Протокол", use_default_renderer=False)
    qtbot.addWidget(dlg)
    assert dlg.pages == [] and dlg.info.text() == ""
    dlg.print_document()  # no printer, no pages: hand it to the viewer
    assert opened and opened[0].toLocalFile().endswith(".pdf")
    with open(opened[0].toLocalFile(), "rb") as fh:
        assert fh.read() == pdf


def viewer_asked(qtbot, monkeypatch, pdf, opener) -> tuple[PrintPreview, list[str], list[bool]]:
    """The preview with `opener` as the desktop's opener; «Открыть в программе просмотра» pressed. Returns the
    dialog, the lines it said and the saves it started."""
    monkeypatch.setattr(print_preview, "OPENER", opener)
    dlg = PrintPreview(pdf, "Протокол", renderer=blank)
    qtbot.addWidget(dlg)
    said, saved = [], []
    dlg.offer_save = lambda text: said.append(text) or True
    dlg.save_dialog = lambda: saved.append(True)
    dlg.open_button.click()
    return dlg, said, saved


def test_without_a_pdf_viewer_the_desk_says_so_in_one_line_and_offers_to_save(qtbot, monkeypatch, pdf):
    """Issue 38 item 6: xdg-open found no program (it exits non-zero; Qt's openUrl had said True and nothing
    showed). The line, and «Сохранить PDF…» pressed there opens the save dialog."""
    dlg, said, saved = viewer_asked(qtbot, monkeypatch, pdf, shutil.which("false"))  # held: its opener is its child
    qtbot.waitUntil(lambda: said != [], timeout=20_000)  # the opener is a process: a loaded machine starts it late
    assert said == ["На этом компьютере нет программы для просмотра PDF. Сохраните его в файл."]
    assert "\n" not in said[0] and saved == [True]


def test_without_the_opener_itself_the_desk_says_so_too(qtbot, monkeypatch, pdf, tmp_path):
    dlg, said, _saved = viewer_asked(qtbot, monkeypatch, pdf, str(tmp_path / "no-xdg-open"))
    qtbot.waitUntil(lambda: said != [], timeout=20_000)  # the opener is a process: a loaded machine starts it late
    assert dlg.findChildren(print_preview.QProcess)


def test_a_viewer_that_opens_the_pdf_is_not_second_guessed(qtbot, monkeypatch, pdf):
    from PySide6.QtCore import QProcess

    dlg, said, _ = viewer_asked(qtbot, monkeypatch, pdf, shutil.which("true"))
    (opener,) = dlg.findChildren(QProcess)
    qtbot.waitUntil(lambda: opener.state() == QProcess.ProcessState.NotRunning, timeout=20_000)
    assert said == []


def test_on_windows_a_refused_open_says_so_at_once(qtbot, monkeypatch, pdf):
    monkeypatch.setattr(print_preview, "OPENER", None)
    monkeypatch.setattr(print_preview.QDesktopServices, "openUrl", lambda url: False)
    dlg = PrintPreview(pdf, "Протокол", renderer=blank)
    qtbot.addWidget(dlg)
    said = []
    dlg.offer_save = lambda text: said.append(text) or False
    assert not dlg.open_external() and len(said) == 1


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler's pdftoppm is not installed")
def test_pdftoppm_renders_real_pages(qtbot, pdf):
    pages = print_preview._render_pdftoppm(pdf, 40)
    assert len(pages) == 1 and not pages[0].isNull() and pages[0].width() > 200


def test_print_game_with_an_unknown_id_warns_instead_of_crashing(qtbot, club, monkeypatch):
    warned = []
    monkeypatch.setattr(print_preview.QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    assert print_preview.print_game(None, club, "nope") is None
    assert warned and "не найдена" in warned[0]
