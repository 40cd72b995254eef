"""«Excel…» of a Пирамидка tournament: the bouts, the group tables and the places, saved where the user says."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from clubdesk.errors import language
from clubdesk.services.pyramid_tournaments import PyramidTournamentService
from clubdesk.ui.i18n import tr


def save_path(parent: QWidget, title: str, name: str, pattern: str) -> str:
    """Asked before an export, in the user's documents; tests replace it."""
    from clubdesk.ui.print_preview import documents_folder

    return QFileDialog.getSaveFileName(parent, title, str(documents_folder() / name), pattern)[0]


def save_xlsx(parent: QWidget, svc: PyramidTournamentService, tournament_id: str) -> str:
    name = "".join(ch for ch in svc.get(tournament_id).name if ch not in '\\/:*?"<>|') or "tournament"
    path = save_path(parent, tr("Сетка турнира в Excel"), f"{name}.xlsx", "Excel (*.xlsx)")
    if path:
        Path(path).write_bytes(svc.bracket_xlsx(tournament_id, language()))
    return path
