"""The card's Mafia tab: his place in each season (the current one first), his games and wins by role with best-move
and extra points, removals and first-night kills, his last games, and his season score evening by evening — all
from services.mafia_card.PlayerMafia."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.services.evenings_standings import tenths
from clubdesk.services.histories import season_chart
from clubdesk.services.mafia_card import MafiaCard, SeasonResult, season_label
from clubdesk.ui.charts import ChartView
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.mafia import RowsModel
from clubdesk.ui.views import table_view


def role_name(role: str) -> str:
    return {"civilian": tr("красный"), "mafia": tr("чёрный"), "sheriff": tr("шериф"), "don": tr("дон")}[role]


def season_name(r: SeasonResult) -> str:
    return season_label(r.season)


class SeasonsModel(RowsModel):
    def columns(self):
        return [(tr("Сезон"), season_name),
                (tr("Место"), lambda r: tr("{place} из {n}").format(place=r.place, n=r.players) if r.place else "—"),
                (tr("Игр"), lambda r: r.line.games), (tr("Побед"), lambda r: r.line.wins),
                (tr("Баллы"), lambda r: tenths(r.line.score))]


class GamesModel(RowsModel):
    def columns(self):
        return [(tr("Дата"), lambda g: f"{g.date:%d.%m.%Y}"), (tr("Вечер"), lambda g: g.evening),
                (tr("Игра"), lambda g: tr("{n}, стол {t}").format(n=g.round, t=g.table)),
                (tr("Место за столом"), lambda g: g.game.seat), (tr("Роль"), lambda g: role_name(g.game.role)),
                (tr("Результат"), lambda g: tr("победа") if g.game.won else tr("поражение")),
                (tr("Баллы"), lambda g: tenths(g.game.score))]


class MafiaTab(QWidget):
    """`role_cells[role]` and `totals[key]` are the labels of the role statistics (tests read them)."""

    def __init__(self, card: MafiaCard, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.seasons = SeasonsModel(lambda: card.seasons, self)
        self.games = GamesModel(lambda: card.last_games, self)
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        for col, text in enumerate((tr("Роль"), tr("Игр"), tr("Побед"))):
            grid.addWidget(_bold(text, col > 0), 0, col)
        self.role_cells: dict[str, tuple[QLabel, QLabel]] = {}
        for row, line in enumerate(card.roles, start=1):
            cells = (_right(str(line.games)), _right(str(line.wins)))
            grid.addWidget(QLabel(role_name(line.role)), row, 0)
            grid.addWidget(cells[0], row, 1)
            grid.addWidget(cells[1], row, 2)
            self.role_cells[line.role] = cells
        t = card.totals
        self.totals = {"best_move": _right(tenths(t.best_move)), "extra": _right(tenths(t.extra - t.best_move)),
                       "removals": _right(str(t.removals)), "first_killed": _right(str(t.first_killed))}
        figures = QGridLayout()
        figures.setHorizontalSpacing(18)
        for row, (key, text) in enumerate((("best_move", tr("Лучший ход, баллов")), ("extra", tr("Доп. баллы")),
                                           ("removals", tr("Удалений")), ("first_killed", tr("Убит первым"))),
                                          start=1):
            figures.addWidget(QLabel(text), row, 0)
            figures.addWidget(self.totals[key], row, 1)
        figures.setRowStretch(len(self.totals) + 1, 1)
        grid.setRowStretch(len(card.roles) + 1, 1)
        side = QHBoxLayout()
        side.addLayout(grid)
        side.addSpacing(24)
        side.addLayout(figures)
        side.addStretch(1)
        roles = QVBoxLayout()
        roles.addWidget(_title(tr("Роли")))
        roles.addLayout(side)
        seasons = QVBoxLayout()
        seasons.addWidget(_title(tr("Сезоны (кварталы)")))
        seasons_view = table_view(self.seasons)
        seasons_view.setFixedHeight(120)  # the current season and a few earlier ones; the last games get the rest
        seasons.addWidget(seasons_view)
        top = QHBoxLayout()
        top.addLayout(seasons, 1)
        top.addLayout(roles)
        self.chart = ChartView(season_chart(card))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(_title(tr("Последние игры")))
        layout.addWidget(table_view(self.games), 3)
        layout.addWidget(self.chart, 3)


def _bold(text: str, right: bool = False) -> QLabel:
    label = _right(text) if right else QLabel(text)
    label.setStyleSheet("font-weight: 600;")
    return label


def _right(text: str) -> QLabel:
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return label


def _title(text: str) -> QLabel:
    label = QLabel(text)
    label.setObjectName("sectionTitle")
    return label


__all__ = ["MafiaTab", "SeasonsModel", "GamesModel"]
