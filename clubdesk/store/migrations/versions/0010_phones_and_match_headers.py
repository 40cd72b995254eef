"""evening: phones stored as E.164, a date of birth, a Пирамидка match's table and referee in columns of their own

The same phone typed «8 (903) 123-45-67» and «+7 903 123 45 67» was two phones, so a duplicate player went
unnoticed (issue 15 item 6): every stored phone that libphonenumber reads as a valid number (Russia when no
country code is given) becomes E.164 («+79031234567»), with the player's search key; a phone it cannot read is
kept as it was, never lost. Players get an optional date of birth (with the name it tells a namesake from the
same person) and an index on the phone (a new player is looked up by it). A Пирамидка match's table and referee
were read back by splitting its title at « · судья »: they move into `games.table_name` and `games.referee`.
Every changed row writes its log row (docs/sync.md «Desk side»). Downgrade: the columns go, phones stay E.164
(a valid phone either way).

Revision ID: 0010
Revises: 0009
"""
import json
import re

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# Frozen copies as of this revision (clubdesk.store.changelog, clubdesk.services.players, clubdesk.phones).
SCHEMA_VERSION = 10
SYNCED = ("players", "accounts", "tournaments", "tournament_entries", "stages", "rounds", "evenings", "check_ins",
          "game_tables", "seats", "games", "seating_swaps", "ban_confirmations", "bans", "events", "change_log")
_INVISIBLE = re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
_REFEREE = " · судья "


def _canonical(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _e164(text: str) -> tuple[str, str] | None:
    """(E.164, the national spelling's digits) of a valid phone, else None."""
    import phonenumbers

    try:
        number = phonenumbers.parse(text, "RU")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    national = re.sub(r"\D", "", phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL))
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164), national


def _search_key(name: str, nickname: str, e164: str, national: str) -> str:
    digits = e164[1:] if national == e164[1:] else f"{e164[1:]} {national}"
    return " ".join(x for x in (_INVISIBLE.sub("", name).casefold(), _INVISIBLE.sub("", nickname).casefold(), digits)
                    if x)


class _Log:
    """Log rows for what this migration writes, under this desk's id, after every stamp the file holds."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.desk = conn.execute(sa.text("SELECT value FROM settings WHERE key = 'desk_id'")).scalar()
        self.seq = conn.execute(sa.text("SELECT coalesce(max(desk_seq), 0) FROM change_log WHERE desk_id = :d"),
                                {"d": self.desk}).scalar()
        self.hlc = 1 + max(conn.execute(sa.text(f"SELECT coalesce(max(hlc), 0) FROM {t}")).scalar() for t in SYNCED)

    def update(self, table: str, row_id: str, fields: dict) -> None:
        """Set fields of one synced row and write its log row, stamped as one write of this desk."""
        self.seq += 1
        hlc, self.hlc = self.hlc, self.hlc + 1
        self.conn.execute(sa.text(
            "INSERT INTO change_log (desk_id, desk_seq, hlc, entity, entity_id, op, payload, schema_version) "
            "VALUES (:d, :s, :h, :e, :i, 'upsert', :p, :v)"),
            {"d": self.desk, "s": self.seq, "h": hlc, "e": table, "i": row_id, "p": _canonical(fields),
             "v": SCHEMA_VERSION})
        sets = ", ".join(f"{k} = :{k}" for k in fields)
        self.conn.execute(sa.text(f"UPDATE {table} SET {sets}, hlc = :_hlc, desk_id = :_desk WHERE id = :_id"),
                          {**fields, "_hlc": hlc, "_desk": self.desk, "_id": row_id})


def upgrade() -> None:
    op.add_column("players", sa.Column("birthday", sa.Date(), nullable=True))
    op.create_index("ix_players_phone", "players", ["phone"])
    op.add_column("games", sa.Column("table_name", sa.String(length=100), nullable=False, server_default=""))
    op.add_column("games", sa.Column("referee", sa.String(length=200), nullable=False, server_default=""))
    conn = op.get_bind()
    if conn.execute(sa.text("SELECT value FROM settings WHERE key = 'desk_id'")).scalar() is None:
        return  # a new file: nothing to rewrite
    log = _Log(conn)
    for pid, name, nickname, phone in conn.execute(sa.text(
            "SELECT id, name, nickname, phone FROM players WHERE phone <> '' ORDER BY id")).all():
        read = _e164(phone)
        if read is None or read[0] == phone:
            continue  # unreadable: kept as it was; already E.164: nothing to write
        log.update("players", pid, {"phone": read[0], "search_key": _search_key(name, nickname, *read)})
    # A Пирамидка tournament's game (a bout's, named in its log's game_started event) is titled by the tournament,
    # not by a table: only the matches MatchService titled «table · судья referee» have a table to move.
    bout_games = {json.loads(p).get("game") for (p,) in conn.execute(sa.text(
        "SELECT e.payload FROM events e JOIN games g ON g.id = e.game_id "
        "WHERE g.game = 'pyramid100_bracket' AND e.type = 'game_started'")).all()}
    for gid, title in conn.execute(sa.text(
            "SELECT id, title FROM games WHERE game = 'pyramid100' AND title <> '' ORDER BY id")).all():
        if gid in bout_games:
            continue
        table, _, referee = title.partition(_REFEREE)
        fields = {k: v for k, v in (("table_name", table.strip()[:100]), ("referee", referee.strip()[:200])) if v}
        if fields:
            log.update("games", gid, fields)


def downgrade() -> None:
    op.drop_column("games", "referee")
    op.drop_column("games", "table_name")
    op.drop_index("ix_players_phone", "players")
    op.drop_column("players", "birthday")
