"""What the room may see of a game: a projection with no role and no check field at all.

The public display is built only from `PublicView`; `public_view` copies named, harmless fields out
of the engine state (whitelist, not blacklist), so a role or a check result cannot reach the room,
whatever the state holds now or after an undo.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PublicSeat:
    seat: int
    name: str
    fouls: int
    out: str          # "" in the game, else killed | lifted | removed


@dataclass(frozen=True)
class PublicView:
    step: str
    day: int
    speaker: int | None
    nominees: tuple[int, ...]
    candidates: tuple[int, ...]
    seats: tuple[PublicSeat, ...]
    winner: str | None                   # a team: red | black, only when the game is over
    scores: tuple[float, ...] = ()       # game scores of seats 1…10, only when the game is over


def public_view(state: dict, names: list[str]) -> PublicView:
    """The room's projection of an engine state (see the module docstring)."""
    out = {s: how for how in ("killed", "lifted", "removed") for s in state[how]}
    fouls = state["fouls"]
    seats = tuple(PublicSeat(i, names[i - 1], int(fouls.get(str(i), 0)), out.get(i, "")) for i in range(1, 11))
    finished = state["step"] == "finished"
    scores = tuple(float(state["score"][str(i)]) for i in range(1, 11)) if finished else ()
    return PublicView(state["step"], int(state["day"]), state["speaker"], tuple(state["nominees"]),
                      tuple(state["candidates"]), seats, state["winner"] if finished else None, scores)
