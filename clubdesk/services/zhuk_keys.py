"""The shot a referee is typing: key facts gathered into one Жук shot event (no Qt, no rules).

The same keys on the desk (ui/zhuk/scoring.py) and on a phone (web/tables.py: the page sends the keys pressed), so
the grammar lives below both.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# key → (fact, Russian label). Digits and F-keys work whatever the keyboard layout (Russian or Latin).
POTS = {"1": ("std", True), "2": ("std", False), "3": ("zhuk", True), "4": ("zhuk", False),
        "5": ("main", True), "6": ("main", False)}
FLAGS = {"7": "zhuk_cue", "8": "zhuk_attempt", "9": "rebound"}
FOUL_KEYS = {"F1": "miss", "F2": "touch", "F3": "off_table", "F4": "double_hit", "F5": "push", "F6": "rebound"}
RERACK_KEY = "0"
#: Z-12: Жук (as the cue) fell off the main cue ball — a penalty, not a pot.
OFF_MAIN_KEY = "F7"
#: Balls that left the table (replay.md `left_table`): each press adds one; an `off_table` foul comes with them.
LEFT_KEYS = {"F8": "std", "F9": "zhuk", "F10": "main"}


@dataclass
class ShotDraft:
    """Facts typed so far for the player to move; `event()` is the JSON handed to the service."""

    pots: list[tuple[str, bool]] = field(default_factory=list)
    fouls: list[str] = field(default_factory=list)
    zhuk_cue: bool = False
    zhuk_attempt: bool = False
    rebound: bool = False
    rerack: bool = False
    zhuk_off_main: bool = False
    left_table: list[str] = field(default_factory=list)
    _keys: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self._keys

    def press(self, key: str) -> bool:
        """Add the fact of `key`; False when the key means nothing here."""
        if key in POTS:
            self.pots.append(POTS[key])
        elif key in FLAGS:
            name = FLAGS[key]
            setattr(self, name, not getattr(self, name))
        elif key in FOUL_KEYS:
            foul = FOUL_KEYS[key]
            if foul in self.fouls:
                self.fouls.remove(foul)
            else:
                self.fouls.append(foul)
        elif key == RERACK_KEY:
            self.rerack = not self.rerack
        elif key == OFF_MAIN_KEY:
            self.zhuk_off_main = not self.zhuk_off_main
        elif key in LEFT_KEYS:
            ball = LEFT_KEYS[key]
            if ball != "std" and ball in self.left_table:
                self.left_table.remove(ball)   # Жук and the main cue leave at most once: a second press undoes
            else:
                self.left_table.append(ball)
        else:
            return False
        self._keys.append(key)
        return True

    def back(self) -> None:
        """Forget the last key (Backspace)."""
        keys = self._keys[:-1]
        self.clear()
        for k in keys:
            self.press(k)

    def clear(self) -> None:
        self.pots.clear()
        self.fouls.clear()
        self.left_table.clear()
        self.zhuk_cue = self.zhuk_attempt = self.rebound = self.rerack = self.zhuk_off_main = False
        self._keys.clear()

    def event(self, player: str, std_left: int) -> dict:
        """The event for `player`; a legal main-cue pot removes a standard ball while any is left (Z-3)."""
        if self.rerack:
            return {"type": "rerack", "player": player}
        counted_std = sum(1 for b, legal in self.pots if b == "std")
        main_legal = ("main", True) in self.pots
        fouls = list(self.fouls)
        if self.left_table and "off_table" not in fouls:
            fouls.append("off_table")           # a ball left the table: that is the off_table foul
        # Mirrors the engine's reading (Z§4.2, Z-12, Z-14): a foul or a forbidden Жук-cue result counts nothing.
        forbidden = self.zhuk_cue and (self.zhuk_off_main or any(b == "main" for b, _legal in self.pots))
        counts = any(legal for _b, legal in self.pots) and not fouls and not forbidden
        removed = "std" if main_legal and counts and std_left - counted_std > 0 else None
        obj = {"type": "shot", "player": player, "cue": "zhuk" if self.zhuk_cue else "main",
               "potted": [{"ball": b, "legal": legal} for b, legal in self.pots], "fouls": fouls,
               "zhuk_attempt": self.zhuk_attempt, "rebound": self.rebound, "removed": removed}
        if self.zhuk_off_main:
            obj["zhuk_off_main"] = True
        if self.left_table:
            obj["left_table"] = list(self.left_table)
        return obj
