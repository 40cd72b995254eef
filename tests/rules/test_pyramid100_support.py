"""Shorthand for writing Пирамидка 100 shots in tests (no tests of its own)."""

from __future__ import annotations

from clubdesk.rules.pyramid100 import TOTAL, Call, Match, Pot, Shot, new_game


def shot(player: str, call=(), pot=(), off=(), touch=False, trick=None, foul=None, blocked=False) -> Shot:
    """`call` = [(ball, pocket)], `pot` = [(ball, pocket, straight)] (straight defaults to False)."""
    return Shot(player, tuple(Call(b, p) for b, p in call),
                tuple(Pot(p[0], p[1], p[2] if len(p) > 2 else False) for p in pot),
                tuple(off), touch, trick, foul, blocked)


def called(player: str, ball, pocket: int = 1, straight: bool = False, **kw) -> Shot:
    """A shot that pots `ball` exactly as called."""
    return shot(player, call=[(ball, pocket)], pot=[(ball, pocket, straight)], **kw)


def miss(player: str) -> Shot:
    """A clean shot that pots nothing: the turn passes, no penalty."""
    return shot(player)


def play(*shots: Shot, players=("A", "B")) -> Match:
    m = new_game(list(players))
    for s in shots:
        m.apply(s)
        assert_accounted(m)
    return m


def assert_accounted(m: Match) -> None:
    """P-1: table + shelves hold all 110 points; a debtor's shelf is empty (P-2)."""
    st = m.state()
    assert sum(st["table"]) + sum(sum(s) for s in st["shelves"].values()) == TOTAL
    for p, shelf in st["shelves"].items():
        assert st["score"][p] == sum(shelf)
        assert st["debts"][p] >= 0
        assert not (st["debts"][p] and shelf)
    assert sorted(st["table"] + [b for s in st["shelves"].values() for b in s]) == list(range(5, 16))
