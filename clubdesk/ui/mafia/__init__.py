"""Mafia windows: the host panel for one game, the public display for the room, and what they share."""
