"""The Жук table protocol against the engine: every shot row (scorer, payers, amounts, penalty, bank) and every
player's balances and rating delta are what the engine computes replaying the same record, cell by cell."""

import re

import pytest

from clubdesk.reports import Meta, build_record_pdf
from clubdesk.rules.record import new_engine, replay
from clubdesk.services.protocols import ProtocolService
from tests.reports.fill import RECORDS, add_players, add_tournament, record
from tests.reports.pdfcheck import money
from tests.reports.pdftable import table_rows

NAMES = {"A": "Кузнецов Дмитрий", "B": "Попова Анна", "C": "Васильев Игорь", "D": "Петров Павел"}
LOG = ["№", "Пир.", "Игрок", "Биток", "Засчитано", "Платят игроку (B)", "Штраф", "Из банка", "Банк"]
BALANCES = ["Игрок", "Рейтинг", "Начало", "Конец", "Изменение", "Δ рейтинга"]
ZHUK_RECORDS = sorted(p.name for p in RECORDS.glob("zhuk-*.json") if "illegal" not in p.name)


def signed(value: int) -> str:
    return "0" if value == 0 else ("+" if value > 0 else "−") + money(abs(value))


def signed10(value10: int) -> str:
    """A rating ×10 as printed: −11.5, +8, 0."""
    return "0" if value10 == 0 else ("+" if value10 > 0 else "−") + f"{abs(value10) / 10:g}"


def engine_log(rec: dict) -> list[dict]:
    """Replay the record; per event what the engine did: the rack it was played in, the last shot's result, the
    balances before and after it and the bank after it."""
    steps: list[dict] = []
    before = {"rack": 1, "balances": dict(new_engine(rec).balances)}

    def on_event(index: int, engine) -> None:
        steps.append({"event": rec["events"][index], "rack": before["rack"], "last": engine.last,
                      "bank": engine.bank, "balances": dict(engine.balances), "balances_before": before["balances"]})
        before["rack"], before["balances"] = engine.rack, dict(engine.balances)

    replay(rec, on_event)
    return steps


def expected_log_row(n: int, step: dict, name) -> dict[str, str]:
    ev, last = step["event"], step["last"]
    row = dict.fromkeys(LOG, "")
    row.update({"№": str(n), "Пир.": str(step["rack"]), "Банк": money(step["bank"])})
    if ev["type"] == "round_end":
        return row
    row["Игрок"] = name(ev["player"])
    if ev["type"] == "rerack":
        return row
    row["Биток"] = {"main": "осн.", "zhuk": "Жук"}[ev["cue"]]
    row["Платят игроку (B)"] = " ".join(f"{name(payer)}: {money(amount)}" for payer, _, amount in last.payments) or "—"
    row["Штраф"] = money(last.penalty) if last.penalty else ""
    row["Из банка"] = money(last.bank_taken) if last.bank_taken else ""
    return row


def counted_text(counted: dict) -> str:
    parts = [f"{counted['std']} станд."] if counted["std"] else []
    return ", ".join(parts + ["Жук"] * bool(counted["zhuk"]) + ["свояк"] * bool(counted["main"]))


def long_round() -> dict:
    """The 3-player record with 120 misses before its end: more than 100 rows over several pages."""
    rec = record("zhuk-3players-previous.json")
    body = rec["events"][:-1]
    before = replay(dict(rec, events=body))
    start = before.order.index(before.to_move)
    misses = [{"type": "shot", "player": before.order[(start + i) % 3], "cue": "main", "potted": []}
              for i in range(120)]
    return dict(rec, events=body + misses + rec["events"][-1:])


@pytest.mark.parametrize("name", [*ZHUK_RECORDS, pytest.param("long", id="over-100-rows-on-several-pages")])
def test_every_shot_row_prints_the_scorer_payers_amounts_penalty_and_bank_of_the_engine(name):
    rec = long_round() if name == "long" else record(name)
    steps = engine_log(rec)
    rows = table_rows(build_record_pdf(rec, Meta(names=NAMES)), LOG)
    assert len(rows) == len(rec["events"])
    for n, (row, step) in enumerate(zip(rows, steps, strict=True), start=1):
        expected = expected_log_row(n, step, NAMES.get)
        assert {k: row[k] for k in LOG if k != "Засчитано"} == {k: v for k, v in expected.items() if k != "Засчитано"}
        if step["event"]["type"] == "shot":  # the counted balls first, then the referee's remarks
            counted = counted_text(step["last"].counted)
            assert row["Засчитано"].startswith(counted) if counted else not re.match(
                r"\d+ станд\.|Жук(,|$)|свояк", row["Засчитано"]), (n, row)


@pytest.mark.parametrize("name", ZHUK_RECORDS)
def test_the_printed_shot_lines_account_for_every_balance_change(name):
    """What a row says moved (payments to its player, the penalty out, the bank taken in) is all that moved."""
    steps = engine_log(record(name))
    for step in steps:
        last = step["last"]
        moved = dict.fromkeys(step["balances"], 0)
        if last is not None:
            for payer, scorer, amount in last.payments:
                assert scorer == step["event"]["player"]  # the row names the payer only: the scorer is its player
                moved[payer] -= amount
                moved[scorer] += amount
            moved[last.player] += last.bank_taken - last.penalty
        assert {p: step["balances"][p] - step["balances_before"][p] for p in moved} == moved


@pytest.mark.parametrize("name", ZHUK_RECORDS)
def test_balances_table_prints_each_players_start_end_change_and_rating_delta_of_the_engine(name):
    rec = record(name)
    engine = replay(rec)
    rows = table_rows(build_record_pdf(rec, Meta(names=NAMES)), BALANCES)
    expected = [{"Игрок": NAMES[s.id], "Рейтинг": f"{s.rating10 / 10:g}", "Начало": money(s.balance),
                 "Конец": money(engine.balances[s.id]), "Изменение": signed(engine.balances[s.id] - s.balance),
                 "Δ рейтинга": signed10(engine.delta10[s.id])} for s in engine.seats]
    assert rows == expected
    assert sum(engine.delta10.values()) == 0 and any(engine.delta10.values())  # the deltas are not all zero


def test_a_tournament_table_printed_from_the_store_matches_the_game_state(store, admin):
    f = add_players(store, admin)
    add_tournament(store, admin, f)
    svc = ProtocolService(store, f.games)
    for gid in f.stage_games:
        state = f.games.state(gid)
        record_, meta = svc.game_meta(gid)
        start = {p["id"]: p["balance"] for p in record_["players"]}
        rows = table_rows(svc.game_pdf(gid), BALANCES)
        assert [r["Игрок"] for r in rows] == [f.names[p] for p in start]
        for row, (pid, begin) in zip(rows, start.items(), strict=True):
            end, delta = state["balances"][pid], state["rating_delta"][pid]
            assert (row["Начало"], row["Конец"], row["Изменение"]) == (money(begin), money(end), signed(end - begin))
            assert row["Δ рейтинга"] == signed10(round(delta * 10))
        log = table_rows(svc.game_pdf(gid), LOG)
        assert log[-1]["Засчитано"] == "конец раунда" and log[-1]["Банк"] == money(state["bank"])


def test_zhuk_off_main_and_balls_off_the_table_are_printed_in_their_shot_rows():
    """Format additions (replay.md): the row of a Жук-cue shot with Жук off the main cue says so (Z-12), a shot whose
    balls left the table names them, and the penalty is the engine's."""
    players = [{"id": p} for p in "ABC"]
    events = [{"type": "shot", "player": "A"},
              {"type": "shot", "player": "B", "cue": "zhuk", "potted": [{"ball": "zhuk", "legal": False}],
               "zhuk_off_main": True},
              {"type": "shot", "player": "C", "fouls": ["off_table"], "left_table": ["std", "main"]},
              {"type": "round_end"}]
    rec = {"format": "clubdesk-game/1", "game": "zhuk", "options": {"nominal": 100}, "players": players,
           "events": events}
    rows = table_rows(build_record_pdf(rec, Meta(names=NAMES)), LOG)
    assert "Жук от основного битка" in rows[1]["Засчитано"] and rows[1]["Штраф"] == money(100)
    assert "за борт: шар, биток" in rows[2]["Засчитано"] and rows[2]["Штраф"] == money(100)
