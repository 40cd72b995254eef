"""Жук windows: the table scoring window, the live board cards, the public scoreboard, the standings."""
