"""No desk login holds the others up: the limits add_desk now sets (hub.DESK_LIMITS) on the desk logins made
before, and `break_ingest_lock()`, which a waiting push calls on a holder past those limits.

Revision ID: h003
Revises: h002
Create Date: 2026-12-03

Without them a desk whose process hangs inside a push (or anyone with one desk's password) holds the club's
ingestion lock for ever and every other desk's push waits (docs/sync.md «Limits of a desk login»). The role
settings stop a hung desk; a login may SET them off for its own session, so the lock's holder is also judged by
what it does: `ALTER ROLE … SET` and the function are idempotent, a second init-hub sets the same.
"""
from alembic import context, op

from clubdesk.sync.hub import desk_limits_sql

revision = "h003"
down_revision = "h002"
branch_labels = None
depends_on = None

DESK_ROLES = "SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name"


def upgrade() -> None:
    schema = context.config.attributes["schema"]
    op.execute(desk_limits_sql(DESK_ROLES))
    # How long an honest push may hold the lock: idle inside its transaction for milliseconds (the role's cut-off
    # is 10 s), one batch's COPY at most statement_timeout (60 s). A holder idle in its transaction longer than
    # the first, in a transaction older than the second, or holding the lock outside any transaction (a
    # session-level lock no push takes) has set its limits off or is stuck: the waiting push ends its session.
    op.execute("INSERT INTO hub_meta VALUES ('ingest_max_idle', '10 s'), ('ingest_max_hold', '90 s') "
               "ON CONFLICT (key) DO NOTHING")
    op.execute(f"""
CREATE OR REPLACE FUNCTION break_ingest_lock(p_club text) RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = "{schema}", pg_temp AS $$
DECLARE
    v_key bigint := hashtextextended('clubdesk-ingest:' || p_club, 0);
    v_idle interval := (SELECT m.value::interval FROM hub_meta m WHERE m.key = 'ingest_max_idle');
    v_hold interval := (SELECT m.value::interval FROM hub_meta m WHERE m.key = 'ingest_max_hold');
    v_pid int;
    v_ended int := 0;
BEGIN
    FOR v_pid IN
        SELECT a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
          AND l.classid::bigint = (v_key >> 32) & 4294967295 AND l.objid::bigint = v_key & 4294967295
          AND a.usename IN (SELECT r.role_name FROM desk_roles r)  -- desk logins only, never the administrator
          AND (a.state = 'idle' OR now() - a.xact_start > v_hold
               OR (a.state LIKE 'idle in transaction%' AND now() - a.state_change > v_idle))
    LOOP
        IF pg_terminate_backend(v_pid) THEN
            v_ended := v_ended + 1;
        END IF;
    END LOOP;
    RETURN v_ended;
END $$""")
    op.execute("REVOKE ALL ON FUNCTION break_ingest_lock(text) FROM PUBLIC")
    op.execute("""
DO $$
DECLARE v_role text;
BEGIN
    FOR v_role IN SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION break_ingest_lock(text) TO %I', v_role);
    END LOOP;
END $$""")


def downgrade() -> None:
    op.execute("DROP FUNCTION break_ingest_lock(text)")
    op.execute("DELETE FROM hub_meta WHERE key IN ('ingest_max_idle', 'ingest_max_hold')")
    op.execute("""
DO $$
DECLARE v_role text;
BEGIN
    FOR v_role IN SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name LOOP
        EXECUTE format('ALTER ROLE %I RESET ALL', v_role);
    END LOOP;
END $$""")
