"""tournament entries; guest players

Revision ID: 0003
Revises: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("is_guest", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.String(length=36), nullable=False),
        sa.Column("player_id", sa.String(length=36), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("tournament_id", "player_id"),
    )
    with op.batch_alter_table("tournament_entries") as batch:
        batch.create_index(batch.f("ix_tournament_entries_tournament_id"), ["tournament_id"], unique=False)


def downgrade() -> None:
    op.drop_table("tournament_entries")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("is_guest")
