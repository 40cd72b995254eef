"""A club moves in (issue 39): its player list read from the files clubs keep, every row judged before anything is
written, one import as one undoable step, and the registry exported in the same columns."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.errors import KnownError, PermissionDenied
from clubdesk.roles import Actor
from clubdesk.services.player_files import read_table
from clubdesk.services.player_import import field_of, guess_mapping, header_score
from clubdesk.services.player_imports import ImportService
from clubdesk.services.players import PlayerData, PlayerService
from tests.services.club_lists import (
    PHONE_SPELLINGS,
    REGISTERED,
    REGISTERED_AS,
    thousand_rows,
    write_club_workbook,
    write_csv,
)

HEADER = ["№", "ФИО", "Ник", "Телефон", "Примечание"]


@pytest.fixture
def svc(store, today):
    return ImportService(store, today=today)


@pytest.fixture
def players(store, today):
    return PlayerService(store, today=today)


def table(path, sheet=None):
    return read_table(path, sheet, header_score)


def kinds(verdicts):
    return [(v.row, v.kind) for v in verdicts]


def listed(players):
    return {p.name: p for p in players.search("", 0, 10_000)}


# ---- reading the files clubs keep -------------------------------------------------------------------------------
def test_a_russian_excel_csv_in_windows_1251_with_semicolons_is_read(tmp_path):
    path = write_csv(tmp_path / "club.csv", [HEADER, ["1", "Ёлкин Пётр Ильич", "Ёж", "8 (916) 123-45-67", "тренер; КМС"]])
    t = table(path)
    assert t.headers == HEADER
    assert t.rows == [(2, ["1", "Ёлкин Пётр Ильич", "Ёж", "8 (916) 123-45-67", "тренер; КМС"])]


@pytest.mark.parametrize(("encoding", "bom", "delimiter"), [("utf-8", True, ","), ("utf-8", False, "\t"),
                                                            ("utf-8", False, ";"), ("cp1251", False, ",")])
def test_encoding_and_separator_are_detected(tmp_path, encoding, bom, delimiter):
    path = write_csv(tmp_path / "club.csv", [["Фамилия", "Имя", "Телефон"], ["Орлов", "Глеб", "+7 916 000-11-22"]],
                     encoding=encoding, delimiter=delimiter, bom=bom)
    t = table(path)
    assert (t.headers, t.rows[0][1]) == (["Фамилия", "Имя", "Телефон"], ["Орлов", "Глеб", "+7 916 000-11-22"])


def test_a_workbook_with_a_title_row_merged_cells_and_empty_rows_is_read_by_excel_row_numbers(tmp_path):
    t = table(write_club_workbook(tmp_path / "club.xlsx"))
    assert (t.sheet, t.sheets, t.header_row) == ("Члены клуба", ["Члены клуба", "Взносы"], 3)
    assert [n for n, _cells in t.rows] == [4, 5, 7]  # the empty row 6 is left out, the numbers stay Excel's
    assert [cells[4] for _n, cells in t.rows] == ["тренер", "тренер", None]  # the merged note covers both rows
    assert table(tmp_path / "club.xlsx", "Взносы").headers == ["ФИО", "Сумма"]


def test_files_that_are_no_table_are_refused_in_one_line(tmp_path):
    old = tmp_path / "club.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0" + b"\0" * 100)
    with pytest.raises(KnownError, match="старого Excel"):
        table(old)
    with pytest.raises(KnownError, match="листа «Нет» нет; есть: Члены клуба, Взносы"):
        table(write_club_workbook(tmp_path / "club.xlsx"), "Нет")
    with pytest.raises(KnownError, match="нет"):
        table(tmp_path / "missing.csv")


# ---- mapping the columns --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("header", "field"), [
    ("ФИО", "full_name"), ("Ф.И.О.", "full_name"), ("Фамилия", "surname"), ("Имя", "first_name"),
    ("Отчество", "patronymic"), ("Ник", "nickname"), ("Псевдоним", "nickname"), ("Тел.", "phone"),
    ("Телефон мобильный", "phone"), ("Примечание", "notes"), ("Дата рождения", "birthday"), ("Д/р", "birthday"),
    ("Full name", "full_name"), ("Last name", "surname"), ("First Name", "first_name"), ("Nickname", "nickname"),
    ("Phone", "phone"), ("Notes", "notes"), ("Запрет", "ban"), ("№", None), ("Сумма", None)])
def test_columns_are_mapped_by_their_russian_and_english_headers(header, field):
    assert field_of(header) == field


def test_a_whole_name_is_split_as_the_registry_keeps_it_and_a_patronymic_stays_with_the_first_name(tmp_path, svc):
    one = table(write_csv(tmp_path / "one.csv", [["ФИО"], ["Иванов Иван Иванович"], ["Петрова-Водкина Анна"]]))
    three = table(write_csv(tmp_path / "three.csv", [["Фамилия", "Имя", "Отчество"], ["Иванов", "Иван", "Иванович"]]))
    got = [(v.data.surname, v.data.first_name) for t in (one, three) for v in svc.preview(t, guess_mapping(t.headers))]
    assert got == [("Иванов", "Иван Иванович"), ("Петрова-Водкина", "Анна"), ("Иванов", "Иван Иванович")]


def test_a_mapping_without_a_surname_or_a_whole_name_is_refused(tmp_path, svc):
    t = table(write_csv(tmp_path / "c.csv", [["ФИО", "Телефон"], ["Иванов Иван", "9161234567"]]))
    with pytest.raises(KnownError, match="фамилией или с ФИО"):
        svc.preview(t, [None, "phone"])
    with pytest.raises(KnownError, match="выбрано для двух столбцов"):
        svc.preview(t, ["full_name", "full_name"])


def test_a_changed_mapping_reads_the_column_as_the_field_chosen(tmp_path, svc):
    t = table(write_csv(tmp_path / "c.csv", [["Игрок", "Кличка"], ["Иванов Иван", "Ваня"]]))
    assert guess_mapping(t.headers) == ["full_name", None]
    assert svc.preview(t, ["full_name", "nickname"])[0].data.nickname == "Ваня"


# ---- every row judged --------------------------------------------------------------------------------------------
def test_a_phone_in_any_spelling_is_stored_as_the_registry_stores_it_and_repeats_are_caught(tmp_path, svc):
    rows = [HEADER] + [[str(k), f"Иванов{k} Иван", "", phone, ""] for k, phone in enumerate(PHONE_SPELLINGS)]
    verdicts = svc.preview(table(write_csv(tmp_path / "c.csv", rows)), guess_mapping(HEADER))
    assert [v.data.phone for v in verdicts] == ["+79161234567"] * 3
    assert kinds(verdicts) == [(2, "new"), (3, "duplicate"), (4, "duplicate")]
    assert verdicts[2].line() == "строка 4: повтор строки 2 — Иванов2 Иван"


def test_refused_rows_say_their_row_number_and_the_registrys_reason_in_one_line(tmp_path, svc):
    rows = [HEADER, ["1", "Кузнецов Олег", "", "123", ""], ["2", "", "Без фамилии", "9161112233", ""],
            ["3", "Иванов Иван", "", "8 916 (000) 00 00 00 00", ""]]
    t = table(write_csv(tmp_path / "c.csv", rows))
    lines = [v.line() for v in svc.preview(t, guess_mapping(HEADER))]
    assert lines[0] == ("строка 2: отклонена: Такого номера телефона не бывает: «123». Например: +7 916 123-45-67 "
                        "или 8 916 123-45-67.")
    assert lines[1] == "строка 3: отклонена: Введите фамилию игрока."
    assert lines[2].startswith("строка 4: отклонена: Такого номера телефона не бывает")
    assert all("\n" not in line for line in lines)
    two_word = table(write_csv(tmp_path / "s.csv", [["Фамилия", "Имя"], ["Петрова Водкина", "Анна"]]))
    assert svc.preview(two_word, ["surname", "first_name"])[0].line("en").startswith(
        "row 2: refused: The surname is one word")


def test_the_same_player_is_the_same_phone_or_the_same_name_and_nickname(tmp_path, svc, players, admin):
    by_phone = players.add(admin, PlayerData("Орлов Глеб", phone="+7 916 123-45-67"))
    by_name = players.add(admin, PlayerData("Смирнов Олег", nickname="Смирный"))
    players.add(admin, PlayerData("Попов Иван", phone="+7 903 000-00-01"))
    rows = [HEADER, ["1", "Орлов Глеб Сергеевич", "", "9161234567", ""], ["2", "Смирнов Олег", "смирный", "", ""],
            ["3", "Попов Иван", "", "8 903 999-99-99", ""]]
    verdicts = svc.preview(table(write_csv(tmp_path / "c.csv", rows)), guess_mapping(HEADER))
    assert [(v.kind, v.match.id if v.match else None, v.why) for v in verdicts] == [
        ("same", by_phone.id, "phone"), ("same", by_name.id, "name"), ("new", None, "")]  # namesakes: two phones
    assert verdicts[0].changes == ("first_name",) and verdicts[1].changes == ()


def test_a_nickname_another_player_has_is_refused(tmp_path, svc, players, admin):
    players.add(admin, PlayerData("Орлов Глеб", nickname="Орёл"))
    rows = [HEADER, ["1", "Соколов Иван", "орёл", "", ""], ["2", "Лебедев Иван", "Лебедь", "", ""],
            ["3", "Лебедева Анна", "ЛЕБЕДЬ", "", ""]]
    lines = [v.line() for v in svc.preview(table(write_csv(tmp_path / "c.csv", rows)), guess_mapping(HEADER))]
    assert lines[0] == "строка 2: отклонена: псевдоним «орёл» уже у игрока Орлов Глеб."
    assert lines[2] == "строка 4: отклонена: псевдоним «ЛЕБЕДЬ» уже у строки 3."


# ---- the import: one step ---------------------------------------------------------------------------------------
def register_old_members(players, admin):
    for (surname, first, _phone), phone in zip(REGISTERED, REGISTERED_AS, strict=True):
        players.add(admin, PlayerData(surname=surname, first_name=first, phone=phone))


def test_a_thousand_rows_with_fifty_repeats_add_nine_hundred_and_fifty_and_twice_adds_nobody(tmp_path, svc, players,
                                                                                               admin, store):
    register_old_members(players, admin)
    rows, new = thousand_rows()
    t = table(write_csv(tmp_path / "club.csv", rows))
    result = svc.run(admin, t, guess_mapping(t.headers))
    assert result.counts == {"new": new, "same": 10, "duplicate": 40, "refused": 0}
    assert (result.record.added, players.count()) == (new, new + 10)
    logged = store.read("SELECT count(DISTINCT entity_id) FROM change_log WHERE entity = 'players'")[0][0]
    assert logged == new + 10  # every player in the change log: the other desks receive the import by sync
    again = svc.run(admin, t, guess_mapping(t.headers), update=True)
    assert (again.counts["new"], again.record.added, players.count()) == (0, 0, new + 10)
    assert svc.history() == [result.record]  # the second import changed nothing, so it is no import to undo


def test_an_import_that_fails_midway_leaves_nothing(tmp_path, svc, players, admin, store, monkeypatch):
    """The players are flushed, then the import's record fails: the unit of work rolls every player back."""
    rows, _new = thousand_rows()
    t = table(write_csv(tmp_path / "club.csv", rows))
    from clubdesk.services import player_imports

    def fail(_record):
        raise RuntimeError("planted: the record of the import")

    monkeypatch.setattr(player_imports, "_record_text", fail)
    before = store.read("SELECT count(*) FROM change_log")[0][0]
    with pytest.raises(RuntimeError):
        svc.run(admin, t, guess_mapping(t.headers))
    assert players.count() == 0 and svc.history() == []
    assert store.read("SELECT count(*) FROM change_log")[0][0] == before


def test_update_changes_only_the_fields_the_file_fills_and_skip_changes_nothing(tmp_path, svc, players, admin):
    p = players.add(admin, PlayerData("Орлов Глеб", phone="+7 916 123-45-67", notes="левша"))
    rows = [["ФИО", "Телефон", "Примечание", "Дата рождения"], ["Орлов Глеб", "89161234567", "", "01.02.1990"]]
    t = table(write_csv(tmp_path / "c.csv", rows))
    skipped = svc.run(admin, t, guess_mapping(t.headers))
    assert players.get(p.id) == p and skipped.record.updated == 0
    svc.run(admin, t, guess_mapping(t.headers), choices={2: True})
    got = players.get(p.id)
    assert (got.notes, got.birthday, got.phone) == ("левша", dt.date(1990, 2, 1), "+79161234567")


def test_undo_takes_the_whole_import_back_and_keeps_what_was_edited_since(tmp_path, svc, players, admin):
    kept = players.add(admin, PlayerData("Орлов Глеб", phone="+7 916 123-45-67", notes="левша"))
    rows = [["ФИО", "Телефон", "Примечание", "Дата рождения", "Запрет"],
            ["Орлов Глеб", "9161234567", "правша", "01.02.1990", ""],
            ["Сидоров Пётр", "9031234567", "", "", "драка 01.11"], ["Попов Иван", "", "новичок", "", ""]]
    t = table(write_csv(tmp_path / "c.csv", rows))
    record = svc.run(admin, t, guess_mapping(t.headers), update=True).record
    assert (record.added, record.updated, players.count()) == (2, 1, 3)
    assert listed(players)["Сидоров Пётр"].status == "banned"
    orlov = players.get(kept.id)
    assert (orlov.notes, orlov.birthday) == ("правша", dt.date(1990, 2, 1))
    players.update(admin, kept.id, orlov.as_data()._replace(notes="правша, КМС"))  # an edit since: it stays
    undone = svc.undo(admin, record.id)
    orlov = players.get(kept.id)
    assert undone.undone_at and players.count() == 1 and (orlov.notes, orlov.birthday) == ("правша, КМС", None)
    assert players.search("сидоров") == [] and players.search("попов") == []
    with pytest.raises(KnownError, match="уже отменён"):
        svc.undo(admin, record.id)
    assert svc.run(admin, t, guess_mapping(t.headers)).record.added == 2  # undone: the file adds them again


def test_undo_is_refused_with_the_reason_once_an_imported_player_has_played(tmp_path, svc, players, admin, store):
    from clubdesk.services.games import GameService
    from clubdesk.services.tournaments import TournamentService

    t = table(write_csv(tmp_path / "c.csv", [HEADER] + [[str(k), f"Игроков{k} Иван", "", "", ""] for k in range(4)]))
    record = svc.run(admin, t, guess_mapping(HEADER)).record
    ids = [p.id for p in players.search("игроков")]
    TournamentService(store, GameService(store)).create(admin, "Кубок", ids)
    with pytest.raises(KnownError, match=r"Импорт не отменён: Игроков\d Иван заявлен на турнир \(и ещё игроков: 3\)"):
        svc.undo(admin, record.id)
    assert players.count() == 4


def test_the_search_finds_imported_players_at_once(tmp_path, svc, admin, store):
    from clubdesk.services.player_search import PlayerIndex

    index = PlayerIndex(store)
    index.prepare()
    rows, new = thousand_rows()
    t = table(write_csv(tmp_path / "club.csv", rows))
    svc.run(admin, t, guess_mapping(t.headers))
    assert len(index.match("")) == new + len(REGISTERED)  # none registered here: the last ten rows are new too
    assert PlayerService(store).rows(index.match("игроков17").all())[0].phone == "+79000000017"
    assert len(index.match("9000000017")) == 1 and len(index.match("89000000017")) == 1


# ---- export ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["players.xlsx", "players.csv"])
def test_the_export_reads_back_as_the_same_registry(tmp_path, svc, players, admin, store, today, name):
    players.add(admin, PlayerData(surname="Ёлкин", first_name="Пётр Ильич", nickname="-=Ёж=-", phone="+7 916 123-45-67",
                                  notes="=СУММ(A1)", birthday=dt.date(1980, 4, 12)))
    players.add(admin, PlayerData("Орлов Глеб", phone="+44 20 7946 0958", banned=True, ban_reason="драка",
                                  ban_until=dt.date(2027, 1, 1)))
    players.add(admin, PlayerData("Попов"))
    assert svc.export(admin, tmp_path / name) == 3
    from clubdesk.store.db import open_store

    other = open_store(tmp_path / "other.sqlite")
    try:
        from clubdesk.services.accounts import AccountService

        admin2 = AccountService(other).create_first_admin("admin", "secret-admin")
        t = table(tmp_path / name)
        assert ImportService(other, today).run(admin2, t, guess_mapping(t.headers)).record.added == 3
        def fields(p):
            return p._replace(id="")
        assert sorted(map(fields, PlayerService(other).search(""))) == sorted(map(fields, players.search("")))
    finally:
        other.close()


def test_only_the_desk_and_the_administrator_import_undo_and_export(tmp_path, svc):
    referee = Actor("r", "referee", frozenset({"referee"}))
    t = table(write_csv(tmp_path / "c.csv", [HEADER, ["1", "Иванов Иван", "", "", ""]]))
    for call in (lambda: svc.run(referee, t, guess_mapping(HEADER)), lambda: svc.undo(referee, "x"),
                 lambda: svc.export(referee, tmp_path / "p.csv")):
        with pytest.raises(PermissionDenied):
            call()
    assert not (tmp_path / "p.csv").exists()


# ---- invariants over any list -------------------------------------------------------------------------------------
_PHONES = ["", "8 (916) 123-45-67", "+7-916-1234567", "9161234567", "+7 903 000-00-01", "89030000001", "123"]


def unique_phones_and_nicknames(store):
    listed_players = PlayerService(store).search("", 0, 100)
    phones_ = [p.phone for p in listed_players if p.phone]
    nicks = [p.nickname.casefold() for p in listed_players if p.nickname]
    assert len(phones_) == len(set(phones_)) and len(nicks) == len(set(nicks))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["Иванов", "Петров", "иванов", "", "Ёлкин", "Елкин"]),
                          st.sampled_from(["Иван", "", "Иван Ильич"]), st.sampled_from(["", "Ваня", "ваня", "Ёж"]),
                          st.sampled_from(_PHONES)), max_size=12))
def test_any_list_imported_twice_adds_nobody_and_leaves_no_two_players_with_one_phone_or_nickname(tmp_path_factory,
                                                                                                  today, rows):
    from clubdesk.roles import SYSTEM
    from clubdesk.store.db import open_store

    folder = tmp_path_factory.mktemp("club")
    store = open_store(folder / "club.sqlite")
    try:
        svc = ImportService(store, today)
        t = table(write_csv(folder / "c.csv", [["Фамилия", "Имя", "Ник", "Телефон"], *map(list, rows)]))
        mapping = guess_mapping(t.headers)
        first = svc.run(SYSTEM, t, mapping)
        added = PlayerService(store).count()
        assert added == first.counts["new"] == first.record.added
        unique_phones_and_nicknames(store)
        again = svc.run(SYSTEM, t, mapping, update=True)
        assert again.counts["new"] == 0 and PlayerService(store).count() == added
        unique_phones_and_nicknames(store)
    finally:
        store.close()
