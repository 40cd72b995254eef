"""Offline sync between desks through a PostgreSQL hub: the hub's schema, the protocol, the runner."""
