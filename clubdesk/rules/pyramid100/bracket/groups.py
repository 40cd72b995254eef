"""Group tables of a Пирамидка tournament and their tie-breaks (PT§9), as a pure function of decided bouts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GroupBout:
    """A decided group bout as the table sees it: its two players, the winner ("" = nobody) and games won."""

    a: str
    b: str
    winner: str
    games_a: int
    games_b: int


@dataclass(frozen=True, slots=True)
class Row:
    """A line of a group table; `place` from 1."""

    place: int
    player: str
    played: int
    won: int
    lost: int
    games_won: int
    games_lost: int
    withdrawn: bool

    @property
    def games_diff(self) -> int:
        return self.games_won - self.games_lost


def table(members: list[str], bouts: Iterable[GroupBout], withdrawn: Iterable[str] = ()) -> list[Row]:
    """PT§9: ranked by bouts won; a withdrawn player below everyone who stayed; players level on bouts won are
    split by the bouts won between them (counted once, among all who are level), then the game difference over
    all their group bouts, then games won, then the seeding (the better seed first — `members` is in seed order).
    Only games actually played count: a walk-over or a withdrawal adds a bout won, no games."""
    out = set(withdrawn)
    decided = list(bouts)
    stats = {p: [0, 0, 0, 0, 0] for p in members}  # played, won, lost, games won, games lost
    for bout in decided:
        for me, other, mine, theirs in ((bout.a, bout.b, bout.games_a, bout.games_b),
                                        (bout.b, bout.a, bout.games_b, bout.games_a)):
            s = stats[me]
            s[0] += 1
            s[1] += bout.winner == me
            s[2] += bout.winner == other
            s[3] += mine
            s[4] += theirs
    head = dict.fromkeys(members, 0)
    for bout in decided:
        if bout.winner and stats[bout.a][1] == stats[bout.b][1]:
            head[bout.winner] += 1  # a bout between two players level on bouts won
    seed_no = {p: i for i, p in enumerate(members)}
    ranked = sorted(members, key=lambda p: (p in out, -stats[p][1], -head[p], -(stats[p][3] - stats[p][4]),
                                            -stats[p][3], seed_no[p]))
    return [Row(i + 1, p, *stats[p], p in out) for i, p in enumerate(ranked)]
