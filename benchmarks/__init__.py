"""Measured performance of ClubDesk: scripts that print numbers and ratios from one run."""
