"""Issue 38 item 1: the hall scoreboard («Табло для игроков») shows every running Жук table and the standings whole
on one screen — a TV cannot scroll — at 1366×768 and 1920×1080, for one to eight tables: measured on the widgets."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QLabel, QScrollBar

from clubdesk.services.players import PlayerData
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow

# long but real board names (surname and initial) and the widest balance a card shows
SURNAMES = ["Константинопольский", "Преображенская", "Светлова-Задунайская", "Бонч-Бруевич", "Муравьёв-Апостол",
            "Долгоруковская", "Верещагин", "Остроградский"]
TV_SIZES = [QSize(1366, 768), QSize(1920, 1080)]


# the club's style sheet: the hall board's big type is there
pytestmark = [pytest.mark.qt_log_ignore("propagateSizeHints"), pytest.mark.usefixtures("club_style")]


def start_tables(club, admin, hub, tables: int, first: int = 0):
    """`tables` tables of four, seated and playing (players numbered from `first`)."""
    ids = [club.players.add(admin, PlayerData(f"{SURNAMES[i % len(SURNAMES)]}{i // len(SURNAMES) or ''} Вениамин")).id
           for i in range(first, first + 4 * tables)]
    svc = hub.tournaments
    tid = svc.create(admin, "Кубок клуба «Осенний марафон»", ids)
    svc.draw_stage(admin, tid, seed=5)
    return svc.start_round(admin, svc.stages(tid)[0].rounds[0].id)


def inside(window, widget) -> bool:
    box = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
    return window.rect().contains(box)


def shown_whole(window, label: QLabel) -> bool:
    """On screen, inside the window and big enough for its text (a cut label is narrower or lower than its hint)."""
    need = label.sizeHint()
    return label.isVisible() and inside(window, label) and label.width() >= need.width() \
        and label.height() >= need.height()


@pytest.mark.parametrize("size", TV_SIZES, ids=lambda s: f"{s.width()}x{s.height()}")
@pytest.mark.parametrize("tables", range(1, 9))
def test_every_table_and_the_standings_fit_the_screen_unscrolled(qtbot, club, admin, hub, tables, size):
    running = start_tables(club, admin, hub, tables)
    board = ScoreboardWindow(hub)
    qtbot.addWidget(board)
    board.resize(size)
    board.show()

    def whole() -> None:
        assert board.size() == size
        assert sorted(board.board.cards) == sorted(t.game_id for t in running)
        for card in board.board.cards.values():
            assert card.isVisible() and inside(board, card), (card.head.text(), card.geometry())
            for label in card.findChildren(QLabel):
                assert shown_whole(board, label), (card.head.text(), label.text(), label.geometry(),
                                                   label.sizeHint())
        assert shown_whole(board, board.lines) and shown_whole(board, board.table_title)
        assert not any(bar.isVisible() for bar in board.findChildren(QScrollBar))
    qtbot.waitUntil(whole)
    # shrunk to fit, not to nothing: the players' names stay readable from the hall (≥ 40 % of the 20 pt)
    name = next(iter(board.board.cards.values())).rows[0][1]
    assert name.font().pointSizeF() >= 8


def test_a_new_round_with_more_tables_is_laid_out_again(qtbot, club, admin, hub):
    """The board follows the hall: tables started after it opened are fitted too (not only at a resize)."""
    start_tables(club, admin, hub, 1)
    board = ScoreboardWindow(hub)
    qtbot.addWidget(board)
    board.resize(TV_SIZES[0])
    board.show()
    qtbot.waitUntil(lambda: len(board.board.cards) == 1 and board.board.cards and
                    inside(board, next(iter(board.board.cards.values()))))
    start_tables(club, admin, hub, 6, first=4)
    hub.notify_structure()

    def whole() -> None:
        assert len(board.board.cards) == 7
        for card in board.board.cards.values():
            assert card.isVisible() and inside(board, card), card.head.text()
    qtbot.waitUntil(whole)
