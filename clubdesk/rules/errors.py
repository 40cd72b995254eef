"""Typed errors raised by the rules engines when an event is refused."""

from __future__ import annotations


class RuleError(ValueError):
    """An event the engine refuses; carries a stable code, the rule clause and a bilingual message.

    `clause` is the seed clause or spec decision that forbids the event (`"P§12"`, `"Z-5"`,
    `"M§4.7"`), or None when the event is refused for its form alone.
    """

    def __init__(self, code: str, clause: str | None, ru: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.clause = clause
        self.ru = ru
        self.en = en

    def message(self, lang: str = "ru") -> str:
        text = self.en if lang == "en" else self.ru
        return f"{text} ({self.clause})" if self.clause else text

    def to_json(self, index: int | None, lang: str = "ru") -> dict:
        return {"error": {"index": index, "code": self.code, "clause": self.clause,
                          "message": self.message(lang)}}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.clause!r}, {self.en!r})"


class InvalidEventError(RuleError):
    """The event is malformed: unknown field, wrong type, value out of range."""


class IllegalEventError(RuleError):
    """The event is well formed but the rules do not allow it now."""
