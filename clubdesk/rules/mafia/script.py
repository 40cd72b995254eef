"""A host's shorthand for writing whole games as event lists (tests, benchmarks, demos)."""

from __future__ import annotations

from typing import Any

from clubdesk.rules.mafia.engine import MafiaGame, new_game
from clubdesk.rules.mafia.events import parse_event

#: A fixed deal used by examples: black are 2 (mafia), 7 (Don), 9 (mafia); the Sheriff sits at 4.
ROLES = ("civilian", "mafia", "civilian", "sheriff", "civilian", "civilian", "don", "civilian", "mafia", "civilian")
PLAYERS = [f"P{i}" for i in range(1, 11)]


class Script:
    """Drives a game through JSON events, keeping them for a record."""

    def __init__(self, roles: tuple[str, ...] = ROLES, options: dict | None = None, start: bool = True) -> None:
        self.options = dict(options or {})
        self.game: MafiaGame = new_game(PLAYERS, self.options)
        self.roles = roles
        self.events: list[dict[str, Any]] = []
        if start:
            self.do(type="deal", roles={str(i + 1): r for i, r in enumerate(roles)})
            self.do(type="agreement_end")

    def do(self, **obj: Any) -> Script:
        if "for_" in obj:
            obj["for"] = obj.pop("for_")
        self.game.apply(parse_event(obj))
        self.events.append(obj)
        return self

    def speeches(self, nominations: dict[int, int] | None = None) -> Script:
        """Every remaining speaker of the day (or shootout) speaks; `nominations` maps speaker → nominee."""
        nominations = nominations or {}
        step = self.game.step
        while self.game.step == step and self.game.speaker is not None:
            seat = self.game.speaker
            if seat in nominations:
                self.do(type="nominate", by=seat, target=nominations[seat])
            self.do(type="speech_end", seat=seat)
        return self

    def vote(self, votes: dict[int, int] | None = None) -> Script:
        return self.do(type="vote", votes={str(k): v for k, v in (votes or {}).items()})

    def last_words(self) -> Script:
        while self.game.step == "last_word":
            self.do(type="last_word_end", seat=self.game.speaker)
        return self

    def night(self, target: int | None, don: int | None = None, sheriff: int | None = None,
              shots: dict[int, int] | None = None) -> Script:
        """All black players in the game shoot `target` (or the given `shots`); None is a miss by not shooting."""
        if shots is None:
            black = [s for s in self.game.in_game if self.roles[s - 1] in ("mafia", "don")]
            shots = {s: target for s in black} if target is not None else {}
        return self.do(type="night", shots={str(k): v for k, v in shots.items()}, don_check=don, sheriff_check=sheriff)

    def record(self) -> dict[str, Any]:
        return {"format": "clubdesk-game/1", "game": "mafia", "options": self.options, "players": PLAYERS,
                "events": self.events}
