"""The store's schema version: the newest revision in migrations/versions/ (tests/store/test_db.py checks it).

Apart from migrate.py, so the change-log rows (changelog.py) can name it without the upgrade, which replays the
games' cached states (projections.py) through the unit of work that writes those very rows.
"""

HEAD = "0013"
