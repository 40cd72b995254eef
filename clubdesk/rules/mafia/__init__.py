"""Sports Mafia by the «Маэстро» club rules: engine, events, clause catalogue, scoring and seating."""

from clubdesk.rules.mafia.clauses import CATALOGUE, Clause, foul_picker
from clubdesk.rules.mafia.engine import MafiaGame, new_game
from clubdesk.rules.mafia.events import event_to_json, parse_event

__all__ = ["CATALOGUE", "Clause", "MafiaGame", "event_to_json", "foul_picker", "new_game", "parse_event"]
