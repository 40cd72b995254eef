"""Mafia protocols against the engine: the game form's votes, lift votes and extra points with their reasons, and the
evening summary's standings, which must be the ones EveningService computes from the engines of its games."""

from __future__ import annotations

import pytest

from clubdesk.reports import Meta, build_record_pdf
from clubdesk.rules.mafia.script import Script
from clubdesk.rules.record import replay
from clubdesk.services.evenings import EveningService
from clubdesk.services.players import PlayerService
from clubdesk.services.protocols import ProtocolService
from tests.reports.fill import add_players
from tests.reports.pdfcheck import text
from tests.reports.pdftable import table_rows

SEATS = ["№", "Игрок", "Роль", "Фолы", "Выбыл", "Баллы", "Доп. баллы"]  # «Фолы» spans four columns
DAYS = ["День", "Выставлены (кем → кто)", "Голосование", "Перестрелка", "Подъём всех"]
# the screen's columns: the best move and the host's extra points apart, as the season names them (issue 38 item 9)
STANDINGS = ["Место", "Игрок", "Игр", "Побед", "Баллы", "Лучший ход", "Доп. баллы", "Убит первым"]
NICKS = {f"P{i}": n for i, n in enumerate(["Кий", "Шар", "Луза", "Борт", "Дуплет", "Свояк", "Карамболь", "Штопор",
                                          "Накат", "Оттяжка"], 1)}


def lift_passes() -> Script:
    """Black 2, 7 (Don), 9; Sheriff 4. Day 0: 2 and 7 tie twice, the lift vote (6 of 10) lifts both; night 1 kills 1
    (best move 2, 7, 9: +0.5); day 1 lifts 9 — red wins. Extras: +0.3 to 5, −0.2 to 10, +1.0 to 3 after the game."""
    s = Script()
    s.do(type="extra_points", seat=5, points=0.3, reason="лучшая речь нулевого дня")
    s.speeches({1: 2, 3: 7})
    s.vote({1: 2, 3: 2, 4: 2, 5: 2, 6: 2})                      # 5:5 (the rest go to the last nominee, 7)
    s.speeches().vote({1: 2, 3: 2, 4: 2, 5: 2, 6: 2})           # the same split → the lift vote
    s.do(type="lift_vote", for_=6).last_words()
    s.night(1, sheriff=9).do(type="best_move", seat=1, guesses=[2, 7, 9]).last_words()
    s.do(type="extra_points", seat=10, points=-0.2, reason="реплика вне очереди")
    s.speeches({3: 9}).vote({})
    s.do(type="extra_points", seat=3, points=1, reason="вычислил дона")
    return s


def lift_fails() -> Script:
    """Day 0: 3 and 5 tie twice, the lift vote fails (3 of 10); night 1 kills the Sheriff 4 (best move 2, 7, 1:
    +0.3); day 1 seat 10 is removed (п. 1.1, −0.5, no vote); night 2 kills 1; day 2 lifts 3 — black wins."""
    s = Script()
    s.speeches({1: 3, 2: 5})
    s.vote({1: 3, 2: 3, 4: 3, 6: 3, 7: 3})
    s.speeches().vote({1: 3, 2: 3, 4: 3, 6: 3, 7: 3})
    s.do(type="lift_vote", for_=3)
    s.night(4, don=4).do(type="best_move", seat=4, guesses=[2, 7, 1]).last_words()
    s.do(type="foul", seat=10, clause="1.1")
    s.do(type="extra_points", seat=7, points=0.5, reason="блестящая игра дона")
    s.speeches().night(1).last_words()
    s.speeches({2: 3}).vote({})
    return s


def unfinished() -> Script:
    """A game still on day 0: an extra point given, nobody out — not a result yet."""
    return Script().do(type="extra_points", seat=6, points=1, reason="ещё идёт")


def pts(tenths: int) -> str:
    """As a Russian protocol writes points (issue 38 item 9): 1,5 · −0,5 · 0, never «1.5» or «0.0»."""
    whole, rest = divmod(abs(tenths), 10)
    return ("−" if tenths < 0 else "") + (f"{whole},{rest}" if rest else str(whole))


def counts(votes: list[dict], kind: str) -> str:
    """The engine's vote counts of one kind (vote | revote) as the form prints them, one vote after another."""
    return " ".join(", ".join(f"№{k}: {n}" for k, n in v["counts"].items()) for v in votes if v["round"] == kind)


def test_the_written_games_replay_and_end_as_described():
    a, b = replay(lift_passes().record()), replay(lift_fails().record())
    assert (a.winner, a.first_killed, a.best_move, a.status[1], a.status[6]) == ("red", 1, {1: 5}, "lifted", "lifted")
    assert (b.winner, b.first_killed, b.best_move, b.status[9]) == ("black", 4, {4: 3}, "removed")
    assert [v["for"] for v in a.votes + b.votes if v["round"] == "lift_vote"] == [6, 3]
    assert replay(unfinished().record()).winner is None


@pytest.mark.parametrize("game", [lift_passes, lift_fails])
def test_game_form_prints_the_votes_shootout_and_lift_vote_of_the_engine(game):
    rec = game().record()
    engine = replay(rec)
    rows = table_rows(build_record_pdf(rec, Meta(names=NICKS)), DAYS)
    noms: dict[int, list[str]] = {}
    day = 0
    for ev in rec["events"]:  # nominations by the day they were made in
        if ev["type"] == "nominate":
            noms.setdefault(day, []).append(f"{ev['by']}→{ev['target']}")
        if ev["type"] == "night":
            day += 1
    expected = []
    for d in sorted(set(noms) | {v["day"] for v in engine.votes}):
        votes = [v for v in engine.votes if v["day"] == d]
        lift = " ".join(f"за {v['for']} из {v['voters']}" for v in votes if v["round"] == "lift_vote")
        expected.append({"День": str(d), "Выставлены (кем → кто)": ", ".join(noms.get(d, [])) or "—",
                         "Голосование": counts(votes, "vote") or "без голосования",
                         "Перестрелка": counts(votes, "revote"), "Подъём всех": lift})
    assert rows == expected
    assert any(r["Подъём всех"] for r in rows)


@pytest.mark.parametrize("game", [lift_passes, lift_fails])
def test_game_form_prints_each_seats_score_and_every_extra_point_with_its_reason(game):
    rec = game().record()
    engine = replay(rec)
    rows = table_rows(build_record_pdf(rec, Meta(names=NICKS)), SEATS)
    assert [r["Игрок"] for r in rows] == [NICKS[p] for p in rec["players"]]
    scores = engine.scores()
    for seat, row in enumerate(rows, start=1):
        extras = [f"{'+' if t > 0 else ''}{pts(t)} {reason}" for s, t, reason in engine.extra_log if s == seat]
        if engine.best_move.get(seat):
            extras.append(f"+{pts(engine.best_move[seat])} лучший ход")
        assert (row["№"], row["Баллы"], row["Доп. баллы"]) == (str(seat), pts(scores[seat - 1]), " ".join(extras))
    assert any(t < 0 for _, t, _ in engine.extra_log) or engine.penalised  # a minus is printed somewhere


def test_lift_vote_columns_say_who_was_lifted_by_it_on_which_day():
    rows = {r["№"]: r for r in table_rows(build_record_pdf(lift_passes().record()), SEATS)}
    assert rows["2"]["Выбыл"] == rows["7"]["Выбыл"] == "заголосован, день 0"
    assert rows["1"]["Выбыл"] == "убит ночью 1" and rows["9"]["Выбыл"] == "заголосован, день 1"
    assert [r["Выбыл"] for r in table_rows(build_record_pdf(lift_fails().record()), SEATS)][2:4] == [
        "заголосован, день 2", "убит ночью 1"]  # the failed lift vote lifted neither 3 nor 5 on day 0


@pytest.fixture(params=["fiim", "wins"])
def evening(request, store, admin, today):
    """Three games of an evening through EveningService: red wins, black wins, and one still running."""
    f = add_players(store, admin)
    svc = EveningService(store, f.games, PlayerService(store, today))
    ev = svc.create(admin, today, admin.account_id, tables=1, name="Пятничная мафия", scoring=request.param)
    for pid in f.players:
        svc.check_in(admin, ev.id, pid)
    drawn = svc.draw_seating(admin, ev.id, 3, seed=17)
    for n, game in enumerate((lift_passes, lift_fails, unfinished), start=1):
        gid = svc.start_game(admin, ev.id, n, 1, list(drawn.rounds[n - 1][0]))
        for obj in game().events:
            f.games.record(admin, gid, obj)
    return svc, ev.id


def test_evening_summary_prints_the_standings_the_evening_service_computes(store, evening):
    svc, evening_id = evening
    rows = table_rows(ProtocolService(store, svc.games).evening_pdf(evening_id), STANDINGS)
    from clubdesk.services.evenings_standings import tenths

    full = {p.id: f"{p.name} «{p.nickname}»" for p in PlayerService(store).search("", 0, 100)}  # every player alike
    expected = [{"Место": str(r.place), "Игрок": full[r.player_id], "Игр": str(r.games), "Побед": str(r.wins),
                 "Баллы": tenths(r.score), "Лучший ход": tenths(r.best_move), "Доп. баллы": tenths(r.extra),
                 "Убит первым": str(r.first_killed)}
                for r in svc.standings(evening_id)]
    assert rows == expected


def test_evening_standings_scores_are_the_engine_scores_of_the_finished_games(evening):
    svc, evening_id = evening
    totals: dict[str, int] = {}
    for g in svc.list_games(evening_id):
        engine = svc.games.engine(g.game_id)
        if engine.winner is None:
            continue
        for seat, pid in enumerate(g.players, start=1):
            totals[pid] = totals.get(pid, 0) + engine.scores()[seat - 1]
    assert {r.player_id: r.score for r in svc.standings(evening_id)} == totals


NIGHTS = ["Ночь", "Выстрелы (кто → в кого)", "Убит", "Проверка дона", "Проверка шерифа"]


def with_additions() -> Script:
    """Format additions and M-14: a foul with a reason, seat 8 leaves himself (M-12), night 1 the Don checks 8 (out,
    M-9) and gets no answer, the Sheriff checks 7; the victim 1 names two seats (both black: +0.3)."""
    s = Script(options={"day0_vote": "never", "muted_may_nominate": True})
    s.do(type="foul", seat=5, clause="2.4", reason="жестикуляция в чужую минуту").do(type="leave", seat=8)
    s.speeches({1: 2, 2: 3})                                     # day 0: no vote under day0_vote «never»
    s.do(type="night", shots={"2": 1, "7": 1, "9": 1}, don_check=8, sheriff_check=7, unanswered=["don"])
    s.do(type="best_move", seat=1, guesses=[7, 9]).last_words()
    return s


def test_game_form_prints_the_leave_the_unanswered_check_the_foul_reason_and_the_variants():
    rec = with_additions().record()
    pdf = build_record_pdf(rec, Meta(names=NICKS))
    seats = {r["№"]: r for r in table_rows(pdf, SEATS)}
    assert seats["8"]["Выбыл"] == "покинул игру сам" and seats["8"]["Баллы"] == "−0,5"
    assert seats["1"]["Доп. баллы"] == "+0,3 лучший ход"
    nights = table_rows(pdf, NIGHTS)
    assert nights == [{"Ночь": "1", "Выстрелы (кто → в кого)": "2→1, 7→1, 9→1", "Убит": "№1",
                       "Проверка дона": "№8: без ответа", "Проверка шерифа": "№7: чёрный"}]
    words = " ".join(text(pdf).split())
    assert "Пояснения к фолам: №5 (п. 2.4): жестикуляция в чужую минуту" in words
    assert "в нулевой день голосования нет; игрок с тремя фолами выставляет молча" in words
    assert "двоих можно поднять" not in words                   # only the variants in force
    assert "Варианты правил" not in " ".join(text(build_record_pdf(lift_passes().record())).split())


def test_evening_summary_prints_the_variants_of_the_evening(store, admin, today):
    f = add_players(store, admin)
    svc = EveningService(store, f.games, PlayerService(store, today))
    ev = svc.create(admin, today, None, variants={"lift_two_at_four": True})
    plain = svc.create(admin, today, None)
    words = " ".join(text(ProtocolService(store, f.games).evening_pdf(ev.id)).split())
    assert "Варианты правил при четырёх игроках двоих можно поднять" in words
    assert "Варианты правил" not in " ".join(text(ProtocolService(store, f.games).evening_pdf(plain.id)).split())
