"""Search as you type on the name's parts (issue 28): a typed word is found at the start of the surname, the first
name or the nickname, each on its own, digits anywhere in the phone; the in-memory index and the SQL agree."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.services.player_search import PlayerIndex
from clubdesk.services.players import PlayerData, PlayerService

PEOPLE = [
    PlayerData(surname="Иванов", first_name="Дмитрий", nickname="Сокол", phone="+7 916 123-45-67"),
    PlayerData(surname="Сидоров", first_name="Иван", nickname="Карамболь"),
    PlayerData(surname="Диванов", first_name="Олег", nickname="Ас"),
    PlayerData(surname="Петрова-Водкина", first_name="Анна Ильинична", nickname="«Дама» (гость)"),
    PlayerData(surname="Ли", first_name="Мин", nickname="Ван7", phone="+7 903 000-11-22"),
]


@pytest.fixture
def registry(store, admin, today):
    svc = PlayerService(store, today)
    ids = {p.surname: svc.add(admin, p).id for p in PEOPLE}
    return svc, PlayerIndex(store), ids


def _found(index: PlayerIndex, ids: dict, text: str) -> set[str]:
    by_id = {v: k for k, v in ids.items()}
    return {by_id[i] for i in index.match(text).all()}


@pytest.mark.parametrize(("text", "surnames"), [
    ("Иван", {"Иванов", "Сидоров"}),             # the surname Иванов and the first name Иван, not Диванов
    ("ван", {"Ли"}),                               # only the nickname «Ван7» starts so
    ("иванов дм", {"Иванов"}),
    ("дм иванов", {"Иванов"}),                     # words in any order, each in its own part
    ("сок", {"Иванов"}),                           # the nickname
    ("водкина", {"Петрова-Водкина"}),              # the second half of a hyphenated surname
    ("Петрова-Водкина", {"Петрова-Водкина"}),
    ("ильинична", {"Петрова-Водкина"}),            # a patronymic kept with the first name
    ("дама", {"Петрова-Водкина"}), ("гость", {"Петрова-Водкина"}),  # quotes and brackets separate words
    ("4567", {"Иванов"}), ("8 916 123", {"Иванов"}), ("+7 903", {"Ли"}),  # digits anywhere in the phone
    ("олег ас", {"Диванов"}), ("олег сокол", set()),
])
def test_a_typed_word_is_found_at_the_start_of_each_part_of_the_name(registry, text, surnames):
    svc, index, ids = registry
    assert _found(index, ids, text) == surnames
    assert {p.surname for p in svc.search(text)} == surnames == {p.surname for p in svc.search(text)}
    assert svc.count(text) == len(surnames)


def test_typing_on_refines_as_a_fresh_search_would(registry):
    _svc, index, ids = registry
    texts = ("и", "ив", "иван", "иванов", "иванов д", "иванов", "ива", "ива 7", "в", "ва", "ива", "7", "67")
    typed = [index.match(t).all() for t in texts]  # each refines or widens the one before
    assert typed == [PlayerIndex(index.store).match(t).all() for t in texts]
    assert _found(index, ids, "ива") == {"Иванов", "Сидоров"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])  # read only
@given(st.lists(st.sampled_from(["и", "ив", "ван", "в", "ов", "-", "во", "«д", "(г", "7", "11", "916", "а", "ас",
                                 "ли", "мин"]), min_size=1, max_size=3))
def test_the_index_and_the_sql_find_the_same_players(registry, words):
    svc, index, _ids = registry
    text = " ".join(words)
    assert index.match(text).all() == [p.id for p in svc.search(text, 0, 100)], text


YO_PEOPLE = [
    PlayerData(surname="Королёв", first_name="Пётр"),
    PlayerData(surname="Королев", first_name="Семён", nickname="Ёж"),
    PlayerData(surname="Ёлкина", first_name="Алла"),
    PlayerData(surname="Елизаров", first_name="Ян"),
]


@pytest.fixture
def yo_registry(store, admin, today):
    svc = PlayerService(store, today)
    ids = {p.surname: svc.add(admin, p).id for p in YO_PEOPLE}
    return svc, PlayerIndex(store), ids


@pytest.mark.parametrize(("text", "surnames"), [
    ("королев", {"Королёв", "Королев"}),    # typed with е: the name spelled with ё is found too
    ("королёв", {"Королёв", "Королев"}),    # typed with ё: the name spelled with е is found too
    ("КОРОЛЁВ", {"Королёв", "Королев"}),
    ("королёв петр", {"Королёв"}), ("Королев Пётр", {"Королёв"}),
    ("семен", {"Королев"}), ("еж", {"Королев"}),  # the first name and the nickname alike
    ("ел", {"Ёлкина", "Елизаров"}), ("Ёл", {"Ёлкина", "Елизаров"}), ("ёлк", {"Ёлкина"}),
])
def test_e_and_yo_find_each_other(yo_registry, text, surnames):
    svc, index, ids = yo_registry
    assert _found(index, ids, text) == surnames  # the players page and the Mafia check-in (PlayerIndex)
    assert {p.surname for p in svc.search(text)} == surnames  # the SQL (search_where)
    assert svc.count(text) == len(surnames)


def test_typing_on_across_e_and_yo_refines_as_a_fresh_search_would(yo_registry):
    _svc, index, _ids = yo_registry
    texts = ("к", "ко", "королё", "королёв", "королев", "королев п", "королёв пё", "ё", "е", "ел", "ёлк")
    typed = [index.match(t).all() for t in texts]
    assert typed == [PlayerIndex(index.store).match(t).all() for t in texts]


def test_the_search_keeps_the_names_as_spelled(yo_registry):
    svc, _index, _ids = yo_registry
    assert {p.name for p in svc.search("королев")} == {"Королёв Пётр", "Королев Семён"}


@pytest.mark.parametrize("rev", ["0001", "0012"])
def test_a_store_from_before_the_change_finds_yo_by_e(tmp_path, rev):
    """Older desks stored (and still push) search keys with ё: the search reads them as they are, no migration."""
    from clubdesk.store.db import open_store
    from tests.store.stores_by_revision import build

    path = tmp_path / "club.sqlite"
    build(path, rev)  # Иванов Пётр «Петруха», his key written as that revision's code wrote it
    store = open_store(path)
    try:
        svc = PlayerService(store)
        assert [p.name for p in svc.search("иванов петр")] == ["Иванов Пётр"]
        assert svc.rows(PlayerIndex(store).match("петр").all())[0].name == "Иванов Пётр"
    finally:
        store.close()
