"""The player's card as PDF: the figures of the card on screen (RatingService, PlayerMafia) and its charts
(services/histories.py) handed to reports/player_card.py, in the language asked for."""

from __future__ import annotations

from clubdesk.reports.player_card import CardTable, PlayerCardData, build_player_card
from clubdesk.reports.strings import t
from clubdesk.services.evenings_standings import tenths
from clubdesk.services.histories import pyramid_chart, season_chart, zhuk_chart
from clubdesk.services.mafia_card import PlayerMafia, season_label
from clubdesk.services.players import PlayerRow
from clubdesk.services.ratings import RatingService


def _rating(value: float, lang: str) -> str:
    from clubdesk.decimals import decimal

    return decimal(value, lang)


class PlayerReport:
    def __init__(self, ratings: RatingService, mafia: PlayerMafia) -> None:
        self.ratings, self.mafia = ratings, mafia

    def data(self, player: PlayerRow, lang: str = "ru") -> PlayerCardData:
        r = self.ratings
        rounds = r.rounds()
        zhuk = r.zhuk_history(player.id, rounds)
        pyramid = r.pyramid_history(player.id)
        rating = r.ratings(rounds).get(player.id, 1000)
        facts = [(t("pc_nickname", lang), player.nickname or "—"), (t("pc_phone", lang), player.phone or "—"),
                 (t("pc_zhuk_rating", lang), _rating(rating, lang)), (t("pc_rounds", lang), str(len(zhuk))),
                 (t("pc_pyramid_rating", lang),
                  t("pc_pyramid_value", lang, rating=round(pyramid[-1].value), n=len(pyramid)) if pyramid
                  else t("pc_no_matches", lang))]
        if player.status == "banned":
            facts.append((t("pc_ban", lang), player.ban_reason or "—"))
        tours = CardTable(t("pc_tournaments", lang),
                          [t(k, lang) for k in ("pc_tournament", "pc_status", "pc_rounds", "pc_balance",
                                                "pc_rating_change")],
                          [[x.name, t("pc_finished" if x.status == "finished" else "pc_running", lang), str(x.rounds),
                            "—" if x.balance is None else f"{x.balance:,}".replace(",", "\u202f"),
                            ("+" if x.rating_change > 0 else "") + _rating(x.rating_change, lang)]
                           for x in r.history(player.id)],
                          [60, 20, 15, 20, 20], t("pc_no_tournaments", lang), (2, 3, 4))
        card = self.mafia.card(player.id, self.mafia.evenings.players.today())
        tot = card.totals
        mafia_facts = [(t("pc_best_move", lang), tenths(tot.best_move)), (t("pc_extra", lang),
                       tenths(tot.extra - tot.best_move)), (t("pc_removals", lang), str(tot.removals)),
                       (t("pc_first_killed", lang), str(tot.first_killed))]
        seasons = CardTable(t("pc_seasons", lang), [t(k, lang) for k in ("pc_season", "place", "pc_games", "pc_wins",
                                                                          "pc_score")],
                            [[season_label(s.season, lang),
                              t("pc_place_of", lang, place=s.place, n=s.players) if s.place else "—",
                              str(s.line.games), str(s.line.wins), tenths(s.line.score)] for s in card.seasons],
                            [30, 25, 15, 15, 15], right=(1, 2, 3, 4))
        roles = CardTable(t("pc_roles", lang), [t(k, lang) for k in ("pc_role", "pc_games", "pc_wins")],
                          [[t(f"pc_role_{x.role}", lang), str(x.games), str(x.wins)] for x in card.roles],
                          [40, 20, 20], right=(1, 2))
        games = CardTable(t("pc_last_games", lang),
                          [t(k, lang) for k in ("pc_date", "pc_evening", "pc_game", "pc_seat", "pc_role", "pc_result",
                                                "pc_score")],
                          [[f"{g.date:%d.%m.%Y}", g.evening, t("pc_game_table", lang, n=g.round, t=g.table),
                            str(g.game.seat), t(f"pc_role_{g.game.role}", lang),
                            t("pc_won" if g.game.won else "pc_lost", lang), tenths(g.game.score)]
                           for g in card.last_games],
                          [22, 40, 22, 16, 18, 20, 14], t("pc_no_games", lang), (3, 6))
        return PlayerCardData(player.name, facts, [tours], [zhuk_chart(zhuk, lang), pyramid_chart(pyramid, lang)],
                              [seasons, roles, games], mafia_facts, [season_chart(card, lang)])

    def pdf(self, player: PlayerRow, lang: str = "ru") -> bytes:
        return build_player_card(self.data(player, lang), lang)
