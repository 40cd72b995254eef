"""A bout of a Пирамидка tournament as played so far (PT§3–5): its players, games won and decision."""

from __future__ import annotations

from dataclasses import dataclass, field

from clubdesk.rules.pyramid100.bracket import structure

BYE = ""  # a place nobody fills: the other player goes through without playing (PT§3)


@dataclass
class Bout:
    """A bout as played so far: its players (None: not known yet, BYE: nobody), games won, the decision."""

    spec: structure.BoutSpec
    race: int
    a: str | None = None
    b: str | None = None
    wins: list[int] = field(default_factory=lambda: [0, 0])
    games: list[str] = field(default_factory=list)  # the game id of each game counted ("" when none was given)
    started: list[str] = field(default_factory=list)  # the stored games put on the table for this bout
    winner: str | None = None  # None while undecided; BYE when nobody goes on
    loser: str | None = None
    result: str = ""  # played | walk_over | withdrawal | bye | not_needed

    @property
    def ready(self) -> bool:
        """Both players known and real, not decided: the bout can be played now."""
        return self.winner is None and bool(self.a) and bool(self.b)

    def to_json(self) -> dict:
        s = self.spec
        return {"code": s.code, "round": s.round, "group": s.group, "tour": s.tour, "race": self.race,
                "from": [list(s.a), list(s.b)], "players": [self.a, self.b], "wins": list(self.wins), "games": list(self.games), "started": list(self.started),
                "winner": self.winner, "loser": self.loser, "result": self.result}
