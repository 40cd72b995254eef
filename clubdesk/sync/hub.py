"""The hub: where it is, connecting to it, creating its schema (`init-hub`) and a desk's role (`add-desk`)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from clubdesk.sync.errors import SyncError, from_psycopg, hub_errors

if TYPE_CHECKING:
    from clubdesk.sync.deadline import HubConnection

DEFAULT_SCHEMA = "clubdesk"
SSLMODES = ("disable", "prefer", "require", "verify-ca", "verify-full")
_NAME = re.compile(r"^[a-z0-9_]{1,40}$")
CONNECT_TIMEOUT_S = 5  # an unreachable hub must cost the background sync seconds, not minutes
# A link that dies without a FIN or RST: the kernel probes a connection idle for 5 s every 2 s and drops it after 3
# unanswered probes, and drops one whose sent bytes go unacknowledged for 10 s (Linux; libpq ignores it elsewhere),
# instead of the system's two hours. A peer that acknowledges and never answers is the desk's own deadline's
# (sync/deadline.py). Every hub connection, the administrator's too: a hung init-hub is no better.
KEEPALIVE = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3,
             "tcp_user_timeout": 10_000}

# What the hub allows one desk login, so that no desk can hold the others up (docs/sync.md «Limits of a desk
# login»): a desk whose process hangs inside a push would otherwise keep the club's ingestion lock, held to
# commit, for ever. A 10 000-row push batch is 3.5 MB of COPY text and took 0.09–0.11 s on the hub itself:
# statement_timeout leaves it 60 s (a link of 0.5 Mbit/s); an honest desk is idle inside a transaction for
# milliseconds between its statements; lock_timeout bounds the wait of a desk of any version for any lock (this
# one's push bounds its own, protocol.INGEST_LOCK_WAIT_S, the same); a sync connection lives one sync, idle only
# while the desk applies a pulled page (under a second), and idle_session_timeout frees the slot of a desk that
# vanished (PostgreSQL 14 and newer: older servers skip a setting they do not know). Set on the role by add_desk
# (again at each re-key) and, for desk logins made before, by hub migration h003. A login may SET them off for
# its own session: break_ingest_lock (h003) judges the lock's holder by what it does.
DESK_LIMITS = (("statement_timeout", "60s"), ("lock_timeout", "30s"),
               ("idle_in_transaction_session_timeout", "10s"), ("idle_session_timeout", "10min"))


def desk_limits_sql(roles: str) -> str:
    """A DO block that sets DESK_LIMITS (those the server knows) on every role the query `roles` returns."""
    limits = ", ".join(f"('{name}', '{value}')" for name, value in DESK_LIMITS)
    return f"""
DO $$
DECLARE v_role text; v_name text; v_value text;
BEGIN
    FOR v_role IN {roles} LOOP
        FOR v_name, v_value IN SELECT l.name, l.value FROM (VALUES {limits}) l (name, value)
                               JOIN pg_settings s ON s.name = l.name LOOP
            EXECUTE format('ALTER ROLE %I SET %I = %L', v_role, v_name, v_value);
        END LOOP;
    END LOOP;
END $$"""


@dataclass(frozen=True)
class HubAddress:
    """Where a hub is: a libpq URL without a password, the hub's schema and the TLS mode.

    The password never lives here (nor in the SQLite file or QSettings): `credentials.load_password` finds it.
    """

    url: str
    schema: str = DEFAULT_SCHEMA
    sslmode: str = "prefer"

    def __post_init__(self) -> None:
        if not _NAME.match(self.schema):
            raise SyncError(f"Имя схемы сервера «{self.schema}»: только латинские строчные буквы, цифры и _.",
                            f"Hub schema name “{self.schema}”: lowercase Latin letters, digits and _ only.",
                            code="bad_input")
        if self.sslmode not in SSLMODES:
            raise SyncError(f"sslmode «{self.sslmode}»: одно из {', '.join(SSLMODES)}.",
                            f"sslmode “{self.sslmode}”: one of {', '.join(SSLMODES)}.", code="bad_input")

    @classmethod
    def parse(cls, url: str, schema: str = DEFAULT_SCHEMA, sslmode: str | None = None) -> HubAddress:
        """From a URL as typed; a password in it is dropped (it belongs in the keyring), `sslmode=` in it kept."""
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        try:
            params = conninfo_to_dict(url)
        except Exception as exc:  # psycopg.ProgrammingError: a malformed URL is the user's input
            raise SyncError(f"Адрес сервера «{url}» не понят: {exc}", f"Hub address “{url}” not understood: {exc}",
                            code="bad_input") from exc
        params.pop("password", None)
        mode = sslmode or params.pop("sslmode", None) or "prefer"
        params.pop("sslmode", None)
        return cls(make_conninfo(**params), schema, mode)

    @property
    def where(self) -> str:
        from psycopg.conninfo import conninfo_to_dict

        p = conninfo_to_dict(self.url)
        return f"{p.get('host', 'localhost')}:{p.get('port', 5432)}/{p.get('dbname', '')}"

    def with_user(self, user: str) -> HubAddress:
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        return replace(self, url=make_conninfo(**{**conninfo_to_dict(self.url), "user": user}))

    def connect(self, password: str | None = None, *, autocommit: bool = False) -> HubConnection:
        """A connection whose search_path is the hub schema; errors become one SyncError line. Its waits have no
        deadline of their own until `set_deadlines` (the sync's: sync/deadline.py)."""
        import psycopg

        from clubdesk.sync.deadline import HubConnection

        kwargs = {"sslmode": self.sslmode, "connect_timeout": CONNECT_TIMEOUT_S,
                  "options": f"-c search_path={self.schema}", "application_name": "clubdesk-sync", **KEEPALIVE}
        if password is not None:
            kwargs["password"] = password
        try:
            return HubConnection.connect(self.url, autocommit=autocommit, **kwargs)
        except psycopg.Error as exc:
            raise from_psycopg(exc, self.where) from exc


def role_name(desk_name: str) -> str:
    return f"clubdesk_{desk_name}"


def check_desk_name(name: str) -> str:
    if not _NAME.match(name):
        raise SyncError(f"Имя стойки «{name}»: 1–40 латинских строчных букв, цифр и _ (например bar_1).",
                        f"Desk name “{name}”: 1–40 lowercase Latin letters, digits and _ (e.g. bar_1).",
                        code="bad_input")
    return name


def init_hub(address: HubAddress, club_name: str = "") -> str:
    """Create or upgrade the hub schema and its club, idempotently; returns the club id.

    Runs as the administrator the URL names (a role that may create schemas; its password comes from libpq's
    usual places, PGPASSWORD or ~/.pgpass, never from ClubDesk). A second run, or two at once,
    changes nothing: the schema is created IF NOT EXISTS, Alembic upgrades only what is missing under a
    transaction-level advisory lock, and the club row is made once.
    """
    import uuid

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    sa_url = "postgresql+psycopg://"
    engine = create_engine(sa_url, creator=lambda: address.connect())
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('clubdesk-init-hub'))"))
            conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{address.schema}"'))
            conn.execute(text(f'SET LOCAL search_path TO "{address.schema}"'))
            cfg = Config()
            cfg.set_main_option("script_location", "clubdesk.sync:hub_migrations")
            cfg.attributes.update(connection=conn, schema=address.schema)
            command.upgrade(cfg, "head")
            club = conn.execute(text("SELECT club_id FROM clubs ORDER BY created_at LIMIT 1")).scalar()
            if club is None:
                club = str(uuid.uuid4())
                conn.execute(text("INSERT INTO clubs (club_id, name) VALUES (:c, :n)"), {"c": club, "n": club_name})
            return club
    except SyncError:
        raise
    except Exception as exc:  # SQLAlchemy wraps the driver's error; a psycopg one is the hub's, one line
        import psycopg

        cause = getattr(exc, "orig", exc)
        if isinstance(cause, psycopg.Error):
            raise from_psycopg(cause, address.where) from exc
        raise
    finally:
        engine.dispose()


def shared_logins(address: HubAddress) -> list[tuple[str, str]]:
    """(login, other hub schema) for each desk login of this hub that may also use another hub schema of the same
    database: a desk name given to two clubs before add_desk refused that (h004) is one login for both, and it reads
    both clubs' rows. The administrator gives one of the clubs a desk of another name and drops the old grants."""
    with address.connect() as conn, hub_errors(address.where):
        return [tuple(r) for r in conn.execute(
            "SELECT r.role_name, n.nspname FROM desk_roles r JOIN pg_roles p ON p.rolname = r.role_name, "
            "pg_namespace n WHERE n.nspname <> current_schema() AND EXISTS (SELECT 1 FROM pg_class c "
            "WHERE c.relnamespace = n.oid AND c.relname = 'clubdesk_hub_version') "
            "AND has_schema_privilege(p.oid, n.oid, 'USAGE') AND NOT p.rolsuper ORDER BY 1, 2")]


def add_desk(address: HubAddress, desk_name: str, staff: bool | None = None) -> tuple[str, str]:
    """Make (or re-key) the PostgreSQL login of desk `desk_name`; returns (role, new password).

    The role may read hub log rows and append them under the desk ids it registered with hello() (a trigger
    checks, h002), read the hub's desks and meta, call hello() and break_ingest_lock() (h003); nothing else on
    the server, and nothing at all in another club's hub schema (h004). Running it again for the same name gives
    the desk a new password (and its login back after `disable_desk`). Logins are the server's, not the schema's:
    a name whose login exists but is not a desk of this hub (another club's desk) is refused, never re-keyed.
    Re-keying ends the sessions opened with the old password, as `disable_desk` does.

    `staff`: whether the desk may write staff accounts (logins, password hashes, roles: hub migration h005): the
    front desk, not a hall PC. None: a new desk may not, a re-keyed one keeps what it had.
    """
    from psycopg import sql

    check_desk_name(desk_name)
    role = role_name(desk_name)
    password = secrets.token_urlsafe(24)
    with address.connect() as conn:
        with hub_errors(address.where):
            club = conn.execute("SELECT club_id FROM clubs ORDER BY created_at LIMIT 1").fetchone()
        if club is None:
            raise SyncError("На сервере нет клуба: сначала clubdesk sync init-hub.",
                            "The hub has no club: run clubdesk sync init-hub first.", code="no_hub")
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('clubdesk-init-hub'))")
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if exists and not conn.execute("SELECT 1 FROM desk_roles WHERE role_name = %s", (role,)).fetchone():
            raise login_taken(address, desk_name, role)
        ident = sql.Identifier(role)
        verb = sql.SQL("ALTER ROLE") if exists else sql.SQL("CREATE ROLE")
        conn.execute(sql.SQL("{} {} LOGIN PASSWORD {}").format(verb, ident, sql.Literal(password)))
        conn.execute(desk_limits_sql(sql.SQL("SELECT {}").format(sql.Literal(role)).as_string(conn)))
        schema = sql.Identifier(address.schema)
        for stmt in ("GRANT USAGE ON SCHEMA {schema} TO {role}",
                     # INSERT of the columns a desk sends only: server_seq and received_at are the hub's (h002)
                     "GRANT SELECT, INSERT (club_id, desk_id, desk_seq, hlc, schema_version, entity, entity_id, op, "
                     "payload) ON {schema}.log_rows TO {role}",
                     "GRANT SELECT ON {schema}.hub_meta, {schema}.clubs, {schema}.desks, {schema}.desk_roles TO {role}",
                     "GRANT EXECUTE ON FUNCTION {schema}.hello(int, text, text, int, bigint) TO {role}",
                     "GRANT EXECUTE ON FUNCTION {schema}.break_ingest_lock(text) TO {role}"):
            conn.execute(sql.SQL(stmt).format(schema=schema, role=ident))
        breaker = conn.execute("SELECT value FROM hub_meta WHERE key = 'ingest_breaker'").fetchone()
        if breaker:  # the hub's lock breaker may see and end this desk's sessions (h004)
            conn.execute(sql.SQL("GRANT {} TO {}").format(ident, sql.Identifier(breaker[0])))
        conn.execute("INSERT INTO desk_roles (club_id, name, role_name, staff) VALUES (%s, %s, %s, coalesce(%s, false)) "
                     "ON CONFLICT (club_id, name) DO UPDATE SET staff = coalesce(%s, desk_roles.staff)",
                     (club[0], desk_name, role, staff, staff))
        if exists:
            # A new password is given because the old one may be known to someone it should not be: the sessions
            # opened with it end too (from here on no session can open with it: committed first)
            conn.commit()
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s "
                         "AND pid <> pg_backend_pid()", (role,))
    return role, password


def login_taken(address: HubAddress, desk_name: str, role: str) -> SyncError:
    return SyncError(f"Вход {role} уже есть на сервере {address.where}, но это не стойка клуба схемы "
                     f"{address.schema} (стойка другого клуба?). Имена стоек общие для всего сервера: выберите другое, "
                     f"например с именем клуба ({address.schema}_{desk_name}).",
                     f"The login {role} already exists on {address.where} but is not a desk of the club of schema "
                     f"{address.schema} (another club's desk?). Desk names are shared by the whole server: choose "
                     f"another, e.g. with the club's name ({address.schema}_{desk_name}).", code="login_taken")


def disable_desk(address: HubAddress, desk_name: str) -> int:
    """Take desk `desk_name`'s login away (NOLOGIN) and end its sessions, holding the club's ingestion lock or not;
    returns how many were ended. The administrator's answer to a login that keeps blocking the others' pushes
    (docs/sync.md «Limits of a desk login»); `add_desk` with the same name gives it back with a new password."""
    from psycopg import sql

    check_desk_name(desk_name)
    role = role_name(desk_name)
    with address.connect() as conn, hub_errors(address.where):
        if not conn.execute("SELECT 1 FROM desk_roles WHERE role_name = %s", (role,)).fetchone():
            raise SyncError(f"У клуба схемы {address.schema} нет стойки {desk_name}.",
                            f"The club of schema {address.schema} has no desk {desk_name}.", code="bad_input")
        conn.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(role)))
        conn.commit()  # no new session from here on; then the ones open now
        ended = conn.execute("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                             "WHERE usename = %s", (role,)).fetchone()[0]
    return ended
