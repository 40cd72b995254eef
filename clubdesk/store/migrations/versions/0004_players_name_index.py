"""players ordered by name: an index for the registry's pages

The registry lists players by (name, id) a page at a time; without an index SQLite sorts the whole table
for every page (13 ms at 5 000 players, ~60 ms at 100 000), which the desk waits for at start.

Revision ID: 0004
Revises: 0003
"""
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_players_name_id", "players", ["name", "id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_players_name_id", table_name="players")
