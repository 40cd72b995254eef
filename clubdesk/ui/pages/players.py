"""Players page: the registry with search as you type, club rating, add, edit and the player's card."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6 import QtCore
from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import language
from clubdesk.roles import Actor
from clubdesk.services.players import PlayerService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.players import RATING, PlayersModel
from clubdesk.ui.views import guard, table_view

if TYPE_CHECKING:  # the dialogs are imported when opened: the page is the first thing shown at start
    from clubdesk.ui.player_card import PlayerCard

FILTER_DELAY_MS = 120  # coalesce fast typing into one query


class SearchField(QLineEdit):
    """The search line; says when it gets the focus (an override: an event filter on the page would
    build PySide's whole QEvent.Type enum, ~15 ms, on the first event of the start-up)."""

    focused = Signal()

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        self.focused.emit()


class PlayersPage(QWidget):
    def __init__(self, service: PlayerService, actor: Actor, parent: QWidget | None = None, *,
                 later: Callable[[Callable[[], None]], None] | None = None, games=None) -> None:
        """`later(fn)`: how the window runs what its first frame does not need (MainWindow.after_first_paint);
        without it the ratings are computed at once. `games()`: the window's GameService, whose engines the card's
        Mafia tab reads (built on first use: the first frame does not wait for it)."""
        super().__init__(parent)
        self._service, self._actor, self._games = service, actor, games
        self.model = PlayersModel(service, self, ratings_later=later is not None)
        if later is not None:
            later(self.model.load_ratings)

        title = QLabel(tr("Игроки"))
        title.setObjectName("pageTitle")
        self.search = SearchField()
        self.search.setPlaceholderText(tr("Поиск: фамилия, имя, псевдоним или телефон"))
        self.search.setClearButtonEnabled(True)
        self.add_button = QPushButton(tr("Добавить игрока…"))
        self.edit_button = QPushButton(tr("Изменить…"))
        self.card_button = QPushButton(tr("Карточка…"))
        # a registration made by mistake (issue 34 item 5): removed when nothing is recorded of him, else merged
        self.remove_button = QPushButton(tr("Удалить игрока…"))
        self.merge_button = QPushButton(tr("Объединить с…"))
        can_edit = actor.has("desk")
        self.add_button.setEnabled(can_edit)
        for button in (self.edit_button, self.card_button, self.remove_button, self.merge_button):
            button.setEnabled(False)
        self.count = QLabel()
        self.count.setObjectName("muted")
        self.error = QLabel()
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        self.error.hide()

        self.view = table_view(self.model, stretch=0, widths={1: 160, 2: 170, 3: 190, RATING: 90})

        # The search has a row of its own: beside six buttons it was «Пои…» on a 1366×768 desk (evening3).
        bar = QHBoxLayout()
        bar.addWidget(self.add_button)
        bar.addWidget(self.edit_button)
        bar.addWidget(self.card_button)
        bar.addWidget(self.remove_button)
        bar.addWidget(self.merge_button)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.search)
        layout.addLayout(bar)
        layout.addWidget(self.error)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        # «Импорт и экспорт…»: a club's list in from Excel or CSV and out again (issue 39; ui/player_transfer.py)
        self.transfer_button = QPushButton(tr("Импорт и экспорт…"))
        self.transfer_button.setEnabled(can_edit)
        self.transfer_button.setToolTip("" if can_edit else tr("Импортирует и выгружает игроков стойка или администратор"))
        self.transfer_button.clicked.connect(self.show_transfer_menu)
        bar.addWidget(self.transfer_button)

        self._timer = QTimer(self, singleShot=True, interval=FILTER_DELAY_MS)
        self._timer.timeout.connect(self.apply_filter)
        self.search.textChanged.connect(self._timer.start)
        self.add_button.clicked.connect(self.add_player)
        self.edit_button.clicked.connect(self.edit_player)
        self.card_button.clicked.connect(self.open_card)
        self.remove_button.clicked.connect(self.remove_player)
        self.merge_button.clicked.connect(self.merge_player)
        self.search.focused.connect(self.model.warm_up)  # the filter index is built before the first keystroke
        self.view.doubleClicked.connect(lambda _i: self.edit_player())
        if later is None:
            self._follow_selection()
        else:  # nothing is selected before the window is on screen; selectionModel() builds QItemSelectionModel's
            later(self._follow_selection)  # Python type, its 11-member SelectionFlag with it, ~1 M instructions
        self.model.modelReset.connect(self._update_count)
        self.model.rowsInserted.connect(self._update_count)
        self._update_count()

    def _follow_selection(self) -> None:
        selection = self.view.selectionModel()
        selection.selectionChanged.connect(self._sync_buttons)
        if selection.hasSelection():  # made before it was followed
            self._sync_buttons()

    def apply_filter(self) -> None:
        self.model.set_filter(self.search.text())

    def _sync_buttons(self) -> None:
        selected = self.view.selectionModel().hasSelection()
        desk = self._actor.has("desk")
        self.edit_button.setEnabled(desk and selected)
        self.card_button.setEnabled(selected)
        self.merge_button.setEnabled(desk and selected)
        self.merge_button.setToolTip("" if desk else tr("Объединяет стойка или администратор"))
        recorded = self._fixes().recorded(self.model.player_at(self.selected_row()).id) if desk and selected else []
        self.remove_button.setEnabled(desk and selected and not recorded)
        if not desk:
            self.remove_button.setToolTip(tr("Удаляет стойка или администратор"))
        elif recorded:  # why not, in the desk's words: what is recorded of him
            self.remove_button.setToolTip(tr("У игрока есть {what}: его не удаляют; одного человека, записанного "
                                             "дважды, объединяют («Объединить с…»)").format(
                what=", ".join(r.ru if language() == "ru" else r.en for r in recorded)))
        else:
            self.remove_button.setToolTip("" if selected else tr("Выберите игрока в списке"))

    def _fixes(self):
        from clubdesk.services.player_fixes import PlayerFixes

        return PlayerFixes(self._service.store)

    def ask(self, text: str) -> bool:
        """The confirmation before a removal or a merge, «Нет» by default (tests replace it)."""
        from PySide6.QtWidgets import QMessageBox

        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        answer = QMessageBox.question(self, tr("Игроки"), text, buttons, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    @staticmethod
    def run_dialog(dialog) -> bool:
        """Modal here; tests answer the same dialog through its widgets."""
        return bool(dialog.exec())

    def _guard(self, action) -> bool:
        return guard(self.error, action)

    def remove_player(self) -> None:
        """Remove the selected player, registered by mistake, after a question; the service refuses one with
        anything recorded and the line above the list says why."""
        row = self.selected_row()
        if row < 0 or not self._actor.has("desk"):
            return
        p = self.model.player_at(row)
        text = tr("Удалить игрока {name}? Его записали по ошибке: игр, заявок и отметок у него нет. Из списка он "
                  "пропадёт на всех стойках; в журнале изменений запись останется.").format(name=p.name)
        if self.ask(text) and self._guard(lambda: self._fixes().remove(self._actor, p.id)):
            self.model.refresh()
            self._sync_buttons()

    def merge_player(self) -> None:
        """Pick the selected player's other registration and which one stays, confirm, merge."""
        from clubdesk.ui.player_merge import PlayerMergeDialog, described

        row = self.selected_row()
        if row < 0 or not self._actor.has("desk"):
            return
        dialog = PlayerMergeDialog(self._service, self.model.player_at(row), self)
        self.last_dialog = dialog
        choice = dialog.choice() if self.run_dialog(dialog) else None
        if choice is None:
            return
        kept, other = choice
        text = tr("Объединить две записи одного человека? Останется {kept}. Игры, заявки, отметки и рейтинг записи "
                  "{other} перейдут к ней; обе истории сохранятся. Объединение уйдёт на все стойки.").format(
            kept=described(kept), other=described(other))
        if self.ask(text) and self._guard(lambda: self._fixes().merge(self._actor, kept.id, other.id)):
            self.search.setText(kept.name)  # the search may have found only the other one
            self.apply_filter()
            self._show_saved(kept.id)

    def open_card(self) -> PlayerCard | None:
        from clubdesk.services.ratings import RatingService
        from clubdesk.ui.player_card import PlayerCard

        row = self.selected_row()
        if row < 0:
            return None
        mafia = None
        if self._games is not None:  # the window's engines, already replayed for the Mafia page
            from clubdesk.services.evenings import EveningService
            from clubdesk.services.mafia_card import PlayerMafia

            mafia = PlayerMafia(EveningService(self._service.store, self._games(), self._service))
        card = PlayerCard(RatingService(self._service.store), self.model.player_at(row), self, mafia)
        card.open()
        return card

    def show_transfer_menu(self) -> None:
        from clubdesk.ui.player_transfer import transfer_menu

        button = self.transfer_button
        transfer_menu(self).exec(button.mapToGlobal(button.rect().bottomLeft()))

    def _update_count(self) -> None:
        # Matches of the filter out of the whole registry: «0 из 10» when nothing matches, never «0 из 0».
        self.count.setText(tr("Показано {shown} из {total}").format(shown=self.model.total,
                                                                    total=self.model.registry_size))

    def selected_row(self) -> int:
        rows = self.view.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def add_player(self) -> None:
        from clubdesk.ui.player_dialog import PlayerDialog

        dialog = PlayerDialog(self._service, self._actor, None, self)
        if dialog.exec() and dialog.saved:
            self._show_saved(dialog.saved.id)
        elif dialog.open_instead is not None:
            self.open_player(dialog.open_instead.id)

    def open_player(self, player_id: str) -> None:
        """Show a player found elsewhere (the one a new entry may duplicate) and open him for editing."""
        from clubdesk.ui.player_dialog import PlayerDialog

        player = self._service.get(player_id)
        if player is None:
            return
        self.search.setText(player.name)
        self.apply_filter()
        self._show_saved(player_id)
        if not self._actor.has("desk"):
            return
        dialog = PlayerDialog(self._service, self._actor, player, self)
        self.last_dialog = dialog
        if dialog.exec() and dialog.saved:
            self._show_saved(dialog.saved.id)

    def edit_player(self) -> None:
        row = self.selected_row()
        if row < 0 or not self._actor.has("desk"):
            return
        from clubdesk.ui.player_dialog import PlayerDialog

        dialog = PlayerDialog(self._service, self._actor, self.model.player_at(row), self)
        if dialog.exec() and dialog.saved:
            self._show_saved(dialog.saved.id)

    def _show_saved(self, player_id: str) -> None:
        self.model.refresh()
        row = self.model.load_row(player_id)
        if row >= 0:
            self.view.selectRow(row)
            self.view.scrollTo(self.model.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter)
        self.view.setFocus(QtCore.Qt.FocusReason.OtherFocusReason)  # QtCore.Qt: not read at import (models.base)


def create_page(club, actor: Actor, window) -> PlayersPage:
    return PlayersPage(club.players, actor, later=window.after_first_paint if window is not None else None,
                       games=lambda: club.games)


def extra_screenshots(window, out_dir) -> list:
    """player-card.png (the billiards tab with both rating charts) and player-card-mafia.png (seasons, roles, last
    games, the season score chart) of the demo player with the most to show."""
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    from clubdesk.services.ratings import RatingService
    from clubdesk.ui.player_card import PlayerCard
    from clubdesk.ui.player_card.card import mafia_service

    page: PlayersPage = window.page("players")
    ratings = RatingService(page._service.store)  # noqa: SLF001 - the page's own store
    mafia = mafia_service(ratings)
    rounds, timeline = ratings.rounds(), ratings.pyramid_timeline()
    today = page._service.today()  # noqa: SLF001

    def richness(p) -> tuple[int, int, int]:
        games = sum(r.line.games for r in mafia.card(p.id, today).seasons)
        return (min(len(ratings.zhuk_history(p.id, rounds)), 1) + min(games, 1)
                + min(len(ratings.pyramid_history(p.id, timeline)), 1), games, len(ratings.zhuk_history(p.id, rounds)))

    people = page._service.search("", 0, 20)  # noqa: SLF001
    if not people:
        return []
    best = max(people, key=richness)
    card = PlayerCard(ratings, best, page, mafia)
    card.resize(1100, 760)
    card.show()
    written = []
    for tab, name in ((card.billiards, "player-card.png"), (card.mafia, "player-card-mafia.png")):
        card.tabs.setCurrentWidget(tab)
        QApplication.processEvents()
        path = Path(out_dir) / name
        if not card.grab().save(str(path)):
            raise OSError(f"cannot write {path}")
        written.append(path)
    card.close()
    return written
