"""Жук tournament as pure functions: schedule, seeded draw, eliminations, standings, final, club rating (Z§6, Z-10)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.zhuk.events import START_BALANCE, START_RATING, from10, rating_to10

BANKROLLS = ("carry", "reset")
FINAL_NOMINAL = 1000
FINAL_SIZE = 4


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the schedule: stage 1–3 or 4 for the final, its number in the stage, clock and ball price."""

    stage: int
    number: int
    minutes: int
    nominal: int


@dataclass(frozen=True, slots=True)
class StageEnd:
    """Who goes on and who is out when a stage ends (Z§9: balance ≤ 0 is out)."""

    survivors: tuple[str, ...]
    eliminated: tuple[str, ...]


def schedule() -> tuple[Round, ...]:
    """Z§6.2–6.3: 3 stages × (10 min 100 B, 15 min 200 B, 25 min 300 B) rising by 300 B a stage; final 2 × 30 min at 1000."""
    rounds = [Round(stage, i + 1, minutes, 300 * (stage - 1) + 100 * (i + 1))
              for stage in (1, 2, 3) for i, minutes in enumerate((10, 15, 25))]
    rounds += [Round(4, 1, 30, FINAL_NOMINAL), Round(4, 2, 30, FINAL_NOMINAL)]
    return tuple(rounds)


def table_sizes(n: int) -> tuple[int, ...]:
    """Z-10: as many tables of 4 as possible, the rest of 3; never 2 or 5. Impossible for 1, 2 and 5 players."""
    if n < 3 or n == 5:
        raise IllegalEventError("draw_impossible", "Z-10",
                                f"{n} игроков нельзя рассадить по столам из 4 и 3",
                                f"{n} players cannot be seated at tables of 4 and 3")
    threes = (4 - n % 4) % 4  # 0, 3, 2 or 1 tables of 3 for n mod 4 = 0, 1, 2, 3
    return (4,) * ((n - 3 * threes) // 4) + (3,) * threes


def draw(players: Iterable[str], seed: int | str) -> tuple[tuple[str, ...], ...]:
    """Z§7, Z-10: the seeded draw into tables (4s first, then 3s); each table lists its turn order.

    The players are sorted before shuffling, so the same set and seed give the same draw whatever the input order.
    """
    ids = sorted(players)
    if len(set(ids)) != len(ids):
        raise InvalidEventError("duplicate_player", None, "игрок указан в жеребьёвке дважды",
                                "a player is listed twice in the draw")
    sizes = table_sizes(len(ids))
    random.Random(seed).shuffle(ids)
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(ids[start:start + size]))
        start += size
    return tuple(tables)


def stage_end(balances: Mapping[str, int]) -> StageEnd:
    """Z§9, Z-10: a player with 0 or less when the stage ends is out; everyone else goes on."""
    survivors = tuple(p for p, b in balances.items() if b > 0)
    eliminated = tuple(p for p, b in balances.items() if b <= 0)
    return StageEnd(survivors, eliminated)


def stage_start_balances(previous: Mapping[str, int], players: Iterable[str], bankroll: str = "carry") -> dict[str, int]:
    """Z-10 option `bankroll`: `carry` keeps the balance from the last stage, `reset` starts at 10 000 B."""
    if bankroll not in BANKROLLS:
        raise InvalidEventError("bad_value", None, f"bankroll: недопустимое значение {bankroll!r}",
                                f"bankroll: invalid value {bankroll!r}")
    if bankroll == "reset":
        return dict.fromkeys(players, START_BALANCE)
    return {p: previous.get(p, START_BALANCE) for p in players}


def ranking_totals(stage_results: Iterable[Mapping[str, int]], bankroll: str = "carry") -> dict[str, int]:
    """The amount a player is ranked by: the last stage balance (`carry`) or the sum of stage results (`reset`)."""
    results = list(stage_results)
    if bankroll == "carry":
        return dict(results[-1]) if results else {}
    totals: dict[str, int] = {}
    for stage in results:
        for p, b in stage.items():
            totals[p] = totals.get(p, 0) + b
    return totals


def standings(totals: Mapping[str, int], ratings: Mapping[str, float] | None = None) -> list[tuple[int, str, int]]:
    """(place, player, amount) best first; ties on money are split by club rating, then by id (our decision)."""
    ratings = ratings or {}
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], -ratings.get(kv[0], START_RATING), kv[0]))
    return [(i + 1, p, amount) for i, (p, amount) in enumerate(ranked)]


def final_players(totals: Mapping[str, int], eliminated: Iterable[str] = (),
                  ratings: Mapping[str, float] | None = None) -> tuple[str, ...]:
    """Z§6.3: the top 4 of the standings after 3 stages among players still in; fewer if fewer are left."""
    out = set(eliminated)
    left = {p: t for p, t in totals.items() if p not in out}
    return tuple(p for _, p, _ in standings(left, ratings)[:FINAL_SIZE])


def apply_round(ratings: Mapping[str, float], deltas: Mapping[str, float]) -> dict[str, int | float]:
    """Z-6: a round's rating deltas added to the club ratings (start 1000); the deltas must sum to zero."""
    d10 = {p: rating_to10(v, f"rating_delta.{p}") for p, v in deltas.items()}
    if sum(d10.values()) != 0:
        raise IllegalEventError("rating_not_zero_sum", "Z-6", "изменения рейтинга за раунд не дают в сумме ноль",
                                "the round's rating deltas do not sum to zero")
    new10 = {p: rating_to10(v, f"rating.{p}") for p, v in ratings.items()}
    for p, v in d10.items():
        new10[p] = new10.get(p, START_RATING * 10) + v
    return {p: from10(v) for p, v in new10.items()}


def club_ratings(rounds: Iterable[Mapping[str, float]],
                 start: Mapping[str, float] | None = None) -> dict[str, int | float]:
    """The club rating after a sequence of rounds, each given as its `rating_delta`, from 1000 (Z§8)."""
    ratings: dict[str, int | float] = dict(start or {})
    for deltas in rounds:
        ratings = apply_round(ratings, deltas)
    return ratings
