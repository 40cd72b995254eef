"""sync: merging two players and deciding a game's branch (issue 13, conflict actions)

`players.merged_into`: the survivor's id once the administrator merged this player into it ('' otherwise), an
ordinary per-field LWW field, so the merge syncs like any write and two desks merging the same pair write the
same value. `games.branch_json`: the administrator's decision on a game written by two desks while partitioned,
{"desk": the desk whose branch continues the game, "fork": the first seq the branches disagree on}, '' until
then. Both columns are new and empty on every row, so no row changes and no log row is written.

The events' no-DELETE trigger now lets an event leave `events` only once a `game_branch` conflict row holds it
whole (the branch set aside by that decision): an event is archived, never lost.

Revision ID: 0012
Revises: 0010
"""
import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0010"
branch_labels = None
depends_on = None

ARCHIVED_ONLY = ("CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
                 "WHEN NOT EXISTS (SELECT 1 FROM conflicts WHERE kind = 'game_branch' AND entity_id = OLD.game_id "
                 "AND json_extract(detail_json, '$.event.id') = OLD.id) "
                 "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")
NEVER = ("CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
         "BEGIN SELECT RAISE(ABORT, 'events are append-only'); END")


def upgrade() -> None:
    # Plain ALTER TABLE … ADD COLUMN: a batch copy would rebuild `players` under every table that points at it.
    op.add_column("players", sa.Column("merged_into", sa.String(length=36), nullable=False, server_default=""))
    op.add_column("games", sa.Column("branch_json", sa.Text(), nullable=False, server_default=""))
    # How a conflict was resolved (merged | kept | set_aside | archived), '' while open; and its lookup by game.
    op.add_column("conflicts", sa.Column("resolution", sa.String(length=20), nullable=False, server_default=""))
    op.create_index("ix_conflicts_entity", "conflicts", ["kind", "entity_id"])
    op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    op.execute(ARCHIVED_ONLY)


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS events_no_delete")
    op.execute(NEVER)
    op.drop_index("ix_conflicts_entity", "conflicts")
    op.drop_column("conflicts", "resolution")
    op.drop_column("games", "branch_json")
    op.drop_column("players", "merged_into")
