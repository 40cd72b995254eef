"""The local store: SQLAlchemy models on SQLite, Alembic migrations, the unit of work."""
