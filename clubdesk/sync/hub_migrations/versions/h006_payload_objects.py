"""The hub refuses a log row whose payload a desk could not apply: not JSON, not a JSON object, an event without its
game or its seq.

Revision ID: h006
Revises: h004
Create Date: 2026-12-06

A desk applies every row it pulls; before this revision one row a desk cannot read (a login of the club inserting
`'not json'` under a desk id of its own, or a bug of one desk's version) stopped every desk's pull at that row for
good. The desks now keep such a row aside (sync/quarantine.py, docs/sync.md «Rows a desk cannot apply»), and the hub
no longer takes it: a CHECK on `log_rows`, so PostgreSQL itself refuses it whoever sends it (a desk login, the
administrator), in the same statement as the push's COPY (a non-JSON payload fails the cast, SQLSTATE 22P02; a JSON
value that is not an object, or an event without a string `game_id` and a number `seq`, fails the check, 23514).
`json`, not `jsonb`: the text is only validated, not converted. NOT VALID: rows already on the hub are not checked
(the desks keep the bad ones aside), and the migration does not read the whole table.
"""
from alembic import op

revision = "h006"
down_revision = "h005"
branch_labels = None
depends_on = None

# coalesce: a key the object does not hold gives NULL, and a CHECK that is NULL passes. An event's game_id being text
# already says its payload is an object (-> on anything else is NULL), so an event is parsed twice, any other row
# once (each `payload::json` parses the text again). Measured (100 000 rows COPY'd on the hub's machine, the least of
# eight alternated runs of events, load 7–9): bare 0.59 s; each parsed once (not checking game_id, seq) 0.79 s; this
# 0.90 s; one jsonb conversion in a PL/pgSQL function 1.07 s; a jsonpath on jsonb 0.97 s.
CHECK = ("CASE WHEN entity = 'events' THEN coalesce(json_typeof(payload::json -> 'game_id') = 'string' "
         "AND json_typeof(payload::json -> 'seq') = 'number', false) ELSE json_typeof(payload::json) = 'object' END")


def upgrade() -> None:
    # dropped first: running it again on a hub whose version row was set back leaves one constraint, as h003 does
    op.execute("ALTER TABLE log_rows DROP CONSTRAINT IF EXISTS log_rows_payload_object")
    op.execute(f"ALTER TABLE log_rows ADD CONSTRAINT log_rows_payload_object CHECK ({CHECK}) NOT VALID")


def downgrade() -> None:
    op.execute("ALTER TABLE log_rows DROP CONSTRAINT IF EXISTS log_rows_payload_object")
