"""Taking back a counted game of a bout (PT§5 correction): the bracket as if it had never been counted.

A bout's game is a Пирамидка match; when its result was wrong the referee corrects the match, and the bracket
must first forget the count (`game_voided`), then count the corrected result when the match ends again. The state
is rebuilt from the counting events less that `game_won` — nothing is deleted from the log. It is refused when a
later bout whose players came from that result was already played (a game put on the table, a game counted or a
walk-over): those results cannot stand on a result taken back.
"""

from __future__ import annotations

from typing import Protocol

from clubdesk.rules.errors import IllegalEventError
from clubdesk.rules.pyramid100.bracket.bout import Bout
from clubdesk.rules.pyramid100.bracket.events import Event, GameVoided, GameWon


class Tournament(Protocol):
    """What a correction needs of the tournament (engine.Tournament): its bouts, its counting log, a fresh one."""

    bouts: dict[str, Bout]
    _counting: list[Event]

    def _fresh(self) -> Tournament: ...

    def apply(self, event: Event) -> None: ...


def _played(bout: Bout) -> bool:
    return bool(bout.started) or any(bout.wins) or bout.result in ("played", "walk_over")


def void_game(t: Tournament, e: GameVoided) -> None:
    """Rebuild `t` without the `game_won` of game `e.game` in bout `e.bout`, or refuse naming the bout in the way."""
    bout = t.bouts.get(e.bout)
    if bout is None:
        raise _refuse("unknown_bout", f"встречи {e.bout} в сетке нет", f"there is no bout {e.bout}")
    target = next((ev for ev in t._counting if isinstance(ev, GameWon) and ev.game == e.game), None)
    if target is None or target.bout != e.bout:
        # The game is named by its stored id, which nobody reads: the sentence names the bout only.
        raise _refuse("game_not_counted", f"эта партия не засчитана во встрече {e.bout}",
                      f"this game is not counted in bout {e.bout}")
    fresh = t._fresh()
    for ev in t._counting:
        if ev is target:
            continue
        try:
            fresh.apply(ev)
        except IllegalEventError:  # a later event stood on the result: a game started or won, a walk-over
            raise _in_the_way(e.bout, getattr(ev, "bout", "")) from None
    for code, now in t.bouts.items():
        then = fresh.bouts[code]
        moved = (now.a, now.b, now.winner) != (then.a, then.b, then.winner)
        if code != e.bout and moved and _played(now):
            raise _in_the_way(e.bout, code)
    t.__dict__.update(fresh.__dict__)


def _in_the_way(bout: str, later: str) -> IllegalEventError:
    return _refuse("later_bout_played", f"результат встречи {bout} не вернуть: встреча {later} уже сыграна по нему",
                   f"the result of bout {bout} cannot be taken back: bout {later} was already played on it")


def _refuse(code: str, ru: str, en: str) -> IllegalEventError:
    """A tournament's refusal, as the engine's own (`engine._refuse`): PT§5 for every correction."""
    return IllegalEventError(code, "PT§5", ru, en)
