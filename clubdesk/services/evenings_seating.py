"""Seating of a Mafia evening (M-8): the seeded draw, manual swaps and what they do to the evenness figures.

The draw is stored as its inputs (players in order, rounds: Evening.seating_json; Evening.seed) and each swap made
by hand is a row of its own (SeatingSwap: two desks' swaps are both kept, docs/sync.md), so the seating is always
recomputed from the seed and can be audited.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from clubdesk.errors import ValidationError
from clubdesk.rules.mafia.seating import TABLE, Seating, seating
from clubdesk.services.accounts import Actor, require
from clubdesk.store.ids import new_id
from clubdesk.store.models import Evening, SeatingSwap, canonical_json

MAX_ROUNDS = 20
FIGURES = ("games_min", "games_max", "seat_repeat_max", "seat_spread_max", "meet_min", "meet_max")


@dataclass(frozen=True)
class SwapEffect:
    """The evenness figures before and after a swap, and the ones that change."""

    before: dict[str, object]
    after: dict[str, object]

    def changed(self) -> dict[str, tuple[object, object]]:
        return {k: (self.before[k], self.after[k]) for k in FIGURES if self.before[k] != self.after[k]}


def apply_swaps(base: Seating, swaps: list[list]) -> Seating:
    """The seating with the host's swaps (round, player a, player b) made in order."""
    rounds = [[list(t) for t in r] for r in base.rounds]
    rest = [list(r) for r in base.sitting_out]
    for rnd, a, b in swaps:
        places = [*([t for t in rounds[rnd - 1]]), rest[rnd - 1]]
        for group in places:
            for i, p in enumerate(group):
                group[i] = b if p == a else a if p == b else p
    return Seating(base.seed, tuple(tuple(tuple(t) for t in r) for r in rounds), tuple(tuple(r) for r in rest))


class SeatingMixin:
    """Seating use cases of EveningService."""

    def draw_seating(self, actor: Actor, evening_id: str, rounds: int, seed: int | None = None) -> Seating:
        """Seat the checked-in players over `rounds` games; a new draw forgets earlier swaps."""
        require(actor, "desk", "host")
        present = [c.player_id for c in self.checked_in(evening_id)]
        if len(present) < TABLE:
            raise ValidationError("players", f"Для рассадки нужно не меньше {TABLE} игроков, отмечено {len(present)}.",
                                  f"Seating needs at least {TABLE} players, {len(present)} checked in.")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise ValidationError("rounds", f"Игр за вечер: от 1 до {MAX_ROUNDS}.", f"Games: 1 to {MAX_ROUNDS}.")
        started = {g.round for g in self.list_games(evening_id)}
        if started:
            raise ValidationError("seating", "Игры вечера уже начаты: рассадку нельзя перетянуть.",
                                  "Games of the evening have started: the seating cannot be redrawn.")
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
        from clubdesk.store.uow import UnitOfWork

        with UnitOfWork(self.store, actor.account_id) as uow:
            ev = uow.session.get(Evening, evening_id)
            # A new draw id: the swaps of an earlier draw no longer apply.
            ev.seed, ev.seating_json = seed, canonical_json({"players": present, "rounds": rounds, "draw": new_id()})
        return self.seating(evening_id)

    def seating(self, evening_id: str) -> Seating | None:
        """The stored draw with its swaps, or None before the first draw."""
        drawn = self._drawn(evening_id)
        if drawn is None:
            return None
        return apply_swaps(self._base_seating(evening_id), self._swaps(drawn["draw"]))

    def _drawn(self, evening_id: str) -> dict | None:
        import json

        with self.store.session_factory() as s:
            ev = s.get(Evening, evening_id)
            return {**json.loads(ev.seating_json), "seed": ev.seed} if ev.seating_json else None

    def _swaps(self, draw: str) -> list[list]:
        from sqlalchemy import select

        with self.store.session_factory() as s:
            rows = s.scalars(select(SeatingSwap).where(SeatingSwap.draw == draw)
                             .order_by(SeatingSwap.number, SeatingSwap.hlc, SeatingSwap.desk_id, SeatingSwap.id))
            return [[w.round_no, w.player_a, w.player_b] for w in rows]

    def _base_seating(self, evening_id: str) -> Seating | None:
        drawn = self._drawn(evening_id)
        if drawn is None:
            return None
        return seating(drawn["players"], drawn["rounds"], drawn["seed"])

    def swap_effect(self, evening_id: str, round_no: int, a: str, b: str) -> SwapEffect:
        """What swapping players a and b in a round would do to the figures (nothing is stored)."""
        now = self._checked_swap(evening_id, round_no, a, b)
        return SwapEffect(now.evenness(), apply_swaps(now, [[round_no, a, b]]).evenness())

    def swap(self, actor: Actor, evening_id: str, round_no: int, a: str, b: str) -> SwapEffect:
        """Swap two players' places in one round (tables, seats or sitting out) and keep the swap."""
        require(actor, "desk", "host")
        effect = self.swap_effect(evening_id, round_no, a, b)
        from clubdesk.store.uow import UnitOfWork

        draw = self._drawn(evening_id)["draw"]
        with UnitOfWork(self.store, actor.account_id) as uow:
            uow.session.add(SeatingSwap(evening_id=evening_id, draw=draw, round_no=round_no, player_a=a, player_b=b,
                                        number=len(self._swaps(draw)) + 1))
        return effect

    def _checked_swap(self, evening_id: str, round_no: int, a: str, b: str) -> Seating:
        now = self.seating(evening_id)
        if now is None:
            raise ValidationError("seating", "Сначала сделайте рассадку.", "Draw the seating first.")
        if not 1 <= round_no <= len(now.rounds):
            raise ValidationError("round", f"Нет игры {round_no} в рассадке.", f"No game {round_no} in the seating.")
        if a == b:
            raise ValidationError("player", "Выберите двух разных игроков.", "Choose two different players.")
        if any(g.round == round_no for g in self.list_games(evening_id)):
            raise ValidationError("round", f"Игра {round_no} уже начата: её рассадку не меняют.",
                                  f"Game {round_no} has started: its seating is fixed.")
        return now
