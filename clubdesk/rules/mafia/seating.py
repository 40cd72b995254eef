"""Seating for a multi-table evening or tournament (M-8): a pure, seeded, auditable draw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

TABLE = 10
RESTARTS = 8
# A pair that has already met k times costs REPEAT ** k to seat together again. A linear cost (how many times
# table-mates already met) is no better than the sum of squares here — every round seats the same number of pairs —
# and let some pairs meet in every round (20 players, 6 rounds: up to 6 meetings where 3 is the even share); the
# exponential cost makes one more repeat of a frequent pair outweigh several first meetings (at most 4 there).
REPEAT = 4


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
        tables = _best_tables(order[n_rest:], n_tables, meets, rng)
        seated = tuple(tuple(_assign_seats(t, seat_count)) for t in tables)
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


def _best_tables(playing: list[str], n_tables: int, meets: dict[str, dict[str, int]],
                 rng: random.Random) -> list[list[str]]:
    """The best of a few seeded starts, each improved by swaps (one start is often a poor local optimum)."""
    cost_of = _pair_cost
    best, best_cost = None, None
    for _ in range(max(2, RESTARTS // n_tables) if n_tables > 1 else 1):
        rng.shuffle(playing)
        tables = [playing[i * TABLE:(i + 1) * TABLE] for i in range(n_tables)]
        _spread_tables(tables, meets)
        cost = sum(cost_of(meets[a][b]) for t in tables for a, b in combinations(t, 2))
        if best_cost is None or cost < best_cost:
            best, best_cost = [t[:] for t in tables], cost
    return best


def _pair_cost(times_met: int) -> int:
    return REPEAT ** times_met


def _spread_tables(tables: list[list[str]], meets: dict[str, dict[str, int]]) -> None:
    """Swap players between tables while the cost of repeated meetings (_pair_cost) drops."""
    w = _pair_cost
    improved = True
    while improved:
        improved = False
        for ta, tb in combinations(range(len(tables)), 2):
            a_tab, b_tab = tables[ta], tables[tb]
            for i, a in enumerate(a_tab):
                for j, b in enumerate(b_tab):
                    stay = sum(w(meets[a][x]) for x in a_tab if x != a) + sum(w(meets[b][y]) for y in b_tab if y != b)
                    move = sum(w(meets[a][y]) for y in b_tab if y != b) + sum(w(meets[b][x]) for x in a_tab if x != a)
                    if move < stay:
                        a_tab[i], b_tab[j] = b, a
                        a = b
                        improved = True


def _assign_seats(table: list[str], seat_count: dict[str, list[int]]) -> list[str]:
    """Seat order with the least total of "times already on this seat": an exact assignment (Hungarian).

    Exact, so over ten rounds of one table every player sits every seat once (a Latin square).
    Ties go to the table's (seeded) order, so the result stays reproducible.
    """
    cost = [[seat_count[p][s] for s in range(TABLE)] for p in table]
    seat_of = _hungarian(cost)
    order = [""] * TABLE
    for i, s in enumerate(seat_of):
        order[s] = table[i]
    return order


def _hungarian(cost: list[list[int]]) -> list[int]:
    """Minimum-cost perfect assignment rows → columns of a square matrix (Kuhn–Munkres, O(n³))."""
    n = len(cost)
    inf = float("inf")
    u, v, match, way = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for i in range(1, n + 1):
        match[0], j0 = i, 0
        minv, used = [inf] * (n + 1), [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    result = [0] * n
    for j in range(1, n + 1):
        result[match[j] - 1] = j - 1
    return result
