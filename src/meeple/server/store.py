"""The server's database: every table as an append-only event log, behind one small interface.

A table is its setup (game, rules version, player count, seed, options, who sits in each
seat) plus the actions accepted so far, in order. Nothing else is stored: a table's state
is rebuilt by replaying its events, so the log is the single source of truth. A table whose
game has ended is marked finished (in the transaction that stores its last action), so a
restarting server need not replay it: finished tables are read only when someone asks.

Two stores implement `Store`: `SQLiteStore` (sqlite_store.py, one file, the embedded
default) and `PostgresStore` (postgres_store.py, for several servers behind one database);
`open_store` picks one from the `--db` argument. Both keep the same four tables (`tables`,
`seat_tokens`, `events`), and both refuse a second action with the same (table, seq): two
writers can never both extend the same state (`Conflict`).

An action is acknowledged only once `append_events` has returned: it is then durable (an
fsync in SQLite, a synchronous commit in PostgreSQL). `append_events` stores any number of
actions of different tables in one transaction, so the server can group the actions that
arrive while one commit is under way into the next (group commit, commits.py).

Seat tokens are never stored: only their SHA-256, compared in constant time.
"""

import hashlib
import hmac
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

import msgspec

HOT_SEAT = -1  # the seat number of a hot-seat token: it speaks for every human seat
POSTGRES_SCHEMES = ("postgresql://", "postgres://")

TABLE_COLUMNS = (
    "id, game, version, players, seed, options, seats, hot_seat, created, listed, finished, closed, closed_at"
)
# The tables of both stores (SQL both SQLite and PostgreSQL read alike); each store adds its
# own triggers that keep `events` append-only.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        version TEXT NOT NULL,
        players INTEGER NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        hot_seat INTEGER NOT NULL,
        created TEXT NOT NULL,
        listed INTEGER NOT NULL DEFAULT 0,
        finished TEXT,
        closed TEXT,
        closed_at TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS seat_tokens (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        token_sha256 TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS events (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action_id TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    )""",
)
INDEXES = ("CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (finished, created)",)


class TableRow(msgspec.Struct):
    """One table's setup as stored; `seats` holds "human" or an agent spec per seat; a
    `listed` table is shown in the lobby's open tables, where anyone may take a free seat;
    `finished` is when its game ended (None while it goes on); a `closed` one ("archived" or
    "abandoned", at `closed_at`, see cleanup.py) is no longer served, its record kept."""

    id: str
    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    hot_seat: bool
    created: str
    listed: bool = False
    finished: str | None = None
    closed: str | None = None
    closed_at: str | None = None


class Event(msgspec.Struct, frozen=True):
    """Action number `seq` (0-based) of a table; `ends` when it ends the game (the table is
    then marked finished in the same transaction)."""

    table_id: str
    seq: int
    seat: int
    action_id: str
    ends: bool = False


class StoreError(Exception):
    """The database cannot be opened or used (a bad path or URL, a server that does not answer)."""


class Conflict(StoreError):
    """An action number of a table is taken already: another writer (a second server on the
    same database) extended this table first. Nothing of the refused transaction is stored."""


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, as stored."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Whether `token` hashes to `stored_hash`, compared in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def utc_now() -> datetime:
    return datetime.now(UTC)


def now() -> str:
    return utc_now().isoformat(timespec="milliseconds")


class Store(ABC):
    """The event store. Not thread-safe: the server calls it from one thread (its database
    thread). The SQL is shared; a subclass supplies the connection, the schema, transactions
    and the parameter style (`?` in the queries below, rewritten by `_sql`)."""

    description = ""  # what to print when the server starts: a file or a database (no password)

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[None]:
        """BEGIN ... COMMIT, or ROLLBACK on an exception; a unique violation raises Conflict."""

    @abstractmethod
    def _execute(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (with `?` placeholders) and return its rows (none for a write)."""

    @abstractmethod
    def _execute_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    # --- writing ---------------------------------------------------------------------------

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seat tokens, in one transaction."""
        with self._transaction():
            self._execute(
                f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    row.version,
                    row.players,
                    row.seed,
                    json.dumps(row.options, sort_keys=True),
                    json.dumps(row.seats),
                    int(row.hot_seat),
                    row.created,
                    int(row.listed),
                    row.finished,
                    row.closed,
                    row.closed_at,
                ),
            )
            self._execute_many(
                "INSERT INTO seat_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)",
                [(row.id, seat, digest) for seat, digest in token_hashes.items()],
            )

    def add_seat_token(self, table_id: str, seat: int, digest: str) -> None:
        """Store the token hash of a seat taken from the open tables; the primary key refuses a
        seat that already has one (Conflict), so two people can never take the same seat."""
        with self._transaction():
            self._execute(
                "INSERT INTO seat_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)", (table_id, seat, digest)
            )

    def append_events(self, events: Sequence[Event]) -> None:
        """Append actions (of any tables) and commit them together: all are stored or none.
        Conflict if one's (table, seq) is taken: the primary key refuses a second action with
        the same number, so two writers can never both extend the same state."""
        at = now()
        with self._transaction():
            self._execute_many(
                "INSERT INTO events (table_id, seq, seat, action_id, at) VALUES (?, ?, ?, ?, ?)",
                [(e.table_id, e.seq, e.seat, e.action_id, at) for e in events],
            )
            ended = [(at, e.table_id) for e in events if e.ends]
            if ended:
                self._execute_many("UPDATE tables SET finished = ? WHERE id = ?", ended)

    def append_event(self, table_id: str, seq: int, seat: int, action_id: str) -> None:
        """Append one action and commit (see append_events)."""
        self.append_events([Event(table_id, seq, seat, action_id)])

    def mark_finished(self, table_id: str) -> None:
        """Mark a table whose game is over as finished (a table stored before tables were
        marked, found over when it was replayed)."""
        with self._transaction():
            self._execute("UPDATE tables SET finished = ? WHERE id = ? AND finished IS NULL", (now(), table_id))

    def close_table(self, table_id: str, why: str, at: str) -> None:
        """Mark a table closed (`why`: archived or abandoned) from `at` on; its events stay."""
        with self._transaction():
            self._execute("UPDATE tables SET closed = ?, closed_at = ? WHERE id = ?", (why, at, table_id))

    # --- reading ---------------------------------------------------------------------------

    def table(self, table_id: str) -> TableRow | None:
        """One stored table's setup, None if there is none."""
        rows = self._execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,))
        found = [_row(r) for r in rows]
        return found[0] if found else None

    def tables(self, finished: bool | None = None) -> list[TableRow]:
        """Stored tables, oldest first: every one, or only the finished (True) or unfinished (False)
        ones that are not closed (cleanup.py)."""
        where = "" if finished is None else f" WHERE finished IS {'NOT ' if finished else ''}NULL AND closed IS NULL"
        rows = self._execute(f"SELECT {TABLE_COLUMNS} FROM tables{where} ORDER BY created, id")
        return [_row(r) for r in rows]

    def unfinished(self, table_ids: Sequence[str]) -> set[str]:
        """Those of `table_ids` whose game goes on: neither finished nor closed."""
        if not table_ids:
            return set()
        marks = ", ".join("?" * len(table_ids))
        rows = self._execute(
            f"SELECT id FROM tables WHERE finished IS NULL AND closed IS NULL AND id IN ({marks})", table_ids
        )
        return {table_id for (table_id,) in rows}

    def listed_unfinished(self) -> list[tuple[TableRow, list[int], int]]:
        """Every listed table whose game goes on (neither finished nor closed), with the seats
        taken (those that have a token) and its number of actions, oldest first."""
        where = "listed = 1 AND finished IS NULL AND closed IS NULL"
        rows = self._execute(
            f"SELECT {TABLE_COLUMNS}, (SELECT COUNT(*) FROM events WHERE table_id = tables.id) FROM tables "
            f"WHERE {where} ORDER BY created, id"
        )
        taken: dict[str, list[int]] = {}
        for table_id, seat in self._execute(
            f"SELECT table_id, seat FROM seat_tokens WHERE table_id IN (SELECT id FROM tables WHERE {where})"
        ):
            taken.setdefault(table_id, []).append(seat)
        return [(_row(r), taken.get(r[0], []), int(r[-1])) for r in rows]

    def token_hashes(self, table_id: str) -> dict[int, str]:
        rows = self._execute("SELECT seat, token_sha256 FROM seat_tokens WHERE table_id = ?", (table_id,))
        return {seat: digest for seat, digest in rows}

    def finished_before(self, at: str) -> list[str]:
        """The ids of the tables whose game ended before `at` (ISO time) and that are not closed."""
        rows = self._execute("SELECT id FROM tables WHERE finished < ? AND closed IS NULL ORDER BY finished", (at,))
        return [table_id for (table_id,) in rows]

    def last_moves(self, table_id: str) -> dict[int, str]:
        """When each seat of a table last acted (ISO time), for the seats that have."""
        rows = self._execute("SELECT seat, MAX(at) FROM events WHERE table_id = ? GROUP BY seat", (table_id,))
        return {seat: at for seat, at in rows}

    def events(self, table_id: str) -> list[tuple[int, int, str]]:
        """(seq, seat, action id) of every action of a table, in order."""
        rows = self._execute("SELECT seq, seat, action_id FROM events WHERE table_id = ? ORDER BY seq", (table_id,))
        return [(seq, seat, action_id) for seq, seat, action_id in rows]


def _row(r: Sequence[Any]) -> TableRow:
    return TableRow(
        id=r[0],
        game=r[1],
        version=r[2],
        players=r[3],
        seed=r[4],
        options=json.loads(r[5]),
        seats=json.loads(r[6]),
        hot_seat=bool(r[7]),
        created=r[8],
        listed=bool(r[9]),
        finished=r[10],
        closed=r[11],
        closed_at=r[12],
    )


def open_store(db: str, shared: bool = False) -> Store:
    """The store named by `--db`: a PostgreSQL URL (postgresql://user@host/name), else a SQLite
    file (`shared`: written by several server processes at once, see sqlite_store.py)."""
    if db.startswith(POSTGRES_SCHEMES):
        from meeple.server.postgres_store import PostgresStore  # psycopg is needed only for PostgreSQL

        return PostgresStore(db)
    from meeple.server.sqlite_store import SQLiteStore

    return SQLiteStore(db, shared)
