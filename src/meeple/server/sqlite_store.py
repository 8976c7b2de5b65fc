"""The embedded store: one SQLite file (the default `--db meeple.sqlite`).

Durability: the file is in WAL mode with `synchronous=FULL`. With WAL, `NORMAL` already
survives a killed process (kill -9), because committed transactions sit in the WAL file
in the OS cache; but it may lose the last commits if the machine loses power. The server
promises that an action is stored before anyone is told about it, so every commit is
synced (`FULL`): one fsync of the WAL per commit, and a commit holds every action that
arrived while the previous one was being synced (see commits.py).

Several server processes (`meeple serve --processes N`) write the one file. SQLite lets one
write at a time and makes the others retry after sleeps of up to 100 ms (its busy handler), so
a shared store first takes an exclusive lock on the file `<db>-writer` (flock): a writer that
waits is woken as soon as the lock is free.
"""

import fcntl
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from meeple.server.store import INDEXES, SCHEMA, Conflict, Store, StoreError

TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""
# Columns added after the first release (a new file has them from SCHEMA): (table, column,
# definition), added to an older database file when missing, so every stored table keeps
# working. (A table stored before `finished` existed reads as unfinished until it is replayed
# once and found over.)
MIGRATIONS = (
    ("tables", "listed", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "finished", "TEXT"),
    ("tables", "closed", "TEXT"),  # why a table was closed (cleanup.py), NULL while it is served
    ("tables", "closed_at", "TEXT"),
)


class SQLiteStore(Store):
    """The event store in one SQLite file (created if missing)."""

    def __init__(self, path: str, shared: bool = False) -> None:
        self.path = path
        self.description = f"the SQLite file {path}"
        self.writer = open(f"{path}-writer", "a") if shared else None  # noqa: SIM115 (held open, closed by close)
        try:
            self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self.db.execute("PRAGMA busy_timeout=5000")  # first: other server processes may write the file now
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            for statement in SCHEMA:
                self.db.execute(statement)
            self._migrate()
            for statement in INDEXES:
                self.db.execute(statement)
            self.db.executescript(TRIGGERS)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the SQLite database {path}: {error}") from None

    def close(self) -> None:
        self.db.close()
        if self.writer is not None:
            self.writer.close()

    def _migrate(self) -> None:
        """Add the columns of MIGRATIONS that an older database file lacks."""
        for table, column, definition in MIGRATIONS:
            columns = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    def journal_mode(self) -> str:
        return str(self.db.execute("PRAGMA journal_mode").fetchone()[0])

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an exception (autocommit connection); in a
        shared store, holding the writers' lock."""
        if self.writer is not None:
            fcntl.flock(self.writer, fcntl.LOCK_EX)
        try:
            with self._written():
                yield
        finally:
            if self.writer is not None:
                fcntl.flock(self.writer, fcntl.LOCK_UN)

    @contextmanager
    def _written(self) -> Iterator[None]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except sqlite3.IntegrityError as error:
            self.db.execute("ROLLBACK")
            if "UNIQUE" in str(error) or "PRIMARY KEY" in str(error):
                raise Conflict(str(error)) from None
            raise
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _execute(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, parameters).fetchall()

    def _execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, rows)
