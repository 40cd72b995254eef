"""`--screenshots`: the Пирамидка panel, the running demo match window and its hall scoreboard, rendered to PNG."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from clubdesk.ui.i18n import tr
from clubdesk.ui.pyramid.draft import CALL
from clubdesk.ui.pyramid.panel import PyramidPanel


def _save(widget, path: Path) -> Path:
    QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise OSError(f"cannot write {path}")
    return path


def extra_screenshots(window, out_dir: Path) -> list[Path]:
    """`pyramid-panel.png` (the match list), `pyramid-match.png` (the running match, a call half entered) and
    `pyramid-board.png` (its hall scoreboard)."""
    frame = QWidget()
    frame.setObjectName("pyramidPanel")
    panel = PyramidPanel(window.club, window.actor, frame)
    frame.setStyleSheet(panel.styleSheet())
    title = QLabel(tr("Матчи «Пирамидка 100»"))
    title.setObjectName("sectionTitle")
    layout = QVBoxLayout(frame)
    layout.addWidget(title)
    layout.addWidget(panel, 1)
    frame.resize(980, 340)
    frame.show()
    written = [_save(frame, out_dir / "pyramid-panel.png")]
    running = [m for m in map(panel.model.match_at, range(panel.model.rowCount())) if not m.finished]
    if running:
        match = panel.open_match(running[0].id)
        match.resize(1280, 800)
        match.set_mode(CALL)
        match.balls.buttons[13].click()
        written.append(_save(match, out_dir / "pyramid-match.png"))
        board = match.open_scoreboard()
        board.showNormal()
        board.resize(1280, 720)
        written.append(_save(board, out_dir / "pyramid-board.png"))
        board.close()
        match.close()
    frame.close()
    written += bracket_screenshots(window, out_dir)
    return written


def bracket_screenshots(window, out_dir: Path) -> list[Path]:
    """`pyramid-bracket.png`: the tournaments tab with the demo tournament's bracket, its live bout selected; and
    `pyramid-bracket-board.png`, the hall board."""
    from clubdesk.ui.pyramid.bracket_board import BracketBoard
    from clubdesk.ui.pyramid.tournaments_panel import PyramidTournamentsPanel

    panel = PyramidTournamentsPanel(window.club, window.actor)
    panel.resize(1280, 800)
    panel.show()
    tid = panel.current()
    if tid is None:
        panel.close()
        return []
    live = sorted(panel.svc.live(tid))
    if live:
        panel.view.canvas.bout_clicked.emit(live[0])
    written = [_save(panel, out_dir / "pyramid-bracket.png")]
    board = BracketBoard(panel.svc, tid)
    board.resize(1280, 720)
    board.show()
    board.refresh()
    written.append(_save(board, out_dir / "pyramid-bracket-board.png"))
    board.close()
    panel.close()
    return written
