"""rounds: the round clock in columns of its own (was a "clocks" map in tournaments.options_json)

Each round's clock is now written to its own row: two rounds' clocks no longer rewrite one tournament
row (which the hub sync would have had to merge), and reading a clock is one row. Existing clocks move.

Revision ID: 0006
Revises: 0005
"""
import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _canonical(obj) -> str:  # as clubdesk.store.models.canonical_json, frozen here with the migration
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def upgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("clock_elapsed", sa.Float(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("clock_started_at", sa.Float(), nullable=True))
    conn = op.get_bind()
    for tid, options_json in conn.execute(sa.text("SELECT id, options_json FROM tournaments")).all():
        options = json.loads(options_json or "{}")
        clocks = options.pop("clocks", None)
        if clocks is None:
            continue
        for round_id, clock in clocks.items():
            conn.execute(sa.text("UPDATE rounds SET clock_elapsed = :elapsed, clock_started_at = :started "
                                 "WHERE id = :id"),
                         {"elapsed": float(clock.get("elapsed", 0.0)), "started": clock.get("started_at"),
                          "id": round_id})
        conn.execute(sa.text("UPDATE tournaments SET options_json = :options WHERE id = :id"),
                     {"options": _canonical(options), "id": tid})


def downgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.text(
        "SELECT s.tournament_id, r.id, r.clock_elapsed, r.clock_started_at FROM rounds r "
        "JOIN stages s ON s.id = r.stage_id WHERE r.clock_elapsed > 0 OR r.clock_started_at IS NOT NULL")).all()
    clocks: dict[str, dict] = {}
    for tid, round_id, elapsed, started in rows:
        clocks.setdefault(tid, {})[round_id] = {"elapsed": elapsed, "started_at": started}
    for tid, by_round in clocks.items():
        options = json.loads(conn.execute(sa.text("SELECT options_json FROM tournaments WHERE id = :id"),
                                          {"id": tid}).scalar_one() or "{}")
        options["clocks"] = by_round
        conn.execute(sa.text("UPDATE tournaments SET options_json = :options WHERE id = :id"),
                     {"options": _canonical(options), "id": tid})
    # Plain ALTER TABLE … DROP COLUMN (SQLite ≥ 3.35): a batch copy would drop `rounds` under its tables' keys.
    op.drop_column("rounds", "clock_started_at")
    op.drop_column("rounds", "clock_elapsed")
