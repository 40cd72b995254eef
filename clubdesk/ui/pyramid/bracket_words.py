"""The bracket's words on screen (reports.bracket_layout.Labels through tr())."""

from __future__ import annotations

from clubdesk.reports.bracket_layout import Labels
from clubdesk.ui.i18n import tr


def labels() -> Labels:
    return Labels(winners=tr("Верхняя сетка"), losers=tr("Нижняя сетка"), final=tr("Суперфинал"),
                  play_off=tr("Плей-офф"), bracket=tr("Сетка"), group=tr("Группа {g}"), race=tr("до {n}"),
                  winner_of=tr("поб. {code}"), loser_of=tr("проигр. {code}"), qualifier=tr("{place}-й гр. {group}"),
                  bye=tr("—"), reset=tr("если нужен"), walk_over=tr("н/я"), withdrawal=tr("снят"),
                  columns=(tr("#"), "", tr("И"), tr("В"), tr("П"), tr("±")))
