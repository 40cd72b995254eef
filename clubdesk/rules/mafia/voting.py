"""Vote counting (M§4.4–4.8): pure functions the engine calls."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def tally(candidates: Sequence[int], voters: Iterable[int], cast: dict[int, int]) -> dict[int, int]:
    """Votes per candidate: every voter counts once, an absent vote goes to the last candidate (M§4.4, M§4.5)."""
    counts = dict.fromkeys(candidates, 0)
    last = candidates[-1]
    for voter in voters:
        counts[cast.get(voter, last)] += 1
    return counts


def leaders(counts: dict[int, int]) -> list[int]:
    """Candidates with the most votes, in nomination order."""
    top = max(counts.values())
    return [c for c, n in counts.items() if n == top]


def lift_passes(votes_for: int, voters: int) -> bool:
    """The lift-all question passes only with more votes for than against; equal → all stay (M§4.7)."""
    return votes_for > voters - votes_for


def after_shootout(previous: Sequence[int], tied: Sequence[int], in_game: int, lift_two_at_four: bool = False) -> str:
    """What follows a re-vote that tied again: "shootout", "lift_vote", or "stay" (M§4.7–4.8, M-13, M-14).

    A different tie starts a new shootout among the newly tied (M-13); the same split (same set of tied
    players) leads to the lift-all vote. With four players or fewer two cannot be lifted, so everybody
    stays and night falls (M§4.8) — unless the M-14 variant `lift_two_at_four` puts a two-way tie at
    exactly four players to the lift-both vote. M-15: never with fewer than four, nor a tie of more than two.
    """
    if set(tied) != set(previous):
        return "shootout"
    if in_game > 4 or (lift_two_at_four and in_game == 4 and len(tied) == 2):
        return "lift_vote"
    return "stay"
