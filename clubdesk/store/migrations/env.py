"""Alembic environment: runs on the connection the app hands over (never opens its own)."""

from alembic import context

from clubdesk.store.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only `alembic revision` from a shell lands here
    from sqlalchemy import create_engine

    connection = create_engine(config.get_main_option("sqlalchemy.url")).connect()

# render_as_batch: SQLite cannot ALTER most things, batch mode rebuilds the table instead.
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
