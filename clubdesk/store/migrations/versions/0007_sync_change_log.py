"""sync: gap-free desk_seq and schema_version on the change log, cursors, quarantine, conflicts, tombstones

The change log becomes the unit of sync (docs/sync.md «Desk side»): each row gets a gap-free `desk_seq` per desk
and the schema version that wrote it; triggers keep it append-only; push/pull bookkeeping moves to
`sync_cursors` (the unused `pushed` flag goes). Check-ins, tournament entries and seats get ids derived from their
natural key and a `deleted` tombstone; games get the desk that owns them.

The log written before this revision was never pushed (there was no sync), so it is rewritten here once: numbered
per desk in its order, `op` upsert, payloads without the row keys and derived fields, set-like ids remapped. Then
every synced row is compared with what its log rows say, field by field, and a log row is written for each
difference — this covers 0006's moved round clocks and this revision's own changes (owner, tombstones).

Revision ID: 0007
Revises: 0006
"""
import json
import uuid

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# Frozen copies (clubdesk.store.changelog / ids as of this revision): a migration must not change with the code.
NATURAL_NAMESPACE = uuid.UUID("5b1f3a52-6c1e-4f0e-9b59-0c1d3e5a7f21")
SET_LIKE = {"check_ins": ("evening_id", "player_id"), "tournament_entries": ("tournament_id", "player_id"),
            "seats": ("table_id", "seat_no")}
LWW_TABLES = ("players", "accounts", "tournaments", "tournament_entries", "stages", "rounds", "evenings",
              "check_ins", "game_tables", "seats", "games")
BOOLEANS = {("players", "is_guest"), ("accounts", "active"), ("check_ins", "deleted"),
            ("tournament_entries", "deleted"), ("seats", "deleted")}
ROW_KEYS = {"id", "hlc", "desk_id"}
DERIVED = {"games": {"status"}}
SCHEMA_VERSION = 7


def _canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _natural_id(table: str, *key) -> str:
    return str(uuid.uuid5(NATURAL_NAMESPACE, "|".join([table, *(str(k) for k in key)])))


def _fields(table: str, values: dict) -> dict:
    derived = DERIVED.get(table, set())
    return {k: (bool(v) if (table, k) in BOOLEANS and v is not None else v)
            for k, v in values.items() if k not in ROW_KEYS and k not in derived}


def _log_columns() -> list[sa.Column]:
    return [
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("desk_id", sa.String(length=36), nullable=False),
        sa.Column("desk_seq", sa.Integer(), nullable=False),
        sa.Column("hlc", sa.BigInteger(), nullable=False),
        sa.Column("entity", sa.String(length=40), nullable=False),
        sa.Column("entity_id", sa.String(length=36), nullable=False),
        sa.Column("op", sa.String(length=10), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("schema_version", sa.Integer(), nullable=False),
        ]


def upgrade() -> None:
    conn = op.get_bind()
    for table in SET_LIKE:
        op.add_column(table, sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("owner_desk_id", sa.String(length=36), nullable=False, server_default=""))
    conn.execute(sa.text("UPDATE games SET owner_desk_id = coalesce("
                         "(SELECT value FROM settings WHERE key = 'desk_id'), desk_id)"))

    remap: dict[str, str] = {}
    for table, key in SET_LIKE.items():
        for row in conn.execute(sa.text(f"SELECT id, {', '.join(key)} FROM {table}")).all():
            new = _natural_id(table, *row[1:])
            if new != row[0]:
                remap[row[0]] = new
                conn.execute(sa.text(f"UPDATE {table} SET id = :new WHERE id = :old"), {"new": new, "old": row[0]})

    op.create_table("change_log_new", *_log_columns(), sa.PrimaryKeyConstraint("id"),
                    sa.UniqueConstraint("desk_id", "desk_seq"))
    seqs: dict[str, int] = {}
    out = []
    for _id, hlc, desk_id, entity, entity_id, payload in conn.execute(sa.text(
            "SELECT id, hlc, desk_id, entity, entity_id, payload FROM change_log ORDER BY id")).all():
        seqs[desk_id] = seqs.get(desk_id, 0) + 1
        fields = _fields(entity, json.loads(payload)) if entity != "events" else \
            {k: v for k, v in json.loads(payload).items() if k not in ROW_KEYS}
        out.append({"desk_id": desk_id, "desk_seq": seqs[desk_id], "hlc": hlc, "entity": entity,
                    "entity_id": remap.get(entity_id, entity_id), "op": "upsert", "payload": _canonical(fields),
                    "schema_version": 6})
    if out:
        conn.execute(sa.text("INSERT INTO change_log_new (desk_id, desk_seq, hlc, entity, entity_id, op, payload, "
                             "schema_version) VALUES (:desk_id, :desk_seq, :hlc, :entity, :entity_id, :op, "
                             ":payload, :schema_version)"), out)
    op.drop_table("change_log")
    op.rename_table("change_log_new", "change_log")
    op.create_index("ix_change_log_hlc", "change_log", ["hlc"])
    op.create_index("ix_change_log_entity", "change_log", ["entity", "entity_id"])

    _log_what_the_log_does_not_say(conn, seqs)

    op.create_table("sync_cursors", sa.Column("name", sa.String(length=80), nullable=False),
                    sa.Column("value", sa.BigInteger(), nullable=False), sa.PrimaryKeyConstraint("name"))
    op.create_table("sync_quarantine", sa.Column("log_id", sa.Integer(), nullable=False),
                    sa.ForeignKeyConstraint(["log_id"], ["change_log.id"]), sa.PrimaryKeyConstraint("log_id"))
    op.create_table("conflicts",
                    sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
                    sa.Column("kind", sa.String(length=30), nullable=False),
                    sa.Column("entity", sa.String(length=40), nullable=False),
                    sa.Column("entity_id", sa.String(length=36), nullable=False),
                    sa.Column("other_id", sa.String(length=36), nullable=False),
                    sa.Column("detail_json", sa.Text(), nullable=False),
                    sa.Column("created_at", sa.String(length=32), nullable=False),
                    sa.Column("resolved", sa.Boolean(), nullable=False),
                    sa.PrimaryKeyConstraint("id"))
    # The log is history: rows are only ever added, and one desk's rows are numbered 1, 2, 3 … without a gap.
    op.execute("CREATE TRIGGER change_log_no_update BEFORE UPDATE ON change_log "
               "BEGIN SELECT RAISE(ABORT, 'change_log is append-only'); END")
    op.execute("CREATE TRIGGER change_log_no_delete BEFORE DELETE ON change_log "
               "BEGIN SELECT RAISE(ABORT, 'change_log is append-only'); END")
    op.execute("CREATE TRIGGER change_log_gap_free BEFORE INSERT ON change_log "
               "WHEN NEW.desk_seq <> coalesce((SELECT max(desk_seq) FROM change_log WHERE desk_id = NEW.desk_id), 0) + 1 "
               "BEGIN SELECT RAISE(ABORT, 'change_log desk_seq must follow the desk''s last one'); END")
    op.execute("CREATE TRIGGER sync_cursors_forward BEFORE UPDATE ON sync_cursors WHEN NEW.value < OLD.value "
               "BEGIN SELECT RAISE(ABORT, 'a sync cursor only moves forward'); END")


def _log_what_the_log_does_not_say(conn, seqs: dict[str, int]) -> None:
    """One log row per synced row whose stored fields differ from the fold of its log rows."""
    desk = conn.execute(sa.text("SELECT value FROM settings WHERE key = 'desk_id'")).scalar()
    if desk is None:
        return  # a new file: no rows yet
    folded: dict[tuple[str, str], dict] = {}
    for hlc, desk_id, entity, entity_id, payload in conn.execute(sa.text(
            "SELECT hlc, desk_id, entity, entity_id, payload FROM change_log WHERE entity <> 'events'")).all():
        fields = folded.setdefault((entity, entity_id), {})
        for k, v in json.loads(payload).items():
            if k not in fields or (hlc, desk_id) > fields[k][0]:
                fields[k] = ((hlc, desk_id), v)
    # After every stamp this desk made (no other desk's rows exist before the first sync); not the wall clock,
    # so an upgrade writes the same rows whenever it runs.
    hlc = 1 + max(conn.execute(sa.text(f"SELECT coalesce(max(hlc), 0) FROM {t}")).scalar()
                  for t in (*LWW_TABLES, "events", "change_log"))
    out = []
    for table in LWW_TABLES:
        result = conn.execute(sa.text(f"SELECT * FROM {table} ORDER BY id"))
        names = list(result.keys())
        for row in result.all():
            values = _fields(table, dict(zip(names, row, strict=True)))
            known = folded.get((table, values_id := row[names.index("id")]), {})
            diff = {k: v for k, v in values.items() if k not in known or known[k][1] != v}
            if diff:
                seqs[desk] = seqs.get(desk, 0) + 1
                out.append({"desk_id": desk, "desk_seq": seqs[desk], "hlc": hlc, "entity": table,
                            "entity_id": values_id, "op": "upsert", "payload": _canonical(diff),
                            "schema_version": SCHEMA_VERSION})
                hlc += 1
    if out:
        conn.execute(sa.text("INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, "
                             "schema_version) VALUES (:desk_id, :desk_seq, :hlc, :entity, :entity_id, :op, "
                             ":payload, :schema_version)"), out)


def downgrade() -> None:
    conn = op.get_bind()
    for name in ("sync_cursors_forward", "change_log_gap_free", "change_log_no_delete", "change_log_no_update"):
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("conflicts")
    op.drop_table("sync_quarantine")
    op.drop_table("sync_cursors")
    op.create_table("change_log_old",
                    sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
                    sa.Column("hlc", sa.BigInteger(), nullable=False),
                    sa.Column("desk_id", sa.String(length=36), nullable=False),
                    sa.Column("entity", sa.String(length=40), nullable=False),
                    sa.Column("entity_id", sa.String(length=36), nullable=False),
                    sa.Column("op", sa.String(length=10), nullable=False),
                    sa.Column("payload", sa.Text(), nullable=False),
                    sa.Column("pushed", sa.Boolean(), nullable=False),
                    sa.PrimaryKeyConstraint("id"))
    # The first row of an entity was its insert; the rest were updates (0006's spelling of op).
    conn.execute(sa.text(
        "INSERT INTO change_log_old (id, hlc, desk_id, entity, entity_id, op, payload, pushed) "
        "SELECT id, hlc, desk_id, entity, entity_id, CASE WHEN id = (SELECT min(id) FROM change_log c2 WHERE "
        "c2.entity = change_log.entity AND c2.entity_id = change_log.entity_id) THEN 'insert' ELSE 'update' END, "
        "payload, 0 FROM change_log"))
    op.drop_index("ix_change_log_entity", "change_log")
    op.drop_index("ix_change_log_hlc", "change_log")
    op.drop_table("change_log")
    op.rename_table("change_log_old", "change_log")
    op.create_index("ix_change_log_hlc", "change_log", ["hlc"])
    op.create_index("ix_change_log_pushed", "change_log", ["pushed"])
    # Plain ALTER TABLE … DROP COLUMN (SQLite ≥ 3.35): a batch copy would drop `games` under its events' keys.
    op.drop_column("games", "owner_desk_id")
    for table in SET_LIKE:
        op.drop_column(table, "deleted")
