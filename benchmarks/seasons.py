"""Mafia season benchmark (#17): the season table over 200 evenings × 10 finished games (target < 100 ms), printed as a
ratio to replaying the same 2 000 games' engines in the same run — what a desk that has just started does before it
can show any table.

The games are the demo's two scripts (a red win, a black win), each dealt to ten of 40 players drawn by a seeded
generator, so the 2 000 games give a 40-player table with every role, best moves, extra points and first-night kills.
Three figures: the rules' `season_table` over the engines; `SeasonService.table`, the whole service path (evenings
in the period, their games, names, ranked and unranked rows) over the same engines held in memory, so the figure is
the recomputation and not SQLite's reads of the evening list and the games' rows; and one player's card
(`PlayerMafia.card`: a table per season, his roles, last games and season curve). Times are CPU seconds of this
process, best of 5. Run: `python -m benchmarks.seasons` (also in `make bench`).
"""

from __future__ import annotations

import datetime as dt
import random

from benchmarks.timing import best_of
from clubdesk.rules.record import FORMAT, replay
from clubdesk.rules.registry import engine_module
from clubdesk.services.demo_mafia import _black_win, _finished_game
from clubdesk.services.evenings import EveningRow, GameRow
from clubdesk.services.mafia_card import PlayerMafia
from clubdesk.services.seasons import Season, SeasonService

TARGET_S = 0.100
EVENINGS, GAMES, PLAYERS = 200, 10, 40
START = dt.date(2026, 1, 1)


def script_events(script) -> list[dict]:
    """The events a demo script records, checked by the engine as it goes."""
    module = engine_module("mafia")
    engine = replay({"format": FORMAT, "game": "mafia", "players": [f"s{i}" for i in range(10)], "events": []})
    events: list[dict] = []

    def record(_gid: str, obj: dict | None) -> dict:
        if obj is not None:
            engine.apply(module.parse_event(obj))
            events.append(obj)
        return engine.state()

    script(record, "g")
    assert engine.winner is not None
    return events


def records(seed: int = 2026) -> list[tuple[int, dict]]:
    """(evening number, record) of EVENINGS × GAMES finished games."""
    rng = random.Random(seed)
    scripts = [script_events(_finished_game), script_events(_black_win)]
    people = [f"p{i:02d}" for i in range(PLAYERS)]
    return [(e, {"format": FORMAT, "game": "mafia", "players": rng.sample(people, 10), "events": scripts[g % 2]})
            for e in range(EVENINGS) for g in range(GAMES)]


class _Games:
    def __init__(self, engines: dict[str, object]) -> None:
        self.engines = engines

    def engine(self, game_id: str):
        return self.engines[game_id]


class _Players:
    @staticmethod
    def today() -> dt.date:
        return START + dt.timedelta(days=7 * EVENINGS)


class MemoryEvenings:
    """EveningService's read side over engines in memory: the evenings a week apart, their games, names."""

    def __init__(self, games: list[tuple[int, dict]], engines: list) -> None:
        self.games = _Games({f"g{i}": e for i, e in enumerate(engines)})
        self.players = _Players()
        self._rows = [EveningRow(f"e{n}", START + dt.timedelta(days=n), f"Вечер {n}", None, "", 1, "fiim", None)
                      for n in range(EVENINGS)]
        self._games: dict[str, list[GameRow]] = {}
        for i, ((n, rec), engine) in enumerate(zip(games, engines, strict=True)):
            self._games.setdefault(f"e{n}", []).append(GameRow(f"g{i}", len(self._games.get(f"e{n}", [])) + 1, 1,
                                                               "", tuple(rec["players"]), "finished", 0,
                                                               engine.winner))

    def list(self) -> list[EveningRow]:
        return list(self._rows)

    def list_games(self, evening_id: str) -> list[GameRow]:
        return self._games.get(evening_id, [])

    def names(self, ids) -> dict[str, str]:
        return {p: f"Игрок {p}" for p in ids}


def main() -> None:
    from clubdesk.rules.mafia.season import season_table

    games = records()
    engines = [replay(rec) for _n, rec in games]
    replay_s = best_of(lambda: [replay(rec) for _n, rec in games], 3)
    rules_s = best_of(lambda: season_table(engines, 10))
    evenings = MemoryEvenings(games, engines)
    service = SeasonService(evenings)  # type: ignore[arg-type] - the read side it uses
    season = Season(START, START + dt.timedelta(days=EVENINGS - 1), min_games=10)
    rows = service.table(season)
    service_s = best_of(lambda: service.table(season))
    card_s = best_of(lambda: PlayerMafia(evenings).card("p00", _Players.today()))  # type: ignore[arg-type]
    n = len(games)
    print(f"{EVENINGS} evenings × {GAMES} games = {n} games, {len(rows)} players")
    print(f"replay the {n} games' engines:  {replay_s * 1000:8.1f} ms  (baseline)")
    print(f"season_table (rules):           {rules_s * 1000:8.1f} ms  ratio {rules_s / replay_s:6.3f}")
    print(f"SeasonService.table:            {service_s * 1000:8.1f} ms  ratio {service_s / replay_s:6.3f}"
          f"  (target < {TARGET_S * 1000:.0f} ms)")
    print(f"PlayerMafia.card (one player):  {card_s * 1000:8.1f} ms  ratio {card_s / replay_s:6.3f}")
    print("OK" if service_s < TARGET_S else "SLOW")


if __name__ == "__main__":
    main()
