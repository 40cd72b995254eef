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


def after_shootout(previous: Sequence[int], tied: Sequence[int], in_game: int) -> str:
    """What follows a re-vote that tied again: "shootout" among fewer, "lift_vote", or "stay" (M§4.7–4.8).

    The same split (same set of tied players) leads to the lift-all vote; with four players or fewer
    two cannot be lifted, so everybody stays and night falls (M§4.8).
    """
    if set(tied) != set(previous):
        return "shootout"
    return "stay" if in_game <= 4 else "lift_vote"
