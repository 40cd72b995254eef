"""sync: draws, seating, swaps, placed games and confirmed bans move out of options_json into rows of their own

Two desks changing different parts of one evening or tournament wrote the same `options_json` field, and the
later write of the whole JSON won (docs/sync.md). Now: a stage's draw is `stages.draw_json` (its own row); an
evening's seating base is `evenings.seating_json` (the seed was already `evenings.seed`); each swap is a row of
`seating_swaps`; a placed Mafia game is its table row (`game_tables.evening_round`, the table number and the
game's `table_id`), and so is a round ended by hand (`game_tables.ended_by_hand_json`); each confirmed ban flag is a row of `ban_confirmations` (id from its natural key). Every
change writes its log row (docs/sync.md «Desk side»). The downgrade moves everything back.

Revision ID: 0008
Revises: 0007
"""
import json
import uuid

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# Frozen copies as of this revision (clubdesk.store.ids / changelog).
NATURAL_NAMESPACE = uuid.UUID("5b1f3a52-6c1e-4f0e-9b59-0c1d3e5a7f21")
SCHEMA_VERSION = 8
SYNCED = ("players", "accounts", "tournaments", "tournament_entries", "stages", "rounds", "evenings", "check_ins",
          "game_tables", "seats", "games", "seating_swaps", "ban_confirmations", "events", "change_log")


def _canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _natural_id(table: str, *key) -> str:
    return str(uuid.uuid5(NATURAL_NAMESPACE, "|".join([table, *(str(k) for k in key)])))


def _synced_columns() -> list[sa.Column]:
    return [sa.Column("id", sa.String(length=36), nullable=False),
            sa.Column("hlc", sa.BigInteger(), nullable=False),
            sa.Column("desk_id", sa.String(length=36), nullable=False)]


class _Log:
    """Log rows for what this migration writes, under this desk's id, after every stamp the file holds."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.desk = conn.execute(sa.text("SELECT value FROM settings WHERE key = 'desk_id'")).scalar()
        self.seq = conn.execute(sa.text("SELECT coalesce(max(desk_seq), 0) FROM change_log WHERE desk_id = :d"),
                                {"d": self.desk}).scalar()
        self.hlc = 1 + max(conn.execute(sa.text(f"SELECT coalesce(max(hlc), 0) FROM {t}")).scalar()
                           for t in SYNCED if t not in ("seating_swaps", "ban_confirmations"))

    def write(self, table: str, row_id: str, fields: dict) -> int:
        self.seq += 1
        hlc, self.hlc = self.hlc, self.hlc + 1
        self.conn.execute(sa.text(
            "INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
            "VALUES (:d, :s, :h, :e, :i, 'upsert', :p, :v)"),
            {"d": self.desk, "s": self.seq, "h": hlc, "e": table, "i": row_id, "p": _canonical(fields),
             "v": SCHEMA_VERSION})
        return hlc


def upgrade() -> None:
    conn = op.get_bind()
    op.add_column("stages", sa.Column("draw_json", sa.Text(), nullable=True))
    op.add_column("evenings", sa.Column("seating_json", sa.Text(), nullable=True))
    op.add_column("game_tables", sa.Column("evening_round", sa.Integer(), nullable=True))
    op.add_column("game_tables", sa.Column("ended_by_hand_json", sa.Text(), nullable=True))
    op.create_table("seating_swaps", sa.Column("evening_id", sa.String(length=36), nullable=False),
                    sa.Column("draw", sa.String(length=36), nullable=False),
                    sa.Column("round_no", sa.Integer(), nullable=False),
                    sa.Column("player_a", sa.String(length=36), nullable=False),
                    sa.Column("player_b", sa.String(length=36), nullable=False),
                    sa.Column("number", sa.Integer(), nullable=False),
                    *_synced_columns(),
                    sa.ForeignKeyConstraint(["evening_id"], ["evenings.id"]), sa.PrimaryKeyConstraint("id"))
    op.create_index("ix_seating_swaps_evening_id", "seating_swaps", ["evening_id"])
    op.create_table("ban_confirmations", sa.Column("evening_id", sa.String(length=36), nullable=False),
                    sa.Column("flag_key", sa.String(length=200), nullable=False),
                    sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false()),
                    *_synced_columns(),
                    sa.ForeignKeyConstraint(["evening_id"], ["evenings.id"]), sa.PrimaryKeyConstraint("id"),
                    sa.UniqueConstraint("evening_id", "flag_key"))
    if conn.execute(sa.text("SELECT value FROM settings WHERE key = 'desk_id'")).scalar() is None:
        return  # a new file: nothing to move
    log = _Log(conn)

    for tid, opts_json in conn.execute(sa.text("SELECT id, options_json FROM tournaments ORDER BY id")).all():
        opts = json.loads(opts_json or "{}")
        draws = opts.pop("draws", None)
        for game_id, note in sorted((opts.pop("ended_by_hand", None) or {}).items()):
            table_id = conn.execute(sa.text("SELECT table_id FROM games WHERE id = :g"), {"g": game_id}).scalar()
            if table_id is not None:
                _update(conn, log, "game_tables", table_id, {"ended_by_hand_json": _canonical(note)})
        for number, tables in sorted((draws if isinstance(draws, dict) else {}).items()):
            sid = conn.execute(sa.text("SELECT id FROM stages WHERE tournament_id = :t AND number = :n"),
                               {"t": tid, "n": int(number)}).scalar()
            if sid is None:
                continue
            _update(conn, log, "stages", sid, {"draw_json": _canonical(tables)})
        _set_options(conn, log, "tournaments", tid, opts)

    for eid, opts_json in conn.execute(sa.text("SELECT id, options_json FROM evenings ORDER BY id")).all():
        opts = json.loads(opts_json or "{}")
        moved = False
        seating = opts.get("seating")
        if isinstance(seating, dict):
            moved = True
            opts.pop("seating")
            draw = _natural_id("seating_draw", eid)
            seed = opts.pop("seed", None)
            base = _canonical({"players": seating.get("players", []), "rounds": seating.get("rounds", 0),
                               "draw": draw})
            _update(conn, log, "evenings", eid, {"seating_json": base, "seed": seed})
            for n, (round_no, a, b) in enumerate(seating.get("swaps", []), start=1):
                sw = {"evening_id": eid, "draw": draw, "round_no": round_no, "player_a": a, "player_b": b, "number": n}
                sid = _natural_id("seating_swaps", draw, n)
                hlc = log.write("seating_swaps", sid, sw)
                conn.execute(sa.text("INSERT INTO seating_swaps (id, hlc, desk_id, evening_id, draw, round_no, "
                                     "player_a, player_b, number) VALUES (:id, :h, :k, :evening_id, :draw, "
                                     ":round_no, :player_a, :player_b, :number)"),
                             {"id": sid, "h": hlc, "k": log.desk, **sw})
        placed = opts.get("games")
        if isinstance(placed, dict):
            moved = True
            opts.pop("games")
            for gid, (round_no, _table_no) in sorted(placed.items()):
                table_id = conn.execute(sa.text("SELECT table_id FROM games WHERE id = :g"), {"g": gid}).scalar()
                if table_id is None:
                    continue
                _update(conn, log, "game_tables", table_id, {"evening_round": round_no})
        confirmed = opts.pop("bans_confirmed", None)
        if isinstance(confirmed, list):
            moved = True
            for key in confirmed:
                bid = _natural_id("ban_confirmations", eid, key)
                row = {"evening_id": eid, "flag_key": key, "deleted": False}
                hlc = log.write("ban_confirmations", bid, row)
                conn.execute(sa.text("INSERT INTO ban_confirmations (id, hlc, desk_id, evening_id, flag_key, deleted) "
                                     "VALUES (:id, :h, :k, :e, :f, 0)"),
                             {"id": bid, "h": hlc, "k": log.desk, "e": eid, "f": key})
        if moved:
            _set_options(conn, log, "evenings", eid, opts)


def _set_options(conn, log: _Log, table: str, row_id: str, opts: dict) -> None:
    new = _canonical(opts)
    if conn.execute(sa.text(f"SELECT options_json FROM {table} WHERE id = :i"), {"i": row_id}).scalar() != new:
        _update(conn, log, table, row_id, {"options_json": new})


def _update(conn, log: _Log, table: str, row_id: str, fields: dict) -> None:
    """Set fields of one synced row and write its log row, stamped as one write of this desk."""
    hlc = log.write(table, row_id, fields)
    sets = ", ".join(f"{k} = :{k}" for k in fields)
    conn.execute(sa.text(f"UPDATE {table} SET {sets}, hlc = :_hlc, desk_id = :_desk WHERE id = :_id"),
                 {**fields, "_hlc": hlc, "_desk": log.desk, "_id": row_id})


def downgrade() -> None:
    conn = op.get_bind()
    draws: dict[str, dict] = {}
    for tid, number, draw in conn.execute(sa.text(
            "SELECT tournament_id, number, draw_json FROM stages WHERE draw_json IS NOT NULL")).all():
        draws.setdefault(tid, {})[str(number)] = json.loads(draw)
    for tid, by_stage in draws.items():
        _merge_options(conn, "tournaments", tid, {"draws": by_stage})
    ended: dict[str, dict] = {}
    for tid, game_id, note in conn.execute(sa.text(
            "SELECT s.tournament_id, g.id, t.ended_by_hand_json FROM game_tables t JOIN games g ON g.table_id = t.id "
            "JOIN rounds r ON r.id = t.round_id JOIN stages s ON s.id = r.stage_id "
            "WHERE t.ended_by_hand_json IS NOT NULL")).all():
        ended.setdefault(tid, {})[game_id] = json.loads(note)
    for tid, notes in ended.items():
        _merge_options(conn, "tournaments", tid, {"ended_by_hand": notes})
    for eid, seating, seed in conn.execute(sa.text(
            "SELECT id, seating_json, seed FROM evenings WHERE seating_json IS NOT NULL")).all():
        base = json.loads(seating)
        swaps = [[r, a, b] for r, a, b in conn.execute(sa.text(
            "SELECT round_no, player_a, player_b FROM seating_swaps WHERE draw = :d "
            "ORDER BY number, hlc, desk_id, id"), {"d": base.pop("draw", "")}).all()]
        _merge_options(conn, "evenings", eid, {"seating": {**base, "swaps": swaps}, "seed": seed})
    placed: dict[str, dict] = {}
    for eid, gid, round_no, table_no in conn.execute(sa.text(
            "SELECT t.evening_id, g.id, t.evening_round, t.number FROM game_tables t JOIN games g "
            "ON g.table_id = t.id WHERE t.evening_id IS NOT NULL AND t.evening_round IS NOT NULL")).all():
        placed.setdefault(eid, {})[gid] = [round_no, table_no]
    for eid, games in placed.items():
        _merge_options(conn, "evenings", eid, {"games": games})
    confirmed: dict[str, list] = {}
    for eid, key in conn.execute(sa.text(
            "SELECT evening_id, flag_key FROM ban_confirmations WHERE deleted = 0 ORDER BY hlc, id")).all():
        confirmed.setdefault(eid, []).append(key)
    for eid, keys in confirmed.items():
        _merge_options(conn, "evenings", eid, {"bans_confirmed": keys})
    op.drop_table("ban_confirmations")
    op.drop_index("ix_seating_swaps_evening_id", "seating_swaps")
    op.drop_table("seating_swaps")
    op.drop_column("game_tables", "ended_by_hand_json")
    op.drop_column("game_tables", "evening_round")
    op.drop_column("evenings", "seating_json")
    op.drop_column("stages", "draw_json")


def _merge_options(conn, table: str, row_id: str, parts: dict) -> None:
    opts = json.loads(conn.execute(sa.text(f"SELECT options_json FROM {table} WHERE id = :i"),
                                   {"i": row_id}).scalar() or "{}")
    opts.update(parts)
    conn.execute(sa.text(f"UPDATE {table} SET options_json = :o WHERE id = :i"), {"o": _canonical(opts), "i": row_id})
