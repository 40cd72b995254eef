"""initial schema

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "change_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.Column("entity", sa.String(length=40), nullable=False),
        sa.Column("entity_id", sa.String(length=36), nullable=False),
        sa.Column("op", sa.String(length=10), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("pushed", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("change_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_change_log_hlc"), ["hlc"], unique=False)
        batch_op.create_index(batch_op.f("ix_change_log_pushed"), ["pushed"], unique=False)

    op.create_table(
        "players",
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("nickname", sa.String(length=100), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("ban_reason", sa.Text(), nullable=False),
        sa.Column("ban_until", sa.Date(), nullable=True),
        sa.Column("nickname_key", sa.String(length=100), nullable=False),
        sa.Column("search_key", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_players_nickname_key"), ["nickname_key"], unique=False)
        batch_op.create_index(batch_op.f("ix_players_search_key"), ["search_key"], unique=False)

    op.create_table(
        "settings",
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_table(
        "tournaments",
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "accounts",
        sa.Column("login", sa.String(length=64), nullable=False),
        sa.Column("display_name", sa.String(length=200), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("roles", sa.String(length=100), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("player_id", sa.String(length=36), nullable=True),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("login"),
    )
    op.create_table(
        "stages",
        sa.Column("tournament_id", sa.String(length=36), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("stages", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_stages_tournament_id"), ["tournament_id"], unique=False)

    op.create_table(
        "evenings",
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("host_account_id", sa.String(length=36), nullable=True),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["host_account_id"],
            ["accounts.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "rounds",
        sa.Column("stage_id", sa.String(length=36), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("nominal", sa.Integer(), nullable=False),
        sa.Column("minutes", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["stage_id"],
            ["stages.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rounds_stage_id"), ["stage_id"], unique=False)

    op.create_table(
        "check_ins",
        sa.Column("evening_id", sa.String(length=36), nullable=False),
        sa.Column("player_id", sa.String(length=36), nullable=False),
        sa.Column("checked_in_at", sa.String(length=32), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"],
            ["evenings.id"],
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("evening_id", "player_id"),
    )
    with op.batch_alter_table("check_ins", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_check_ins_evening_id"), ["evening_id"], unique=False)

    op.create_table(
        "game_tables",
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.String(length=36), nullable=True),
        sa.Column("evening_id", sa.String(length=36), nullable=True),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["evening_id"],
            ["evenings.id"],
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["rounds.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_tables_evening_id"), ["evening_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_game_tables_round_id"), ["round_id"], unique=False)

    op.create_table(
        "games",
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("table_id", sa.String(length=36), nullable=True),
        sa.Column("players_json", sa.Text(), nullable=False),
        sa.Column("options_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.String(length=32), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_table_id"), ["table_id"], unique=False)

    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=36), nullable=False),
        sa.Column("seat_no", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=36), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "seat_no"),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_table_id"), ["table_id"], unique=False)

    op.create_table(
        "events",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("game_id", sa.String(length=36), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=40), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.String(length=32), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.Column("author_id", sa.String(length=36), nullable=True),
        sa.ForeignKeyConstraint(
            ["author_id"],
            ["accounts.id"],
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "seq"),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_events_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_events_game_id"))

    op.drop_table("events")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_table_id"))

    op.drop_table("seats")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_table_id"))

    op.drop_table("games")
    with op.batch_alter_table("game_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_tables_round_id"))
        batch_op.drop_index(batch_op.f("ix_game_tables_evening_id"))

    op.drop_table("game_tables")
    with op.batch_alter_table("check_ins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_check_ins_evening_id"))

    op.drop_table("check_ins")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rounds_stage_id"))

    op.drop_table("rounds")
    op.drop_table("evenings")
    with op.batch_alter_table("stages", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_stages_tournament_id"))

    op.drop_table("stages")
    op.drop_table("accounts")
    op.drop_table("tournaments")
    op.drop_table("settings")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_players_search_key"))
        batch_op.drop_index(batch_op.f("ix_players_nickname_key"))

    op.drop_table("players")
    with op.batch_alter_table("change_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_change_log_pushed"))
        batch_op.drop_index(batch_op.f("ix_change_log_hlc"))

    op.drop_table("change_log")
