"""How typed words find players: the search key a player is stored with, the words a search reads, the SQL filter
(PlayerService.search) and filter-as-you-type over a big registry, an in-memory index of search keys kept in name
order. One rule, spelled here for both: a word finds the start of the surname, the first name or the nickname, digits
anywhere in the phone; ё and е are one letter to it (`yo_as_e`).

A LIKE over 100 000 players is a full scan (~40 ms for the count, ~65 ms more for the sorted page, measured in
benchmarks/ui.py), too slow per keystroke. The index holds (name, id, search key) sorted like
PlayerService.search, each key spelled with a space before every word (`word_starts`), so a typed word
is found at the start of the surname, the first name or the nickname (digits: anywhere in the phone) by one
substring test in Python (~12 ms over 100 000, much less while typing refines the previous text), and only the
shown page is read from SQL by id. The change
log's newest id tells cheaply whether anything was written since; changed players are patched in.
"""

from __future__ import annotations

import bisect
import re
from functools import cache
from typing import TYPE_CHECKING

from clubdesk import phones
from clubdesk.store.db import Store

if TYPE_CHECKING:  # array is imported where the postings are built: the players page's first frame has none
    from array import array

# The module's regular expressions are compiled on first use: it is read before the main window's first frame.

# Bidi controls and zero-width characters change how a name looks, not who it is: «Пет\u202eров» must be found by
# «петров» (issue 18 item 11), so the search key and the typed words are both read without them.
@cache
def _invisible() -> re.Pattern[str]:
    return re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def search_key(name: str, nickname: str, phone: str) -> str:
    digits = phones.search_digits(phone) if phone else ""
    strip = _invisible().sub
    return " ".join(x for x in (strip("", name).casefold(), strip("", nickname).casefold(), digits) if x)


# «Королёв» is often written «Королев» (old lists, a desk typing fast): the search reads ё as е, in the typed words
# and in the keys as searched (`word_starts`, search_where's SQL). The stored key keeps its ё, as every desk of every
# version writes and syncs it: no key needs rewriting, no migration. Ё is casefolded to ё before this.
_YO, _E = "ё", "е"


def yo_as_e(text: str) -> str:
    """`text` (casefolded) as the search compares it: ё read as е."""
    return text.replace(_YO, _E) if _YO in text else text


# Within a name or a nickname these separate words too: «Петрова-Водкина» is found by «водкина».
_WORD_MARKS = "-()«»\"'.,"
_MARKS_AS_SPACES = str.maketrans(_WORD_MARKS, " " * len(_WORD_MARKS))


def search_words(text: str) -> tuple[str, ...]:
    """The words a search matches on: casefolded, phone-like words reduced to their digits, the rest split at
    hyphens, brackets and quotes as the keys are (`word_starts`)."""
    if not text.strip():  # the whole registry (the first page): no words, nothing to compile for them
        return ()
    out: list[str] = []
    for token in yo_as_e(_invisible().sub("", text).casefold()).split():
        if re.fullmatch(r"[+\d()\-]+", token):
            token = re.sub(r"\D", "", token)
            if token:
                out.append(token)
        else:
            out += token.translate(_MARKS_AS_SPACES).split()
    return tuple(out)


def word_starts(key: str) -> str:
    """A search key as `needle` reads it: a space before every word of the surname, first name and nickname, ё read
    as е (`yo_as_e`). (str.replace per mark, not str.translate: 0.04 s instead of 0.3 s over 100 000 keys.)"""
    for mark in _WORD_MARKS:
        if mark in key:
            key = key.replace(mark, " ")
    return " " + yo_as_e(key)


def needle(word: str) -> str:
    """What a typed word is looked for as in a player's `word_starts`: a word of digits anywhere in the phone (the
    last digits are what a desk types), any other word at the start of the surname, the first name or the
    nickname, each on its own — «Иван» finds Иван and Иванов, not Диванов."""
    return word if word.isdigit() else " " + word


def implies(old: str, new: str) -> bool:
    """Whether every player `new` finds is found by `old` too (typing on refines the previous hits)."""
    return old in new if old.isdigit() else new.startswith(old)


def search_where(text: str) -> tuple[str, tuple[str, ...]]:
    """A WHERE clause (every word found as `needle` finds it; a player merged into another is not listed: the
    survivor stands for both) and its parameters."""
    words = search_words(text)
    if not words:
        return " WHERE merged_into = ''", ()
    starts = f"' ' || replace(search_key, '{_YO}', '{_E}')"  # as `word_starts` reads a key
    for mark in _WORD_MARKS:
        starts = f"replace({starts}, '{mark.replace(chr(39), chr(39) * 2)}', ' ')"
    likes = " AND ".join(f"{starts} LIKE ? ESCAPE '\\'" for _ in words)
    escaped = tuple(("%" if w.isdigit() else "% ") + w.replace("\\", "\\\\").replace("%", "\\%")
                    .replace("_", "\\_") + "%" for w in words)
    return f" WHERE merged_into = '' AND {likes}", escaped


_REBUILD_ABOVE = 2000  # more changed players than this since the last look: rebuild instead of patching
_MARK = "SELECT coalesce(max(id), 0) FROM change_log"


class PlayerIndex:
    """Search keys of every player in (name, id) order; `match(text)` gives the ids (PlayerService.rows reads the
    page)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._order: list[tuple[str, str]] = []  # (name, id), sorted
        self._keys: list[str] = []  # word_starts(search_key), parallel to _order
        self._mark: int | None = None  # newest change_log id seen
        self._last: tuple[tuple[str, ...], list[int]] | None = None  # last query: refining it is cheap
        self._chars: dict[str, array] | None = None  # built on the first filter after a (re)build

    @property
    def built(self) -> bool:
        return self._mark is not None

    def build(self) -> None:
        # Plain sqlite3 rows (Store.read): SQLAlchemy's Row objects cost ~10× more to build and unpack.
        mark = self.store.read(_MARK)[0][0]
        # A player merged into another is not listed: the survivor stands for both (docs/sync.md).
        rows = self.store.read("SELECT name, id, search_key FROM players WHERE merged_into = '' ORDER BY name, id")
        self._order = [(n, i) for n, i, _k in rows]
        self._keys = [word_starts(k) for _n, _i, k in rows]
        self._mark, self._last = mark, None
        self._chars = None

    def _postings(self) -> dict[str, array]:
        """Character → positions of the keys containing it: a fresh search scans only the keys holding its rarest
        character."""
        from array import array

        if self._chars is None:
            chars: dict[str, array] = {}
            for k, key in enumerate(self._keys):
                for c in set(key):
                    got = chars.get(c)
                    if got is None:
                        got = chars[c] = array("i")
                    got.append(k)
            self._chars = chars
        return self._chars

    def prepare(self) -> None:
        """Everything a filter needs, built now (one-time: ~0.8 s + ~0.8 s at 100 000 players)."""
        self.sync()
        self._postings()

    def sync(self) -> None:
        """Catch up with writes since the last look (one indexed max() when nothing changed)."""
        if self._mark is None:
            self.build()
            return
        mark = self.store.read(_MARK)[0][0]
        if mark == self._mark:
            return
        changed = {r[0] for r in self.store.read(
            "SELECT entity_id FROM change_log WHERE id > ? AND entity = 'players'", (self._mark,))}
        if len(changed) > _REBUILD_ABOVE:
            self.build()
            return
        marks = ",".join("?" * len(changed))
        fresh = self.store.read(f"SELECT name, id, search_key FROM players WHERE id IN ({marks}) AND merged_into = ''",
                                tuple(changed)) if changed else []
        if changed:
            keep = [k for k, (_n, pid) in enumerate(self._order) if pid not in changed]
            self._order = [self._order[k] for k in keep]
            self._keys = [self._keys[k] for k in keep]
            for name, pid, key in fresh:
                at = bisect.bisect_left(self._order, (name, pid))
                self._order.insert(at, (name, pid))
                self._keys.insert(at, word_starts(key))
            self._last, self._chars = None, None
        self._mark = mark

    @property
    def size(self) -> int:
        """Players in the index (the whole registry as of the last sync)."""
        return len(self._keys)

    def match(self, text: str) -> Hits:
        """Players every word of `text` finds (`needle`), in name order (positions, ids on demand)."""
        self.sync()
        words = search_words(text)
        keys = self._keys
        base: list[int] | range = range(len(keys))
        if self._last is not None:
            old, hits = self._last
            if old == words:
                return Hits(self, hits)
            if all(any(implies(o, w) for w in words) for o in old):  # every old word is implied: refine old hits
                base = hits
        if not words:
            hits = base if isinstance(base, range) else range(len(keys))
        else:
            first, *rest = (needle(w) for w in words)
            if isinstance(base, range):  # a fresh search: start from the rarest character's keys
                postings = self._postings()
                base = min((postings.get(c, ()) for c in first.strip()), key=len)
                exact = len(first) == 1  # one digit: its postings are the hits
            else:
                exact = False
            hits = list(base) if exact else [k for k in base if first in keys[k]]
            for w in rest:
                hits = [k for k in hits if w in keys[k]]
        self._last = (words, hits)
        return Hits(self, hits)

    def ids(self, positions) -> list[str]:
        order = self._order
        return [order[k][1] for k in positions]


class Hits:
    """The result of one filter: its size, and the ids of a slice (the page being shown)."""

    def __init__(self, index: PlayerIndex, positions: list[int] | range) -> None:
        self._index, self._positions = index, positions

    def __len__(self) -> int:
        return len(self._positions)

    def page(self, offset: int, limit: int) -> list[str]:
        return self._index.ids(self._positions[offset:offset + limit])

    def all(self) -> list[str]:
        return self._index.ids(self._positions)
