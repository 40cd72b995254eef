"""A pull page walks the hub's pull index in order, whatever the planner thinks it costs: right after a large push
the statistics still counted a few rows, and the plan chosen on them read every row above the cursor and sorted
them for each page (93 ms a page of 10 000 over 100 000 rows; a first pull of a big club grew with the square of
its rows). Here the planner is made to dislike the index (random_page_cost) instead of waiting for bad statistics."""

from __future__ import annotations

import pytest

from clubdesk.sync import protocol

pytestmark = pytest.mark.pg


class Explaining:
    """The desk's connection, which EXPLAINs a log_rows SELECT in its own transaction (the settings the caller made
    there apply) before running it."""

    def __init__(self, conn) -> None:
        self.conn, self.plans = conn, []

    def execute(self, sql, params=None):
        return self._explained(self.conn, sql, params)

    def cursor(self, *args, **kwargs):
        outer, cur = self, self.conn.cursor(*args, **kwargs)

        class Cursor:
            def execute(self, sql, params=None):
                return outer._explained(cur, sql, params)

        return Cursor()

    def _explained(self, target, sql, params):
        if sql.lstrip().startswith("SELECT server_seq"):
            self.plans.append("\n".join(r[0] for r in self.conn.execute("EXPLAIN " + sql, params).fetchall()))
        return target.execute(sql, params)

    def commit(self):
        self.conn.commit()


def test_a_pull_page_reads_the_pull_index_in_order_and_sorts_nothing_after_a_large_push(hub):
    address, password, _ = hub.add_desk("a")
    with address.connect(password) as conn:
        protocol.hello(conn, hub.club_id, "d-a", 7, 0)
        rows = [(
            "d-a", n, n << 16, 7, "players", f"p{n}", "upsert", f'{{"name":"Игрок {n}"}}') for n in range(1, 20_001)]
        protocol.push_rows(conn, hub.club_id, "d-a", rows)
        # Make an index walk look dear to the planner, as stale statistics can: the pull must walk it anyway
        conn.execute("SET random_page_cost = 400")
        conn.commit()
        explaining = Explaining(conn)
        after = conn.execute("SELECT max(server_seq) FROM log_rows WHERE desk_seq = 5").fetchone()[0]
        page = protocol.pull_page(explaining, hub.club_id, after, protocol.head(conn, hub.club_id), 1000, own=["d-b"])
    assert [r["desk_seq"] for r in page] == list(range(6, 1006))
    (plan,) = explaining.plans
    assert "Index Scan" in plan, plan
    assert "Sort" not in plan and "Bitmap" not in plan, plan
