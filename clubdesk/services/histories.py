"""Players' histories as charts (clubdesk.charts): the Жук and Пирамидка ratings result by result, the Mafia season
score evening by evening, each Жук player's balance round by round. The values are the services' own
(RatingService.zhuk_history / pyramid_history, PlayerMafia, tournaments_standings.balance_history): a chart only
places them, so the card, its PDF and the standings window draw the numbers the tables show."""

from __future__ import annotations

from collections.abc import Sequence

from clubdesk.charts import Chart, Mark, Series
from clubdesk.errors import language
from clubdesk.rules.pyramid100.rating import START_RATING as PYRAMID_START
from clubdesk.rules.zhuk.events import START_RATING as ZHUK_START
from clubdesk.services.mafia_card import MafiaCard, season_label
from clubdesk.services.ratings import RatingPoint
from clubdesk.services.tournaments_standings import BalanceHistory


def _t(ru: str, en: str, lang: str | None) -> str:
    return en if (lang or language()) == "en" else ru


def _day(d) -> str:
    return f"{d:%d.%m}"


def zhuk_chart(points: Sequence[RatingPoint], lang: str | None = None) -> Chart:
    """The club Жук rating after each finished round, a mark where each tournament begins."""
    marks, seen = [], None
    for i, p in enumerate(points):
        if p.group != seen:
            marks.append(Mark(i, p.label))
            seen = p.group
    return Chart(_t("Клубный рейтинг «Жук»", "Club rating, Zhuk", lang), tuple(_day(p.date) for p in points),
                 (Series(_t("рейтинг", "rating", lang), tuple(p.value for p in points)),), tuple(marks),
                 float(ZHUK_START),
                 _t("Сыгранных раундов пока нет", "No rounds played yet", lang))


def pyramid_chart(points: Sequence[RatingPoint], lang: str | None = None) -> Chart:
    """The Пирамидка rating after each finished match."""
    return Chart(_t("Рейтинг «Пирамидка»", "Pyramid rating", lang), tuple(_day(p.date) for p in points),
                 (Series(_t("рейтинг", "rating", lang), tuple(p.value for p in points)),), (), PYRAMID_START,
                 _t("Сыгранных матчей пока нет", "No matches played yet", lang))


def season_chart(card: MafiaCard, lang: str | None = None) -> Chart:
    """The Mafia season score (points) after each evening of the latest season the player played."""
    title = _t("Мафия: баллы сезона по вечерам", "Mafia: season score by evening", lang)
    if card.season is not None:
        title += f" ({season_label(card.season, lang)})"
    return Chart(title, tuple(_day(e.date) for e in card.by_evening),
                 (Series(_t("баллы", "score", lang), tuple(e.score / 10 for e in card.by_evening)),), (), 0.0,
                 _t("Сыгранных игр пока нет", "No games played yet", lang))


def round_label(stage: int, number: int, lang: str | None = None) -> str:
    if number == 0:
        return _t("старт", "start", lang)
    stage_text = _t("Ф", "F", lang) if stage == 4 else _t(f"Э{stage}", f"S{stage}", lang)
    return stage_text + _t(f" р{number}", f" r{number}", lang)


def balance_chart(history: BalanceHistory, title: str = "", lang: str | None = None) -> Chart:
    """Each player's balance (B) at the end of every round, a mark where each stage begins. No 0 B line: balances
    start at 10 000, and a scale down to 0 would flatten the differences the chart is for."""
    firsts = [i for i, (stage, _n) in enumerate(history.rounds) if i == 0 or history.rounds[i - 1][0] != stage]
    marks = [Mark(i, _t("Финал", "Final", lang) if history.rounds[i][0] == 4 else
                  _t(f"Этап {history.rounds[i][0]}", f"Stage {history.rounds[i][0]}", lang))
             for i in firsts]  # where each stage begins (the first at the start)
    played = [(p, values) for p, values in history.balances.items() if any(v is not None for v in values)]
    played.sort(key=lambda pv: (-[v for v in pv[1] if v is not None][-1], history.names.get(pv[0], pv[0])))
    series = tuple(Series(history.names.get(p, p), values) for p, values in played)  # the legend: best first
    return Chart(title or _t("Баланс по раундам, B", "Balance by round, B", lang),
                 tuple(round_label(s, n, lang) for s, n in history.rounds), series, tuple(marks), None,
                 _t("Раунды ещё не начаты", "No round started yet", lang))
