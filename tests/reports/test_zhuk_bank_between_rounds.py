"""Z-15 on paper (issue 34 item 1: «Money vanishes between rounds»): the table protocol of a round says where its
bank came from and where it goes, the stage protocol prints each table's bank round by round and the bank not won,
the standings the banks the stages left — and the money adds up, in Russian and English."""

from __future__ import annotations

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.protocols import ProtocolService
from clubdesk.services.tournaments import TournamentService
from clubdesk.store.db import open_store
from tests.reports.pdftable import table_rows
from tests.reports.test_zhuk_final import flat

ROUND = ["Стол", "Игрок", "Начало", "Конец", "Изменение"]


def _foul(player: str) -> dict:
    return {"type": "shot", "player": player, "fouls": ["miss"]}


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """Seven players, stage 1: table 2 (three players) fouls once in round 1 (100 B into its bank) and once in
    round 3 (300 B); round 2 plays nothing. Stage 2 is drawn and its first round is running, so stage 1 has
    ended and stage 2 has not."""
    store = open_store(tmp_path_factory.mktemp("bank") / "club.sqlite")
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    ids = [PlayerService(store).add(admin, PlayerData(f"Банков Игрок{i}")).id for i in range(7)]
    games = GameService(store)
    svc = TournamentService(store, games)
    tid = svc.create(admin, "Кубок Жука", ids)
    svc.draw_stage(admin, tid, seed=34)
    stage = svc.stages(tid)[0]
    played = {}
    for rnd in stage.rounds:
        tables = svc.start_round(admin, rnd.id)
        three = next(t for t in tables if len(t.players) == 3)
        played[rnd.number] = three
        if rnd.number != 2:
            games.record(admin, three.game_id, _foul(three.players[0]))
        svc.end_round(admin, rnd.id)
    svc.draw_stage(admin, tid, seed=2)
    svc.start_round(admin, svc.stages(tid)[1].rounds[0].id)
    yield svc, ProtocolService(store, games), tid, played
    store.close()


def test_z15_the_round_protocol_prints_the_bank_its_round_opened_with(evening):
    _svc, protocols, _tid, played = evening
    second = flat(protocols.game_pdf(played[2].game_id))
    assert "Банк в начале раунда (с прошлого раунда этапа за этим столом, Z-15): 100 B" in second
    assert "Сумма балансов и банка: 30 000 B" in second
    assert "Bank at the start of the round (from the stage's previous round at this table, Z-15): 100 B" in \
        flat(protocols.game_pdf(played[2].game_id, "en"))
    assert "Банк в начале раунда" not in flat(protocols.game_pdf(played[1].game_id))


def test_z15_the_round_protocol_says_the_bank_carries_or_is_not_won_at_the_stage_end(evening):
    _svc, protocols, _tid, played = evening
    first = flat(protocols.game_pdf(played[1].game_id))
    assert "Банк в конце раунда: 100 B (переходит в следующий раунд этапа за этим столом)" in first
    last = flat(protocols.game_pdf(played[3].game_id))
    assert "Банк в конце раунда: 400 B (банк не разыгран — вне игры, ничей баланс, Z-15)" in last
    assert "Bank at the end of the round: 400 B (bank not won — out of play, nobody's balance, Z-15)" in \
        flat(protocols.game_pdf(played[3].game_id, "en"))


def test_z15_the_stage_protocol_prints_each_tables_bank_carried_round_by_round(evening):
    svc, protocols, tid, played = evening
    pdf = protocols.tournament_pdf(tid, stage=1)
    banks = [[r for r in table_rows(pdf, ROUND, key=1, nth=n) if r["Игрок"] == "банк стола"] for n in range(3)]
    number = str(played[1].number)
    table_two = [rows[int(number) - 1] for rows in banks]
    assert [(r["Начало"], r["Конец"], r["Изменение"]) for r in table_two] == [
        ("0", "100", "+100"), ("100", "100", "0"), ("100", "400", "+300")]


def test_z15_the_stage_protocol_prints_the_bank_not_won_and_the_money_adds_up(evening):
    _svc, protocols, tid, played = evening
    n = played[3].number
    assert f"Банк не разыгран (Z-15): стол {n} — 400 B. Сумма балансов и неразыгранных банков: 70 000 B" in \
        flat(protocols.tournament_pdf(tid, stage=1))
    assert f"Bank not won (Z-15): table {n}: 400 B. Balances plus the banks not won: 70 000 B" in \
        flat(protocols.tournament_pdf(tid, stage=1, lang="en"))


def test_z15_a_stage_still_running_prints_no_bank_not_won(evening):
    _svc, protocols, tid, _played = evening
    assert "не разыгран" not in flat(protocols.tournament_pdf(tid, stage=2))


def test_z15_the_standings_print_the_banks_the_stages_left_not_won(evening):
    _svc, protocols, tid, _played = evening
    assert "Банк не разыгран (Z-15): этап 1 — 400 B — вне игры; деньги турнира — балансы и эти банки" in \
        flat(protocols.tournament_pdf(tid))
    assert "Bank not won (Z-15): stage 1: 400 B, out of play; the tournament's money is the balances plus these " \
           "banks" in flat(protocols.tournament_pdf(tid, lang="en"))
