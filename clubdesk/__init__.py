"""ClubDesk: the front desk of a games club."""

__version__ = "0.1.0"
