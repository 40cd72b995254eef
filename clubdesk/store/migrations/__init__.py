"""Alembic migrations of the local store (shipped inside the package)."""
