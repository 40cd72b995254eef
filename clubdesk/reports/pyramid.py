"""The Пирамидка 100 match protocol: header, shot-by-shot log from the engine, shelves, score, winner, signatures."""

from __future__ import annotations

from typing import Any

from clubdesk.reports.base import Meta, heading, info_block, note, render, signatures, table, title
from clubdesk.reports.strings import has, t
from clubdesk.rules.record import replay


def _ball(ball: Any, lang: str) -> str:
    return t("py_cue", lang) if ball == "cue" else f"№{ball}"


def _balls(balls: list, lang: str) -> str:
    return ", ".join(_ball(b, lang) for b in balls)


def _word(prefix: str, code: str | None, lang: str) -> str:
    key = f"{prefix}_{code}"
    return t(key, lang) if code and has(key) else (code or "")


def _facts(ev: dict, lang: str) -> tuple[str, str, str]:
    """What the referee reported: the call, what fell (and where), the foul and other facts."""
    call = ", ".join(f"{_ball(c['ball'], lang)}→{c['pocket']}" for c in ev.get("call", ()))
    fell = [f"{_ball(p['ball'], lang)}→{p['pocket']}" + (f" ({t('py_straight', lang)})" if p.get("straight") else "")
            for p in ev.get("potted", ())]
    if ev.get("off_table"):
        fell.append(t("py_off", lang, balls=_balls(ev["off_table"], lang)))
    if ev.get("trick"):
        fell.append(t(f"py_trick_{ev['trick']}", lang) if has(f"py_trick_{ev['trick']}")
                    else t("py_trick", lang, trick=ev["trick"]))
    if ev.get("touched_control"):
        fell.append(t("py_touch10", lang))
    return call or "—", "; ".join(fell) or "—", _word("f", ev.get("foul"), lang)


def _result(last: dict, lang: str) -> str:
    """The engine's verdict on the shot (last_shot): counted balls, bonus, repaid debt, penalty."""
    # "counted" alone says less than the list of counted balls that follows it
    parts = [] if last["reason"] == "counted" else [_word("r", last["reason"], lang)]
    if last["counted"]:
        parts.append(t("py_counted", lang, balls=_balls(last["counted"], lang)))
    if last["cue_counted"]:
        parts.append(t("py_cue_counted", lang))
    if last["bonus"] is not None:
        parts.append(t("py_bonus", lang, ball=_ball(last["bonus"], lang)))
    if last["repaid"]:
        parts.append(t("py_repaid", lang, balls=_balls(last["repaid"], lang)))
    if last["penalty"] == "debt":
        parts.append(t("py_penalty_debt", lang))
    elif last["penalty"] is not None:
        parts.append(t("py_penalty", lang, ball=last["penalty"]))
    if last["foul"] and last["foul"] != "control" and last["reason"] != "foul":
        parts.append(_word("f", last["foul"], lang))
    return "; ".join(p for p in parts if p)


def shot_log(record: dict) -> tuple[list[dict], Any]:
    """Replay the record; one row per event with the engine's last_shot and the score after it."""
    rows: list[dict] = []
    a, b = record["players"][0], record["players"][1]

    def on_event(index: int, engine) -> None:
        rows.append({"index": index, "event": record["events"][index], "last": engine.last_shot,
                     "score": (engine.scores[a], engine.scores[b]), "foul_by_engine": engine.last_shot["foul"]})

    engine = replay(record, on_event)
    return rows, engine


def build_pyramid_match(record: dict, meta: Meta | None = None, lang: str = "ru") -> bytes:
    """The match protocol as PDF bytes; raises rules.record.ReplayError for a record that does not replay."""
    meta = meta or Meta()
    rows, engine = shot_log(record)
    a, b = engine.players
    name = meta.name
    doc_title = meta.title or t("py_title", lang)
    story: list = [title(doc_title)]
    pairs = [(t("players", lang), f"1. {name(a)} ({t('py_breaks', lang)}); 2. {name(b)}")]
    pairs += meta.context
    pairs += [(t("date", lang), meta.date or "—"), (t("table", lang), meta.table or "—"),
              (t("referee", lang), meta.official or "—"), (t("options", lang), t("py_no_options", lang))]
    story.append(info_block(pairs))

    story.append(heading(t("py_log", lang)))
    head = [t("no", lang), t("player", lang), t("py_call", lang), t("py_fell", lang), t("py_foul", lang),
            t("py_result", lang), t("py_score", lang)]
    body = [head]
    for r in rows:
        ev, last = r["event"], r["last"]
        if ev["type"] == "concede":
            call, fell, foul = "—", t("py_concede", lang), ""
        else:
            call, fell, foul = _facts(ev, lang)
        if last["foul"] == "control" and not foul:
            foul = _word("f", "control", lang)
        body.append([str(r["index"] + 1), name(ev["player"]), call, fell, foul, _result(last, lang),
                     f"{r['score'][0]}:{r['score'][1]}"])
    story.append(table(body, [8, 30, 20, 38, 16, 52, 14], align_right=(0, 6)))

    story.append(heading(t("py_final", lang)))
    final = [[t("player", lang), t("py_shelf", lang), t("py_debt", lang), t("py_points", lang)]]
    for p in (a, b):
        final.append([name(p), ", ".join(map(str, sorted(engine.shelves[p]))) or "—", str(engine.debts[p]),
                      str(engine.scores[p])])
    story.append(table(final, [45, 90, 15, 20], align_right=(2, 3)))
    outcome = engine.outcome
    if outcome is None:
        story.append(note(f"{t('winner', lang)}: {t('no_winner', lang)}", bold=True))
    else:
        how = t("py_by_score" if outcome.termination == "score" else "py_by_concession", lang)
        story.append(note(f"{t('winner', lang)}: {name(outcome.winner)} — {how}, "
                          f"{t('py_score', lang).lower()} {engine.scores[a]}:{engine.scores[b]}", bold=True))
    story.append(signatures([t("referee", lang), name(a), name(b)], lang))
    return render(doc_title, story, lang=lang, club=meta.club)
