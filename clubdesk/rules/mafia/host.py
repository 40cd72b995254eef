"""What the host's inputs become as events — one place for the desk's host panel and the table page's host view.

Pure: a state (`report.state_of`) and the host's choices in, an event dict out. The engine still decides whether the
event is legal; these only spell it. The night is the one event that needs the roles: the host names one target and
every black player in the game is recorded as shooting it (a black who did not shoot is the host's to enter apart, at
the desk as on the page, M§5.6), so a page that never holds the roles can still record the night.
"""

from __future__ import annotations

from typing import Any

from clubdesk.rules.mafia.clauses import FOUL_CLAUSES
from clubdesk.rules.mafia.events import BLACK_ROLES

DECK = ("don", "mafia", "mafia", "sheriff") + ("civilian",) * 6  # M-1: the ten cards of a deal

#: Engine refusals whose words tell a role: a seat that is not the Don's or the Sheriff's (M§5.5), not black (M§5.6),
#: a checker out of the game (M§5.2). A screen others may see shows them only with the roles (issue 34, M-16).
SECRET_REFUSALS = frozenset({"not_don_or_sheriff", "not_a_shooter", "checker_not_in_game"})

#: The step → the event «Дальше» ends it with (the speech, the agreement, the last word).
NEXT_EVENT = {"agreement": "agreement_end", "speech": "speech_end", "shootout_speech": "speech_end",
              "last_word": "last_word_end"}


def next_event(state: dict[str, Any]) -> dict[str, Any] | None:
    """The event that ends the current speech or agreement; None when the step is not ended by «Дальше»."""
    kind = NEXT_EVENT.get(state["step"])
    if kind is None:
        return None
    return {"type": kind} if kind == "agreement_end" else {"type": kind, "seat": state["speaker"]}


def night_event(state: dict[str, Any], target: int | None, don_check: int | None, sheriff_check: int | None,
                unanswered: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """The night as the host saw it: the black players' shot at `target` (None: nobody shot, a miss), the checks,
    and the checks shown but not answered (M§5.3–5.4, M-9; only of a check made).

    A check picked for a Don or a Sheriff no longer in the game is left out (he did not wake up, M§5.2): the pickers
    offer every seat every night whoever is out, so that no picker and no refusal tells the room that he is gone."""
    roles = state["roles"]
    shooters = [s for s in state["alive"] if roles.get(str(s)) in BLACK_ROLES]
    awake = {r for s, r in roles.items() if r in ("don", "sheriff") and int(s) in state["alive"]}
    don_check = don_check if "don" in awake else None
    sheriff_check = sheriff_check if "sheriff" in awake else None
    night: dict[str, Any] = {"type": "night", "shots": {str(s): target for s in shooters} if target is not None else {},
                             "don_check": don_check, "sheriff_check": sheriff_check}
    silent = [who for who, seat in (("don", don_check), ("sheriff", sheriff_check))
              if seat is not None and who in unanswered]
    if silent:
        night["unanswered"] = silent
    return night


def check_answer(state: dict[str, Any], who: str, seat: int) -> bool:
    """The answer the host shows with his hand (M§5.2): to the Don «is the Sheriff», to the Sheriff «is black»."""
    role = state["roles"].get(str(seat))
    return role == "sheriff" if who == "don" else role in BLACK_ROLES


def discipline_event(seat: int, clause: str, reason: str = "") -> dict[str, Any]:
    """A breach the host names by its clause (the picker of `clauses.discipline_picker`): a `foul` for groups I–III,
    with its reason (a group I or III foul removes, M-6), or a `removal` for M§5.5, which is no foul, and which the
    engine refuses for a seat that is not the Don's or the Sheriff's (the page never holds the roles to know). Only the
    game's host records it (M-16, `services.games.is_secret_removal`), and the refusal is among `SECRET_REFUSALS`."""
    if discipline_kind(clause) == "removal":
        return {"type": "removal", "seat": seat, "clause": clause}
    event: dict[str, Any] = {"type": "foul", "seat": seat, "clause": clause}
    if reason.strip():
        event["reason"] = reason.strip()
    return event


def discipline_kind(clause: str) -> str:
    """The event a clause of the picker records: "foul" (groups I–III), or "removal" (M§5.5)."""
    return "foul" if clause in FOUL_CLAUSES else "removal"
