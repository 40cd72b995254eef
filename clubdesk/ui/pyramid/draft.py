"""The shot being entered: the facts the referee clicked, turned into the event the engine judges."""

from __future__ import annotations

from dataclasses import dataclass, field

from clubdesk.rules.pyramid100 import CUE

CALL, POT, OFF = "call", "pot", "off"  # what a ball click followed by a pocket click adds


@dataclass
class ShotDraft:
    """Mutable, UI-side; `event()` gives the replay.md fields of the shot (without type and player)."""

    call: list[tuple] = field(default_factory=list)  # (ball, pocket)
    potted: list[tuple] = field(default_factory=list)  # (ball, pocket, straight)
    off_table: list = field(default_factory=list)
    touched_control: bool = False
    trick: str | None = None
    foul: str | None = None
    centre_blocked: bool = False

    def add(self, mode: str, ball, pocket: int | None = None, straight: bool = False) -> None:
        """Add one fact; the same ball again replaces its earlier entry in that list (a correction)."""
        if mode == CALL:
            self.call = [c for c in self.call if c[0] != ball]
            if len(self.call) == 2:  # P§6: at most a double call; the oldest goes
                self.call.pop(0)
            self.call.append((ball, pocket))
        elif mode == POT:
            self.off_table = [b for b in self.off_table if b != ball]
            self.potted = [p for p in self.potted if p[0] != ball] + [(ball, pocket, straight)]
        elif mode == OFF:
            self.potted = [p for p in self.potted if p[0] != ball]
            if ball not in self.off_table:
                self.off_table.append(ball)

    def remove_last(self, mode: str) -> None:
        items = {CALL: self.call, POT: self.potted, OFF: self.off_table}[mode]
        if items:
            items.pop()

    @property
    def cue_potted(self) -> bool:
        return any(p[0] == CUE for p in self.potted)

    @property
    def cue_off(self) -> bool:
        return CUE in self.off_table

    def set_cue_off(self, on: bool) -> None:
        if on:
            self.add(OFF, CUE)
        else:
            self.off_table = [b for b in self.off_table if b != CUE]

    def is_empty(self) -> bool:
        return self == ShotDraft()

    def event(self) -> dict:
        out = {"call": [{"ball": b, "pocket": p} for b, p in self.call],
               "potted": [{"ball": b, "pocket": p, "straight": s} for b, p, s in self.potted],
               "off_table": list(self.off_table), "touched_control": self.touched_control or self.trick == "carom3",
               "trick": self.trick, "foul": self.foul}
        if self.centre_blocked:
            out["centre_blocked"] = True
        return out
