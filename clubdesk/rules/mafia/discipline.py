"""Fouls, removals, leaving and club-ban flags (M-6, M-10, M-12, M§1.10, M§4.9–4.10, M§5.7–5.9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubdesk.rules.mafia.clauses import CATALOGUE, CLUB_BAN, FOUL_CLAUSES, REMOVAL, REMOVAL_CLAUSES
from clubdesk.rules.mafia.events import Foul, Leave, Removal
from clubdesk.rules.mafia.phases import STATUS_EN, STATUS_RU, illegal

if TYPE_CHECKING:
    from clubdesk.rules.mafia.state import GameState

VOTE_STEPS = frozenset(("vote", "shootout_speech", "revote", "lift_vote"))
#: The `removals` entry of a player who left of his own accord (M§4.10, M-12): not a clause of the seed.
LEAVE = "leave"


def _is_last_word_speaker(game: GameState, seat: int) -> bool:
    """A player saying his last word is still in the game for discipline (M§5.10)."""
    return game.step == "last_word" and game.speaker == seat


def _check_target(game: GameState, seat: int, clause: str) -> None:
    if game.status[seat - 1] != "in_game" and not _is_last_word_speaker(game, seat):
        status = game.status[seat - 1]
        raise illegal("not_in_game", "M§5.10", f"место {seat} уже не в игре ({STATUS_RU[status]}); "
                      f"п. {clause} к нему не применим", f"seat {seat} is no longer in the game "
                      f"({STATUS_EN[status]}); clause {clause} does not apply")


def foul(game: GameState, ev: Foul) -> None:
    """Group II: a warning; 3 → speeches skipped (M§5.7), 4 → removal (M§1.10). Group I/III: removal (M-6)."""
    entry = CATALOGUE.get(ev.clause)
    if ev.clause not in FOUL_CLAUSES or entry is None:
        raise illegal("not_a_foul_clause", "M-6", f"п. {ev.clause} не пункт нарушений групп I–III",
                      f"clause {ev.clause} is not a group I–III breach")
    out = game.status[ev.seat - 1] != "in_game" and not _is_last_word_speaker(game, ev.seat)
    if entry.group == CLUB_BAN and (out or game.step == "finished"):
        # M§3.4–3.6 reach players who already left and the discussion round: only the ban flag.
        game.bans.append((ev.seat, ev.clause))
        return
    if game.step == "finished":
        raise illegal("game_finished", "M-6", f"игра окончена: после неё только п. группы III, не {ev.clause}",
                      f"the game is over: only group III clauses apply now, not {ev.clause}")
    _check_target(game, ev.seat, ev.clause)
    if ev.reason is not None:
        game.foul_reasons.append((ev.seat, ev.clause, ev.reason))
    if entry.group in (REMOVAL, CLUB_BAN):
        remove(game, ev.seat, ev.clause)
        return
    i = ev.seat - 1
    game.fouls[i] += 1
    if game.fouls[i] >= 4:
        remove(game, ev.seat, "1.10")
    elif game.fouls[i] == 3:
        game.mute_day[i] = _mute_day(game, ev.seat)


def _mute_day(game: GameState, seat: int) -> int:
    """The day whose speeches a third foul takes (M§5.7): today if his minute is still ahead, else the next.

    A night n (and its morning) precedes day n, which is `game.day` then; in the day itself only a
    seat still waiting in the speech queue loses today's speech.
    """
    if game.step in ("agreement", "night") or (game.step == "last_word" and game.morning):
        return game.day
    if game.step == "speech" and seat in game.queue[game.pos + 1:]:
        return game.day
    return game.day + 1


def removal(game: GameState, ev: Removal) -> None:
    """The host removes a player under a group I/III clause or M§5.5; group III also flags a club ban."""
    if ev.clause not in REMOVAL_CLAUSES:
        raise illegal("not_a_removal_clause", "M-6", f"по п. {ev.clause} из игры не удаляют",
                      f"clause {ev.clause} does not remove from the game")
    _check_target(game, ev.seat, ev.clause)
    if ev.clause == "5.5" and game.roles[ev.seat - 1] not in ("don", "sheriff"):
        raise illegal("not_don_or_sheriff", "M§5.5", f"п. 5.5 — о Доне и Шерифе, а место {ev.seat} не из них",
                      f"clause 5.5 is about the Don and the Sheriff, and seat {ev.seat} is neither")
    remove(game, ev.seat, ev.clause)


def leave(game: GameState, ev: Leave) -> None:
    """A player leaves the game of his own accord: treated as removed in every respect (M§4.10, M-12)."""
    if game.step == "finished":
        raise illegal("game_finished", "M-12", f"игра окончена: место {ev.seat} уже не может покинуть игру",
                      f"the game is over: seat {ev.seat} can no longer leave it")
    _check_target(game, ev.seat, LEAVE)
    remove(game, ev.seat, LEAVE)


def remove(game: GameState, seat: int, clause: str) -> None:
    """Take a seat out of the game without a last word (M§5.8) and apply what follows.

    At four players in the game the removed player's opponents win (M§4.10); the player saying his
    last word is one of them (M§5.10, D-10), so removing him with three others left decides the game
    too. A removal during a vote cancels it and night falls (M§4.9); at any other time it cancels the
    next vote (M§5.9), except when the removed player is the night's victim saying his morning last
    word (M-10: a lifted player saying his last word is still in the game, so his removal cancels the
    next vote). `clause` is LEAVE for a player who left of his own accord (M-12: −0.5 as for any removal).
    """
    game.removals.append((seat, clause))
    game.penalised.append(seat)
    if clause != LEAVE and CATALOGUE[clause].group == CLUB_BAN:
        game.bans.append((seat, clause))
    last_word = _is_last_word_speaker(game, seat)
    # The speaker of a last word is lifted or killed already, so `in_game` leaves him out: count him back.
    players_left = len(game.in_game) + (1 if last_word else 0)
    game.status[seat - 1] = "removed"
    if players_left == 4:
        game._finish("red" if game.team(seat) == "black" else "black", "M§4.10")
        return
    if last_word:
        if not game.morning:
            game.vote_cancelled = True   # M-10 (M§5.9 excepts only the night's victim)
        game._next_last_word()
        return
    if game._check_win():
        return
    if game.step in VOTE_STEPS:
        game._start_night()
        return
    game.vote_cancelled = True
    if game.step == "speech" and game.speaker == seat:
        game._advance_speech()
