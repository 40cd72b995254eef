"""Offline sync between desks through a PostgreSQL hub, the one layer that reads the change log the store records:
the hub's schema and protocol, the runner, and on the desk the cursors, the push's COPY text, the apply and merge,
and the administrator's decisions as every desk replays them (docs/sync.md «Module map»)."""
