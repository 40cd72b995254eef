"""The shot a referee is typing: key facts gathered into one Жук shot event (no Qt, no rules)."""

from __future__ import annotations

from dataclasses import dataclass, field

# key → (fact, Russian label). Digits and F-keys work whatever the keyboard layout (Russian or Latin).
POTS = {"1": ("std", True), "2": ("std", False), "3": ("zhuk", True), "4": ("zhuk", False),
        "5": ("main", True), "6": ("main", False)}
FLAGS = {"7": "zhuk_cue", "8": "zhuk_attempt", "9": "rebound"}
FOUL_KEYS = {"F1": "miss", "F2": "touch", "F3": "off_table", "F4": "double_hit", "F5": "push", "F6": "rebound"}
RERACK_KEY = "0"


@dataclass
class ShotDraft:
    """Facts typed so far for the player to move; `event()` is the JSON handed to the service."""

    pots: list[tuple[str, bool]] = field(default_factory=list)
    fouls: list[str] = field(default_factory=list)
    zhuk_cue: bool = False
    zhuk_attempt: bool = False
    rebound: bool = False
    rerack: bool = False
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
        self.zhuk_cue = self.zhuk_attempt = self.rebound = self.rerack = False
        self._keys.clear()

    def event(self, player: str, std_left: int) -> dict:
        """The event for `player`; a legal main-cue pot removes a standard ball while any is left (Z-3)."""
        if self.rerack:
            return {"type": "rerack", "player": player}
        counted_std = sum(1 for b, legal in self.pots if b == "std")
        main_legal = ("main", True) in self.pots
        # Mirrors the engine's reading (Z§4.2, decision 5): a foul or a forbidden Жук-cue result counts nothing.
        forbidden = self.zhuk_cue and any(b == "main" or (b == "zhuk" and not legal) for b, legal in self.pots)
        counts = any(legal for _b, legal in self.pots) and not self.fouls and not forbidden
        removed = "std" if main_legal and counts and std_left - counted_std > 0 else None
        return {"type": "shot", "player": player, "cue": "zhuk" if self.zhuk_cue else "main",
                "potted": [{"ball": b, "legal": legal} for b, legal in self.pots], "fouls": list(self.fouls),
                "zhuk_attempt": self.zhuk_attempt, "rebound": self.rebound, "removed": removed}
