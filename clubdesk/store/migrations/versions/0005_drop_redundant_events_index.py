"""events: drop ix_events_game_id, which the (game_id, seq) unique key already covers

Every recorded event paid for one more index entry than it needed. Reads of a game's events (by game_id,
ordered by seq) use the unique key's index, whose first column is game_id.

Revision ID: 0005
Revises: 0004
"""
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_events_game_id", table_name="events")


def downgrade() -> None:
    op.create_index("ix_events_game_id", "events", ["game_id"], unique=False)
