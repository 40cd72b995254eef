"""The Жук table engine: one round at one table of 3–4 players (Z§1–9, Z-1…Z-9)."""

from __future__ import annotations

from dataclasses import dataclass

from clubdesk.rules.base import ReplayEngine
from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.zhuk.events import Event, Rerack, RoundEnd, Seat, Shot, from10
from clubdesk.rules.zhuk.settlement import bank_share, handicap, payers, penalty_units, scaled

RACK_STD = 14  # Z-1: 15 object balls, the centre one is Жук


@dataclass(frozen=True, slots=True)
class ShotResult:
    """What the engine made of the last shot, for the UI and the protocol."""

    player: str
    counted: dict          # ball kind → how many counted
    payments: tuple        # (payer, scorer, amount B)
    penalty: int           # B paid into the bank
    bank_taken: int        # B taken from the bank with Жук
    turn_kept: bool
    reracked: bool


def _illegal(code: str, clause: str, ru: str, en: str) -> IllegalEventError:
    return IllegalEventError(code, clause, ru, en)


class ZhukEngine(ReplayEngine[Event]):
    """A Жук round: balances, bank, balls on the table, turn order and rating deltas, all from the event log."""

    def __init__(self, seats: tuple[Seat, ...], nominal: int, settlement: str, bank: int = 0) -> None:
        self.seats = seats
        self.nominal = nominal
        self.settlement = settlement
        ids = [s.id for s in seats]
        self.rating10 = {s.id: s.rating10 for s in seats}
        # Z-6: the handicap is fixed for the round from the start ratings, so it is computed once per pair.
        self._pair = {(a, b): handicap(self.rating10[a], self.rating10[b]) for a in ids for b in ids if a != b}
        # (B for a standard ball, B for Жук, rating points ×10 for a standard ball) per (scorer, payer).
        self._price = {k: (scaled(nominal, hc.percent), scaled(2 * nominal, hc.percent), hc.points10)
                       for k, hc in self._pair.items()}
        self.balances = {s.id: s.balance for s in seats}
        # Z-15: the table's bank is the table's for the whole stage; a round opens with what the stage's previous
        # round left in it (from the record's header, which the service derives from that round's log).
        self.opening_bank = bank
        self.bank = bank
        self.order = ids
        self._pos = {p: i for i, p in enumerate(ids)}
        self._payers = self._payer_table()
        self.to_move = ids[0]
        self.std = RACK_STD
        self.zhuk = 1
        self.rack = 1
        self.delta10 = dict.fromkeys(ids, 0)
        self.in_hand = True          # every rack is broken with the main cue from the house
        self.break_shot = True
        self.zhuk_spotted = False
        self.last_potter: str | None = None
        self._last: tuple | None = None  # raw ShotResult fields; built on demand to keep apply() lean
        self.finished = False
        self._log: list[Event] = []

    @property
    def last(self) -> ShotResult | None:
        """What the last shot (or re-rack) counted, who paid whom, the penalty and the bank taken."""
        if self._last is None:
            return None
        p, c_std, c_zhuk, c_main, payments, penalty, taken, kept, reracked = self._last
        return ShotResult(p, {"std": c_std, "zhuk": c_zhuk, "main": c_main}, payments, penalty, taken, kept, reracked)

    def _fresh(self) -> ZhukEngine:
        return ZhukEngine(self.seats, self.nominal, self.settlement, self.opening_bank)

    # ---- queries a UI needs -------------------------------------------------------------------------

    @property
    def total_money(self) -> int:
        """Σ balances + bank: constant through the round, money only moves; the opening bank (Z-15) included."""
        return sum(self.balances.values()) + self.bank

    def zhuk_cue_refusal(self, player: str | None = None) -> tuple[str, str] | None:
        """Why Жук may not be the cue for `player` (default: the player to move) now: (code, clause), or None."""
        player = player or self.to_move
        if not self.zhuk:
            return ("zhuk_not_on_table", "Z§4.2")
        if self.break_shot:
            return ("zhuk_cue_on_break", "Z-16")  # the break is an ordinary shot with the main cue
        if self.in_hand:
            return ("zhuk_cue_after_main_potted", "Z-8")
        if self.zhuk_spotted:
            return ("zhuk_cue_on_spot", "Z-8")
        if self.balances[player] <= 0:
            return ("zhuk_cue_negative_balance", "Z§9")
        return None

    @property
    def zhuk_cue_allowed(self) -> bool:
        return not self.finished and self.zhuk_cue_refusal() is None

    @property
    def rerack_allowed(self) -> bool:
        """Z§7: only Жук and the main cue are left, the player to move may call a new rack."""
        return not self.finished and self.std == 0 and self.zhuk == 1

    def legal_cues(self) -> tuple[str, ...]:
        return ("main", "zhuk") if self.zhuk_cue_allowed else ("main",)

    def payers_of(self, scorer: str) -> list[str]:
        """Z-2: who pays `scorer` for a pot under the current order and the settlement option."""
        return list(self._payers[scorer])

    def _payer_table(self) -> dict[str, tuple[str, ...]]:
        """Z-2 once per order (the start and each cleared rack), not per shot: settlement.payers is the rule."""
        return {p: tuple(payers(self.order, p, self.settlement)) for p in self.order}

    def handicap(self, scorer: str, payer: str):
        return self._pair[(scorer, payer)]

    def rating_delta(self) -> dict[str, int | float]:
        return {p: from10(v) for p, v in self.delta10.items()}

    def state(self) -> dict:
        last = self.last
        return {
            "balances": dict(self.balances), "bank": self.bank, "opening_bank": self.opening_bank,
            "order": list(self.order),
            "to_move": self.to_move, "balls": {"std": self.std, "zhuk": self.zhuk}, "rack": self.rack,
            "rating_delta": self.rating_delta(), "zhuk_cue_allowed": self.zhuk_cue_allowed,
            "finished": self.finished, "nominal": self.nominal, "settlement": self.settlement,
            "in_hand": self.in_hand, "zhuk_on_spot": self.zhuk_spotted, "break": self.break_shot,
            "rerack_allowed": self.rerack_allowed, "last_potter": self.last_potter,
            "last_shot": None if last is None else {
                "player": last.player, "counted": dict(last.counted),
                "payments": [{"from": a, "to": b, "amount": m} for a, b, m in last.payments],
                "penalty": last.penalty, "bank_taken": last.bank_taken,
                "turn_kept": last.turn_kept, "reracked": last.reracked},
        }

    # ---- events -------------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Validate the event against the rules, then play it; raises InvalidEventError / IllegalEventError."""
        if self.finished:
            raise _illegal("round_finished", "Z-10", "раунд окончен, события не принимаются",
                           "the round is over, no more events are accepted")
        kind = type(event)
        if kind is Shot:
            self._shot(event)
        elif kind is Rerack:
            self._check_turn(event.player, "rerack")
            if not self.rerack_allowed:
                raise _illegal("rerack_not_allowed", "Z§7",
                               f"{event.player}: новую пирамиду можно заказать, только когда на столе Жук и биток "
                               f"(сейчас стандартных шаров {self.std}, Жук {'на столе' if self.zhuk else 'сыгран'})",
                               f"{event.player}: a re-rack may be called only with Zhuk and the main cue left "
                               f"(now {self.std} standard balls, Zhuk {'on the table' if self.zhuk else 'potted'})")
            self._last = (event.player, 0, 0, 0, (), 0, 0, True, True)
            self._new_rack(event.player)  # our decision: the caller breaks, the order reverses as after any rack
        elif kind is RoundEnd:
            self.finished = True
            self._last = None
        else:
            raise InvalidEventError("unknown_event", None, f"неизвестное событие {event!r}",
                                    f"unknown event {event!r}")
        self._log.append(event)

    def _check_turn(self, player: str, what: str) -> None:
        ru, en = _WHAT[what]
        if player not in self._pos:
            # not `player`: an id of nobody at this table has no name to show
            raise _illegal("not_at_table", "Z§1", f"{ru}: такого игрока нет за этим столом",
                           f"{en}: no such player at this table")
        if player != self.to_move:
            raise _illegal("not_your_turn", "Z-7", f"{ru}: ход игрока {self.to_move}, а не {player}",
                           f"{en}: it is the turn of {self.to_move}, not of {player}")

    def _new_rack(self, breaker: str) -> None:
        """Z§7 / Z-7: a fresh pyramid, the order reversed, `breaker` breaks from the house; the bank stays."""
        self.rack += 1
        self.std = RACK_STD
        self.zhuk = 1
        self.order.reverse()
        self._pos = {p: i for i, p in enumerate(self.order)}
        self._payers = self._payer_table()
        self.to_move = breaker
        self.in_hand = True
        self.break_shot = True
        self.zhuk_spotted = False

    def _shot(self, ev: Shot) -> None:
        p = ev.player
        self._check_turn(p, "shot")
        zhuk_cue = ev.cue == "zhuk"
        if zhuk_cue:
            refusal = self.zhuk_cue_refusal(p)
            if refusal is not None:
                raise _refused(p, refusal, self.balances[p])
        n_std = n_zhuk = n_main = 0
        legal_any = main_legal = False
        for pot in ev.potted:
            if pot.ball == "std":
                n_std += 1
            elif pot.ball == "zhuk":
                n_zhuk += 1
            else:
                n_main += 1
                main_legal = pot.legal
            legal_any = legal_any or pot.legal
        self._check_pots(p, ev, n_std, n_zhuk, n_main, legal_any)

        # Z§4.2, Z-12: with Жук as cue, the main cue in a pocket, or Жук falling off the main cue (a fact the
        # referee records), costs a penalty and the turn. Any other fall of the Жук cue is judged like a
        # standard ball (Z§3, Z-9): called or cut it counts, a random fall counts only beside a correct ball.
        forbidden = zhuk_cue and (n_main > 0 or ev.zhuk_off_main)
        pyramid_foul = bool(ev.fouls)
        # A foul voids the shot's pots (Moscow pyramid, our reading); otherwise Z-9: one correct ball makes
        # the random ones count too. The main cue counts only as a called свояк (Z-3), never by chance.
        counts = legal_any and not pyramid_foul and not forbidden
        c_std = n_std if counts else 0
        c_zhuk = n_zhuk if counts else 0
        c_main = 1 if counts and main_legal else 0
        counted = c_std + c_zhuk + c_main
        left = self.std - c_std
        if c_main and left > 0:
            if ev.removed is None:
                raise _illegal("removal_required", "Z-3",
                               f"{p}: за свояка снимается один стандартный шар со стола — укажите, что шар снят",
                               f"{p}: a legal main-cue pot takes one standard ball off the table — say it was taken off")
            left -= 1
        elif ev.removed is not None:
            raise _illegal("removal_not_allowed", "Z-3",
                           f"{p}: шар снимается со стола только за засчитанного свояка при шарах на столе",
                           f"{p}: a ball is taken off only for a counted main-cue pot with balls left")

        stack = self.balances[p]
        zhuk_miss = ev.zhuk_attempt and counted == 0 and stack > 0  # Z§9: no Жук-miss penalty at ≤ 0
        zhuk_cue_fault = zhuk_cue and (counted == 0 or ev.rebound)  # Z§4.3, Z§5.2 (forbidden ⇒ counted == 0)
        penalty = penalty_units(pyramid_foul, zhuk_miss, zhuk_cue_fault) * self.nominal

        payments: tuple = ()
        taken = 0
        if counted:
            payments = self._settle(p, c_std + c_main, c_zhuk)
            if c_zhuk:
                taken = bank_share(self.bank, stack)
                self.bank -= taken
                self.balances[p] += taken
            self.last_potter = p
        if penalty:
            self.balances[p] -= penalty
            self.bank += penalty

        self.std = left
        self.zhuk -= c_zhuk
        left_table = ev.left_table
        # Z§3: a fallen (or flown, `left_table`) main cue sends the next shot from hand from the house.
        self.in_hand = n_main > 0 or "main" in left_table
        # Z-9, Z-13: an uncounted or flown Жук goes back on its spot and may not be the cue on the next shot.
        self.zhuk_spotted = (n_zhuk > 0 and not c_zhuk) or "zhuk" in left_table
        self.break_shot = False
        kept = counted > 0 and not penalty
        reracked = self.std == 0 and self.zhuk == 0
        if reracked:
            self._new_rack(p)  # Z§7: the last potter breaks the new rack
        elif not kept:
            self.to_move = self.order[(self._pos[p] + 1) % len(self.order)]
        self._last = (p, c_std, c_zhuk, c_main, payments, penalty, taken, kept, reracked)

    def _settle(self, scorer: str, std_units: int, zhuk_balls: int) -> tuple:
        """Z-2, Z§4.1, Z-6: each payer pays each counted ball, scaled by the pair's handicap, whole B each."""
        balances = self.balances
        delta10 = self.delta10
        price = self._price
        payments = []
        for payer in self._payers[scorer]:
            std_b, zhuk_b, points10 = price[(scorer, payer)]
            amount = std_b * std_units + zhuk_b * zhuk_balls
            points = points10 * (std_units + 2 * zhuk_balls)
            balances[payer] -= amount
            balances[scorer] += amount
            delta10[payer] -= points
            delta10[scorer] += points
            payments.append((payer, scorer, amount))
        return tuple(payments)

    def _check_pots(self, p: str, ev: Shot, n_std: int, n_zhuk: int, n_main: int, legal_any: bool) -> None:
        if n_std > self.std:
            raise _illegal("too_many_balls", "Z-1",
                           f"{p}: забито {n_std} стандартных шаров, а на столе {self.std}",
                           f"{p}: {n_std} standard balls potted but {self.std} on the table")
        if n_zhuk > 1 or n_main > 1:
            raise InvalidEventError("duplicate_ball", None, f"{p}: Жук или биток указан дважды",
                                    f"{p}: Zhuk or the main cue is listed twice")
        left = ev.left_table
        if left:
            n_left_std = left.count("std")
            if n_std + n_left_std > self.std:
                raise _illegal("too_many_balls", "Z-1",
                               f"{p}: забито и вылетело {n_std + n_left_std} стандартных шаров, а на столе {self.std}",
                               f"{p}: {n_std + n_left_std} standard balls potted or flown but {self.std} on the table")
            n_zhuk += "zhuk" in left
        if (n_zhuk or ev.zhuk_attempt) and not self.zhuk:
            raise _illegal("zhuk_not_on_table", "Z§4.1", f"{p}: Жук уже сыгран в этой пирамиде (пирамида {self.rack})",
                           f"{p}: Zhuk is already potted in this rack (rack {self.rack})")
        if ev.rebound and legal_any:
            raise InvalidEventError("rebound_with_pot", None, f"{p}: отыгрыш не может быть с заказанным шаром",
                                    f"{p}: a rebound cannot pot a called ball")


# What the player did, as a refusal names it (the event's type is a code, not a word of the sentence).
_WHAT = {"shot": ("удар", "shot"), "rerack": ("новая пирамида", "re-rack")}

_REFUSALS = {
    "zhuk_not_on_table": ("Жука нет на столе", "Zhuk is not on the table"),
    "zhuk_cue_on_break": ("разбой играется основным битком с руки из дома",
                          "the break is played with the main cue from the house"),
    "zhuk_cue_after_main_potted": ("после падения битка удар с руки основным битком",
                                   "after the main cue fell the shot is from hand with the main cue"),
    "zhuk_cue_on_spot": ("Жук выставлен на точку и ещё не сыгран", "Zhuk was re-spotted and has not been played"),
    "zhuk_cue_negative_balance": ("при балансе ≤ 0 Жук битком не играется",
                                  "with a balance ≤ 0 Zhuk may not be the cue"),
}


def _refused(player: str, refusal: tuple[str, str], balance: int) -> IllegalEventError:
    code, clause = refusal
    ru, en = _REFUSALS[code]
    return _illegal(code, clause, f"{player}: Жук битком запрещён — {ru} (баланс {balance} B)",
                    f"{player}: Zhuk as the cue is refused — {en} (balance {balance} B)")
