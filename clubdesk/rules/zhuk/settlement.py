"""Жук money and rating per pair: who pays a pot, the handicap tier, the bank share (Z§4.1, Z§5.4, Z§8, Z-2…Z-6)."""

from __future__ import annotations

from dataclasses import dataclass

# Z§8 / Z-6: (gap lower bound ×10, percent of the payment, rating points ×10 per standard ball).
TIERS: tuple[tuple[int, int, int], ...] = (
    (0, 100, 50), (1000, 90, 40), (2000, 80, 30), (3000, 70, 20), (4000, 60, 10), (5000, 50, 5),
)
BALL_UNITS = {"std": 1, "main": 1, "zhuk": 2}  # Z§4.1 Жук = 2 × nominal; Z-3 a legal свояк = one standard ball


@dataclass(frozen=True, slots=True)
class Handicap:
    """What one pot is worth between a scorer and a payer: percent of the money, rating points ×10."""

    percent: int
    points10: int


FULL = Handicap(100, 50)


def handicap(scorer_rating10: int, payer_rating10: int) -> Handicap:
    """Z-6: the tier by the rating gap applies only when the higher-rated player scores; else 100 % / 5."""
    gap = scorer_rating10 - payer_rating10
    if gap < 1000:
        return FULL
    tier = min(gap // 1000, 5)
    _, percent, points10 = TIERS[tier]
    return Handicap(percent, points10)


def scaled(amount: int, percent: int) -> int:
    """A payment scaled by the handicap, rounded half up to a whole B (our decision; the seed is silent)."""
    return (amount * percent + 50) // 100


def payers(order: list[str] | tuple[str, ...], scorer: str, settlement: str) -> list[str]:
    """Z-2: `previous` — the player just before the scorer in the current order; `all` — everyone else."""
    i = order.index(scorer)
    if settlement == "previous":
        return [order[i - 1]]
    return [p for p in order if p != scorer]


def bank_share(bank: int, stack: int) -> int:
    """Z-4: the Жук scorer takes at most his balance just before the shot; nothing when it was ≤ 0 (Z§9)."""
    if stack <= 0 or bank <= 0:
        return 0
    return bank if bank < stack else stack


def penalty_units(pyramid_foul: bool, zhuk_miss: bool, zhuk_cue_fault: bool) -> int:
    """Z-5: a flat 1 × nominal for any fault, 2 × when a penalised Жук miss comes with a pyramid foul (Z§5.3).

    Faults of one shot never add up beyond that: the seed names one penalty per shot and the double one
    only for Z§5.3 (our reading).
    """
    if zhuk_miss and pyramid_foul:
        return 2
    return 1 if (pyramid_foul or zhuk_miss or zhuk_cue_fault) else 0
