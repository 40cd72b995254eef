"""The migrations produce exactly the schema the models describe."""

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from clubdesk.store.models import Base


def test_migrated_schema_matches_the_models_server_defaults_included(store):
    """Server defaults too: they are what a migration gives the rows that were there before it."""
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_server_default": True}),
                                Base.metadata)
    assert diff == []


def test_a_games_events_are_read_by_the_game_id_seq_key_and_no_other_index_is_written(store):
    import sqlite3

    con = sqlite3.connect(store.path)
    try:
        plan = " ".join(row[-1] for row in con.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM events WHERE game_id = ? ORDER BY seq", ("g",)))
        indexes = {row[1] for row in con.execute("PRAGMA index_list('events')")}
    finally:
        con.close()
    assert "USING INDEX sqlite_autoindex_events" in plan and "TEMP B-TREE" not in plan
    assert all(name.startswith("sqlite_autoindex_events") for name in indexes)  # the id and (game_id, seq) keys
