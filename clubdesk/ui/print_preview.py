"""Print preview of a protocol PDF: the pages, «Печать…», «Сохранить PDF…», or the system viewer as a fallback.

Windows call `preview_pdf(parent, pdf, title)` or the shortcuts `print_game`, `print_tournament`,
`print_evening`. Pages are drawn by QtPdf when PySide6 has it, else by poppler's `pdftoppm` when it is
installed; with neither the dialog offers the system PDF viewer, which prints as well. A computer with no PDF viewer
says so in one line and offers to save the PDF (issue 38 item 6).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QProcess, QSize, QStandardPaths, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QKeySequence, QPainter, QPixmap, QShortcut
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, language
from clubdesk.ui.i18n import tr
from clubdesk.ui.windows import remember

log = logging.getLogger(__name__)

# The desktop's opener on Linux and the BSDs. Qt's openUrl only starts it and answers True, even when xdg-open then
# finds no program for PDF (it exits 3 and the log alone knew): the desk runs it itself and reads its exit.
# None: Windows and macOS, whose shell answers at once (openUrl is False when nothing opens PDFs).
OPENER: str | None = None if sys.platform in ("win32", "darwin") else "xdg-open"
PREVIEW_DPI = 90
PRINT_DPI = 300
Renderer = Callable[[bytes, int], list[QImage]]


def _render_qtpdf(pdf: bytes, dpi: int) -> list[QImage]:
    from PySide6.QtPdf import QPdfDocument  # PySide6-Addons; absent from PySide6-Essentials

    doc = QPdfDocument()
    buf = QBuffer()
    buf.setData(QByteArray(pdf))
    buf.open(QIODevice.OpenModeFlag.ReadOnly)
    doc.load(buf)
    images = []
    for i in range(doc.pageCount()):
        size = doc.pagePointSize(i)
        images.append(doc.render(i, QSize(int(size.width() * dpi / 72), int(size.height() * dpi / 72))))
    return images


def _render_pdftoppm(pdf: bytes, dpi: int) -> list[QImage]:
    with tempfile.TemporaryDirectory(prefix="clubdesk-") as tmp:
        src = Path(tmp) / "doc.pdf"
        src.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(src), str(Path(tmp) / "p")], check=True,
                       capture_output=True, timeout=60)
        return [QImage(str(p)) for p in sorted(Path(tmp).glob("p-*.png"), key=lambda p: int(p.stem[2:]))]


def default_renderer() -> Renderer | None:
    """QtPdf if PySide6 has it, else pdftoppm if installed, else None (the system viewer is offered)."""
    try:
        import PySide6.QtPdf  # noqa: F401
        return _render_qtpdf
    except ImportError:
        pass
    return _render_pdftoppm if shutil.which("pdftoppm") else None


class PrintPreview(QDialog):
    """The pages of one PDF with print, save and open-in-viewer buttons."""

    def __init__(self, pdf: bytes, title: str, parent: QWidget | None = None,
                 renderer: Renderer | None = None, use_default_renderer: bool = True, file_name: str = "") -> None:
        """`file_name`: what «Сохранить PDF…» offers (without .pdf), saying what the document is
        (ProtocolService.*_file_name); the title when not given."""
        super().__init__(parent)
        self.pdf, self.title = pdf, title
        self.file_name = file_name
        self._renderer = renderer or (default_renderer() if use_default_renderer else None)
        self.setWindowTitle(tr("Просмотр: {title}").format(title=title))
        self.setObjectName("printPreview")
        remember(self, QSize(860, 700))
        self.pages: list[QImage] = self._render(PREVIEW_DPI)

        self.print_button = QPushButton(tr("Печать…"))
        self.save_button = QPushButton(tr("Сохранить PDF…"))
        self.open_button = QPushButton(tr("Открыть в программе просмотра"))
        close = QPushButton(tr("Закрыть"))
        self.info = QLabel(tr("Страниц: {n}").format(n=len(self.pages)) if self.pages else "")
        self.info.setObjectName("muted")
        bar = QHBoxLayout()
        bar.addWidget(self.info, 1)
        for b in (self.print_button, self.save_button, self.open_button, close):
            bar.addWidget(b)

        column = QWidget()
        column.setObjectName("previewPages")
        col = QVBoxLayout(column)
        col.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        if self.pages:
            for img in self.pages:
                label = QLabel()
                label.setPixmap(QPixmap.fromImage(img))
                label.setObjectName("previewPage")
                col.addWidget(label)
        else:
            text = QLabel(tr("Просмотр страниц недоступен на этом компьютере: откройте документ в программе "
                             "просмотра PDF — из неё его можно и напечатать."))
            text.setWordWrap(True)
            col.addWidget(text)
        self.scroll = QScrollArea()
        self.scroll.setWidget(column)
        self.scroll.setWidgetResizable(True)

        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.scroll, 1)

        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_dialog)
        self.open_button.clicked.connect(self.open_external)
        close.clicked.connect(self.reject)
        QShortcut(QKeySequence.StandardKey.Print, self, self.print_document)
        QShortcut(QKeySequence.StandardKey.Save, self, self.save_dialog)

    def _render(self, dpi: int) -> list[QImage]:
        if self._renderer is None:
            return []
        try:
            return [img for img in self._renderer(self.pdf, dpi) if not img.isNull()]
        except (OSError, subprocess.SubprocessError):
            return []  # a broken poppler install: fall back to the system viewer

    # ---- actions ---------------------------------------------------------------------------------
    def save_to(self, path: str | Path) -> Path:
        path = Path(path)
        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        path.write_bytes(self.pdf)
        return path

    def suggested_path(self) -> Path:
        """Where «Сохранить PDF…» opens: the user's documents folder (never the program's), with a name that says
        what the document is."""
        return in_documents(self.file_name or self.title, ".pdf")

    def save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("Сохранить PDF"), str(self.suggested_path()),
                                              tr("Документ PDF (*.pdf)"))
        if path:
            try:
                self.save_to(path)
            except OSError as exc:
                QMessageBox.warning(self, tr("Сохранить PDF"), tr("Не удалось сохранить файл: {error}").format(
                    error=exc))

    def temp_file(self) -> Path:
        fd, name = tempfile.mkstemp(prefix="clubdesk-", suffix=".pdf")
        with open(fd, "wb") as fh:
            fh.write(self.pdf)
        return Path(name)

    def open_external(self) -> bool:
        """Hand the PDF to the system viewer (it prints too); without one, say so and offer to save the file.
        False: no viewer, said at once; with OPENER the answer comes when the opener exits (no_viewer then)."""
        path = self.temp_file()
        if OPENER is None:
            if self.open_url(QUrl.fromLocalFile(str(path))):
                return True
            self.no_viewer()
            return False
        opener = QProcess(self)
        opener.finished.connect(self._opener_finished)
        opener.errorOccurred.connect(self._opener_failed)
        opener.start(OPENER, [str(path)])
        return True

    def _opener_finished(self, code: int, status: QProcess.ExitStatus) -> None:
        if code != 0 or status != QProcess.ExitStatus.NormalExit:
            log.info("%s found no program for the PDF (exit %s)", OPENER, code)
            self.no_viewer()

    def _opener_failed(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:  # no xdg-open at all
            log.info("%s could not be started for the PDF", OPENER)
            self.no_viewer()

    def no_viewer(self) -> None:
        """One line, and «Сохранить PDF…» right there: the document is not lost for want of a viewer."""
        if self.offer_save(tr("На этом компьютере нет программы для просмотра PDF. Сохраните его в файл.")):
            self.save_dialog()

    def offer_save(self, text: str) -> bool:
        """True when «Сохранить PDF…» is pressed; tests answer instead."""
        box = QMessageBox(QMessageBox.Icon.Information, tr("Программа просмотра PDF"), text, parent=self)
        save = box.addButton(tr("Сохранить PDF…"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(tr("Закрыть"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.exec()
        return box.clickedButton() is save

    @staticmethod
    def open_url(url: QUrl) -> bool:
        return QDesktopServices.openUrl(url)

    def say(self, title: str, text: str) -> None:
        """A message box; tests read the same box's text."""
        QMessageBox.information(self, title, text)

    def print_document(self) -> None:
        """QPrintDialog and the pages drawn at printer resolution; without a printer or pages, the system viewer."""
        if not QPrinterInfo.availablePrinters() or self._renderer is None:
            self.say(tr("Печать"), tr("Принтер не настроен или просмотр недоступен: документ откроется в программе "
                                      "просмотра PDF, печатайте из неё."))
            self.open_external()
            return
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.title)
        if QPrintDialog(printer, self).exec() != QDialog.DialogCode.Accepted:
            return
        self.paint_to(printer)

    def paint_to(self, printer: QPrinter) -> int:
        """Draw every page, scaled to the printable area; returns the pages printed."""
        pages = self._render(PRINT_DPI)
        painter = QPainter(printer)
        try:
            for i, img in enumerate(pages):
                if i:
                    printer.newPage()
                area = painter.viewport()
                size = img.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
                painter.drawImage(area.x(), area.y(), img.scaled(size, Qt.AspectRatioMode.KeepAspectRatio,
                                                                  Qt.TransformationMode.SmoothTransformation))
        finally:
            painter.end()
        return len(pages)


def in_documents(name: str, suffix: str) -> Path:
    """`name` (made fit for a file name) with `suffix` in the user's documents folder: where every save and export
    dialog opens."""
    from clubdesk.services.protocol_names import file_name

    return documents_folder() / f"{file_name(name)}{suffix}"


def documents_folder() -> Path:
    """The user's documents folder, or his home when the desktop has none: a folder that does not exist made the
    save dialog open in the program's own folder."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(folder) if folder and Path(folder).is_dir() else Path.home()


def preview_pdf(parent: QWidget | None, pdf: bytes, title: str, file_name: str = "") -> PrintPreview:
    """Show the preview (non-modal, deleted on close) and return it."""
    dialog = PrintPreview(pdf, title, parent, file_name=file_name)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog


def _preview(parent: QWidget | None, build: Callable[[], bytes], title: str,
             name: Callable[[], str] | None = None) -> PrintPreview | None:
    try:
        pdf = build()
        file_name = name() if name else ""
    except KnownError as exc:
        QMessageBox.warning(parent, tr("Печать"), exc.message())
        return None
    return preview_pdf(parent, pdf, title, file_name)


def _service(club):
    from clubdesk.services.protocols import ProtocolService
    return ProtocolService(club.store, club.games)


def print_game(parent: QWidget | None, club, game_id: str) -> PrintPreview | None:
    """Preview and print the protocol of one game (match, Жук table, Mafia game)."""
    return print_recorded_game(parent, club.games, game_id)


def print_recorded_game(parent: QWidget | None, games, game_id: str) -> PrintPreview | None:
    """The same, for windows that hold the GameService rather than the whole club."""
    from clubdesk.services.protocols import ProtocolService
    svc = ProtocolService(games.store, games)
    return _preview(parent, lambda: svc.game_pdf(game_id, language()), tr("Протокол игры"),
                    lambda: svc.game_file_name(game_id, language()))


def print_tournament(parent: QWidget | None, club, tournament_id: str, stage: int | None = None) -> PrintPreview | None:
    """Preview and print the standings with every stage (or one stage: its draw and results)."""
    title = tr("Турнирная таблица") if stage is None else tr("Итоги этапа {n}").format(n=stage)
    return _preview(parent, lambda: _service(club).tournament_pdf(tournament_id, stage, language()), title,
                    lambda: _service(club).tournament_file_name(tournament_id, stage, language()))


def print_pyramid_tournament(parent: QWidget | None, club, tournament_id: str) -> PrintPreview | None:
    """Preview and print a Пирамидка tournament's bracket and group tables."""
    from clubdesk.services.pyramid_tournaments import PyramidTournamentService
    return _preview(parent, lambda: PyramidTournamentService.of(club).bracket_pdf(tournament_id, language()),
                    tr("Сетка турнира"))


def print_seating(parent: QWidget | None, games, evening_id: str) -> PrintPreview | None:
    """Preview and print the evening's seating, every game table by table, to pin up for the players."""
    from clubdesk.services.protocols import ProtocolService
    svc = ProtocolService(games.store, games)
    return _preview(parent, lambda: svc.seating_pdf(evening_id, language()), tr("Рассадка вечера"),
                    lambda: svc.evening_file_name(evening_id, tr("рассадка"), language()))


def print_evening(parent: QWidget | None, club, evening_id: str) -> PrintPreview | None:
    """Preview and print the summary of a Mafia evening."""
    return _preview(parent, lambda: _service(club).evening_pdf(evening_id, language()), tr("Итоги вечера"),
                    lambda: _service(club).evening_file_name(evening_id, tr("итоги вечера"), language()))
