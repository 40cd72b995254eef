"""Seating for a multi-table evening or tournament (M-8): a pure, seeded, auditable draw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

TABLE = 10


@dataclass(frozen=True, slots=True)
class Seating:
    """rounds[r][t][s] is the player at seat s + 1 of table t + 1 in round r + 1; sitting_out[r] rest that round."""
    seed: int
    rounds: tuple[tuple[tuple[str, ...], ...], ...]
    sitting_out: tuple[tuple[str, ...], ...]

    def evenness(self) -> dict[str, object]:
        """Figures an auditor checks: games per player, repeats of a seat, pair meetings (min/max)."""
        players = sorted({p for r in self.rounds for t in r for p in t} | {p for r in self.sitting_out for p in r})
        games = dict.fromkeys(players, 0)
        seats = {p: [0] * TABLE for p in players}
        meets = {pair: 0 for pair in combinations(players, 2)}
        for rnd in self.rounds:
            for table in rnd:
                for s, p in enumerate(table):
                    games[p] += 1
                    seats[p][s] += 1
                for a, b in combinations(sorted(table), 2):
                    meets[(a, b)] += 1
        spread = max((max(c) - min(c) for c in seats.values()), default=0)
        return {
            "seed": self.seed,
            "games_min": min(games.values(), default=0), "games_max": max(games.values(), default=0),
            "seat_repeat_max": max((max(c) for c in seats.values()), default=0),
            "seat_spread_max": spread,
            "meet_min": min(meets.values(), default=0), "meet_max": max(meets.values(), default=0),
        }


def seating(players: Sequence[str], rounds: int, seed: int) -> Seating:
    """Seat N ≥ 10 players over `rounds` rounds: sit-outs, tables, then seat numbers (M-8).

    Each round the players who sat out least sit out (ties by the seeded generator), tables are
    formed by swapping players between tables while that lowers how often table-mates already met,
    and seats are assigned by swapping while that lowers how often each player already had his seat.
    The same players, rounds and seed always give the same draw.
    """
    if len(players) < TABLE or len(set(players)) != len(players) or rounds < 1:
        raise ValueError(f"seating needs at least {TABLE} distinct players and a round, got {len(players)}, {rounds}")
    rng = random.Random(seed)
    people = list(players)
    n_tables = len(people) // TABLE
    meets: dict[str, dict[str, int]] = {p: dict.fromkeys(people, 0) for p in people}
    seat_count = {p: [0] * TABLE for p in people}
    rested = dict.fromkeys(people, 0)
    out_rounds, out_rest = [], []
    for _ in range(rounds):
        order = people[:]
        rng.shuffle(order)
        order.sort(key=lambda p: rested[p])            # stable: the shuffle breaks ties
        n_rest = len(people) - n_tables * TABLE
        rest = order[:0] if n_rest == 0 else sorted(order[:n_rest], key=people.index)
        playing = order[n_rest:]
        rng.shuffle(playing)
        tables = [playing[i * TABLE:(i + 1) * TABLE] for i in range(n_tables)]
        _spread_tables(tables, meets)
        seated = tuple(tuple(_assign_seats(t, seat_count, rng)) for t in tables)
        for p in rest:
            rested[p] += 1
        for table in seated:
            for s, p in enumerate(table):
                seat_count[p][s] += 1
                for q in table:
                    if q != p:
                        meets[p][q] += 1
        out_rounds.append(seated)
        out_rest.append(tuple(rest))
    return Seating(seed, tuple(out_rounds), tuple(out_rest))


def _spread_tables(tables: list[list[str]], meets: dict[str, dict[str, int]]) -> None:
    """Swap players between tables while the number of repeated meetings drops."""
    improved = True
    while improved:
        improved = False
        for ta, tb in combinations(range(len(tables)), 2):
            a_tab, b_tab = tables[ta], tables[tb]
            for i, a in enumerate(a_tab):
                for j, b in enumerate(b_tab):
                    stay = sum(meets[a][x] for x in a_tab if x != a) + sum(meets[b][y] for y in b_tab if y != b)
                    move = sum(meets[a][y] for y in b_tab if y != b) + sum(meets[b][x] for x in a_tab if x != a)
                    if move < stay:
                        a_tab[i], b_tab[j] = b, a
                        a = b
                        improved = True


def _assign_seats(table: list[str], seat_count: dict[str, list[int]], rng: random.Random) -> list[str]:
    """Seat order minimising, by pair swaps, how often each player already sat on his seat."""
    order = table[:]
    rng.shuffle(order)
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(TABLE), 2):
            a, b = order[i], order[j]
            if seat_count[a][j] + seat_count[b][i] < seat_count[a][i] + seat_count[b][j]:
                order[i], order[j] = b, a
                improved = True
    return order
