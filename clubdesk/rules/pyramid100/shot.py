"""What one accepted shot means (P§4–20): counted balls, re-spots, bonus, penalty, debt, turn, №10."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from clubdesk.rules.pyramid100.events import CONTROL, CUE, Shot

# Where №10 is while it is not on a shelf. "off_spot": on the cloth, knocked off the centre spot;
# "aside": fell or flew and waits (in the pocket or by the table) for the centre spot to free (P§14).
CENTRE, OFF_SPOT, ASIDE = "centre", "off_spot", "aside"
WIN_ABOVE = 50  # P§3
_NONE: dict = {}  # shared empty mapping for shots without a call or a pot; never written to


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the match ended: `termination` is "score" (P§3) or "concession"."""

    winner: str
    termination: str


class Match(Protocol):
    """The match state a shot changes (engine.Match); named here so this module needs nothing of the engine's."""

    table: set[int]
    control: str
    shelves: dict[str, list[int]]
    scores: dict[str, int]
    debts: dict[str, int]
    to_move: str | None
    in_hand: str | None
    privilege: bool
    opening: bool
    outcome: Outcome | None
    last: tuple | None
    _other: dict[str, str]


def resolve(m: Match, s: Shot) -> None:
    """Apply a validated shot to the match `m`."""
    me = s.player
    table = m.table
    restricted = m.in_hand == "restricted"
    last_ball = len(table) == 1 and CONTROL in table  # P§20, as the shot starts
    call, potted, off = s.call, s.potted, s.off_table
    called = {c.ball: c.pocket for c in call} if call else _NONE
    potted_at = {p.ball: p for p in potted} if potted else _NONE
    cue_pot = potted_at.get(CUE)
    cue_off = CUE in off if off else False
    # P§5, P§8: a cue ball in a pocket against the declared call (or, with no call, not straight)
    # spoils the whole shot; flying off the table does the same.
    cue_fail = cue_off or (cue_pot is not None and (
        called.get(CUE) != cue_pot.pocket if called else not cue_pot.straight))
    # P§11, P§15, P§17: a trick counts only when called (reported), not from a restricted hand,
    # and not in a shot P§8 declares unsuccessful.
    trick_ok = s.trick is not None and not restricted and not cue_fail
    foul = s.foul
    # P§12, P§19: touching №10 while other balls are on the table; a touch is accepted only with №10 on the
    # cloth (engine._check_shot), so outside the last-ball mode other balls are there.
    if (foul is None and s.touched_control and not last_ball and not m.privilege
            and not (trick_ok and s.trick == "carom3")):
        foul = "control"
    counted: list[int] = []
    cue_counts = False
    forced_pass = False
    next_hand: str | None = None
    if foul is not None:
        reason = "foul"
        next_hand = "free" if (cue_pot is not None or cue_off) else None  # P§16
    elif cue_fail:
        reason = "cue_off_table" if cue_off else "cue_not_as_called"  # P§8, P§5
        next_hand = "free"  # P§16
    elif len(called) == 2:
        # P§6: a double call counts only when both balls went as called.
        if all(b in potted_at and potted_at[b].pocket == pk for b, pk in called.items()):
            reason = "counted"
            counted = [b for b in called if b != CUE]
            cue_counts = CUE in called
        else:
            reason = "double_failed"
            if cue_pot is not None:
                forced_pass, next_hand = True, "restricted"  # P§6, P§17: the opponent brings it in
    else:
        if called:
            cand = [b for b, pk in called.items() if b in potted_at and potted_at[b].pocket == pk]
        elif m.opening:
            # P-5 (P§2 over P§5): on the opening shot an uncalled object ball never counts, straight or not.
            cand = [p.ball for p in potted if p.straight and p.ball == CUE]
        else:
            cand = [p.ball for p in potted if p.straight]  # P§5: gentleman's addition
        reason = "counted" if cand else "nothing"
        if restricted:
            # P§15, P§17: from a restricted hand a single straight ball does not count and ends the turn.
            kept = [b for b in cand if not potted_at[b].straight]
            if len(kept) != len(cand):
                forced_pass, reason = True, "straight_from_hand"
                if CUE in cand and CUE not in kept:
                    next_hand = "free"  # the cue ball fell without counting: a random pot (P§16)
                cand = kept
        counted = [b for b in cand if b != CUE]
        cue_counts = CUE in cand
    success = (bool(counted) or cue_counts or trick_ok) and not forced_pass and foul is None and not cue_fail
    if not success:
        counted, cue_counts = [], False
    if success and reason == "nothing":
        reason = "trick"

    for b in counted:
        table.discard(b)
    blocked = s.centre_blocked
    if CONTROL in table:
        fell = CONTROL in potted_at or CONTROL in off
        if fell or last_ball or blocked:
            _settle_control(m, s, fell, last_ball, blocked)
        else:
            m.control = CENTRE  # P§14: the usual case, №10 is (back) on its spot

    bonus = None
    if cue_counts and not cue_pot.straight:
        # P§9: the least valuable ball on the cloth goes to the shelf as a bonus.
        on_cloth = [b for b in table if b != CONTROL or m.control in (CENTRE, OFF_SPOT)]
        if on_cloth:
            bonus = min(on_cloth)
            table.discard(bonus)
    counted.sort()
    gained = counted if bonus is None else [*counted, bonus]
    repaid = []
    shelf = m.shelves[me]
    debt = m.debts[me]
    if debt and gained:
        # P-2, P-6: any ball due to a debtor's shelf (potted or a P§9 bonus) repays the debt first, the lowest
        # of them first, and goes back to the table.
        repaid = sorted(gained)[:debt]
        debt -= len(repaid)
        for b in repaid:
            _put_back(m, b, blocked)
        gained = [b for b in gained if b not in repaid]
    for b in gained:
        shelf.append(b)
        m.scores[me] += b
        if b == CONTROL:
            m.control = me
    m.debts[me] = debt

    penalty = None
    if foul is not None:
        if shelf:
            # P§18: the least valuable ball goes back to the table.
            penalty = min(shelf)
            shelf.remove(penalty)
            m.scores[me] -= penalty
            _put_back(m, penalty, blocked)
        else:
            penalty = "debt"
            m.debts[me] += 1  # P-2
        if last_ball and m.control in (OFF_SPOT, ASIDE) and not blocked:
            m.control = CENTRE  # P§20: back to the normal mode with №10 on its spot

    other = m._other[me]
    m.to_move = me if success else other
    m.in_hand = ("restricted" if cue_counts else None) if success else next_hand
    m.privilege = success and trick_ok  # P§11–13: for the next shot only, by the same player
    m.opening = False
    # A tuple, turned into a dict only by state(): replay speed (engine._LAST_KEYS names the fields).
    m.last = (me, success, reason, foul, counted, cue_counts, bonus, repaid, penalty)
    if m.scores[me] > WIN_ABOVE:
        m.outcome = Outcome(me, "score")  # P§3
        m.to_move, m.in_hand, m.privilege = None, None, False


def _put_back(m: Match, ball: int, blocked: bool) -> None:
    """P§2, P-3: a ball returns to the foot spot area; №10 to the centre spot, or waits aside (P§13, P§14)."""
    m.table.add(ball)
    if ball == CONTROL:
        m.control = ASIDE if blocked else CENTRE


def _settle_control(m: Match, s: Shot, fell: bool, last_ball: bool, blocked: bool) -> None:
    """Where №10 stands when the balls stop (P§2, P§14, P§20)."""
    if fell:
        m.control = ASIDE if blocked else CENTRE  # P§2: a potted/flown №10 that did not count
    elif last_ball:
        # P§20: the return-to-centre rule is off; a knocked №10 stays where it stopped. One waiting (off its spot or
        # aside, P§14) stays where it waits while the spot is taken (P-7), and an aside one comes back once it frees.
        if s.touched_control:
            m.control = OFF_SPOT
        elif m.control == ASIDE and not blocked:
            m.control = CENTRE
    elif m.control == CENTRE:  # called only then: `blocked` is the reason left
        m.control = OFF_SPOT  # P§14: knocked and its spot is taken
