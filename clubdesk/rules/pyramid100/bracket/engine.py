"""A Пирамидка tournament: entries, the draw, bouts raced to N games; winners advance by themselves (PT§1–11).

The state is derived from the events alone: `apply` validates, then mutates, then settles every bout that is
decided without play (a bye, a withdrawn player). Undo is the replay of the events but the last (ReplayEngine).
"""

from __future__ import annotations

from clubdesk.rules.base import ReplayEngine
from clubdesk.rules.errors import IllegalEventError, InvalidEventError
from clubdesk.rules.pyramid100.bracket import corrections, structure
from clubdesk.rules.pyramid100.bracket.bout import BYE, Bout
from clubdesk.rules.pyramid100.bracket.events import (
    Draw,
    Enter,
    Event,
    GameVoided,
    GameWon,
    StartGame,
    WalkOver,
    Withdraw,
)
from clubdesk.rules.pyramid100.bracket.groups import GroupBout, table
from clubdesk.rules.pyramid100.bracket.options import check_options, minimum_field
from clubdesk.rules.pyramid100.rating import START_RATING

WITHDRAWAL = "withdrawal"


def _refuse(code: str, clause: str, ru: str, en: str) -> IllegalEventError:
    return IllegalEventError(code, clause, ru, en)


class Tournament(ReplayEngine[Event]):
    """One Пирамидка tournament; the header has no players (entries are `enter` events) and the options."""

    def __init__(self, players: list | None = None, options: dict | None = None) -> None:
        if players:
            raise InvalidEventError("bad_players", "PT§1", "участники турнира вносятся событиями enter",
                                    "a tournament's players are entered by enter events")
        self.options = check_options(dict(options or {}))
        self.format: str = self.options["format"]
        self.entries: dict[str, float | None] = {}
        self.draw: Draw | None = None
        self.seeding: list[str] = []
        self.groups: list[list[str]] = []
        self.bouts: dict[str, Bout] = {}
        self.withdrawn: list[str] = []
        self.losses: dict[str, list[str]] = {}
        self.eliminated: dict[str, str] = {}  # player -> the bout code that put him out, "G" or WITHDRAWAL
        self.qualifiers: list[str] | None = None
        self.game_ids: set[str] = set()  # games counted
        self.started_ids: dict[str, str] = {}  # game -> the bout it was started for
        self._log: list[Event] = []
        self._counting: list[Event] = []  # the log less game_voided events and the game_won each one took back

    def _fresh(self) -> Tournament:
        return Tournament([], self.options)

    # ---- queries -------------------------------------------------------------------------------
    @property
    def final_code(self) -> str | None:
        return next(reversed(self.bouts)) if self.bouts else None

    @property
    def finished(self) -> bool:
        code = self.final_code
        return code is not None and self.bouts[code].winner is not None

    @property
    def champion(self) -> str | None:
        if not self.finished:
            return None
        final = self.bouts[self.final_code]
        if final.result == "not_needed":
            final = self.bouts["GF"]
        return final.winner or None

    def ready_bouts(self) -> list[str]:
        return [code for code, b in self.bouts.items() if b.ready]

    def race(self, round_code: str, last_round: str) -> int:
        """PT§4: the race of a round: race_by_round, else final_race_to in the final, else race_to."""
        by_round = self.options["race_by_round"]
        if round_code in by_round:
            return by_round[round_code]
        final = round_code == last_round or round_code in ("GF", "GF2")
        return self.options["final_race_to"] if final else self.options["race_to"]

    def lives(self) -> int:
        return 2 if self.format == "double" else 1

    # ---- events --------------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        if isinstance(event, Enter):
            self._enter(event)
        elif isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, StartGame):
            self._start_game(event)
        elif isinstance(event, GameWon):
            self._game_won(event)
        elif isinstance(event, WalkOver):
            self._walk_over(event)
        elif isinstance(event, Withdraw):
            self._withdraw(event)
        elif isinstance(event, GameVoided):
            log = self._log
            corrections.void_game(self, event)  # the state rebuilt without the game: keep the whole log
            self._log = log
        else:
            raise InvalidEventError("unknown_event", None, "неизвестное событие турнира", "unknown tournament event")
        self._log.append(event)
        if not isinstance(event, GameVoided):
            self._counting.append(event)

    def _enter(self, e: Enter) -> None:
        if self.draw is not None:
            raise _refuse("drawn", "PT§1", f"{e.player}: жеребьёвка уже проведена, новых участников нет",
                          f"{e.player}: the draw is made, no more entries")
        if e.player in self.entries:
            raise _refuse("entered_twice", "PT§1", f"{e.player} уже участвует", f"{e.player} is already entered")
        self.entries[e.player] = e.rating

    def _draw(self, e: Draw) -> None:
        if self.draw is not None:
            raise _refuse("drawn", "PT§3", "жеребьёвка уже проведена", "the draw is already made")
        n, least = len(self.entries), minimum_field(self.options)
        if n < least:
            raise _refuse("too_few", "PT§2", f"участников {n}, а для этого формата нужно не меньше {least}",
                          f"{n} entries, this format needs at least {least}")
        ratings = {p: START_RATING if r is None else r for p, r in self.entries.items()}
        self.seeding = structure.seeding(self.entries, ratings, e.method, e.seed)
        if self.format == "single":
            specs = structure.single(n)
        elif self.format == "double":
            specs = structure.double(n, self.options["drop_order"])
        else:
            members, specs = structure.groups(n, self.options["groups"])
            self.groups = [[self.seeding[s - 1] for s in seeds] for seeds in members]
            specs += structure.single(self.options["groups"] * self.options["advance"], "P", "qual")
        rounds = structure.rounds_in_order(s for s in specs if s.round not in ("GF", "GF2"))
        last = rounds[-1] if self.format != "double" else "GF"
        self.bouts = {s.code: Bout(s, self.race(s.round, last)) for s in specs}
        self.draw = e
        self._settle()

    def _bout(self, code: str, who: str | None) -> Bout:
        if self.draw is None:
            raise _refuse("not_drawn", "PT§3", "жеребьёвки ещё не было", "the draw is not made yet")
        bout = self.bouts.get(code)
        if bout is None:
            raise _refuse("unknown_bout", "PT§5", f"встречи {code} в сетке нет", f"there is no bout {code}")
        if bout.winner is not None:
            raise _refuse("bout_decided", "PT§5", f"встреча {code} уже решена", f"bout {code} is already decided")
        if not bout.ready:
            raise _refuse("bout_not_ready", "PT§5", f"во встрече {code} ещё нет обоих игроков",
                          f"bout {code} does not have both players yet")
        if who is not None and who not in (bout.a, bout.b):
            raise _refuse("not_in_bout", "PT§5", f"{who} не играет во встрече {code} ({bout.a} — {bout.b})",
                          f"{who} does not play in bout {code} ({bout.a} v {bout.b})")
        return bout

    def _start_game(self, e: StartGame) -> None:
        bout = self._bout(e.bout, None)
        if e.game in self.started_ids:
            raise _refuse("game_started_twice", "PT§5", f"партия {e.game} уже начата во встрече "
                          f"{self.started_ids[e.game]}", f"game {e.game} was already started in bout "
                          f"{self.started_ids[e.game]}")
        bout.started.append(e.game)
        self.started_ids[e.game] = e.bout

    def _game_won(self, e: GameWon) -> None:
        bout = self._bout(e.bout, e.winner)
        if e.game and e.game in self.game_ids:
            raise _refuse("game_counted", "PT§5", f"партия {e.game} уже засчитана", f"game {e.game} is already counted")
        if e.game and e.game not in bout.started:
            raise _refuse("game_not_of_bout", "PT§5", f"партия {e.game} не начата во встрече {e.bout}",
                          f"game {e.game} was not started in bout {e.bout}")
        side = 0 if e.winner == bout.a else 1
        bout.wins[side] += 1
        bout.games.append(e.game)
        if e.game:
            self.game_ids.add(e.game)
        if bout.wins[side] >= bout.race:
            self._decide(bout, e.winner, bout.b if side == 0 else bout.a, "played")
        self._settle()

    def _walk_over(self, e: WalkOver) -> None:
        bout = self._bout(e.bout, e.winner)
        self._decide(bout, e.winner, bout.b if e.winner == bout.a else bout.a, "walk_over")
        self._settle()

    def _withdraw(self, e: Withdraw) -> None:
        p = e.player
        if p not in self.entries:
            raise _refuse("not_entered", "PT§7", f"{p} не участвует в турнире", f"{p} is not entered")
        if self.draw is None:
            del self.entries[p]  # before the draw a withdrawal just takes the entry back
            return
        if self.finished:
            raise _refuse("tournament_finished", "PT§7", "турнир окончен", "the tournament is over")
        if p in self.eliminated:
            raise _refuse("already_out", "PT§7", f"{p} уже выбыл", f"{p} is already out")
        self.withdrawn.append(p)
        self.eliminated[p] = WITHDRAWAL
        self._settle()

    # ---- settling ------------------------------------------------------------------------------
    def _decide(self, bout: Bout, winner: str, loser: str, result: str) -> None:
        bout.winner, bout.loser, bout.result = winner, loser, result
        if not loser or result == "bye" or bout.spec.round == "G":
            return
        lost = self.losses.setdefault(loser, [])
        lost.append(bout.spec.code)
        if len(lost) >= self.lives() and loser not in self.eliminated:
            self.eliminated[loser] = bout.spec.code

    def _resolve(self, source: structure.Source) -> str | None:
        kind, ref = source
        if kind == "seed":
            return self.seeding[ref - 1] if ref <= len(self.seeding) else BYE
        if kind == "qual":
            if self.qualifiers is None:
                return None
            return self.qualifiers[ref - 1] if ref <= len(self.qualifiers) else BYE
        bout = self.bouts[ref]
        who = bout.winner if kind == "winner" else bout.loser
        if who is None:
            return None
        return BYE if who in self.withdrawn else who

    def _settle(self) -> None:
        """Fill every place whose source is decided and decide every bout that needs no play, to a fixpoint."""
        changed = True
        while changed:
            changed = False
            if self.groups and self.qualifiers is None and all(
                    b.winner is not None for b in self.bouts.values() if b.spec.round == "G"):
                self._qualify()
                changed = True
            for bout in self.bouts.values():
                if bout.winner is not None:
                    continue
                if bout.spec.a[0] == "reset":
                    if self._reset(bout):
                        changed = True
                        continue
                    # a GF2 to play is decided like any bout when one of its two withdraws (PT§7)
                else:
                    if bout.a is None:
                        bout.a = self._resolve(bout.spec.a)
                    if bout.b is None:
                        bout.b = self._resolve(bout.spec.b)
                if bout.a is None or bout.b is None:
                    continue
                a, b = bout.a, bout.b
                if not a or not b:
                    self._decide(bout, a or b, BYE, "bye")
                elif a in self.withdrawn or b in self.withdrawn:
                    winner = BYE if a in self.withdrawn and b in self.withdrawn else (b if a in self.withdrawn else a)
                    self._decide(bout, winner, a if a in self.withdrawn else b, WITHDRAWAL)
                else:
                    continue
                changed = True

    def _reset(self, bout: Bout) -> bool:
        """PT§8: GF2 is played only when the losers' bracket winner beat the winners' bracket winner in GF."""
        gf = self.bouts["GF"]
        if gf.winner is None:
            return False
        if gf.winner and gf.winner == gf.b and gf.a and gf.loser == gf.a and gf.a not in self.withdrawn:
            bout.a, bout.b = gf.a, gf.b
            return False
        bout.a = bout.b = BYE
        bout.winner, bout.loser, bout.result = BYE, BYE, "not_needed"
        return True

    def _qualify(self) -> None:
        """PT§10: the first `advance` of each group, by place then group (A1, B1, …, A2, B2, …); the rest are out."""
        tables = self.group_tables()
        advance, count = self.options["advance"], len(self.groups)
        self.qualifiers = []
        for place in range(advance):
            for g in range(count):
                rows = tables[g]
                row = rows[place] if place < len(rows) else None
                self.qualifiers.append(row.player if row is not None and not row.withdrawn else BYE)
        for rows in tables:
            for row in rows[advance:]:
                self.eliminated.setdefault(row.player, "G")

    def group_tables(self):
        """Each group's table now (PT§9), groups in order."""
        out = []
        for g, members in enumerate(self.groups):
            letter = structure.group_letter(g)
            decided = [GroupBout(b.a, b.b, b.winner, *b.wins) for b in self.bouts.values()
                       if b.spec.group == letter and b.winner is not None]
            out.append(table(members, decided, self.withdrawn))
        return out

    def places(self) -> dict[str, int]:
        """PT§11, once the tournament is over: 1 for the champion, then by the round a player went out in (later
        is better, players out in one round share the place), group-stage players by their group place, and the
        withdrawn share the last place."""
        if not self.finished:
            return {}
        group_place = {row.player: row.place for rows in self.group_tables() for row in rows}
        keys = {}
        for p in self.entries:
            how = self.eliminated.get(p)
            if how is None:
                keys[p] = (4, 0)
            elif how == WITHDRAWAL:
                keys[p] = (0, 0)
            elif how == "G":
                keys[p] = (1, -group_place[p])
            else:
                rnd = self.bouts[how].spec.round
                keys[p] = (3, 1000) if rnd in ("GF", "GF2") else (3, int(rnd[1:]))
        return {p: 1 + sum(1 for q in keys if keys[q] > k) for p, k in keys.items()}

    def state(self) -> dict:
        tables = self.group_tables()
        return {
            "format": self.format, "options": self.options, "finished": self.finished, "champion": self.champion,
            "entries": [{"player": p, "rating": r} for p, r in self.entries.items()],
            "draw": {"method": self.draw.method, "seed": self.draw.seed} if self.draw else None,
            "seeding": list(self.seeding),
            "groups": [{"group": structure.group_letter(g), "members": list(m),
                        "table": [{"place": r.place, "player": r.player, "played": r.played, "won": r.won,
                                   "lost": r.lost, "games_won": r.games_won, "games_lost": r.games_lost,
                                   "withdrawn": r.withdrawn} for r in tables[g]]}
                       for g, m in enumerate(self.groups)],
            "bouts": [b.to_json() for b in self.bouts.values()],
            "ready": self.ready_bouts(), "withdrawn": list(self.withdrawn), "eliminated": dict(self.eliminated),
            "losses": {p: len(v) for p, v in self.losses.items()}, "places": self.places(),
        }
