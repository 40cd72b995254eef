"""Running Пирамидка matches on «Столы», beside the Жук tables: a card per match, click to open its window.

The list is re-read (one query over the cached projections, no replay) when the feed says a match changed or
started — a shot here, rows arrived by sync — a moment after a burst of shots, not per shot.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.services.matches import MatchRow
from clubdesk.ui.i18n import tr
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.pyramid.feed import PyramidFeed

REFRESH_DELAY_MS = 150


class MatchCard(QFrame):
    """One running match, read as the Жук cards beside it: the table, the game, both players with the score and who
    is to move, the referee who may score it from a tablet. Signals: clicked(game_id)."""

    clicked = Signal(str)

    def __init__(self, match: MatchRow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("zhukCard")  # the look of the Жук cards beside it
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.game_id = match.id
        # The table heads the card as «Стол 1» does a Жук card. A match started without one (a tournament's bout
        # always is) is headed by its game, and the line under it says so instead of naming the game twice.
        self.head = QLabel(match.table or tr("Пирамидка 100"))
        self.head.setObjectName("cardHead")
        self.sub = QLabel(tr("Пирамидка 100") if match.table else tr("Стол не указан"))
        self.sub.setObjectName("cardSub")
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        self.rows = []
        for i, (pid, name, score) in enumerate(zip(match.players, match.names, match.score, strict=True)):
            mark = QLabel("▶" if pid == match.to_move else "")
            who = QLabel(name)
            who.setObjectName("cardPlayer")
            points = QLabel(str(score))
            points.setObjectName("cardMoney")
            points.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for col, w in enumerate((mark, who, points)):
                grid.addWidget(w, i, col)
            self.rows.append((mark, who, points))
        # games.referee, picked at «Новый матч» or named since: the one referee account that may score the match
        # from a tablet (services/scopes.py), worded as on the Жук card, the person and not his login
        self.referee = QLabel(tr("Судья: {name}").format(name=match.referee_name) if match.referee
                              else tr("Судья: любой"))
        self.referee.setObjectName("cardSub")
        layout = QVBoxLayout(self)
        layout.addWidget(self.head)
        layout.addWidget(self.sub)
        layout.addLayout(grid)
        layout.addWidget(self.referee)
        plain_text_labels(self)

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.clicked.emit(self.game_id)
        super().mousePressEvent(event)


class PyramidTables(QWidget):
    """The cards of the running matches. Signals: match_clicked(game_id)."""

    match_clicked = Signal(str)

    def __init__(self, feed: PyramidFeed, columns: int = 3, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.feed, self.columns = feed, columns
        self.cards: dict[str, MatchCard] = {}
        self.title = QLabel(tr("Пирамидка 100"))
        self.title.setObjectName("sectionTitle")
        self.empty = QLabel(tr("Идущих матчей «Пирамидка» нет. Новый матч — на странице «Жеребьёвка»."))
        self.empty.setObjectName("muted")
        self.empty.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setSpacing(14)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.empty)
        layout.addLayout(self.grid)
        self._timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        feed.changed.connect(lambda _g: self._timer.start())
        feed.matches_changed.connect(self._timer.start)
        self.refresh()

    def refresh(self) -> None:
        """Cards for the matches running now, in the service's order (newest first)."""
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.cards = {}
        running = self.feed.service.list(status="running")
        for i, m in enumerate(running):
            card = MatchCard(m)
            card.clicked.connect(self.match_clicked)
            self.cards[m.id] = card
            self.grid.addWidget(card, i // self.columns, i % self.columns, Qt.AlignmentFlag.AlignTop)
        for c in range(self.columns):
            self.grid.setColumnStretch(c, 1)
        self.empty.setVisible(not running)
