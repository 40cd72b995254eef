"""Жук stage results and standings printed from the store against the engines of the tables and the service: a
whole tournament played through TournamentService (three stages with a player out in each, the top 4 to the
final, the final), and a tie for the last place in the final broken as the final's draw breaks it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.protocols import ProtocolService
from clubdesk.services.tournaments import TournamentService
from clubdesk.services.tournaments_standings import qualifiers, standings
from clubdesk.store.db import open_store
from tests.reports.fill import NAMES
from tests.reports.pdfcheck import money
from tests.reports.pdftable import fragments, table_rows

ROUND = ["Стол", "Игрок", "Начало", "Конец", "Изменение"]
DRAW = ["Стол", "1", "2", "3", "4"]
STAGE = ["Место", "Игрок", "Баланс этапа", "Статус"]
FINAL = ["Место", "Игрок", "Баланс финала", "Статус"]
STANDINGS = ["Место", "Игрок", "Рейтинг", "Этап 1", "Этап 2", "Этап 3", "Финал", "Сумма", "Статус"]
PLAYERS = 8


def signed(value: int) -> str:
    return "0" if value == 0 else ("+" if value > 0 else "−") + money(abs(value))


@dataclass
class Cup:
    """The tournament as played, and its documents printed after stage 3 (final not drawn) and at the end."""

    tournaments: TournamentService
    protocols: ProtocolService
    id: str
    names: dict[str, str]
    victim: str = ""
    after_stage3: dict[str, bytes] = field(default_factory=dict)  # "stage" | "standings" → PDF
    qualifiers: tuple[str, ...] = ()
    standings_after_stage3: list = field(default_factory=list)  # the service's overall rows then


def _shot(player: str, pots: list[str], **kw) -> dict:
    return {"type": "shot", "player": player, "cue": "main", "potted": [{"ball": b, "legal": True} for b in pots],
            **kw}


def _play(games: GameService, admin, gid: str, counts: list[int]) -> None:
    """Each next player pots counts[i] balls in one shot (standard ones while there are, else Жук), then misses."""
    for n in counts:
        state = games.state(gid)
        player, left = state["to_move"], state["balls"]["std"]
        pots = ["std"] * min(n, left) if left else ["zhuk"] * (n > 0 and state["balls"]["zhuk"])
        if pots:
            games.record(admin, gid, _shot(player, pots))
        if games.state(gid)["to_move"] == player:
            games.record(admin, gid, _shot(player, []))


def _ruin(games: GameService, admin, gid: str, victim: str) -> None:
    """The victim fouls (with a try at Жук while it is there: 2 × nominal, Z-5) until his balance is ≤ 0."""
    while games.state(gid)["balances"][victim] > 0:
        state = games.state(gid)
        player = state["to_move"]
        if player != victim:
            games.record(admin, gid, _shot(player, []))
        else:
            games.record(admin, gid, _shot(player, [], fouls=["touch"], zhuk_attempt=bool(state["balls"]["zhuk"])))


def _play_stage(cup: Cup, games: GameService, admin, stage_no: int) -> None:
    stage = cup.tournaments.stages(cup.id)[-1]
    for rnd in stage.rounds:
        for table in cup.tournaments.start_round(admin, rnd.id):
            k = stage_no * 7 + rnd.number * 3 + table.number
            _play(games, admin, table.game_id, [(k * (i + 2)) % 11 for i in range(len(table.players) + 1)])
            if (stage_no, rnd.number, table.number) == (1, 3, 1):
                cup.victim = table.players[-1]
                _ruin(games, admin, table.game_id, cup.victim)
        cup.tournaments.end_round(admin, rnd.id)


@pytest.fixture(scope="module")
def cup(tmp_path_factory):
    store = open_store(tmp_path_factory.mktemp("cup") / "club.sqlite")
    admin = AccountService(store).create_first_admin("admin", "secret-admin")
    people = PlayerService(store)
    ids = [people.add(admin, PlayerData(NAMES[i], "", "")).id for i in range(PLAYERS)]
    games = GameService(store)
    tournaments = TournamentService(store, games)
    tid = tournaments.create(admin, "Кубок весны", ids, "previous", "carry")
    c = Cup(tournaments, ProtocolService(store, games), tid, dict(zip(ids, NAMES, strict=False)))
    for stage_no in (1, 2, 3):
        tournaments.draw_stage(admin, tid, seed=100 + stage_no)
        _play_stage(c, games, admin, stage_no)
    c.qualifiers = qualifiers(tournaments, tid)
    c.standings_after_stage3 = standings(tournaments, tid).overall
    c.after_stage3 = {"stage": c.protocols.tournament_pdf(tid, stage=3),
                      "standings": c.protocols.tournament_pdf(tid)}
    tournaments.draw_final(admin, tid, seed=104)
    _play_stage(c, games, admin, 4)
    yield c
    store.close()


def test_the_played_tournament_is_the_one_the_checks_need(cup):
    stages = cup.tournaments.stages(cup.id)
    assert [s.kind for s in stages] == ["stage", "stage", "stage", "final"]
    assert all(cup.tournaments.round_over(r.id) for s in stages for r in s.rounds)
    assert cup.tournaments.stage_end(stages[0].id).eliminated == (cup.victim,)
    assert len(cup.qualifiers) == 4 and set(cup.tournaments.stage_balances(stages[3].id)) == set(cup.qualifiers)


@pytest.mark.parametrize("stage_no", [1, 2, 3, 4])
def test_each_printed_draw_seats_every_player_at_the_table_and_turn_the_service_drew(cup, stage_no):
    drawn = cup.tournaments.draw_of(cup.id, stage_no)
    assert drawn and sum(len(t) for t in drawn) >= 4
    rows = table_rows(cup.protocols.tournament_pdf(cup.id, stage=stage_no), DRAW)
    assert rows == [{"Стол": str(n), **{str(i): cup.names[p] if p else "" for i, p in
                                         enumerate([*players, *[None] * (4 - len(players))], start=1)}}
                    for n, players in enumerate(drawn, start=1)]


@pytest.mark.parametrize("stage_no", [1, 2, 3, 4])
def test_each_round_prints_every_tables_start_and_end_balances_of_its_game(cup, stage_no):
    games = cup.tournaments.games
    stage = cup.tournaments.stages(cup.id)[stage_no - 1]
    pdf = cup.protocols.tournament_pdf(cup.id, stage=stage_no)
    carried: dict[str, int] = {}
    banks: dict[int, int] = {}
    for nth, rnd in enumerate(stage.rounds):
        expected = []
        for table in cup.tournaments.tables(rnd.id):
            start = {p["id"]: p["balance"] for p in games.to_record(table.game_id)["players"]}
            state = games.state(table.game_id)
            end = state["balances"]
            assert list(start) == list(table.players)
            for i, p in enumerate(table.players):
                expected.append({"Стол": str(table.number) if i == 0 else "", "Игрок": cup.names[p],
                                 "Начало": money(start[p]), "Конец": money(end[p]),
                                 "Изменение": signed(end[p] - start[p])})
                assert start[p] == carried.get(p, start[p])  # within a stage the money flows on
            # Z-15: and so does the table's bank, printed under its players
            assert state["opening_bank"] == banks.get(table.number, 0)
            expected.append({"Стол": "", "Игрок": "банк стола", "Начало": money(state["opening_bank"]),
                             "Конец": money(state["bank"]), "Изменение": signed(state["bank"] - state["opening_bank"])})
            carried.update(end)
            banks[table.number] = state["bank"]
        assert table_rows(pdf, ROUND, key=1, nth=nth) == expected


def _stage_status(cup: Cup, stage_no: int, p: str) -> str:
    """Z§9 from the service's stage end (every stage here is over), Z§6.3 from its qualifiers after stage 3."""
    stage = cup.tournaments.stages(cup.id)[stage_no - 1]
    if p in cup.tournaments.stage_end(stage.id).eliminated:
        return "выбыл (баланс ≤ 0, п. 9)"
    if stage_no == 3:
        return "в финал" if p in cup.qualifiers else "выбыл (не в первой четвёрке, п. 6.3)"
    return "продолжает"


def _standing_status(line, winner: str | None, final_drawn: bool) -> str:
    """A player's status in the standings from the service's standing row."""
    if line.out_stage:
        return f"выбыл на этапе {line.out_stage}"
    if line.player == winner:
        return "победитель турнира"
    if line.status == "final":
        return "финалист" if final_drawn else "в финал"
    return "выбыл: не в финале"


@pytest.mark.parametrize("stage_no", [1, 2, 3])
def test_stage_balances_are_the_last_round_states_best_first_with_who_is_out(cup, stage_no):
    stage = cup.tournaments.stages(cup.id)[stage_no - 1]
    ranked = standings(cup.tournaments, cup.id).stages[stage_no]
    last = cup.tournaments.tables(stage.rounds[-1].id)
    ends = {p: b for t in last for p, b in cup.tournaments.games.state(t.game_id)["balances"].items()}
    assert {p: b for _, p, b in ranked} == ends
    expected = [{"Место": str(place), "Игрок": cup.names[p], "Баланс этапа": money(b),
                 "Статус": _stage_status(cup, stage_no, p)} for place, p, b in ranked]
    assert table_rows(cup.protocols.tournament_pdf(cup.id, stage=stage_no), STAGE) == expected
    if stage_no == 3:  # printed before the final was drawn, too
        assert table_rows(cup.after_stage3["stage"], STAGE) == expected


def test_after_stage_3_the_standings_send_the_services_top_4_to_the_final(cup):
    overall = cup.standings_after_stage3
    rows = table_rows(cup.after_stage3["standings"], STANDINGS[:6] + STANDINGS[7:])  # no final column yet
    assert len(cup.qualifiers) == 4 and [r["Игрок"] for r in rows[:4]] == [cup.names[p] for p in cup.qualifiers]
    assert [r["Игрок"] for r in rows] == [line.name for line in overall]
    for row, line in zip(rows, overall, strict=True):
        assert (row["Этап 1"], row["Этап 2"], row["Этап 3"], row["Сумма"]) == (
            *("" if a is None else money(a) for a in line.amounts[:3]), money(line.total))
        assert row["Статус"] == _standing_status(line, None, final_drawn=False)
    assert {r["Статус"] for r in rows} >= {"в финал", "выбыл: не в финале", "выбыл на этапе 1"}


def test_the_final_places_are_the_final_tables_states_and_name_the_winner(cup):
    final = cup.tournaments.stages(cup.id)[3]
    (table,) = cup.tournaments.tables(final.rounds[-1].id)
    ends = cup.tournaments.games.state(table.game_id)["balances"]
    ranked = [p for _, p, _ in standings(cup.tournaments, cup.id).stages[4]]
    assert sorted(ends) == sorted(ranked) == sorted(cup.qualifiers)
    pdf = cup.protocols.tournament_pdf(cup.id, stage=4)
    assert table_rows(pdf, FINAL) == [
        {"Место": str(i + 1), "Игрок": cup.names[p], "Баланс финала": money(ends[p]),
         "Статус": "победитель турнира" if i == 0 else "финалист"} for i, p in enumerate(ranked)]
    assert f"Победитель турнира: {cup.names[ranked[0]]}" in [f.text for f in fragments(pdf)]


def test_standings_print_every_stage_balance_the_amount_and_status_in_the_services_order(cup):
    overall = standings(cup.tournaments, cup.id).overall
    rows = table_rows(cup.protocols.tournament_pdf(cup.id), STANDINGS)
    assert [r["Игрок"] for r in rows] == [line.name for line in overall]
    winner = overall[0].player
    for place, (row, line) in enumerate(zip(rows, overall, strict=True), start=1):
        amounts = ["" if a is None else money(a) for a in line.amounts]
        final = line.amounts[3]  # a finalist is ranked by the final, the others by their last stage (carry)
        assert row == {"Место": str(place), "Игрок": line.name, "Рейтинг": row["Рейтинг"],
                       "Этап 1": amounts[0], "Этап 2": amounts[1], "Этап 3": amounts[2], "Финал": amounts[3],
                       "Сумма": money(final if final is not None else line.total),
                       "Статус": _standing_status(line, winner, final_drawn=True)}


def _pot_once(games: GameService, admin, gid: str, potters: dict[str, int]) -> None:
    """Play round the table: each player in `potters` pots that many standard balls once, the others miss."""
    left = dict(potters)
    while left:
        player = games.state(gid)["to_move"]
        if left.get(player):
            games.record(admin, gid, _shot(player, ["std"] * left.pop(player)))
        games.record(admin, gid, _shot(player, []))


def test_a_tie_for_the_last_final_place_is_printed_as_the_final_draw_breaks_it(store, admin):
    """Six players all at 10 000 B after stage 3: the club rating breaks the tie (Z§6.3), and the rating has moved
    in stage 1 — a scored 2 balls off b and c, then b and c 1 each (settlement «all»): 10 000 B each, ratings 1010,
    995, 995. The sheet must send to the final the four the final's draw seats: a and the untouched three."""
    people = PlayerService(store)
    ids = [people.add(admin, PlayerData(NAMES[i], "", "")).id for i in range(6)]
    games = GameService(store)
    tournaments = TournamentService(store, games)
    tid = tournaments.create(admin, "Кубок ничьих", ids, "all", "carry")
    for stage_no in (1, 2, 3):
        tournaments.draw_stage(admin, tid, seed=7 + stage_no)
        for rnd in tournaments.stages(tid)[-1].rounds:
            tables = tournaments.start_round(admin, rnd.id)
            if stage_no == 1 and rnd.number < 3:
                t1 = tables[0]
                a = max(t1.players)  # the largest id: b or c sorts before some untouched player
                b, c = (p for p in t1.players if p != a)
                _pot_once(games, admin, t1.game_id, {a: 2} if rnd.number == 1 else {b: 1, c: 1})
            tournaments.end_round(admin, rnd.id)
    balances = tournaments.stage_balances(tournaments.stages(tid)[2].id)
    assert set(balances.values()) == {10_000}
    top = qualifiers(tournaments, tid)
    assert a in top and b not in top and c not in top
    sheet = ProtocolService(store, games)
    names = dict(zip(ids, NAMES, strict=False))
    stage3 = table_rows(sheet.tournament_pdf(tid, stage=3), STAGE)
    assert [r["Игрок"] for r in stage3[:4]] == [names[p] for p in top]
    assert {r["Игрок"] for r in stage3 if r["Статус"] == "в финал"} == {names[p] for p in top}
    rows = table_rows(sheet.tournament_pdf(tid), STANDINGS[:6] + STANDINGS[7:])
    assert {r["Игрок"] for r in rows if r["Статус"] == "в финал"} == {names[p] for p in top}
    assert {r["Игрок"]: r["Рейтинг"] for r in rows if r["Игрок"] in (names[a], names[b], names[c])} == {
        names[a]: "1010", names[b]: "995", names[c]: "995"}  # the rating printed is the one that broke the tie
    tournaments.draw_final(admin, tid, seed=11)
    assert {p for tb in tournaments.draw_of(tid, 4) for p in tb} == set(top)
