"""The local store: SQLAlchemy models on SQLite, Alembic migrations, the unit of work that records every write in
the change log, and the games' derived status and projections. Reading and applying the log is the sync's."""
