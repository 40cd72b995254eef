"""Пирамидка tournaments: a tournament's event log is a game row (tournaments.log_game_id), its bouts' games are
rows of `bout_games` (#17)

The tournament row, its entries and its games reuse the existing tables; what is new is the link from a tournament
to its log and from a bout to the Пирамидка games played in it. No existing row changes (the new column is NULL on
every older tournament, which is what a desk that pulls the row holds too), so no log rows are written.

Revision ID: 0011
Revises: 0009
"""
import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE … ADD COLUMN: a batch copy would rebuild `tournaments` under the keys that point at it.
    op.add_column("tournaments", sa.Column("log_game_id", sa.String(length=36), nullable=True))
    op.create_table("bout_games",
                    sa.Column("tournament_id", sa.String(length=36), nullable=False),
                    sa.Column("bout", sa.String(length=20), nullable=False),
                    sa.Column("game_id", sa.String(length=36), nullable=False),
                    sa.Column("number", sa.Integer(), nullable=False),
                    sa.Column("id", sa.String(length=36), nullable=False),
                    sa.Column("hlc", sa.BigInteger(), nullable=False),
                    sa.Column("desk_id", sa.String(length=36), nullable=False),
                    sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
                    sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
                    sa.PrimaryKeyConstraint("id"), sa.UniqueConstraint("game_id"))
    op.create_index("ix_bout_games_tournament_id", "bout_games", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_bout_games_tournament_id", "bout_games")
    op.drop_table("bout_games")
    op.drop_column("tournaments", "log_game_id")
