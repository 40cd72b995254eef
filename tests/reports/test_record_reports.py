"""Protocols of game records read back with pypdf: names, final score/balances and winner match the engine."""

import pytest

from clubdesk.reports import Meta, build_record_pdf
from clubdesk.reports.mafia import EveningGame, build_mafia_evening
from clubdesk.rules.mafia.scoring import Line, standings
from clubdesk.rules.record import ReplayError, replay
from tests.reports.fill import record
from tests.reports.pdfcheck import fonts, money, page_texts, text

PY_NAMES = {"A": "Иванов Алексей", "B": "Смирнова Ольга"}
ZH_NAMES = {"A": "Кузнецов Дмитрий", "B": "Попова Анна", "C": "Васильев Игорь", "D": "Петров Павел"}
MF_NAMES = {f"P{i}": n for i, n in enumerate(["Кий", "Шар", "Луза", "Борт", "Дуплет", "Свояк", "Карамболь",
                                             "Штопор", "Накат", "Оттяжка"], 1)}


def test_pyramid_match_prints_names_final_score_shelves_and_winner_of_the_engine():
    rec = record("pyramid100-match.json")
    engine = replay(rec)
    out = text(build_record_pdf(rec, Meta(names=PY_NAMES, date="02.12.2026", table="3", official="Орлов Глеб")))
    a, b = engine.players
    assert "Иванов Алексей" in out and "Смирнова Ольга" in out and "Орлов Глеб" in out
    assert f"{engine.scores[a]}:{engine.scores[b]}" in out
    assert f"Победитель: {PY_NAMES[engine.outcome.winner]}" in out
    assert ", ".join(map(str, sorted(engine.shelves[a]))) in out
    assert out.count("засчитан") >= 1 and "стр. 1 из 1" in out


def test_every_shot_of_the_record_has_a_row_in_the_log():
    rec = record("pyramid100-match.json")
    lines = text(build_record_pdf(rec)).splitlines()
    numbers = {ln.strip() for ln in lines}
    assert all(str(i + 1) in numbers for i in range(len(rec["events"])))


@pytest.mark.parametrize("name", ["zhuk-3players-previous.json", "zhuk-4players-all-negative.json"])
def test_zhuk_round_prints_end_balances_bank_and_best_result_of_the_engine(name):  # deltas: test_zhuk_protocol_matches_the_engine
    rec = record(name)
    engine = replay(rec)
    out = text(build_record_pdf(rec, Meta(names=ZH_NAMES)))
    for seat in engine.seats:
        assert ZH_NAMES[seat.id] in out
        assert money(engine.balances[seat.id]) in out
    assert f"Банк в конце раунда: {money(engine.bank)} B" in out
    assert f"{money(engine.total_money)} B" in out
    assert "номинал" in out and "расчёт" in out  # the options in force
    best = max(engine.seats, key=lambda s: engine.balances[s.id] - s.balance)
    assert f"Лучший результат раунда: {ZH_NAMES[best.id]}" in out


def test_mafia_game_form_prints_roles_scores_votes_and_winner():
    rec = record("mafia-shootout.json")
    engine = replay(rec)
    out = text(build_record_pdf(rec, Meta(names=MF_NAMES, official="Маэстро")))
    for n in MF_NAMES.values():
        assert n in out
    assert "победа красных" in out and "Маэстро" in out
    assert "дон" in out and "шериф" in out
    assert "№2: 5, №9: 5" in out and "№2: 6, №9: 4" in out  # the vote and the shootout
    assert "№4: шериф" in out and "№7: чёрный" in out  # night checks
    assert engine.scores()[0] == 15 and "1,5" in out  # best move +0.5, with the Russian decimal comma
    assert "fiim" not in out and "победа 1,0, лучший ход" in out  # the scoring in words, not its code


def test_mafia_form_fills_foul_cells_with_clauses_in_order():
    rec = record("mafia-shootout.json")
    rec["events"][3:3] = [{"type": "foul", "seat": 5, "clause": "2.4"}, {"type": "foul", "seat": 5, "clause": "2.11"}]
    out = text(build_record_pdf(rec))
    assert out.index("2.4") < out.index("2.11")


def test_evening_summary_orders_players_by_the_scoring_standings():
    rec = record("mafia-shootout.json")
    shifted = dict(rec, players=rec["players"][1:] + rec["players"][:1])
    out = text(build_mafia_evening([EveningGame("Игра 1", rec), EveningGame("Игра 2", shifted)],
                                   Meta(names=MF_NAMES), "ru"))
    acc: dict[str, list[int]] = {}
    for r in (rec, shifted):
        e = replay(r)
        for i, p in enumerate(e.players):
            row = acc.setdefault(p, [0, 0, 0, 0])
            row[0] += e.scores()[i]
            row[1] += e.extra[i]
            row[2] += e.team(i + 1) == e.winner
            row[3] += e.first_killed == i + 1
    expected = [MF_NAMES[x.player] for x in standings(Line(p, *v) for p, v in acc.items())]
    positions = [out.index(n) for n in expected]
    assert positions == sorted(positions)
    assert "Порядок: баллы, затем доп. баллы" in out


def test_english_variant_uses_english_labels():
    out = text(build_record_pdf(record("pyramid100-match.json"), Meta(names=PY_NAMES), lang="en"))
    assert "Winner: Иванов Алексей" in out and "page 1 of 1" in out and "Options in force" in out
    assert "Победитель" not in out


def test_fonts_are_dejavu_and_embedded_and_nothing_else():
    for name in ("pyramid100-match.json", "zhuk-3players-previous.json", "mafia-shootout.json"):
        used = fonts(build_record_pdf(record(name)))
        assert used and all("DejaVuSans" in f for f in used), used
        assert all(used.values()), used


def test_record_that_does_not_replay_raises_with_its_event_index():
    with pytest.raises(ReplayError) as info:
        build_record_pdf(record("pyramid100-illegal.json"))
    assert info.value.index is not None and info.value.error.clause


def test_long_log_breaks_pages_repeats_the_header_and_numbers_pages_n_of_m():
    rec = record("zhuk-3players-previous.json")
    body = rec["events"][:-1]
    misses = []
    for _ in range(40):  # three misses go round the table and come back to the same player
        for p in ("A", "B", "C"):
            misses.append({"type": "shot", "player": p, "cue": "main", "potted": [], "fouls": [],
                           "zhuk_attempt": False, "rebound": False, "removed": None})
    before = replay(dict(rec, events=body))
    order = before.order
    start = order.index(before.to_move)
    misses = [dict(m, player=order[(start + i) % 3]) for i, m in enumerate(misses)]
    pages = page_texts(build_record_pdf(dict(rec, events=body + misses + rec["events"][-1:])))
    assert len(pages) >= 2
    for i, page in enumerate(pages, start=1):
        assert f"стр. {i} из {len(pages)}" in page
        assert "Платят игроку" in page or i == len(pages)


def test_zhuk_round_outside_a_tournament_prints_no_bankroll_rule():
    out = text(build_record_pdf(record("zhuk-3players-previous.json"), Meta(names=ZH_NAMES)))
    assert "банкролл" not in out.lower()  # Z-10 is a tournament's option: a lone table has no stages
