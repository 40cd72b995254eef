"""A pulled row whose values SQLite or the merge refuses is kept aside by itself (docs/sync.md «Rows a desk cannot
apply»): its batch is rolled back and halved down to the row, the rows around it apply, and the pull cursor moves
past it. Rows of a desk that sent them with the wrong JSON types, as a bug of one desk's version would."""

from __future__ import annotations

import uuid

import pytest

from clubdesk.store.db import open_store
from clubdesk.sync import apply, cursors, quarantine

ODD = [('{"surname": 5, "first_name": "x"}', "has no attribute 'split'"),
       ('{"name": 5}', "has no attribute 'split'"),
       ('{"surname": 1.5}', "has no attribute 'split'"),
       ('{"surname": "A", "first_name": "B", "notes": "\\ud800"}', "surrogates not allowed"),
       ('{"surname": "A", "first_name": "B", "is_guest": ' + str(2 ** 70) + "}", "too large")]


def rows(desk: str, payloads: list[str]) -> list[dict]:
    return [{"server_seq": k + 1, "desk_id": desk, "desk_seq": k + 1, "hlc": (1 << 40) + k, "entity": "players",
             "entity_id": str(uuid.uuid4()), "op": "upsert", "payload": p, "schema_version": apply.SCHEMA_VERSION}
            for k, p in enumerate(payloads)]


@pytest.mark.parametrize("batch", [1, 3, 100])
def test_a_row_the_store_refuses_is_kept_aside_alone_and_the_rows_around_it_apply(tmp_path, batch):
    store = open_store(tmp_path / "desk.sqlite")
    def good(k: int) -> str:
        return '{"surname": "Хороший' + str(k) + '", "first_name": "Игрок"}'

    payloads = [good(0)]
    for k, (payload, _) in enumerate(ODD, start=1):
        payloads += [payload, good(k)]
    desk = str(uuid.uuid4())
    result = apply.apply_remote(store, rows(desk, payloads), batch=batch)
    assert (result.applied, result.quarantined) == (len(ODD) + 1, len(ODD))
    assert {r[0] for r in store.read("SELECT name FROM players")} == {f"Хороший{k} Игрок" for k in range(len(ODD) + 1)}
    aside = quarantine.open_rows(store)
    assert [(r["row"]["payload"], r["reason"]) for r in aside] == [(p, "refused") for p, _ in ODD]
    assert all(words in r["text"] for r, (_, words) in zip(aside, ODD, strict=True))
    assert cursors.get_cursor(store, "pull") == len(payloads)
    assert cursors.last_desk_seq(store, desk) == len(payloads)  # the desk's sequence held whole, gap-free
    store.close()
