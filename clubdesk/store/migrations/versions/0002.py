"""projection cache; events made append-only by triggers

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "projections",
        sa.Column("game_id", sa.String(length=36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    # The event log is the single source of truth: corrections are new events, never edits.
    op.execute("CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
               "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")
    op.execute("CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
               "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    op.execute("DROP TRIGGER IF EXISTS events_no_update")
    op.drop_table("projections")
