"""Schema versions: what the file is at, what the code wants, and the upgrade itself.

Alembic is imported only when a migration or a revision list is really needed: a start on a file
that is already at HEAD does not pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy.engine import Connection

# The newest revision in versions/; tests/store/test_db.py checks it against the scripts.
HEAD = "0006"


def alembic_config() -> Config:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", "clubdesk.store:migrations")
    return cfg


def _scripts():
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    return _scripts().get_current_head()


def known_revisions() -> set[str]:
    return {s.revision for s in _scripts().walk_revisions()}


def revisions_oldest_first() -> list[str]:
    return list(reversed([s.revision for s in _scripts().walk_revisions()]))


def current_revision(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def upgrade(conn: Connection, target: str = "head") -> None:
    from alembic import command

    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, target)
