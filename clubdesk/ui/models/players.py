"""The player registry as a lazily fetched table model: a page at a time, filtered outside data().

No filter: count and pages straight from SQL. A filter: the ids come from the in-memory PlayerIndex
(a substring scan in SQL is too slow per keystroke at 100 000 players) and each page is read by id.
Club ratings are computed once per refresh() into a dict, never per data() call. With `ratings_later`
(the players page, the first thing a desk sees) the first page is shown at once and the ratings — the
Жук rules and every finished round — follow on the next turn of the event loop as a dataChanged.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QColor

from clubdesk.errors import StoreError
from clubdesk.phones import readable
from clubdesk.services.player_search import Hits, PlayerIndex
from clubdesk.services.players import PlayerRow, PlayerService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import ALIGN_RIGHT_VCENTER, ALIGNMENT, DISPLAY, FOREGROUND, TOOLTIP, USER, RowTableModel

NAME, NICKNAME, PHONE, STATUS, RATING = range(5)
PAGE = 200  # rows read each time the view scrolls to the last of those it has
# The first read's: more than a maximized window shows (~40 rows on a 1440-pixel screen). Read before the first frame,
# 200 rows cost ~4 M instructions more (issue 36); the view asks for the next PAGE when it is scrolled to the end.
FIRST_PAGE = 64
PLAYER_ROLE = USER + 1

Index = QModelIndex | QPersistentModelIndex
# Roles as ints, not Qt.ItemDataRole: this model is painted in the first frame (see models.base).
_ROLES = frozenset((DISPLAY, TOOLTIP, FOREGROUND, ALIGNMENT, PLAYER_ROLE))
# A QColor, which Qt takes as the text brush: QBrush(color) would build the Qt namespace (its overloads).
BANNED_COLOR = QColor("#b3261e")
MARKED_COLOR = QColor("#1e6b34")  # a player already checked in on the evening's list (set_marked)


def headers() -> list[str]:
    return [tr("Фамилия и имя"), tr("Псевдоним"), tr("Телефон"), tr("Статус"), tr("Рейтинг")]


def rating_text(value: float) -> str:
    """1012,5 in Russian (clubdesk.decimals)."""
    from clubdesk.decimals import decimal

    return decimal(value)


class PlayersModel(RowTableModel):
    """The registry, a page at a time (`fetchMore`), filtered by the player index, ratings computed per refresh."""

    def headers(self) -> list[str]:
        titles = headers()
        if self._nickname_in_name:
            titles[NAME] = tr("Игрок")
        return titles

    def __init__(self, service: PlayerService, parent=None, *, with_ratings: bool = True,
                 ratings_later: bool = False, private: bool = True, nickname_in_name: bool = False) -> None:
        """`private=False` (a display account, roles.sees_private): no phone, no ban shown. `nickname_in_name`: the
        name column reads «Иванов Пётр «Титан»» (a list too narrow for a nickname column of its own)."""
        super().__init__(parent)
        self._nickname_in_name = nickname_in_name
        self._service = service
        self._private = private
        self._index = PlayerIndex(service.store)
        self._with_ratings = with_ratings
        self._ratings: dict[str, float] | None = None  # None: not computed (yet, or not wanted here)
        self._start_rating = 0.0  # the rules' START_RATING, read with the ratings
        self._ratings_later = with_ratings and ratings_later
        self._filter = ""
        self._hits: Hits | None = None  # the filter's matches (None: no index yet, pages from SQL)
        self._rows: list[PlayerRow] = []
        self._total = 0
        self._registry = 0  # every player in the registry, whatever the filter
        self._marked: frozenset[str] = frozenset()  # ids shown «✓ отмечен» (the evening's check-in list)
        self._today = dt.date.today()
        self.refresh()

    # -- filtering and paging -------------------------------------------------------------
    @property
    def total(self) -> int:
        """How many players match the filter (loaded or not)."""
        return self._total

    @property
    def registry_size(self) -> int:
        """How many players the registry holds (the «из N» of «Показано 0 из N»)."""
        return self._registry

    def set_filter(self, text: str) -> None:
        if text.strip() == self._filter:
            return
        self._filter = text.strip()
        self.beginResetModel()
        self._load_first_page()
        self.endResetModel()

    def refresh(self) -> None:
        """Reload everything: ratings, today's date, the first page (after an edit or on showing the page)."""
        self.beginResetModel()
        if self._ratings_later:  # first show only: the rows now, the ratings by load_ratings() after the frame
            self._ratings_later = False
        elif self._with_ratings:
            self._ratings = self._compute_ratings()
        self._today = self._service.today()
        self._load_first_page()
        self.endResetModel()

    def warm_up(self) -> None:
        """Build the filter index now (the first keystroke then costs what every other does)."""
        self._index.prepare()

    def _load_first_page(self) -> None:
        # Once the index is built, clearing the field is served by it too (the SQL page sorts 100 000 rows).
        if self._filter or self._index.built:
            self._hits = self._index.match(self._filter)
            self._total = len(self._hits)
            self._registry = self._index.size
            self._rows = self._service.rows(self._hits.page(0, FIRST_PAGE))
        else:
            self._hits = None
            self._total = self._registry = self._service.count()
            self._rows = self._service.search("", 0, FIRST_PAGE)

    def _page(self, offset: int) -> list[PlayerRow]:
        if self._hits is None:
            return self._service.search("", offset, PAGE)
        return self._service.rows(self._hits.page(offset, PAGE))

    def _compute_ratings(self) -> dict[str, float]:
        from clubdesk.rules.zhuk.events import START_RATING
        from clubdesk.services.ratings import RatingService

        self._start_rating = START_RATING
        return RatingService(self._service.store).ratings()

    def load_ratings(self) -> None:
        """Compute the ratings if they are not yet (the deferred part of the first show)."""
        if self._ratings is None:
            try:
                self._ratings = self._compute_ratings()
            except StoreError:  # a damaged file: the store check after the first frame says so and offers the
                return  # backup; the column waits (the demo's games reached the damaged tail pages first)
            if self._rows:
                self.dataChanged.emit(self.index(0, RATING), self.index(len(self._rows) - 1, RATING))

    def rating_of(self, player_id: str) -> float:
        if self._ratings is None:
            self._ratings = self._compute_ratings()
        return self._ratings.get(player_id, self._start_rating)

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: N802, B008
        return not parent.isValid() and len(self._rows) < self._total

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: N802, B008
        if parent.isValid():
            return
        more = self._page(len(self._rows))
        if not more:
            self._total = len(self._rows)  # someone deleted rows meanwhile; stop asking
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(more) - 1)
        self._rows.extend(more)
        self.endInsertRows()

    def set_marked(self, player_ids) -> None:
        """Players the status column shows as already checked in (the Mafia evening's registration list)."""
        marked = frozenset(player_ids)
        if marked != self._marked:
            self._marked = marked
            if self._rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, STATUS))

    def player_at(self, row: int) -> PlayerRow:
        return self._rows[row]

    def row_of(self, player_id: str) -> int:
        return next((i for i, p in enumerate(self._rows) if p.id == player_id), -1)

    def load_row(self, player_id: str) -> int:
        """The player's row, reading the next pages until it is among the rows read (a player just saved sorts
        anywhere in the registry, not always within the first page); -1 if the list does not hold him."""
        row = self.row_of(player_id)
        while row < 0 and self.canFetchMore():
            first = len(self._rows)
            self.fetchMore()
            row = next((first + i for i, p in enumerate(self._rows[first:]) if p.id == player_id), -1)
        return row

    # -- Qt model interface (rows, columns and headers come from RowTableModel) ------------

    def data(self, index: Index, role: int = DISPLAY):
        # A repaint asks ~7 roles per cell; answer the ones this model never uses at once.
        if role not in _ROLES or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        p = self._rows[index.row()]
        col = index.column()
        banned = self._private and p.banned_on(self._today)
        if role == DISPLAY:
            if col == NAME:
                return f"{p.name} «{p.nickname}»" if self._nickname_in_name and p.nickname else p.name
            if col == NICKNAME:
                return p.nickname
            if col == PHONE:
                return readable(p.phone) if self._private else ""  # stored E.164, read «+7 903 123-45-67»
            if col == RATING:
                return "" if self._ratings is None else rating_text(self._ratings.get(p.id, self._start_rating))
            if col == STATUS:
                if p.id in self._marked and not banned:  # a ban in force says more than a check-in
                    return tr("✓ отмечен")
                if not banned:
                    return tr("гость вечера") if p.is_guest else tr("в клубе")
                return tr("запрет до {date}").format(date=p.ban_until.strftime("%d.%m.%Y")) if p.ban_until \
                    else tr("запрет бессрочно")
        elif role == ALIGNMENT and col == RATING and self._ratings is not None:
            # Answered once the column has ratings (load_ratings repaints it): the first frame's empty cells are
            # aligned nowhere, and the first value other than a str, a bool or None that a data() returns makes
            # PySide build QByteArray's type and its two enums (~1.2 M instructions of the first frame, issue 36;
            # a banned player's colour on the first screen still does).
            return ALIGN_RIGHT_VCENTER
        elif role == TOOLTIP and p.id in self._marked and not banned:
            return tr("Уже отмечен на этом вечере")
        elif role == FOREGROUND and p.id in self._marked and not banned:
            return MARKED_COLOR
        elif role == TOOLTIP and banned:
            return tr("Запрет посещения: {reason}").format(reason=p.ban_reason)
        elif role == TOOLTIP and p.is_guest:
            return tr("Гость вечера, ещё не зарегистрирован в клубе: «Изменить…» — зарегистрировать")
        elif role == FOREGROUND and banned:
            return BANNED_COLOR
        elif role == PLAYER_ROLE:
            return p.id
        return None
