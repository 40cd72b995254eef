"""Errors split by who must act: the user (KnownError, a clear message, nothing lost) or us (bugs raise)."""

from __future__ import annotations

_lang = "ru"


def set_language(lang: str) -> None:
    global _lang
    _lang = "en" if lang == "en" else "ru"


def language() -> str:
    return _lang


class KnownError(Exception):
    """Something the user or their environment caused: bad input, a broken file, a locked database.

    Carries a Russian and an English message; `str()` gives the one for the current language.
    """

    code = "known_error"

    def __init__(self, ru: str, en: str, *, code: str | None = None) -> None:
        super().__init__(en)
        self.ru = ru
        self.en = en
        if code:
            self.code = code

    def message(self, lang: str | None = None) -> str:
        return self.en if (lang or _lang) == "en" else self.ru

    def __str__(self) -> str:
        return self.message()


class StoreError(KnownError):
    """The database file cannot be used as it is (not SQLite, damaged, newer schema, locked)."""

    code = "store_error"


class ValidationError(KnownError):
    """Input refused by a service; `field` names the form field to point at."""

    code = "validation"

    def __init__(self, field: str, ru: str, en: str) -> None:
        super().__init__(ru, en)
        self.field = field


class PermissionDenied(KnownError):
    code = "permission_denied"


class WriteFailed(KnownError):
    """The store did not take a write because of the machine, not the program: the disk is full, the file is
    read-only or held by another program, the disk failed. Nothing was written; the form keeps what was typed
    and the same write works once the cause is gone (clubdesk.store.write_errors says which cause it was)."""

    code = "write_failed"


class SeqClash(WriteFailed):
    """Another desk (a second ClubDesk on the same file) stored the next event of this game first. The
    service has dropped its copy of the game: the next read shows the other desk's events."""

    code = "seq_clash"

    def __init__(self, ru: str, en: str, game_id: str) -> None:
        super().__init__(ru, en)
        self.game_id = game_id
