"""Typed errors raised by the rules engines when an event is refused."""

from __future__ import annotations

import re

MESSAGE_LIMIT = 300  # characters of a refusal shown on one line (CLI, error labels)
_SHOWN = 40  # characters of a quoted value kept in a message
_LONG = "{%d,}" % (_SHOWN + 1)  # noqa: UP031 - a regex repeat count, braces and all
_QUOTED = re.compile("'[^'\n]" + _LONG + "'|\"[^\"\n]" + _LONG + "\"|«[^»\n]" + _LONG + "»")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+")


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message for one line: control and bidi characters and lone surrogates made visible-safe, each quoted value
    cut to its first characters, the whole at most `limit` characters — a record can put anything in a value."""
    text = text.encode("utf-8", "replace").decode("utf-8") if _has_surrogate(text) else text
    text = _CONTROL.sub(" ", text)
    text = _QUOTED.sub(lambda m: m.group(0)[:_SHOWN] + "…" + m.group(0)[-1], text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


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
        return one_line(f"{text} ({self.clause})" if self.clause else text)

    def to_json(self, index: int | None, lang: str = "ru") -> dict:
        return {"error": {"index": index, "code": self.code, "clause": self.clause,
                          "message": self.message(lang)}}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.clause!r}, {self.en!r})"


class InvalidEventError(RuleError):
    """The event is malformed: unknown field, wrong type, value out of range."""


class IllegalEventError(RuleError):
    """The event is well formed but the rules do not allow it now."""
