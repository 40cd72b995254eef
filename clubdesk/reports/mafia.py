"""The Mafia game form (ten seats, fouls, nominations and votes, nights, best move, winner) and the evening summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clubdesk.decimals import tenths as points_in_tenths
from clubdesk.reports.base import Meta, heading, info_block, note, render, signatures, table, title
from clubdesk.reports.strings import t
from clubdesk.rules.mafia.scoring import best_moves, evening_table
from clubdesk.rules.record import replay

SEATS = 10


def scoring_text(scoring: str, lang: str) -> str:
    return t("mf_scoring_wins" if scoring == "wins" else "mf_scoring_fiim", lang)  # the code (fiim) is not a word


def win_reason_text(reason: str, winner: str, lang: str) -> str:
    """Why the game ended, in words: the engine's reason is a rule id (M-2 is our decision, not a printed clause)."""
    if reason == "M-2":
        return t("mf_reason_no_black" if winner == "red" else "mf_reason_parity", lang)
    key = {"M§4.10": "mf_reason_left", "M§1.12": "mf_reason_awarded"}.get(reason)
    return t(key, lang) if key else reason


def _pts(value: int, lang: str) -> str:
    """Points kept in tenths, as the paper's language writes them: 1,3 · 1.3 (clubdesk.decimals)."""
    return points_in_tenths(value, lang)


@dataclass
class GameLog:
    """What a replay of one game adds to the engine's final state: per-seat fouls, exits, nominations, checks."""

    engine: Any
    fouls: dict[int, list[str]] = field(default_factory=dict)
    left: dict[int, str] = field(default_factory=dict)  # seat → (kind, day/night or clause) as text keys
    left_args: dict[int, dict] = field(default_factory=dict)
    nominations: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    checks: dict[int, dict[str, tuple[int, bool | None]]] = field(default_factory=dict)  # night → who → (seat, answer)


def game_log(record: dict) -> GameLog:
    """Replay the game event by event, noting what the final state no longer shows."""
    log: GameLog | None = None
    prev = {"status": ["in_game"] * SEATS, "fouls": [0] * SEATS, "day": 0}

    def on_event(index: int, engine) -> None:
        nonlocal log
        if log is None:
            log = GameLog(engine)
        ev = record["events"][index]
        for i in range(SEATS):
            if engine.fouls[i] > prev["fouls"][i]:
                log.fouls.setdefault(i + 1, []).append(ev.get("clause", ""))
            before, now = prev["status"][i], engine.status[i]
            if before != now:
                if now == "killed":
                    log.left[i + 1], log.left_args[i + 1] = "mf_killed", {"n": engine.day}
                elif now == "lifted":
                    log.left[i + 1], log.left_args[i + 1] = "mf_lifted", {"n": prev["day"]}
                elif now == "removed":
                    clause = next((c for s, c in reversed(engine.removals) if s == i + 1), "")
                    if clause == "leave":   # M§4.10, M-12: left of his own accord
                        log.left[i + 1], log.left_args[i + 1] = "mf_left_game", {}
                    else:
                        log.left[i + 1], log.left_args[i + 1] = "mf_removed", {"clause": clause}
        if ev["type"] == "nominate":
            log.nominations.setdefault(prev["day"], []).append((ev["by"], ev["target"]))
        if ev["type"] == "night":
            night = engine.nights[-1]["night"]
            for who, key in (("don", "don_check"), ("sheriff", "sheriff_check")):
                seat = ev.get(key)
                if seat is not None:   # None as the answer: made and left unanswered (M-9)
                    answer = None if who in ev.get("unanswered", ()) else engine.checks[who][seat]
                    log.checks.setdefault(night, {})[who] = (seat, answer)
        prev["status"], prev["fouls"], prev["day"] = list(engine.status), list(engine.fouls), engine.day

    engine = replay(record, on_event)
    return log or GameLog(engine)


def _seats_table(log: GameLog, name, lang: str):
    e = log.engine
    scores = e.scores()
    head = [t("mf_seat", lang), t("player", lang), t("mf_role", lang), t("mf_fouls", lang), "", "", "",
            t("mf_left", lang), t("mf_score", lang), t("mf_extra", lang)]
    body = [head]
    extras: dict[int, list[str]] = {}
    for seat, tenths, reason in e.extra_log:
        extras.setdefault(seat, []).append(f"{'+' if tenths > 0 else ''}{_pts(tenths, lang)} {reason}")
    for seat, tenths in e.best_move.items():
        if tenths:
            extras.setdefault(seat, []).append(f"+{_pts(tenths, lang)} {t('mf_best_move', lang).lower()}")
    for s in range(1, SEATS + 1):
        role = t(f"mf_role_{e.roles[s - 1]}", lang) if e.roles else ""
        fouls = (log.fouls.get(s, []) + ["", "", "", ""])[:4]
        left = t(log.left[s], lang, **log.left_args[s]) if s in log.left else ""
        body.append([str(s), name(e.players[s - 1]), role, *fouls, left, _pts(scores[s - 1], lang), extras.get(s, [])])
    span = [("SPAN", (3, 0), (6, 0)), ("ALIGN", (3, 1), (6, -1), "CENTER")]
    return table(body, [7, 38, 14, 9, 9, 9, 9, 27, 12, 34], align_right=(0, 8), extra=span)


def _seat_list(pairs, lang: str) -> str:
    return ", ".join(f"{a}→{b}" for a, b in pairs)


def _counts(counts: dict) -> str:
    return ", ".join(f"№{k}: {v}" for k, v in counts.items())


def _days_table(log: GameLog, lang: str):
    e = log.engine
    days = sorted(set(log.nominations) | {v["day"] for v in e.votes})
    head = [t("mf_day", lang), t("mf_nominations", lang), t("mf_votes", lang), t("mf_shootout", lang),
            t("mf_lift", lang)]
    body = [head]
    for d in days:
        votes = [v for v in e.votes if v["day"] == d]
        first = [_counts(v["counts"]) for v in votes if v["round"] == "vote"]
        shoot = [_counts(v["counts"]) for v in votes if v["round"] == "revote"]
        lift = [t("mf_lift_result", lang, n=v["for"], m=v["voters"]) for v in votes if v["round"] == "lift_vote"]
        body.append([str(d), _seat_list(log.nominations.get(d, []), lang) or "—",
                     first or t("mf_no_vote", lang), shoot or "", lift or ""])
    return table(body, [10, 40, 40, 40, 20])


def _nights_table(log: GameLog, lang: str):
    e = log.engine
    head = [t("mf_night", lang), t("mf_shots", lang), t("mf_victim", lang), t("mf_don_check", lang),
            t("mf_sheriff_check", lang)]
    body = [head]
    for night in e.nights:
        n = night["night"]
        checks = log.checks.get(n, {})
        don = checks.get("don")
        sheriff = checks.get("sheriff")
        body.append([str(n), _seat_list(night["shots"].items(), lang) or "—",
                     f"№{night['killed']}" if night["killed"] else t("mf_miss", lang),
                     _check_text(don, "mf_is_sheriff", "mf_not_sheriff", lang),
                     _check_text(sheriff, "mf_black", "mf_red", lang)])
    return table(body, [12, 45, 20, 35, 35])


def _check_text(check: tuple[int, bool | None] | None, yes: str, no: str, lang: str) -> str:
    if check is None:
        return "—"
    seat, answer = check
    return f"№{seat}: {t('mf_no_answer' if answer is None else yes if answer else no, lang)}"


def variants_text(variants: dict, lang: str) -> str:
    """The M-14 rule variants in force (those that differ from «Маэстро»), one phrase each; "" when none."""
    return "; ".join(t(f"mf_variant_{k}", lang) for k in variants)


def build_mafia_game(record: dict, meta: Meta | None = None, lang: str = "ru") -> bytes:
    """The host's game form as PDF bytes; raises rules.record.ReplayError for a record that does not replay."""
    meta = meta or Meta()
    log = game_log(record)
    e = log.engine
    doc_title = meta.title or t("mf_title", lang)
    pairs = list(meta.context) + [(t("date", lang), meta.date or "—"), (t("table", lang), meta.table or "—"),
                                  (t("host", lang), meta.official or "—"),
                                  (t("options", lang), f"{t('mf_scoring', lang)} — {scoring_text(e.scoring, lang)}")]
    if e.variants():
        pairs.append((t("mf_variants", lang), variants_text(e.variants(), lang)))
    story: list = [title(doc_title), info_block(pairs), heading(t("players", lang)), _seats_table(log, meta.name, lang)]
    story += [heading(t("mf_days", lang)), _days_table(log, lang), heading(t("mf_nights", lang)),
              _nights_table(log, lang)]
    if e.best_guesses:
        lines = [t("mf_best_move_line", lang, seat=s, guesses=", ".join(map(str, g)), points=_pts(e.best_move[s], lang))
                 for s, g in e.best_guesses.items()]
    else:
        lines = [t("mf_no_best_move", lang)]
    story.append(note(f"{t('mf_best_move', lang)}: " + "; ".join(lines)))
    if e.foul_reasons:
        story.append(note(t("mf_foul_reasons", lang, items="; ".join(
            f"№{s} (п. {c}): {r}" for s, c, r in e.foul_reasons))))
    if e.bans:
        story.append(note(t("mf_bans", lang, items=", ".join(f"№{s} (п. {c})" for s, c in e.bans))))
    if e.winner:
        story.append(note(f"{t('winner', lang)}: {t('mf_win_' + e.winner, lang)} — "
                          + t("mf_win_reason", lang, reason=win_reason_text(e.win_reason, e.winner, lang)), bold=True))
    else:
        story.append(note(f"{t('winner', lang)}: {t('no_winner', lang)}", bold=True))
    story.append(signatures([t("host", lang)], lang))
    return render(doc_title, story, lang=lang, club=meta.club)


@dataclass
class EveningGame:
    """One game of an evening for the summary: its label, record and seat → player ids."""

    label: str
    record: dict


def build_mafia_evening(games: list[EveningGame], meta: Meta | None = None, lang: str = "ru",
                        scoring: str = "fiim", seed: int | None = None, variants: dict | None = None,
                        standings: tuple[list[str], list[list[str]]] | None = None) -> bytes:
    """The evening standings with tie-breaks and the list of its games, as PDF bytes. `standings`: the column titles
    and cell texts of the screen's table (services.evenings_standings.COLUMNS), when the desk prints it."""
    meta = meta or Meta()
    results = [(g.label, replay(g.record)) for g in games]
    table_rows = evening_table(e for _label, e in results)  # the same totals as the standings on screen
    doc_title = meta.title or t("mf_evening_title", lang)
    pairs = list(meta.context) + [(t("date", lang), meta.date or "—"), (t("host", lang), meta.official or "—"),
                                  (t("options", lang), f"{t('mf_scoring', lang)} — {scoring_text(scoring, lang)}")]
    if variants:
        pairs.append((t("mf_variants", lang), variants_text(variants, lang)))
    if seed is not None:
        pairs.append(("", t("mf_seed", lang, seed=seed)))
    story: list = [title(doc_title), info_block(pairs), heading(t("mf_standings", lang))]
    head = [t("place", lang), t("player", lang), t("mf_games", lang), t("mf_wins", lang), t("mf_score", lang),
            t("mf_best_move", lang), t("mf_extra", lang), t("mf_first_killed", lang)]
    best = best_moves(e for _label, e in results if e.winner is not None)  # named apart, as the season does
    body = [head] + [[str(place), meta.name(x.player), str(n), str(x.wins), _pts(x.score, lang),
                      _pts(best.get(x.player, 0), lang), _pts(x.extra - best.get(x.player, 0), lang),
                      str(x.first_killed)] for place, x, n in table_rows]
    if standings is not None:
        body = [list(standings[0]), *map(list, standings[1])]
    story.append(table(body, [12, 52, 13, 13, 14, 16, 16, 20], align_right=(0, 2, 3, 4, 5, 6, 7)))
    story.append(note(t("mf_ties", lang)))
    story.append(heading(t("mf_games_list", lang)))
    rows = [[t("game", lang), t("mf_result", lang)]]
    for label, e in results:
        rows.append([label, t("mf_win_" + e.winner, lang) if e.winner else t("unfinished", lang)])
    story.append(table(rows, [60, 100]))
    story.append(signatures([t("host", lang)], lang))
    return render(doc_title, story, lang=lang, club=meta.club)
