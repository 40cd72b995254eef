"""The Жук table round protocol: order, nominal, every counted ball with payer and amount, bank, balances, rating."""

from __future__ import annotations

from typing import Any

from clubdesk.decimals import decimal
from clubdesk.reports.base import Meta, heading, info_block, money, note, render, signatures, signed, table, title
from clubdesk.reports.strings import has, t
from clubdesk.rules.record import replay


def settlement_text(settlement: str, lang: str) -> str:
    return t(f"zh_settle_{settlement}", lang) if has(f"zh_settle_{settlement}") else settlement


def bankroll_text(bankroll: str, lang: str) -> str:
    return t(f"zh_bankroll_{bankroll}", lang) if has(f"zh_bankroll_{bankroll}") else bankroll


def round_options(nominal: int, settlement: str, lang: str, bankroll: str | None = None) -> str:
    """Every option in force at the table; the bankroll (Z-10) only where the table is part of a tournament."""
    text = f"{t('zh_nominal', lang).lower()} {money(nominal)} B; {t('zh_settlement', lang).lower()}: " \
           f"{settlement_text(settlement, lang)}"
    if bankroll:
        text += f"; {t('zh_bankroll', lang).lower()}: {bankroll_text(bankroll, lang)}"
    return text


def _counted(counted: dict, lang: str) -> str:
    parts = []
    if counted.get("std"):
        parts.append(f"{counted['std']} {t('zh_std', lang)}")
    if counted.get("zhuk"):
        parts.append(t("zh_zhuk", lang))
    if counted.get("main"):
        parts.append(t("zh_main", lang))
    return ", ".join(parts)


def _remarks(ev: dict, lang: str) -> list[str]:
    """What the referee reported that the counted balls do not show: balls that fell by chance and the main cue
    falling, fouls, a try at Жук, a rebound, Жук off the main cue (Z-12) and the balls that left the table."""
    out = []
    # A ball that fell without counting is what the referee saw: «биток упал» is no plain miss (it printed «—»).
    fell = [p["ball"] for p in ev.get("potted", []) if not p.get("legal")]
    for ball in ("std", "zhuk", "main"):
        n = fell.count(ball)
        if n:
            out.append(t(f"zh_fell_{ball}", lang) + (f" × {n}" if n > 1 else ""))
    if ev.get("fouls"):
        out.append(t("zh_fouls", lang, f=", ".join(t(f"f_{f}", lang) if has(f"f_{f}") else f for f in ev["fouls"])))
    if ev.get("zhuk_attempt"):
        out.append(t("zh_miss_zhuk", lang))
    if ev.get("rebound"):
        out.append(t("zh_rebound", lang))
    if ev.get("zhuk_off_main"):
        out.append(t("zh_off_main", lang))
    if ev.get("left_table"):
        out.append(t("zh_left_table", lang, balls=", ".join(t(f"zh_left_{b}", lang) for b in ev["left_table"])))
    return out


def log_rows(record: dict, name, lang: str) -> tuple[list[list], Any]:
    """Replay the round and print each event's row as it is applied (nothing else of it is kept: a long round's
    ShotResults would be most of the memory printing takes); returns the body rows and the engine at the end."""
    body: list[list] = []
    rack = [1]

    def on_event(index: int, engine) -> None:
        body.append(_log_row(index, record["events"][index], engine.last, rack[0], engine.bank, name, lang))
        rack[0] = engine.rack

    return body, replay(record, on_event)


def _log_row(index: int, ev: dict, last, rack: int, bank: int, name, lang: str) -> list:
    if ev["type"] == "round_end":
        return [str(index + 1), str(rack), "", "", t("zh_round_end", lang), "", "", "", money(bank)]
    if ev["type"] == "rerack":
        return [str(index + 1), str(rack), name(ev["player"]), "", t("zh_rerack", lang), "", "", "", money(bank)]
    what = [x for x in [_counted(last.counted, lang)] if x] + _remarks(ev, lang)
    if last.reracked:
        what.append(t("zh_new_rack", lang))
    # every payment goes to the row's player, so the payer and the amount say it all
    pays = [f"{name(a)}: {money(m)}" for a, _b, m in last.payments]
    return [str(index + 1), str(rack), name(ev["player"]), t(f"zh_cue_{ev.get('cue', 'main')}", lang), what or "—",
            pays or "—", money(last.penalty) if last.penalty else "", money(last.bank_taken) if last.bank_taken else "",
            money(bank)]


def _log_table(body: list[list], lang: str):
    head = [t("no", lang), t("zh_rack", lang), t("player", lang), t("zh_cue", lang), t("zh_counted", lang),
            t("zh_payments", lang), t("zh_penalty", lang), t("zh_bank_taken", lang), t("zh_bank", lang)]
    return table([head, *body], [6, 10, 27, 12, 22, 38, 15, 13, 13], align_right=(0, 1, 6, 7, 8))


def balances_table(engine, name, lang: str):
    """Start and end balance, change and rating delta of every player, in the round's first order."""
    head = [t("player", lang), t("zh_rating", lang), t("zh_start", lang), t("zh_end", lang), t("zh_change", lang),
            t("zh_rating_delta", lang)]
    body = [head]
    delta = engine.rating_delta()
    for seat in engine.seats:
        end = engine.balances[seat.id]
        body.append([name(seat.id), decimal(seat.rating10 / 10, lang), money(seat.balance), money(end),
                     signed(end - seat.balance), signed(delta[seat.id])])
    return table(body, [50, 16, 20, 20, 20, 18], align_right=(1, 2, 3, 4, 5))


def build_zhuk_round(record: dict, meta: Meta | None = None, lang: str = "ru", bankroll: str | None = None,
                     stage_last: bool | None = None) -> bytes:
    """The table round protocol as PDF bytes; raises rules.record.ReplayError for a record that does not replay.

    `bankroll`: the tournament's rule (carry | reset, Z-10) when the table plays in one. `stage_last`: in a
    tournament, whether the round is its stage's last — the bank left is then not won, else it carries (Z-15).
    """
    meta = meta or Meta()
    name = meta.name
    rows, engine = log_rows(record, name, lang)
    doc_title = meta.title or t("zh_title", lang)
    first_order = [s.id for s in engine.seats]
    pairs = [(t("zh_order", lang), "; ".join(f"{i + 1}. {name(p)}" for i, p in enumerate(first_order)))]
    pairs += meta.context
    pairs += [(t("date", lang), meta.date or "—"), (t("table", lang), meta.table or "—"),
              (t("referee", lang), meta.official or "—"),
              (t("options", lang), round_options(engine.nominal, engine.settlement, lang, bankroll))]
    story: list = [title(doc_title), info_block(pairs), note(t("zh_currency", lang))]  # B where it first appears
    if engine.opening_bank:
        story.append(note(f"{t('zh_bank_start', lang)}: {money(engine.opening_bank)} B", bold=True))
    story.append(heading(t("zh_log", lang)))
    story.append(_log_table(rows, lang))
    del rows  # the table holds what it prints
    story.append(heading(t("zh_balances", lang)))
    story.append(balances_table(engine, name, lang))
    gain = {s.id: engine.balances[s.id] - s.balance for s in engine.seats}
    top = max(gain.values())
    best = [name(s.id) for s in engine.seats if gain[s.id] == top]  # equal results are all named
    story.append(note(t("zh_best" if len(best) == 1 else "zh_best_tied", lang, name=", ".join(best),
                        amount=signed(top)), bold=True))
    fate = "" if stage_last is None or not engine.bank else \
        f" ({t('zh_bank_not_won' if stage_last else 'zh_bank_carries', lang)})"
    story.append(note(f"{t('zh_bank_end', lang)}: {money(engine.bank)} B{fate}. "
                      + t("zh_money_check", lang, total=money(engine.total_money))))
    if not engine.finished:
        story.append(note(f"{t('zh_round', lang)}: {t('zh_unfinished', lang)}", bold=True))
    story.append(signatures([t("referee", lang)] + [name(p) for p in first_order], lang))
    return render(doc_title, story, lang=lang, club=meta.club)
