"""The event store on PostgreSQL (`--db postgresql://user@host:port/name`), through psycopg 3.

The same tables as the SQLite store, so several server processes can share one database.
Each commit is synchronous (PostgreSQL's default `synchronous_commit=on`: the WAL is flushed
before COMMIT returns), so an acknowledged action is durable. Two servers that both hold a
table cannot both extend it: the primary key (table_id, seq) refuses the second writer's
action (Conflict); that server then reloads the table from the log and refuses the move
(see TableManager._commit). The schema is created under an advisory lock, so servers that
start together do not race to create it.
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import psycopg

from meeple.server.store import INDEXES, SCHEMA, Conflict, Store, StoreError

SCHEMA_LOCK = 0x6D65_6570_6C65  # pg_advisory_xact_lock key: "meeple"
TRIGGERS = (
    """CREATE OR REPLACE FUNCTION meeple_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'events are append-only'; END $$""",
    """CREATE OR REPLACE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
       FOR EACH ROW EXECUTE FUNCTION meeple_events_append_only()""",
)


def without_password(url: str) -> str:
    """The URL to show in logs: user, host, port and database, never a password."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


class PostgresStore(Store):
    """The event store in a PostgreSQL database (the tables are created if missing)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.description = f"the PostgreSQL database {without_password(url)}"
        try:
            self.db = psycopg.connect(url, autocommit=True)
            with self.db.transaction():
                self.db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in (*SCHEMA, *INDEXES, *TRIGGERS):
                    self.db.execute(statement)
        except psycopg.Error as error:
            raise StoreError(f"cannot open {self.description}: {error}") from None

    def close(self) -> None:
        self.db.close()

    def _connected(self) -> psycopg.Connection[Any]:
        """The connection, made again if the last one broke (the database restarted, the
        network failed): the call that found it broken failed, the next one reconnects."""
        if self.db.broken or self.db.closed:
            self.db = psycopg.connect(self.url, autocommit=True)
        return self.db

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        try:
            with self._connected().transaction():
                yield
        except psycopg.errors.UniqueViolation as error:
            raise Conflict(str(error).strip()) from None
        except psycopg.OperationalError as error:
            raise StoreError(f"{self.description} failed: {error}") from None

    def _execute(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            cursor = self._connected().execute(sql.replace("?", "%s"), parameters)
            return cursor.fetchall() if cursor.description is not None else []
        except psycopg.OperationalError as error:
            raise StoreError(f"{self.description} failed: {error}") from None

    def _execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._connected().cursor() as cursor:
            cursor.executemany(sql.replace("?", "%s"), rows)
