"""players: the surname and the first name in fields of their own (issue 28, part 3)

`players.surname` and `players.first_name` are filled from `players.name` split at its first space (a one-word
name is a surname; «Иванов Пётр Ильич» → «Иванов», «Пётр Ильич»), and `name` becomes derived: «surname
first_name» (clubdesk.names.full_name), never synced again. No log row is written: a log row written before 0013
that carries `name` says the two fields on every desk, split the same way (`changelog.with_name_parts`), so
replaying the log still gives these rows (`changes.uncovered`) and a desk that pulls them splits alike. A name
stored with doubled or edge spaces (typed before the registry trimmed them) is respelled as its parts say.
Downgrade: the columns go; `name` stays as derived, which is what the older code reads.

Revision ID: 0013
Revises: 0012
"""
import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def _split(name: str) -> tuple[str, str]:
    """Frozen copy of clubdesk.names.split_name as of this revision."""
    surname, _, first_name = " ".join(name.split()).partition(" ")
    return surname, first_name


def upgrade() -> None:
    # Plain ALTER TABLE … ADD COLUMN: a batch copy would rebuild `players` under every table that points at it.
    op.add_column("players", sa.Column("surname", sa.String(length=100), nullable=False, server_default=""))
    op.add_column("players", sa.Column("first_name", sa.String(length=100), nullable=False, server_default=""))
    conn = op.get_bind()
    rows = []
    for pid, name in conn.execute(sa.text("SELECT id, name FROM players ORDER BY id")).all():
        surname, first_name = _split(name or "")
        rows.append({"i": pid, "s": surname, "f": first_name, "n": " ".join(x for x in (surname, first_name) if x)})
    if rows:
        conn.execute(sa.text("UPDATE players SET surname = :s, first_name = :f, name = :n WHERE id = :i"), rows)


def downgrade() -> None:
    op.drop_column("players", "first_name")
    op.drop_column("players", "surname")
