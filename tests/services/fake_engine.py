"""A tiny engine for service tests: players add points; 'finish' ends the game; adding 0 is illegal."""

from __future__ import annotations

from dataclasses import dataclass

from clubdesk.rules.base import ReplayEngine, check_fields
from clubdesk.rules.errors import IllegalEventError, InvalidEventError


@dataclass(frozen=True)
class Add:
    player: str
    points: int


class Counter(ReplayEngine[Add]):
    def __init__(self, players: list) -> None:
        self.players = list(players)
        self.score = dict.fromkeys(players, 0)
        self._log = []

    def _fresh(self) -> Counter:
        return Counter(self.players)

    def apply(self, event: Add) -> None:
        if event.points == 0:
            raise IllegalEventError("zero", "T§1", "ноль очков", "zero points")
        if event.player not in self.score:
            raise IllegalEventError("who", "T§2", "нет такого игрока", "no such player")
        self.score[event.player] += event.points
        self._log.append(event)

    def state(self) -> dict:
        return {"score": dict(self.score), "finished": any(v >= 10 for v in self.score.values())}


def new_game(players, options):
    if len(players) != 2:
        raise InvalidEventError("players", None, "нужно два игрока", "two players needed")
    return Counter(players)


def parse_event(obj):
    check_fields(obj, "event", ("type", "player", "points"))
    return Add(obj["player"], obj["points"])


def event_to_json(e: Add) -> dict:
    return {"type": "add", "player": e.player, "points": e.points}
