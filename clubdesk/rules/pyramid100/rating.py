"""The club's Пирамидка rating: Elo over finished matches, in the order they were played.

Written out in docs/rules/pyramid100.md («Рейтинг клуба»): everybody starts at START_RATING; a match moves both
players by K × (result − expected), where the expected result of A against B is 1 / (1 + 10^((Rb − Ra) / 400))
and the result is 1 for the winner, 0 for the loser (a conceded match is lost like any other, P§ «сдача»). The
sum of all ratings is START_RATING × players at every moment: what one wins the other loses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

START_RATING = 1500.0
K = 32


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match as the rating sees it: the two players and the winner."""

    a: str
    b: str
    winner: str


def expected(rating: float, opponent: float) -> float:
    """The expected result (0…1) of a player rated `rating` against one rated `opponent`."""
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400.0))


def rate(matches: Iterable[MatchResult], ratings: dict[str, float] | None = None) -> dict[str, float]:
    """Ratings after the matches, played in the given order; a player not yet rated starts at START_RATING."""
    out = dict(ratings or {})
    for m in matches:
        if m.winner not in (m.a, m.b) or m.a == m.b:
            raise ValueError(f"a match result names its two players and one of them as the winner: {m}")
        ra, rb = out.get(m.a, START_RATING), out.get(m.b, START_RATING)
        change = K * ((1.0 if m.winner == m.a else 0.0) - expected(ra, rb))
        out[m.a], out[m.b] = ra + change, rb - change
    return out
