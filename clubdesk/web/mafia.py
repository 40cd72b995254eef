"""The table page's Mafia host view: what a host's phone reads and records, in the services' terms.

The page's picture of a game (`view`) is copied field by field out of the engine state — a whitelist, like the room
display's `PublicView` — so no role, no check, no shot of a black seat and no best-move score can reach a screen, the
live stream or a stale-tap answer, whatever the state holds; at the end it adds what the room display shows then
(the winning team and the game scores). Until then a removal shows its seat, not its clause (M-16, `_log_line`). The
roles, the checks and the removals' clauses go only to `roles()`: a host account in the game's scope, asked while
«Роли» is held on the phone.

An action is an event as the desk's host panel spells it (`rules/mafia/host.py` for «Дальше» and the night); the
engine decides whether it is legal and refuses with its clause, as at the desk.
"""

from __future__ import annotations

import json
from typing import Any

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.roles import Actor
from clubdesk.rules.mafia.clauses import CLUB_BAN, REMOVAL, clause, discipline_picker
from clubdesk.rules.mafia.host import check_answer, discipline_kind, next_event, night_event
from clubdesk.services.games import GameService
from clubdesk.services.scopes import check_scope, in_scope

HOSTS = ("host", "desk")  # who records a Mafia game (GameService.GAME_ROLES); admin always may
# The events the page may send as they are: the desk's host panel records exactly these (the deal, «Дальше», a
# nomination, a vote, a lift vote, the best move, a foul or a removal by its clause, a leave, extra points); the
# night is built here.
SENT_AS_IS = frozenset({"deal", "agreement_end", "speech_end", "last_word_end", "nominate", "vote", "lift_vote",
                        "best_move", "foul", "removal", "leave", "extra_points"})
PUBLIC = ("step", "phase", "day", "speaker", "opener", "timer", "legal", "alive", "killed", "lifted", "removed",
          "muted", "nominees", "candidates", "vote_cancelled", "first_killed")
# Which fields of a stored event the page's log may show. Not the deal's roles, not the night's shots (whose keys are
# the black seats) or checks, not the free text of a reason (a host may write a role into it).
LOG_FIELDS = {"speech_end": ("seat",), "last_word_end": ("seat",), "nominate": ("by", "target"), "vote": ("votes",),
              "lift_vote": ("for",), "foul": ("seat", "clause"), "removal": ("seat", "clause"), "leave": ("seat",),
              "extra_points": ("seat", "points"), "best_move": ("seat", "guesses"), "award_loss": ("team", "clause")}
LOG_LINES = 12
NEEDS_HOST = ("Недостаточно прав: нужна роль «ведущий».", "Not allowed: needs the role 'host'.")
STALE = ("Не записано: в этой игре уже записали другое действие (второй телефон или стойка). "
         "Игра обновлена — проверьте и введите снова.",
         "Not recorded: another action was recorded in this game meanwhile (a second phone or the desk). "
         "The game is updated — check it and enter it again.")


def running(store, games: GameService, names, actor: Actor | None, name: str) -> list[dict]:
    """The running Mafia games of the evenings, with what the list card says; `mine`: this account may host it."""
    rows = store.read(
        "SELECT g.id, g.players_json, g.referee, t.number, t.evening_round, e.name, e.date FROM games g "
        "JOIN game_tables t ON t.id = g.table_id JOIN evenings e ON e.id = t.evening_id "
        "WHERE g.game = 'mafia' AND g.status = 'running' AND t.evening_round IS NOT NULL "
        "ORDER BY e.date, t.evening_round, t.number")
    out = []
    for gid, players_json, referee, table, round_no, evening, date in rows:
        ids = json.loads(players_json)
        board = names(ids)
        state = games.state(gid)
        out.append({"id": gid, "kind": "mafia", "table": table, "round": round_no, "evening": evening or str(date),
                    "players": [board[p][1] for p in ids], "step": state["step"], "day": state["day"],
                    "referee": referee,
                    "mine": actor is None or (actor.has(*HOSTS) and in_scope(actor, name, referee))})
    return out


def view(games: GameService, game_id: str, shown: list[str]) -> dict[str, Any]:
    """The host view's public part (see the module docstring); `shown`: the seats' names, seat 1 first."""
    state = games.state(game_id)
    engine = games.engine(game_id)
    finished = state["step"] == "finished"
    out: dict[str, Any] = {k: state[k] for k in PUBLIC}
    out |= {"fouls": {s: int(n) for s, n in state["fouls"].items()}, "names": list(shown),
            "nominable": list(engine.nominable()),
            # the speaker nominated already (M§4.2): the page says so instead of a «Выставить…» greyed out unexplained
            "speaker_nominated": state["step"] == "speech" and state["speaker"] in engine.nominated_by,
            "votes": [dict(v) for v in state["votes"]],
            "night_kills": [{"night": n["night"], "killed": n["killed"]} for n in state["nights"]],
            "winner": state["winner"] if finished else None,
            "score": {s: state["score"][s] for s in state["score"]} if finished else None}
    events = games.events(game_id)
    out["log"] = [_log_line(e, finished) for e in events[-LOG_LINES:]]
    out["count"] = len(events)
    return out


def _log_line(event: dict, finished: bool = True) -> dict:
    """One event as the page's log shows it. Until the game is over a breach that removes from the game reads «removal
    of seat N» whatever its clause (M-16): a removal under M§5.5 is the Don's or the Sheriff's, and if the other
    removing clauses (groups I and III) were named, the one left unnamed would be told by elimination."""
    if not finished and _removes(event):
        return {"type": "removal", "seat": event["seat"]}
    return {"type": event["type"], **{k: event[k] for k in LOG_FIELDS.get(event["type"], ()) if k in event}}


def _removes(event: dict) -> bool:
    if event["type"] == "removal":
        return True
    entry = clause(str(event.get("clause", ""))) if event["type"] == "foul" else None
    return entry is not None and entry.group in (REMOVAL, CLUB_BAN)


def event_of(state: dict, sent: object) -> dict:
    """The event the page's action stands for; a malformed one is refused before the engine sees it."""
    if not isinstance(sent, dict) or not isinstance(sent.get("type"), str):
        raise ValidationError("event", "Действие не понято.", "The action was not understood.")
    kind = sent["type"]
    if kind == "next":
        obj = next_event(state)
        if obj is None:
            raise ValidationError("event", "Сейчас нечего завершать.", "There is nothing to end now.")
        return obj
    if kind == "night":
        seats = [sent.get(k) for k in ("shot", "don_check", "sheriff_check")]
        silent = sent.get("unanswered", [])
        if not all(s is None or type(s) is int for s in seats) or not isinstance(silent, list):
            raise ValidationError("event", "Ночь не понята.", "The night was not understood.")
        return night_event(state, *seats, [w for w in silent if isinstance(w, str)])
    if kind not in SENT_AS_IS:
        raise ValidationError("event", "Это действие со страницы не записывают.",
                              "This action is not recorded from the page.")
    return dict(sent)


def roles(store, games: GameService, actor: Actor, name: str, game_id: str) -> dict[str, Any]:
    """The roles and the check answers, for the game's host alone: a host account (or the administrator) in the game's
    scope; the desk's, a referee's and a display account are refused."""
    if not actor.has("host"):
        raise PermissionDenied("Роли видит только ведущий.", "Only the host sees the roles.")
    check_scope(store, actor, game_id, name)
    state = games.state(game_id)
    checks = [{"who": who, "seat": int(s), "answer": bool(a)} for who in ("don", "sheriff")
              for s, a in state["checks"][who].items()]
    checks += [{"who": u["who"], "seat": u["seat"], "answer": None} for u in state["unanswered_checks"]]
    # Every seat's answer as the host would show it tonight, so the phone never works one out from the roles.
    answers = {who: {str(s): check_answer(state, who, s) for s in range(1, 11)} for who in ("don", "sheriff")} \
        if state["roles"] else {}
    # the clauses of the removals, which the game view leaves out until the game is over (M-16)
    removals = [dict(r) for r in state["removals"] if r["clause"] != "leave"]
    return {"seq": games.seq(game_id), "roles": dict(state["roles"]), "checks": checks, "answers": answers,
            "removals": removals}


def clauses(lang: str) -> list[dict]:
    """The host's clause picker, in the seed's order, each with the event it records (a foul, or M§5.5's removal)."""
    return [{"number": c.number, "text": c.en if lang == "en" else c.ru, "group": c.group,
             "event": discipline_kind(c.number)} for c in discipline_picker()]
