"""The shape of a Пирамидка tournament: which bouts exist and where their two places come from (PT§3, PT§8–10).

A bout's place is filled from a source: ("seed", k) the k-th seeded entry, ("qual", k) the k-th qualifier of the
groups, ("winner", code) / ("loser", code) of another bout, or ("reset", "GF") for the bracket reset. Every bout of
the tournament exists from the draw on, so the bracket can be shown before anyone plays.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

Source = tuple[str, int | str]


@dataclass(frozen=True, slots=True)
class BoutSpec:
    """One bout of the tournament: its code ("W2-3", "L4-1", "GF", "A-5"), round code and the two sources."""

    code: str
    round: str
    a: Source
    b: Source
    group: str = ""  # the group letter of a group bout
    tour: int = 0  # the group bout's tour (round-robin round), from 1


def bracket_size(n: int) -> int:
    """The smallest power of two holding n entries (at least 2): the places left over are byes (PT§3)."""
    size = 2
    while size < n:
        size *= 2
    return size


def standard_order(size: int) -> list[int]:
    """Seed numbers by bracket position (PT§3): 1 meets `size`, and 1 and 2 can only meet in the final.

    For 8: 1, 8, 4, 5, 2, 7, 3, 6 — each round doubles the list, pairing seed s with (2 × length + 1 − s)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def seeding(players: Iterable[str], ratings: dict[str, float], method: str, seed: int) -> list[str]:
    """PT§3: the entries in seeding order. `random`: the ids sorted, then shuffled by the printed seed (as the Жук
    draw). `rating`: that same shuffle, then a stable sort by rating, best first — equal ratings (every newcomer has
    1500) are ordered by the draw, not by the id."""
    ids = sorted(players)
    random.Random(seed).shuffle(ids)
    if method == "rating":
        ids.sort(key=lambda p: -ratings[p])
    return ids


def single(n: int, prefix: str = "W", source: str = "seed") -> list[BoutSpec]:
    """Single elimination (PT§3) for n entries: rounds W1…Wk, the top seeds meeting the byes in W1."""
    size = bracket_size(n)
    order = standard_order(size)
    bouts: list[BoutSpec] = []
    rnd, count = 1, size // 2
    for i in range(count):
        bouts.append(BoutSpec(f"{prefix}1-{i + 1}", f"{prefix}1", (source, order[2 * i]), (source, order[2 * i + 1])))
    while count > 1:
        rnd, count = rnd + 1, count // 2
        bouts += [BoutSpec(f"{prefix}{rnd}-{i + 1}", f"{prefix}{rnd}", ("winner", f"{prefix}{rnd - 1}-{2 * i + 1}"),
                           ("winner", f"{prefix}{rnd - 1}-{2 * i + 2}")) for i in range(count)]
    return bouts


#: PT§8 drop orders: how the losers of a winners' round are laid over the losers' bracket bouts they drop into.
#: `alternate` (tournaments made before issue 28): reversed after odd winners' rounds, in order after even ones.
#: `split` (every tournament since): by bracket size, a split-and-reverse order per winners' round from W2 on,
#: chosen by the rematch-rate simulation of docs/rules/pyramid100.md PT§8 (the drop of the last round is one
#: player, so it is left out); beyond 64 the 64 order, then in order.
DROP_ORDERS = ("alternate", "split")
SPLIT_ORDER = {4: (), 8: ("reverse",), 16: ("reverse", "natural"),
               32: ("reverse_half_shift", "reverse", "natural"),
               64: ("reverse", "half_shift", "reverse_half_shift", "reverse")}


def arrange(how: str, items: list[int]) -> list[int]:
    """One drop arrangement: `natural`, `reverse`, `half_shift` (the second half first) or `reverse_half_shift`
    (each half reversed in place)."""
    half = len(items) // 2
    if how == "reverse":
        return items[::-1]
    if how == "half_shift":
        return items[half:] + items[:half]
    if how == "reverse_half_shift":
        return items[:half][::-1] + items[half:][::-1]
    return list(items)


def drop_plan(size: int, drop_order: str) -> list[str]:
    """The arrangement of the losers of W2, W3, …, Wk for a bracket of `size` places (PT§8)."""
    k = size.bit_length() - 1
    if drop_order == "alternate":
        return ["reverse" if j % 2 == 1 else "natural" for j in range(1, k)]
    plan = list(SPLIT_ORDER[min(size, 64)])
    return plan + ["natural"] * (k - 1 - len(plan))


def double(n: int, drop_order: str = "alternate", plan: list[str] | None = None) -> list[BoutSpec]:
    """Double elimination (PT§8): the winners' bracket W1…Wk, the losers' bracket L1…L(2k−2), the grand final GF
    and the bracket reset GF2. L1 pairs the losers of W1 in order; L(2j) sets the winners of L(2j−1) (place a)
    against the losers of W(j+1) (place b), laid over the bouts by the `drop_order` (`drop_plan`) so that a dropped
    player meets the ones he already played as late as may be; L(2j+1) pairs the winners of L(2j). `plan` overrides
    the drop order's arrangements (to weigh other orders against it, `rematches`)."""
    size = bracket_size(n)
    k = size.bit_length() - 1
    plan = drop_plan(size, drop_order) if plan is None else list(plan) + ["natural"] * k
    bouts = single(n)
    lb = [BoutSpec(f"L1-{i + 1}", "L1", ("loser", f"W1-{2 * i + 1}"), ("loser", f"W1-{2 * i + 2}"))
          for i in range(size // 4)]
    for j in range(1, k):
        count = size // 2 ** (j + 1)
        drop = arrange(plan[j - 1], list(range(1, count + 1)))
        prev = 2 * j - 1
        lb += [BoutSpec(f"L{2 * j}-{i + 1}", f"L{2 * j}", ("winner", f"L{prev}-{i + 1}"),
                        ("loser", f"W{j + 1}-{drop[i]}")) for i in range(count)]
        if j < k - 1:
            lb += [BoutSpec(f"L{2 * j + 1}-{i + 1}", f"L{2 * j + 1}", ("winner", f"L{2 * j}-{2 * i + 1}"),
                            ("winner", f"L{2 * j}-{2 * i + 2}")) for i in range(count // 2)]
    final = [BoutSpec("GF", "GF", ("winner", f"W{k}-1"), ("winner", f"L{2 * k - 2}-1")),
             BoutSpec("GF2", "GF2", ("reset", "GF"), ("reset", "GF"))]
    return bouts + lb + final


def group_sizes(n: int, groups: int) -> list[int]:
    """PT§9: n entries over the groups as evenly as possible, the first groups one larger."""
    return [n // groups + (1 if g < n % groups else 0) for g in range(groups)]


def group_letter(g: int) -> str:
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[g]


def snake(n: int, groups: int) -> list[list[int]]:
    """PT§9: seed numbers (1…n) into groups by the serpentine: 1→A, 2→B, …, then back from the last group."""
    out: list[list[int]] = [[] for _ in range(groups)]
    for i in range(n):
        row, col = divmod(i, groups)
        out[col if row % 2 == 0 else groups - 1 - col].append(i + 1)
    return out


def round_robin(members: list[int]) -> list[list[tuple[int, int]]]:
    """PT§9: the circle method: tours of pairs, everyone meets everyone once (one rests per tour when odd)."""
    ring: list[int | None] = list(members) + ([None] if len(members) % 2 else [])
    m = len(ring)
    tours = []
    for _ in range(m - 1):
        pairs = [(ring[i], ring[m - 1 - i]) for i in range(m // 2)]
        tours.append([(a, b) for a, b in pairs if a is not None and b is not None])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tours


def groups(n: int, count: int) -> tuple[list[list[int]], list[BoutSpec]]:
    """The groups (seed numbers per group) and their bouts "A-1", "A-2", … in tour order."""
    members = snake(n, count)
    bouts = []
    for g, seeds in enumerate(members):
        letter, number = group_letter(g), 0
        for tour, pairs in enumerate(round_robin(seeds), start=1):
            for a, b in pairs:
                number += 1
                bouts.append(BoutSpec(f"{letter}-{number}", "G", ("seed", a), ("seed", b), letter, tour))
    return members, bouts


def rounds_in_order(specs: Iterable[BoutSpec]) -> list[str]:
    """The round codes in the order the bouts are first listed (the order the bracket is drawn in)."""
    return list(dict.fromkeys(s.round for s in specs))
