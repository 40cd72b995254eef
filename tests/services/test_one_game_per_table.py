"""One running game per table (issue 34, item 2): a second start at a table whose game is on is refused in the
service — the desk's second click, a phone, two programs on one file all meet it — and nothing is stored."""

from __future__ import annotations

import threading

import pytest

from clubdesk.services.evenings import EveningService
from clubdesk.services.games import EventRefused, GameReadOnly, GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.table_guard import TableBusy
from clubdesk.services.tournaments import TournamentService


def rows(store, table: str) -> int:
    return store.read(f"SELECT count(*) FROM {table}")[0][0]


@pytest.fixture
def people(store, admin):
    ps = PlayerService(store)
    return [ps.add(admin, PlayerData(f"Игрок Номер{i:02}", f"Ник{i:02}")).id for i in range(12)]


@pytest.fixture
def evening(store, admin, today, people):
    svc = EveningService(store, GameService(store), PlayerService(store, today))
    ev = svc.create(admin, today, admin.account_id, tables=1, name="Среда")
    for pid in people[:10]:
        svc.check_in(admin, ev.id, pid)
    seating = svc.draw_seating(admin, ev.id, 3, seed=4)
    return svc, ev.id, seating


# --- Mafia: the evening's table ------------------------------------------------------------------------------------

def test_game_2_at_a_table_is_refused_while_game_1_there_is_still_on_and_nothing_is_stored(store, admin, evening):
    """The phantom game of the club's first evening: a second click on «Начать игру» offered «Игра 2, стол 1»."""
    svc, eid, seating = evening
    svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    before = rows(store, "games"), rows(store, "game_tables"), rows(store, "seats"), rows(store, "change_log")
    with pytest.raises(TableBusy) as refused:
        svc.start_game(admin, eid, 2, 1, list(seating.rounds[1][0]))
    assert refused.value.ru == ("За столом 1 ещё идёт игра 1: сначала закончите её или отмените (если она создана "
                                "по ошибке).")
    assert refused.value.en.startswith("Game 1 is still on at table 1")
    assert (rows(store, "games"), rows(store, "game_tables"), rows(store, "seats"), rows(store, "change_log")) == before
    assert [(g.round, g.table) for g in svc.list_games(eid)] == [(1, 1)]


def test_the_same_game_of_the_seating_is_not_started_twice(admin, evening):
    svc, eid, seating = evening
    svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    with pytest.raises(TableBusy, match="Игра 1 за столом 1 уже начата"):
        svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))


def test_the_guard_is_in_the_games_own_transaction_not_only_a_look_before(store, admin, evening, monkeypatch):
    """Two starts at once both pass the look before (as two threads or two programs do); the check made after the
    insert, under the write lock, still refuses the second — and its table and seats go with it."""
    import clubdesk.services.evenings as evenings

    svc, eid, seating = evening
    monkeypatch.setattr(evenings, "refuse_mafia", lambda *a, **k: None)
    svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    before = rows(store, "games"), rows(store, "game_tables"), rows(store, "seats")
    with pytest.raises(TableBusy):
        svc.start_game(admin, eid, 2, 1, list(seating.rounds[1][0]))
    assert (rows(store, "games"), rows(store, "game_tables"), rows(store, "seats")) == before


def test_two_starts_at_the_same_moment_make_one_game(store, admin, evening):
    """The desk and a phone (two threads, two connections) press at once: one game, the other start refused."""
    svc, eid, seating = evening
    players = list(seating.rounds[0][0])
    go = threading.Barrier(2)
    outcomes: list[object] = []

    def start() -> None:
        go.wait()
        try:
            outcomes.append(svc.start_game(admin, eid, 1, 1, players))
        except TableBusy as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(type(o).__name__ for o in outcomes) == ["TableBusy", "str"]
    assert rows(store, "games") == 1 and len(svc.list_games(eid)) == 1


def test_a_cancelled_game_holds_neither_its_table_nor_its_game_of_the_seating(admin, evening):
    svc, eid, seating = evening
    gid = svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))
    svc.games.cancel(admin, gid)
    svc.start_game(admin, eid, 2, 1, list(seating.rounds[1][0]))
    assert [(g.round, g.table) for g in svc.list_games(eid)] == [(2, 1)]
    svc.games.cancel(admin, svc.list_games(eid)[0].game_id)
    svc.start_game(admin, eid, 1, 1, list(seating.rounds[0][0]))  # the cancelled game's own slot, started again
    assert [(g.round, g.table) for g in svc.list_games(eid)] == [(1, 1)]


# --- Пирамидка: the table typed with the match ---------------------------------------------------------------------

@pytest.fixture
def matches(store, today):
    return MatchService(store, GameService(store), PlayerService(store, today=today))


def test_a_second_match_at_a_typed_table_is_refused_in_any_case_and_spacing(store, admin, matches, people):
    first = matches.create(admin, people[0], people[1], table="Стол 6")
    with pytest.raises(TableBusy, match="«Стол 6»"):
        matches.create(admin, people[2], people[3], table="  стол   6 ")
    assert [m.id for m in matches.list()] == [first]
    matches.create(admin, people[2], people[3], table="Стол 7")
    matches.create(admin, people[4], people[5])  # no table typed: nothing to compare
    matches.create(admin, people[6], people[7])


def test_a_table_is_free_again_when_its_match_is_over_or_cancelled(admin, matches, people):
    first = matches.create(admin, people[0], people[1], table="Стол 6")
    matches.concede(admin, first, people[0])
    second = matches.create(admin, people[2], people[3], table="Стол 6")
    matches.cancel(admin, second)
    matches.create(admin, people[4], people[5], table="Стол 6")


# --- Жук: a table of the round -------------------------------------------------------------------------------------

@pytest.fixture
def zhuk(store, admin, people):
    svc = TournamentService(store, GameService(store))
    tid = svc.create(admin, "Кубок", people[:8])
    svc.draw_stage(admin, tid, seed=7)
    return svc, svc.stages(tid)[0].rounds[0].id


def test_a_second_game_at_a_table_of_the_round_is_refused(store, admin, zhuk):
    svc, round_id = zhuk
    first = svc.start_round(admin, round_id)
    assert svc.start_round(admin, round_id) == first  # a second press seats nothing more
    table = first[0]
    with pytest.raises(TableBusy, match="Стол 1 этого раунда уже открыт"):
        svc.games.create(admin, "zhuk", [{"id": p} for p in table.players], {"nominal": 100}, "",
                         seat_table=lambda s: _table_like(s, table.id))
    assert svc.tables(round_id) == first


def test_two_round_starts_at_the_same_moment_seat_each_table_once(store, admin, zhuk):
    svc, round_id = zhuk
    go = threading.Barrier(2)

    def start() -> None:
        go.wait()
        try:
            svc.start_round(admin, round_id)
        except TableBusy:
            pass

    threads = [threading.Thread(target=start) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    numbers = [t.number for t in svc.tables(round_id)]
    assert numbers == sorted(set(numbers)) and len(numbers) == 2


def _table_like(session, table_id: str) -> str:
    """A second table row with the same round and number (what a second start would seat)."""
    from clubdesk.store.models import GameTable

    old = session.get(GameTable, table_id)
    new = GameTable(number=old.number, round_id=old.round_id)
    session.add(new)
    session.flush()
    return new.id


# --- the invariant over any order of starts, ends and cancels ---------------------------------------------------------

def test_any_evening_of_matches_keeps_one_running_match_per_table_and_counts_only_finished_ones(tmp_path):
    """Hypothesis stateful: the desk starts matches at three tables (typed in any case), ends and cancels them in
    any order; after every step each table holds at most one running match, a cancelled one is in no running list
    and no rating, and every refusal stored nothing."""
    import shutil

    from hypothesis import settings
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

    from clubdesk.services.accounts import AccountService
    from clubdesk.services.cancellation import CancelRefused
    from clubdesk.services.ratings import RatingService
    from clubdesk.services.table_guard import table_key
    from clubdesk.store.db import open_store

    counter = iter(range(10_000))
    template = tmp_path / "template.sqlite"  # migrated once; each example starts from a copy of it
    open_store(template).close()

    class Evening(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            path = tmp_path / f"club{next(counter)}.sqlite"
            shutil.copy(template, path)
            self.store = open_store(path)
            self.admin = AccountService(self.store).create_first_admin("admin", "secret-admin")
            ps = PlayerService(self.store)
            self.ids = [ps.add(self.admin, PlayerData(f"Игрок Номер{i:02}")).id for i in range(4)]
            self.matches = MatchService(self.store, GameService(self.store), ps)
            self.started: list[str] = []

        def teardown(self) -> None:
            self.store.close()

        @rule(table=st.sampled_from(["Стол 1", "стол 1", " СТОЛ  1", "Стол 2", "Стол 3", ""]),
              pair=st.sampled_from([(0, 1), (2, 3), (1, 2)]))
        def start(self, table, pair):
            before = self.store.read("SELECT count(*) FROM games")[0][0]
            try:
                self.started.append(self.matches.create(self.admin, self.ids[pair[0]], self.ids[pair[1]], table))
            except TableBusy:
                assert self.store.read("SELECT count(*) FROM games")[0][0] == before

        @precondition(lambda self: self.started)
        @rule(i=st.integers(0, 50), cancel=st.booleans())
        def end(self, i, cancel):
            gid = self.started[i % len(self.started)]
            m = self.matches.get(gid)
            try:
                if cancel:
                    self.matches.cancel(self.admin, gid)
                else:
                    self.matches.concede(self.admin, gid, m.players[0])
            except (CancelRefused, GameReadOnly, EventRefused):
                assert m.over  # only a match no longer on refuses
                assert self.matches.get(gid) == m

        @invariant()
        def one_running_match_per_table(self):
            running = [table_key(m.table) for m in self.matches.list("running") if m.table.strip()]
            assert len(running) == len(set(running))

        @invariant()
        def a_cancelled_match_counts_nowhere(self):
            cancelled = {m.id for m in self.matches.list() if m.cancelled}
            assert not cancelled & {m.id for m in self.matches.list("running")}
            finished = [m for m in self.matches.list() if m.finished]
            assert len(RatingService(self.store).pyramid_results()) == len(finished)

    Evening.TestCase.settings = settings(max_examples=25, stateful_step_count=12, deadline=None)
    Evening.TestCase().runTest()
