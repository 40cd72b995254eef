"""A desk's role appends log rows only under desk ids it registered, gap-free, and never sets server_seq.

Revision ID: h002
Revises: h001
Create Date: 2026-12-03

Why a statement-level trigger (docs/sync.md «Roles and passwords»): row-level security refuses COPY FROM
outright ("COPY FROM not supported with row-level security": every push would become INSERTs), and a row-level
BEFORE INSERT trigger made a 100 000-row COPY 1.57× slower; one check per statement over its transition table
costs 4 % (the push sets work_mem so that table stays in memory).
"""
from alembic import context, op

revision = "h002"
down_revision = "h001"
branch_labels = None
depends_on = None

# The columns a desk sends; server_seq (the pull order) and received_at (the hub's clock) are the hub's own.
DESK_COLUMNS = "club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, op, payload"


def upgrade() -> None:
    schema = context.config.attributes["schema"]
    # One pass per statement (a push batch is one COPY): per (club, desk) of the new rows, the desk id must be
    # registered by hello() under the connecting role, and the rows must continue what the hub holds with no
    # hole (pullers take a hole for a lost row and stop). The administrator (a member of the table's owner, or
    # a superuser) may load rows of any desk id (a restore, the benchmark's preload), never with a hole.
    # search_path is fixed, pg_temp last: a desk's role may create temporary tables, and one named `desks`
    # must not stand in for the hub's.
    op.execute(f"""
CREATE FUNCTION log_rows_own_desk() RETURNS trigger
LANGUAGE plpgsql SET search_path = "{schema}", pg_temp AS $$
DECLARE
    r record;
    v_admin boolean := pg_has_role(session_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = TG_RELID),
                                   'USAGE');
BEGIN
    FOR r IN SELECT n.club_id, n.desk_id, min(n.desk_seq) AS lo, max(n.desk_seq) AS hi, count(*) AS k
             FROM new_rows n GROUP BY n.club_id, n.desk_id LOOP
        IF NOT v_admin AND NOT EXISTS (SELECT 1 FROM desks d WHERE d.club_id = r.club_id
                                       AND d.desk_id = r.desk_id AND d.role_name = session_user) THEN
            RAISE EXCEPTION 'log rows of desk % refused: role % has not registered that desk id in club %',
                r.desk_id, session_user, r.club_id
                USING ERRCODE = '42501', TABLE = 'log_rows', COLUMN = 'desk_id';
        END IF;
        IF r.lo < 1 OR r.k <> r.hi - r.lo + 1 OR (r.lo > 1 AND NOT EXISTS (
                SELECT 1 FROM log_rows l WHERE l.club_id = r.club_id AND l.desk_id = r.desk_id
                AND l.desk_seq = r.lo - 1)) THEN
            RAISE EXCEPTION 'log rows %..% of desk % refused: they leave a hole in its desk_seq', r.lo, r.hi, r.desk_id
                USING ERRCODE = '23514', TABLE = 'log_rows', COLUMN = 'desk_seq';
        END IF;
    END LOOP;
    RETURN NULL;
END $$""")
    op.execute("CREATE TRIGGER log_rows_own_desk AFTER INSERT ON log_rows REFERENCING NEW TABLE AS new_rows "
               "FOR EACH STATEMENT EXECUTE FUNCTION log_rows_own_desk()")
    # Desk roles made before this revision had INSERT on every column (add_desk grants the columns now).
    op.execute(f"""
DO $$
DECLARE v_role text;
BEGIN
    FOR v_role IN SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name LOOP
        EXECUTE format('REVOKE INSERT ON log_rows FROM %I', v_role);
        EXECUTE format('GRANT INSERT ({DESK_COLUMNS}) ON log_rows TO %I', v_role);
    END LOOP;
END $$""")


def downgrade() -> None:
    op.execute("""
DO $$
DECLARE v_role text;
BEGIN
    FOR v_role IN SELECT r.role_name FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name LOOP
        EXECUTE format('GRANT INSERT ON log_rows TO %I', v_role);
    END LOOP;
END $$""")
    op.execute("DROP TRIGGER log_rows_own_desk ON log_rows")
    op.execute("DROP FUNCTION log_rows_own_desk()")
