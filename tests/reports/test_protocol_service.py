"""ProtocolService over a store filled with GameService: games, a Жук tournament stage and a Mafia evening."""

import pytest

from clubdesk.rules.zhuk import tournament as zt
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerService
from clubdesk.services.protocol_list import ProtocolList
from clubdesk.services.protocols import NotFound, ProtocolService
from tests.reports.fill import add_evening, add_match, add_players, add_tournament, record
from tests.reports.pdfcheck import fonts, money, text


@pytest.fixture
def filled(store, admin):
    f = add_players(store, admin)
    add_match(store, admin, f)
    add_tournament(store, admin, f, seed=42, poor=None)
    add_evening(store, admin, f)
    return f


@pytest.fixture
def svc(store, filled):
    return ProtocolService(store, filled.games)


def test_list_has_finished_games_tournaments_and_evenings(store, filled):
    rows = ProtocolList(store).list_documents()
    kinds = {(r.kind, r.id) for r in rows}
    assert ("game", filled.match_id) in kinds
    assert all(("game", g) in kinds for g in filled.stage_games)
    assert all(("game", g) in kinds for g in filled.mafia_games)  # Mafia: finished by phase
    assert ("tournament", filled.tournament_id) in kinds and ("evening", filled.evening_id) in kinds
    match = next(r for r in rows if r.id == filled.match_id)
    assert "Иванов Алексей" in match.detail and match.title == "Матч 1/4 финала"


def test_running_game_is_not_listed(store, admin, svc, filled):
    gid = filled.games.create(admin, "pyramid100", filled.players[:2], {})
    assert gid not in {r.id for r in ProtocolList(store).list_documents()}


def info(out: str, label: str) -> str:
    """The value printed under `label` in the header block (pypdf reads a label and its value as two lines)."""
    lines = out.splitlines()
    return lines[lines.index(label) + 1]


def test_game_pdf_from_the_store_has_names_date_and_score(svc, filled):
    out = text(svc.game_pdf(filled.match_id))
    state = filled.games.state(filled.match_id)
    a, b = filled.players[:2]
    assert "Иванов Алексей" in out and "Смирнова Ольга" in out
    assert f"{state['score'][a]}:{state['score'][b]}" in out
    assert f"Победитель: {filled.names[state['winner']]}" in out


def test_match_without_a_named_referee_does_not_print_the_recording_account_as_referee(svc, filled):
    out = text(svc.game_pdf(filled.match_id))  # admin typed every shot; nobody was named referee
    assert info(out, "Судья") == "—"
    assert "admin" not in out


def test_match_protocol_prints_the_table_and_referee_given_at_creation(store, admin, filled):
    matches = MatchService(store, filled.games, PlayerService(store))
    a, b = filled.players[:2]
    from clubdesk.services.accounts import AccountService

    AccountService(store).create_account(admin, "ivanov", "long-enough", ("referee",), "Судья Иванов")
    gid = matches.create(admin, a, b, table="Стол 7", referee_login="ivanov")
    for ev in record("pyramid100-match.json")["events"]:
        filled.games.record(admin, gid, {**ev, "player": {"A": a, "B": b}[ev["player"]]})
    out = text(ProtocolService(store, filled.games).game_pdf(gid))
    assert info(out, "Стол") == "Стол 7"
    assert info(out, "Судья") == "Судья Иванов"  # not the account that recorded the shots
    assert "admin" not in out


def test_zhuk_table_pdf_names_tournament_stage_round_and_table(svc, filled):
    out = text(svc.game_pdf(filled.stage_games[0]))
    assert "Кубок декабря, этап 1, раунд 1" in out
    for pid, bal in filled.games.state(filled.stage_games[0])["balances"].items():
        assert filled.names[pid] in out and money(bal) in out


@pytest.mark.parametrize("bankroll, printed", [("carry", "переносится"),
                                               ("reset", "сбрасывается до 10 000 B")])
def test_tournament_table_protocol_prints_the_tournament_bankroll_rule(store, admin, bankroll, printed):
    f = add_players(store, admin)
    add_tournament(store, admin, f, bankroll=bankroll)
    out = " ".join(text(ProtocolService(store, f.games).game_pdf(f.stage_games[0])).split())
    assert f"номинал 100 B; расчёт: платит предыдущий игрок; банкролл между этапами: {printed}" in out


def test_tournament_pdf_has_standings_in_tournament_order_with_the_draw_seed(svc, filled):
    data, _meta = svc.tournament_data(filled.tournament_id)
    totals = data.stages[0].balances()
    expected = [filled.names[p] for _, p, _ in zt.standings(totals, data.ratings)]
    out = text(svc.tournament_pdf(filled.tournament_id))
    first_page = out[: out.index("Жеребьёвка этапа 1")]
    positions = [first_page.index(n) for n in expected]
    assert positions == sorted(positions)
    assert "Зерно жеребьёвки: 42" in out
    flat = " ".join(out.split())
    assert "переносится" in flat and "платит предыдущий игрок" in flat  # options in force
    for seats in zt.draw(filled.players[:7], 42):  # the printed draw is the seeded one
        assert all(filled.names[p] in out for p in seats)


def test_stage_results_mid_stage_warn_a_player_at_zero_who_is_not_out_yet(store, admin):  # Z§9
    f = add_players(store, admin)
    poor = zt.draw(f.players[:7], 5)[0][-1]  # pays the first potter of table 1 (settlement «previous»)
    add_tournament(store, admin, f, seed=5, poor=poor)
    svc = ProtocolService(store, f.games)
    data, _ = svc.tournament_data(f.tournament_id)
    assert data.stages[0].balances()[poor] <= 0
    out = " ".join(text(svc.tournament_pdf(f.tournament_id, stage=1)).split())
    # one round of three played: out only if still at ≤ 0 when the stage ends (tests/reports/test_zhuk_elimination.py)
    assert "выйдет в плюс к концу этапа (п. 9)" in out and "выбыл" not in out and "Итоги этапа 1" in out
    assert all(fonts(svc.tournament_pdf(f.tournament_id, stage=1)).values())


def test_evening_pdf_lists_standings_and_games(svc, filled):
    out = text(svc.evening_pdf(filled.evening_id))
    assert "Пятничная мафия" in out and "Турнирная таблица вечера" in out
    assert "Игра 1" in out and "Игра 2" in out and "победа красных" in out
    assert "Кий" in out  # Mafia prints the nickname the table knows
    assert "Зерно рассадки: 7" in out


def test_unknown_ids_are_a_clear_error(svc):
    with pytest.raises(NotFound):
        svc.game_pdf("nope")
    with pytest.raises(NotFound):
        svc.tournament_pdf("nope")
    with pytest.raises(NotFound):
        svc.evening_pdf("nope")


def test_english_tournament_document(svc, filled):
    out = text(svc.tournament_pdf(filled.tournament_id, lang="en"))
    assert "Tournament standings" in out and "Draw seed: 42" in out and "page 1 of" in out
