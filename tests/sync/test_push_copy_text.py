"""The push sends log rows as one block of COPY text (copy_text.pending_copy): every character arrives on the hub as
the desk stored it, and a block keeps the push's contract (re-sent rows skipped, nothing sent after a gap)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.changelog import canonical_json
from clubdesk.store.db import open_store
from clubdesk.sync import copy_text, cursors, protocol
from tests.sync.desks import make_desk
from tests.sync.test_hub_protocol import say_hello

pytestmark = pytest.mark.pg

# What COPY text format treats specially (backslash, tab, newline, CR, \N for NULL, \. for the end of data) and
# what a careless escaper breaks (quotes, Cyrillic, an emoji outside the BMP, U+2028, DEL, other controls)
TRICKY = ["\\", "\t", "\n", "\r", "\r\n", "\\N", "\\.", "\\\\N", "\\t", "\\\r", '"', "'", "Ёжик", "😀", "\u2028",
          "\x7f", "\x01", "\x0b", "\x0c", "\b"]
# PostgreSQL text holds no NUL and UTF-8 has no lone surrogates: neither can be in the desk's store either
texts = st.lists(st.one_of(st.sampled_from(TRICKY),
                           st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"))),
                 max_size=6).map("".join)
rows = st.lists(st.tuples(texts, texts, st.booleans()), min_size=1, max_size=5)


def without_payload_check(hub) -> None:
    """The COPY text is tested with every byte in every field, raw text in the payload too (a tab, a newline, a CR
    in the field itself); the hub refuses a payload that is not a JSON object (h006), so here it does not."""
    with hub.address.connect() as conn:
        conn.execute("ALTER TABLE log_rows DROP CONSTRAINT log_rows_payload_object")
        conn.commit()


@pytest.fixture
def desk_store(hub, tmp_path):
    """A store and a connection as a desk login that registered the store's desk id."""
    without_payload_check(hub)
    store = open_store(tmp_path / "desk.sqlite")
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn:
        say_hello(conn, hub, store.desk_id)
        yield store, conn
    store.close()


def append(store, entity_id: str, payload: str) -> None:
    with store.write() as cur:
        seq = cur.execute("SELECT coalesce(max(desk_seq), 0) + 1 FROM change_log WHERE desk_id = ?",
                          (store.desk_id,)).fetchone()[0]
        cur.execute("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
                    "VALUES (?, ?, ?, 'players', ?, 'upsert', ?, 7)", (store.desk_id, seq, seq << 16, entity_id, payload))


def hub_bytes(conn, club_id: str, desk_id: str, after: int) -> list[tuple[bytes, bytes]]:
    cur = conn.execute("SELECT convert_to(entity_id, 'UTF8'), convert_to(payload, 'UTF8') FROM log_rows "
                       "WHERE club_id = %s AND desk_id = %s AND desk_seq > %s ORDER BY desk_seq",
                       (club_id, desk_id, after))
    result = [(bytes(e), bytes(p)) for e, p in cur]
    conn.commit()
    return result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(batch=rows)
def test_every_character_of_a_payload_arrives_on_the_hub_byte_identical(hub, desk_store, batch):
    store, conn = desk_store
    before = cursors.last_desk_seq(store)
    for entity_id, text, as_json in batch:
        # a real payload is canonical JSON (ensure_ascii=False: Cyrillic and emoji raw, controls as \\u escapes);
        # raw text puts tabs, newlines and CRs in the field itself
        append(store, entity_id, canonical_json({"name": text, "notes": entity_id}) if as_json else text)
    block = copy_text.pending_copy(store, before, 100, hub.club_id)
    assert protocol.push_copy(conn, hub.club_id, store.desk_id, block.first, block.count, block.data) \
        == before + len(batch)
    local = store.read("SELECT CAST(entity_id AS BLOB), CAST(payload AS BLOB) FROM change_log WHERE desk_id = ? "
                       "AND desk_seq > ? ORDER BY desk_seq", (store.desk_id, before))
    assert hub_bytes(conn, hub.club_id, store.desk_id, before) == [(bytes(e), bytes(p)) for e, p in local]


def push(conn, club_id: str, desk_id: str, block) -> int:
    return protocol.push_copy(conn, club_id, desk_id, block.first, block.count, block.data)


def test_a_block_re_sent_after_a_lost_ack_is_skipped_and_one_after_a_gap_is_not_sent(hub, desk_store):
    store, conn = desk_store
    for n in range(8):
        append(store, f"p{n}", f'{{"n":{n}}}')
    block = copy_text.pending_copy(store, 0, 5, hub.club_id)
    assert (block.first, block.count, block.last) == (1, 5, 5)
    assert push(conn, hub.club_id, store.desk_id, block) == 5
    assert push(conn, hub.club_id, store.desk_id, block) == 5  # the ack was lost: sent again, nothing taken
    assert push(conn, hub.club_id, store.desk_id, copy_text.pending_copy(store, 2, 100, hub.club_id)) == 8  # 3…5 skipped
    assert push(conn, hub.club_id, store.desk_id, replace(block, first=10)) == 8  # after a gap: the hub says 8
    assert [bytes(p) for _, p in hub_bytes(conn, hub.club_id, store.desk_id, 0)] \
        == [f'{{"n":{n}}}'.encode() for n in range(8)]


def test_a_hub_connection_in_another_client_encoding_gets_the_same_characters(hub, tmp_path):
    import psycopg

    without_payload_check(hub)
    store = open_store(tmp_path / "latin.sqlite")
    append(store, "p1", canonical_json({"name": "Zoé \\ «x»\t"}))
    append(store, "p2", "raw \\N é\t\n\r end")
    address, password, _ = hub.add_desk("latin")
    with psycopg.connect(address.url, password=password,
                         options=f"-c search_path={hub.prefix} -c client_encoding=LATIN1") as latin:
        assert latin.info.encoding == "iso8859-1"
        say_hello(latin, hub, store.desk_id)
        assert push(latin, hub.club_id, store.desk_id, copy_text.pending_copy(store, 0, 10, hub.club_id)) == 2
    with hub.address.connect() as conn:
        on_hub = hub_bytes(conn, hub.club_id, store.desk_id, 0)
    local = store.read("SELECT CAST(entity_id AS BLOB), CAST(payload AS BLOB) FROM change_log WHERE desk_id = ? "
                       "ORDER BY desk_seq", (store.desk_id,))
    assert on_hub == [(bytes(e), bytes(p)) for e, p in local]
    store.close()


def test_a_player_named_with_every_tricky_character_reaches_the_hub_and_the_other_desk_as_written(hub, tmp_path):
    a, b = make_desk(hub, tmp_path, "a"), make_desk(hub, tmp_path, "b")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    name = "Пётр «\\N» \\. 😀 " + "".join(TRICKY)
    PlayerService(a.store).add(admin, PlayerData(name=name.replace("\n", " ").replace("\r", " "),
                                                 notes="строка 1\nстрока 2\r\n\tс табом \\ и \\N"))
    a.sync()
    with hub.address.connect() as conn:
        on_hub = conn.execute("SELECT desk_seq, convert_to(payload, 'UTF8') FROM log_rows WHERE desk_id = %s "
                              "ORDER BY desk_seq", (a.store.desk_id,)).fetchall()
    local = a.store.read("SELECT desk_seq, CAST(payload AS BLOB) FROM change_log WHERE desk_id = ? ORDER BY desk_seq",
                         (a.store.desk_id,))
    assert [(s, bytes(p)) for s, p in on_hub] == [(s, bytes(p)) for s, p in local]
    b.sync()
    assert b.store.read("SELECT name, notes FROM players") == a.store.read("SELECT name, notes FROM players")
    a.close()
    b.close()


def test_a_hub_that_loses_rows_in_the_middle_of_a_push_gets_them_again_in_the_same_sync(hub, tmp_path):
    """The next batch is read ahead while one is written; when the hub then holds less than that batch's end
    (put back from a backup meanwhile), the read ahead is dropped and the push goes on from what the hub holds."""
    a = make_desk(hub, tmp_path, "a")
    admin = AccountService(a.open()).create_first_admin("admin", "secret-admin")
    for i in range(6):
        PlayerService(a.store).add(admin, PlayerData(name=f"Игрок {i}"))
    restored = []

    def restore_the_hub_once(point: str) -> None:
        if point == "after_commit" and not restored:
            restored.append(point)
            with hub.address.connect() as conn:  # a backup of the hub that had this desk's rows 1 and 2 only
                conn.execute("DELETE FROM log_rows WHERE desk_id = %s AND desk_seq > 2", (a.store.desk_id,))
                conn.commit()

    a.sync(fault=restore_the_hub_once, push_batch=4)
    with hub.address.connect() as conn:
        held = [r[0] for r in conn.execute("SELECT desk_seq FROM log_rows WHERE desk_id = %s ORDER BY desk_seq",
                                           (a.store.desk_id,))]
    assert restored and held == list(range(1, cursors.last_desk_seq(a.store) + 1))
    a.close()
