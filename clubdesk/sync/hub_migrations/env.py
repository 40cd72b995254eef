"""Alembic environment of the hub: PostgreSQL, the hub's own schema and version table.

Runs on the connection `clubdesk.sync.hub.init_hub` hands over, whose search_path is the hub schema, so the
scripts use plain table names and one server can hold several hubs (tests use one schema each).
"""

from alembic import context

config = context.config
connection = config.attributes["connection"]
schema = config.attributes["schema"]

context.configure(connection=connection, version_table="clubdesk_hub_version", version_table_schema=schema)
with context.begin_transaction():
    context.run_migrations()
