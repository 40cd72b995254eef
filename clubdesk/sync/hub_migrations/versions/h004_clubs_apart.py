"""Clubs apart on one server, and a lock breaker that needs no superuser.

Revision ID: h004
Revises: h003
Create Date: 2026-12-04

A league is one PostgreSQL server holding several clubs, **one hub schema per club** (`init-hub URL --schema S`):
a desk login has USAGE on its own club's schema and rights on its tables and functions, and nothing anywhere else,
so PostgreSQL itself refuses it every other club's rows (row-level security would filter one shared table, but it
refuses COPY FROM, which the push is: docs/sync.md «Roles and passwords»). This revision closes what reached across:

- PUBLIC: nothing of the hub is granted to PUBLIC any more (the schema, its tables and sequences, its functions,
  which PostgreSQL lets PUBLIC execute by default, and the functions the administrator makes here later).
- one club per schema: `clubs` holds one row; a second club is a second schema (or its desks' reads would mix).
- the ingestion lock: advisory locks are open to every login of the database and visible in pg_locks, so a desk of
  another club could take this club's lock, and the breaker ended only this hub's desks. `break_ingest_lock` now
  ends any holder that is neither one of this hub's desks nor its administrator (a member of the schema's owner, or
  a superuser), judges this hub's desks as before and also ends one running anything but the push's COPY under the
  lock for longer than `ingest_max_idle` (a login keeping its transaction busy with `pg_sleep` held it up to
  `ingest_max_hold`), and acts only on this hub's own club (a desk of this club cannot aim it at another club's
  pushes).
- the breaker is owned by a NOLOGIN role of this hub (`hub_meta.ingest_breaker`), a member of every desk login of
  the hub (add_desk makes each new one a member too): that lets it see its desks' sessions and end them whether or
  not the administrator who runs init-hub is a superuser. A superuser running init-hub also grants it
  pg_signal_backend, which ending another club's login takes; without it such a holder is named to the waiting
  desk instead (its SyncError says which login and how to disable it).
"""
from alembic import context, op

revision = "h004"
down_revision = "h003"
branch_labels = None
depends_on = None

DESK_ROLES = "SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name"


def upgrade() -> None:
    schema = context.config.attributes["schema"]
    op.execute(f"""
DO $$
DECLARE n int := (SELECT count(*) FROM clubs);
BEGIN
    IF n > 1 THEN
        RAISE EXCEPTION 'hub schema % holds % clubs: give each club a schema of its own (init-hub --schema)',
            '{schema}', n USING ERRCODE = '55000';
    END IF;
END $$""")
    op.execute("CREATE UNIQUE INDEX IF NOT EXISTS clubs_one_per_hub ON clubs ((true))")
    for what in (f'SCHEMA "{schema}"', f'ALL TABLES IN SCHEMA "{schema}"', f'ALL SEQUENCES IN SCHEMA "{schema}"',
                 f'ALL FUNCTIONS IN SCHEMA "{schema}"'):
        op.execute(f"REVOKE ALL ON {what} FROM PUBLIC")
    # For what the administrator creates here later (PostgreSQL grants EXECUTE on a new function to PUBLIC)
    op.execute(f'ALTER DEFAULT PRIVILEGES IN SCHEMA "{schema}" REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC')

    # The breaker's role: one per hub (roles are the server's, schemas the database's: both name it)
    op.execute(f"""
DO $$
DECLARE
    v_breaker text := 'clubdesk_lockbreaker_' || substr(md5(current_database() || '.' || '{schema}'), 1, 10);
    v_role text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = v_breaker) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN', v_breaker);
    END IF;
    INSERT INTO hub_meta VALUES ('ingest_breaker', v_breaker) ON CONFLICT (key) DO UPDATE SET value = excluded.value;
    -- to hand it the function (ALTER ... OWNER wants the administrator able to SET ROLE to it, and CREATE for it)
    EXECUTE format('GRANT %I TO CURRENT_USER', v_breaker);
    EXECUTE format('GRANT USAGE, CREATE ON SCHEMA %I TO %I', '{schema}', v_breaker);
    EXECUTE format('GRANT SELECT ON hub_meta, clubs, desk_roles TO %I', v_breaker);
    FOR v_role IN {DESK_ROLES} LOOP
        EXECUTE format('GRANT %I TO %I', v_role, v_breaker);
    END LOOP;
    BEGIN
        EXECUTE format('GRANT pg_signal_backend TO %I', v_breaker);
    EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'not a superuser: % may end this hub''s desks, not other logins', v_breaker;
    END;
END $$""")
    op.execute(f"""
CREATE OR REPLACE FUNCTION break_ingest_lock(p_club text) RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = "{schema}", pg_temp AS $$
DECLARE
    v_key bigint := hashtextextended('clubdesk-ingest:' || p_club, 0);
    v_idle interval := (SELECT m.value::interval FROM hub_meta m WHERE m.key = 'ingest_max_idle');
    v_hold interval := (SELECT m.value::interval FROM hub_meta m WHERE m.key = 'ingest_max_hold');
    v_owner oid := (SELECT n.nspowner FROM pg_namespace n WHERE n.nspname = '{schema}');
    r record;
    v_ended int := 0;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM clubs c WHERE c.club_id = p_club) THEN
        RETURN 0;  -- another club's lock is that club's hub's to judge
    END IF;
    FOR r IN
        SELECT a.pid, a.usename IN (SELECT d.role_name FROM desk_roles d) AS desk, a.state, a.xact_start,
               a.state_change, a.query, a.query_start
        FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
          AND l.classid::bigint = (v_key >> 32) & 4294967295 AND l.objid::bigint = v_key & 4294967295
          AND NOT pg_has_role(a.usesysid, v_owner, 'MEMBER')  -- never the administrator, nor a superuser
    LOOP
        -- Not a desk of this club: no business with its lock. A desk: idle in its transaction past the limit, in a
        -- transaction older than a batch may take, holding it outside any transaction (no push does), or running
        -- anything but the push's COPY for longer than the idle limit (a push's other statements under the lock
        -- take milliseconds: reading what the hub holds, setting work_mem).
        IF NOT r.desk OR r.state = 'idle' OR now() - r.xact_start > v_hold
           OR (r.state LIKE 'idle in transaction%' AND now() - r.state_change > v_idle)
           OR (r.state = 'active' AND r.query NOT LIKE 'COPY log_rows %' AND now() - r.query_start > v_idle) THEN
            BEGIN
                IF pg_terminate_backend(r.pid) THEN
                    v_ended := v_ended + 1;
                END IF;
            EXCEPTION WHEN insufficient_privilege THEN
                NULL;  -- another login, and this hub's breaker without pg_signal_backend: the desk names it
            END;
        END IF;
    END LOOP;
    RETURN v_ended;
END $$""")
    op.execute("REVOKE ALL ON FUNCTION break_ingest_lock(text) FROM PUBLIC")
    op.execute(f"""
DO $$
DECLARE v_breaker text := (SELECT m.value FROM hub_meta m WHERE m.key = 'ingest_breaker');
BEGIN
    EXECUTE format('ALTER FUNCTION break_ingest_lock(text) OWNER TO %I', v_breaker);
    EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM %I', '{schema}', v_breaker);
    -- The administrator grants the function to each new desk (add_desk), and its sessions do not inherit the
    -- desks' rights through the breaker.
    EXECUTE format('GRANT EXECUTE ON FUNCTION break_ingest_lock(text) TO %I WITH GRANT OPTION', current_user);
    EXECUTE format('REVOKE %I FROM CURRENT_USER', v_breaker);
END $$""")


def downgrade() -> None:
    schema = context.config.attributes["schema"]
    op.execute("ALTER FUNCTION break_ingest_lock(text) OWNER TO CURRENT_USER")
    op.execute(f"""
DO $$
DECLARE v_breaker text := (SELECT m.value FROM hub_meta m WHERE m.key = 'ingest_breaker');
BEGIN
    EXECUTE format('REVOKE ALL ON SCHEMA %I FROM %I', '{schema}', v_breaker);
    EXECUTE format('REVOKE ALL ON hub_meta, clubs, desk_roles FROM %I', v_breaker);
END $$""")
    op.execute("DELETE FROM hub_meta WHERE key = 'ingest_breaker'")
    op.execute("DROP INDEX clubs_one_per_hub")
