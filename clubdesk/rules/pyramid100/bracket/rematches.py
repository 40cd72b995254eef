"""How soon a double-elimination bracket makes players meet again (PT§8): the rematch rate of a drop order.

The rematch rate of a field of n is the share of the losers' bracket bouts played whose two players already met
in the tournament, over `runs` simulated tournaments: the entrants are seeded in a random order and every bout
is won on a fair coin, from `random.Random(seed)`, so the figure is the same on every run. Byes are not bouts
(PT§3); the grand final is not a losers' bracket bout. `python -m clubdesk.rules.pyramid100.bracket.rematches`
prints the table of docs/rules/pyramid100.md PT§8.
"""

from __future__ import annotations

import random

from clubdesk.rules.pyramid100.bracket.structure import BoutSpec, bracket_size, double

#: The losers' drop order brackets-manager (Drarig29/brackets-manager.js, `defaultMinorOrdering`) uses by
#: default, for W2, W3, …: the "common tools' level" the PT§8 order is held to. Written down from its published
#: table, less the first entry (its L1, paired in order as here) and the last winners' round (one player).
COMMON_TOOL_PLAN = {4: [], 8: ["reverse"], 16: ["reverse_half_shift", "reverse"],
                    32: ["reverse", "half_shift", "natural"], 64: ["reverse", "half_shift", "reverse", "natural"]}


def common_tool_plan(n: int) -> list[str]:
    return COMMON_TOOL_PLAN[min(bracket_size(n), 64)]


def play_once(specs: list[BoutSpec], order: list[int], coin) -> list[tuple[str, int, int]]:
    """The bouts played in one tournament as (code, a, b), `order` the entrants by seed, `coin(code, a, b)` the
    winner. A place nobody fills (a bye, a bye's loser) lets the other through without a bout."""
    won: dict[str, int | None] = {}
    lost: dict[str, int | None] = {}
    played = []
    for spec in specs:
        if spec.round in ("GF", "GF2"):
            break
        a, b = (_resolve(src, order, won, lost) for src in (spec.a, spec.b))
        if a is None or b is None:
            won[spec.code], lost[spec.code] = (b if a is None else a), None
            continue
        played.append((spec.code, a, b))
        winner = coin(spec.code, a, b)
        won[spec.code], lost[spec.code] = winner, (b if winner == a else a)
    return played


def _resolve(src, order, won, lost):
    kind, ref = src
    if kind == "seed":
        return order[ref - 1] if ref <= len(order) else None
    return won[ref] if kind == "winner" else lost[ref]


def rematches(n: int, drop_order: str = "split", plan: list[str] | None = None, runs: int = 400,
              seed: int = 28) -> tuple[int, int]:
    """(losers' bracket bouts played, of them rematches) over `runs` tournaments of n entrants."""
    specs = double(n, drop_order, plan)
    rng = random.Random(seed)
    total = again = 0
    for _ in range(runs):
        order = list(range(n))
        rng.shuffle(order)
        met: set[frozenset[int]] = set()
        for code, a, b in play_once(specs, order, lambda _c, a, b: a if rng.random() < 0.5 else b):
            pair = frozenset((a, b))
            if code.startswith("L"):
                total += 1
                again += pair in met
            met.add(pair)
    return total, again


def rematch_rate(n: int, drop_order: str = "split", plan: list[str] | None = None, runs: int = 400,
                 seed: int = 28) -> float:
    total, again = rematches(n, drop_order, plan, runs, seed)
    return again / total if total else 0.0


def main() -> None:  # pragma: no cover - prints the table of the docs
    print("n     alternate  split  common tools")
    for n in (4, 6, 8, 12, 16, 24, 32, 48, 64):
        print(f"{n:<5} {rematch_rate(n, 'alternate'):9.3f} {rematch_rate(n):6.3f} "
              f"{rematch_rate(n, plan=common_tool_plan(n)):13.3f}")


if __name__ == "__main__":
    main()
