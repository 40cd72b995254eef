"""The replay.md output of a Mafia game, plus what a UI and a protocol need."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from clubdesk.rules.mafia.state import GameState


def _seats(game: GameState, status: str) -> list[int]:
    return [i + 1 for i, s in enumerate(game.status) if s == status]


def state_of(game: GameState) -> dict[str, Any]:
    """State as JSON: the replay.md fields first, then step, timer, legal events and protocol data."""
    return {
        "phase": game.phase,
        "day": game.day,
        "alive": game.in_game,
        "fouls": {str(i + 1): n for i, n in enumerate(game.fouls) if n},
        "muted": game.muted_today(),
        "removed": _seats(game, "removed"),
        "killed": _seats(game, "killed"),
        "lifted": _seats(game, "lifted"),
        "nominees": list(game.nominees),
        "speaker": game.speaker,
        "checks": {who: {str(s): a for s, a in game.checks[who].items()} for who in ("don", "sheriff")},
        "winner": game.winner,
        "score": {str(i + 1): t / 10 for i, t in enumerate(game.scores())},
        "step": game.step,
        "timer": game.timer(),
        "legal": list(game.legal_types()),
        "candidates": list(game.candidates),
        "roles": {str(i + 1): r for i, r in enumerate(game.roles)},
        "opener": game.opener,
        "win_reason": game.win_reason,
        "first_killed": game.first_killed,
        "best_move": {str(s): {"guesses": list(g), "points": game.best_move[s] / 10}
                      for s, g in game.best_guesses.items()},
        "extra_points": [{"seat": s, "points": t / 10, "reason": r} for s, t, r in game.extra_log],
        "removals": [{"seat": s, "clause": c} for s, c in game.removals],
        "club_ban_flags": [{"seat": s, "clause": c} for s, c in game.bans],
        "votes": game.votes,
        "nights": game.nights,
        "vote_cancelled": game.vote_cancelled,
        "scoring": game.scoring,
        "unanswered_checks": [{"night": n, "who": w, "seat": s} for n, w, s in game.unanswered],
        "foul_reasons": [{"seat": s, "clause": c, "reason": r} for s, c, r in game.foul_reasons],
        "variants": game.variants(),
    }
