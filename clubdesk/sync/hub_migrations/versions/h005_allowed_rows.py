"""What a desk login may write, decided by PostgreSQL: staff accounts only from desks allowed to manage staff, and
no stamp far ahead of the hub's clock (issue 35).

Revision ID: h005
Revises: h004
Create Date: 2026-12-06

- `desk_roles.staff`: whether the desk may write `accounts` rows (logins, password hashes, roles). `add-desk NAME`
  makes a desk that may not; `add-desk NAME --staff` one that may (the front desk); a re-key keeps what the desk had
  unless told. Without it, anyone holding one desk's hub password (a hall PC keeps it in a 0600 file) could register
  a fresh desk id and push an administrator account whose password he knows: after the next sync it logged in as
  administrator on every desk. Desk logins made before this revision may, if their desk ids ever sent an `accounts`
  row (the desk that made the club's accounts); the others may not.
- `hub_meta.max_stamp_ahead` (7 days): a row whose hlc is further ahead of the hub's clock is refused. Per-field LWW
  lets the larger stamp win, and a desk writing over a value stamps just above it (store/hlc.py `above`), so a
  stamp years ahead (or at the top of bigint) would win every concurrent edit for ever and, on bans and seating
  swaps, order before every later row. A desk's clock follows the hub's after its first sync (docs/sync.md
  «Clocks»), so an honest desk meets the bound only with rows written while its clock was ahead by more than it.

A statement-level AFTER trigger of its own (the h002 check's reasons): one pass over the statement's new rows. The
hub's administrator (a member of the table's owner, or a superuser) may load any rows, as h002 lets him.
"""
from alembic import context, op

revision = "h005"
down_revision = "h004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    schema = context.config.attributes["schema"]
    # Idempotent, as h003 and h004 are (a hub whose version row was set back is upgraded again); the desks that
    # made accounts keep that right only when the column is new (a right taken away since stays away)
    op.execute(f"""
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = '{schema}'
                   AND table_name = 'desk_roles' AND column_name = 'staff') THEN
        ALTER TABLE desk_roles ADD COLUMN staff boolean NOT NULL DEFAULT false;
        UPDATE desk_roles r SET staff = true WHERE EXISTS (SELECT 1 FROM desks d JOIN log_rows l
            ON l.club_id = d.club_id AND l.desk_id = d.desk_id WHERE d.club_id = r.club_id
            AND d.role_name = r.role_name AND l.entity = 'accounts');
    END IF;
END $$""")
    op.execute("INSERT INTO hub_meta VALUES ('max_stamp_ahead', '7 days') ON CONFLICT (key) DO NOTHING")
    op.execute(f"""
CREATE OR REPLACE FUNCTION log_rows_allowed() RETURNS trigger
LANGUAGE plpgsql SET search_path = "{schema}", pg_temp AS $$
DECLARE
    v_admin boolean := pg_has_role(session_user, (SELECT c.relowner FROM pg_class c WHERE c.oid = TG_RELID),
                                   'USAGE');
    v_ahead interval := (SELECT m.value::interval FROM hub_meta m WHERE m.key = 'max_stamp_ahead');
    v_accounts boolean;
    v_top bigint;
BEGIN
    IF v_admin THEN
        RETURN NULL;
    END IF;
    SELECT bool_or(n.entity = 'accounts'), max(n.hlc) INTO v_accounts, v_top FROM new_rows n;
    IF v_accounts AND NOT coalesce((SELECT r.staff FROM desk_roles r WHERE r.role_name = session_user), false) THEN
        RAISE EXCEPTION 'log rows refused: desk login % may not write staff accounts (add-desk NAME --staff)',
            session_user USING ERRCODE = '42501', TABLE = 'log_rows', COLUMN = 'entity';
    END IF;
    IF (v_top >> 16) > (extract(epoch FROM clock_timestamp() + v_ahead) * 1000)::bigint THEN
        RAISE EXCEPTION 'log rows refused: stamped % ms ahead of the hub''s clock (at most %)',
            (v_top >> 16) - (extract(epoch FROM clock_timestamp()) * 1000)::bigint, v_ahead
            USING ERRCODE = '22008', TABLE = 'log_rows', COLUMN = 'hlc';
    END IF;
    RETURN NULL;
END $$""")
    op.execute("REVOKE ALL ON FUNCTION log_rows_allowed() FROM PUBLIC")
    op.execute("DROP TRIGGER IF EXISTS log_rows_allowed ON log_rows")
    op.execute("CREATE TRIGGER log_rows_allowed AFTER INSERT ON log_rows REFERENCING NEW TABLE AS new_rows "
               "FOR EACH STATEMENT EXECUTE FUNCTION log_rows_allowed()")


def downgrade() -> None:
    op.execute("DROP TRIGGER log_rows_allowed ON log_rows")
    op.execute("DROP FUNCTION log_rows_allowed()")
    op.execute("DELETE FROM hub_meta WHERE key = 'max_stamp_ahead'")
    op.execute("ALTER TABLE desk_roles DROP COLUMN staff")
