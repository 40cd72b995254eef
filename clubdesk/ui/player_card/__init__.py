"""The player's card (ui/player_card/card.py) with its billiards and Mafia tabs."""

from clubdesk.ui.player_card.billiards import HistoryModel
from clubdesk.ui.player_card.card import PlayerCard

__all__ = ["HistoryModel", "PlayerCard"]
