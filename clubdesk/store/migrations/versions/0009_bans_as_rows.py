"""sync: a ban is a row of its own (`bans`); the player's status, ban_reason and ban_until become its derived cache

A ban written as three player columns made a ban on one desk and a phone edit on another two writes of one
row; now the ban is its own row and the player's columns are derived from the bans in force (docs/sync.md).
Every banned player's ban moves into a row, with its log row. Downgrade: the columns still hold the ban in
force, so the rows simply go.

Revision ID: 0009
Revises: 0008
"""
import json
import uuid

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

NATURAL_NAMESPACE = uuid.UUID("5b1f3a52-6c1e-4f0e-9b59-0c1d3e5a7f21")  # frozen, as clubdesk.store.ids
SCHEMA_VERSION = 9
SYNCED = ("players", "accounts", "tournaments", "tournament_entries", "stages", "rounds", "evenings", "check_ins",
          "game_tables", "seats", "games", "seating_swaps", "ban_confirmations", "events", "change_log")


def _canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def upgrade() -> None:
    op.create_table("bans",
                    sa.Column("player_id", sa.String(length=36), nullable=False),
                    sa.Column("reason", sa.Text(), nullable=False),
                    sa.Column("until", sa.Date(), nullable=True),
                    sa.Column("lifted", sa.Boolean(), nullable=False, server_default=sa.false()),
                    sa.Column("created_at", sa.String(length=32), nullable=False),
                    sa.Column("id", sa.String(length=36), nullable=False),
                    sa.Column("hlc", sa.BigInteger(), nullable=False),
                    sa.Column("desk_id", sa.String(length=36), nullable=False),
                    sa.ForeignKeyConstraint(["player_id"], ["players.id"]), sa.PrimaryKeyConstraint("id"))
    op.create_index("ix_bans_player_id", "bans", ["player_id"])
    conn = op.get_bind()
    desk = conn.execute(sa.text("SELECT value FROM settings WHERE key = 'desk_id'")).scalar()
    if desk is None:
        return  # a new file: no players
    seq = conn.execute(sa.text("SELECT coalesce(max(desk_seq), 0) FROM change_log WHERE desk_id = :d"),
                       {"d": desk}).scalar()
    hlc = 1 + max(conn.execute(sa.text(f"SELECT coalesce(max(hlc), 0) FROM {t}")).scalar() for t in SYNCED)
    for pid, reason, until, created in conn.execute(sa.text(
            "SELECT id, ban_reason, ban_until, created_at FROM players WHERE status = 'banned' ORDER BY id")).all():
        ban_id = str(uuid.uuid5(NATURAL_NAMESPACE, f"bans|{pid}|0009"))
        fields = {"player_id": pid, "reason": reason, "until": until, "lifted": False, "created_at": created}
        seq += 1
        conn.execute(sa.text(
            "INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
            "VALUES (:d, :s, :h, 'bans', :i, 'upsert', :p, :v)"),
            {"d": desk, "s": seq, "h": hlc, "i": ban_id, "p": _canonical(fields), "v": SCHEMA_VERSION})
        conn.execute(sa.text("INSERT INTO bans (id, hlc, desk_id, player_id, reason, until, lifted, created_at) "
                             "VALUES (:i, :h, :d, :player_id, :reason, :until, 0, :created_at)"),
                     {"i": ban_id, "h": hlc, "d": desk, **fields})
        hlc += 1


def downgrade() -> None:
    op.drop_index("ix_bans_player_id", "bans")
    op.drop_table("bans")
