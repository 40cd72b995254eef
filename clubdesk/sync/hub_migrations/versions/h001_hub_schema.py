"""The hub's first schema: clubs, desks and their roles, the log rows every desk pushes, and hello().

Revision ID: h001
Revises:
Create Date: 2026-12-03
"""
from alembic import context, op

revision = "h001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    schema = context.config.attributes["schema"]
    # hub_meta never changes shape: a desk of any version reads the protocol from it before anything else.
    op.execute("CREATE TABLE hub_meta (key text PRIMARY KEY, value text NOT NULL)")
    op.execute("INSERT INTO hub_meta VALUES ('protocol_version', '1')")
    op.execute("CREATE TABLE clubs (club_id text PRIMARY KEY, name text NOT NULL DEFAULT '', "
               "created_at timestamptz NOT NULL DEFAULT now())")
    # A desk name (`clubdesk sync add-desk NAME`) is one PostgreSQL login; the desk ids that connected as it
    # are in `desks` (a wiped or restored store re-joins under the same name with a new desk id).
    op.execute("CREATE TABLE desk_roles (club_id text NOT NULL REFERENCES clubs, name text NOT NULL, "
               "role_name text NOT NULL UNIQUE, created_at timestamptz NOT NULL DEFAULT now(), "
               "PRIMARY KEY (club_id, name))")
    op.execute("CREATE TABLE desks (club_id text NOT NULL REFERENCES clubs, desk_id text NOT NULL, "
               "name text NOT NULL, role_name text NOT NULL, joined_at timestamptz NOT NULL DEFAULT now(), "
               "last_seen timestamptz NOT NULL DEFAULT now(), clock_skew_ms bigint NOT NULL DEFAULT 0, "
               "protocol_version int NOT NULL, schema_version int NOT NULL, PRIMARY KEY (club_id, desk_id))")
    # One row per change-log row of any desk, stored as the desk sent it. The key is the desk's own
    # (desk_id, desk_seq): a re-sent row is the same row. server_seq orders rows for pulling; it is given
    # under the club's ingestion lock, so it is committed in increasing order (see docs/sync.md).
    op.execute("CREATE TABLE log_rows (club_id text NOT NULL, desk_id text NOT NULL, desk_seq bigint NOT NULL, "
               "server_seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE, hlc bigint NOT NULL, "
               "schema_version int NOT NULL, entity text NOT NULL, entity_id text NOT NULL, op text NOT NULL, "
               "payload text NOT NULL, received_at timestamptz NOT NULL DEFAULT now(), "
               "PRIMARY KEY (club_id, desk_id, desk_seq))")
    op.execute("CREATE INDEX log_rows_pull ON log_rows (club_id, server_seq)")
    # hello(): the first call of every sync, carrying the desk's protocol version. SECURITY DEFINER, so a
    # desk's role can register only desk ids under its own name and needs no write right on `desks`.
    op.execute(f"""
CREATE FUNCTION hello(p_protocol int, p_club text, p_desk text, p_schema int, p_wall_ms bigint)
RETURNS TABLE (hub_protocol int, acked bigint, head bigint, desk_name text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = "{schema}", pg_temp AS $$
DECLARE
    v_name text;
    v_role text;
BEGIN
    SELECT r.name INTO v_name FROM desk_roles r WHERE r.club_id = p_club AND r.role_name = session_user;
    IF v_name IS NULL THEN
        RAISE EXCEPTION 'role % is not a desk of club %', session_user, p_club USING ERRCODE = '42501';
    END IF;
    INSERT INTO desks (club_id, desk_id, name, role_name, clock_skew_ms, protocol_version, schema_version)
    VALUES (p_club, p_desk, v_name, session_user,
            p_wall_ms - (extract(epoch FROM clock_timestamp()) * 1000)::bigint, p_protocol, p_schema)
    ON CONFLICT (club_id, desk_id) DO UPDATE SET last_seen = now(), clock_skew_ms = excluded.clock_skew_ms,
        protocol_version = excluded.protocol_version, schema_version = excluded.schema_version
    RETURNING role_name INTO v_role;
    IF v_role <> session_user THEN
        RAISE EXCEPTION 'desk % belongs to another desk role', p_desk USING ERRCODE = '42501';
    END IF;
    RETURN QUERY SELECT (SELECT m.value::int FROM hub_meta m WHERE m.key = 'protocol_version'),
        coalesce((SELECT max(l.desk_seq) FROM log_rows l WHERE l.club_id = p_club AND l.desk_id = p_desk), 0),
        coalesce((SELECT max(l.server_seq) FROM log_rows l WHERE l.club_id = p_club), 0),
        v_name;
END $$""")
    op.execute("REVOKE ALL ON FUNCTION hello(int, text, text, int, bigint) FROM PUBLIC")


def downgrade() -> None:
    op.execute("DROP FUNCTION hello(int, text, text, int, bigint)")
    for table in ("log_rows", "desks", "desk_roles", "clubs", "hub_meta"):
        op.execute(f"DROP TABLE {table}")
