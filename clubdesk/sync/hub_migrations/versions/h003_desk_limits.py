"""Desk logins made before this revision get the limits add_desk now sets on a new one (hub.DESK_LIMITS).

Revision ID: h003
Revises: h002
Create Date: 2026-12-03

Without them a desk whose process hangs inside a push (or anyone with one desk's password) holds the club's
ingestion lock for ever and every other desk's push waits (docs/sync.md «Limits of a desk login»). `ALTER ROLE …
SET` is idempotent: running init-hub again sets the same values.
"""
from alembic import op

from clubdesk.sync.hub import desk_limits_sql

revision = "h003"
down_revision = "h002"
branch_labels = None
depends_on = None

DESK_ROLES = "SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name"


def upgrade() -> None:
    op.execute(desk_limits_sql(DESK_ROLES))


def downgrade() -> None:
    op.execute("""
DO $$
DECLARE v_role text;
BEGIN
    FOR v_role IN SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name LOOP
        EXECUTE format('ALTER ROLE %I RESET ALL', v_role);
    END LOOP;
END $$""")
