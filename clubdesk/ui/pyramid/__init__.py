"""The Пирамидка 100 windows: the match list panel, the new-match dialog and the match scoring window."""
