"""The server's database: one SQLite file holding every table as an append-only event log.

A table is its setup (game, rules version, player count, seed, options, who sits in each
seat) plus the actions accepted so far, in order. Nothing else is stored: a table's state
is rebuilt by replaying its events, so the log is the single source of truth.

Durability: the file is in WAL mode with `synchronous=FULL`. With WAL, `NORMAL` already
survives a killed process (kill -9), because committed transactions sit in the WAL file
in the OS cache; but it may lose the last commits if the machine loses power. The server
promises that an action is stored before anyone is told about it, so every commit is
synced (`FULL`): one fsync of the WAL per accepted action, which costs far less than a
bot's thinking or a person's reaction (see benchmarks/bench_server.py).

Seat tokens are never stored: only their SHA-256, compared in constant time.
"""

import hashlib
import hmac
import json
import sqlite3
from datetime import UTC, datetime
from typing import Any

import msgspec

HOT_SEAT = -1  # the seat number of a hot-seat token: it speaks for every human seat

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    hot_seat INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_sha256 TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action_id TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""
# Columns added after the first release: (table, column, definition), added to an existing
# database file when missing, so every stored table keeps working.
MIGRATIONS = (
    ("tables", "listed", "INTEGER NOT NULL DEFAULT 0"),
    ("tables", "closed", "TEXT"),  # NULL while the table is live, else why it was closed (cleanup.py)
    ("tables", "closed_at", "TEXT"),
)
COLUMNS = "id, game, version, players, seed, options, seats, hot_seat, created, listed, closed, closed_at"


class TableRow(msgspec.Struct):
    """One table's setup as stored; `seats` holds "human" or an agent spec per seat; a
    `listed` table is shown in the lobby's open tables, where anyone may take a free seat; a
    `closed` one (archived or abandoned, see cleanup.py) is no longer served, its record kept."""

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
    closed: str | None = None
    closed_at: str | None = None


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


class Store:
    """The SQLite event store. Not thread-safe by itself: the server calls it from one thread."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)
        self._migrate()

    def close(self) -> None:
        self.db.close()

    def _migrate(self) -> None:
        """Add the columns of MIGRATIONS that an older database file lacks."""
        for table, column, definition in MIGRATIONS:
            columns = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    def journal_mode(self) -> str:
        return str(self.db.execute("PRAGMA journal_mode").fetchone()[0])

    def create_table(self, row: TableRow, token_hashes: dict[int, str]) -> None:
        """Store a new table and the hashes of its seat tokens, in one transaction."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (id, game, version, players, seed, options, seats, hot_seat, created, listed)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                ),
            )
            self.db.executemany(
                "INSERT INTO seat_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)",
                [(row.id, seat, digest) for seat, digest in token_hashes.items()],
            )

    def add_seat_token(self, table_id: str, seat: int, digest: str) -> None:
        """Store the token hash of a seat taken from the open tables; the primary key refuses a
        seat that already has one, so two people can never take the same seat."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO seat_tokens (table_id, seat, token_sha256) VALUES (?, ?, ?)", (table_id, seat, digest)
            )

    def append_event(self, table_id: str, seq: int, seat: int, action_id: str) -> None:
        """Append action number `seq` (0-based) and commit. The primary key refuses a second
        action with the same number, so two writers can never both extend the same state."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO events (table_id, seq, seat, action_id, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, seat, action_id, now()),
            )

    def tables(self) -> list[TableRow]:
        """Every stored table, oldest first."""
        rows = self.db.execute(f"SELECT {COLUMNS} FROM tables ORDER BY created, id").fetchall()
        return [_table_row(r) for r in rows]

    def table(self, table_id: str) -> TableRow | None:
        """One stored table, live or closed; None if there is none by that id."""
        found = self.db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if found is None else _table_row(found)

    def close_table(self, table_id: str, why: str, at: str) -> None:
        """Mark a table closed (`why`: archived or abandoned) from `at` on; its events stay."""
        with self._transaction():
            self.db.execute("UPDATE tables SET closed = ?, closed_at = ? WHERE id = ?", (why, at, table_id))

    def last_moves(self, table_id: str) -> dict[int, str]:
        """When each seat of a table last acted (ISO time), for the seats that have."""
        rows = self.db.execute("SELECT seat, MAX(at) FROM events WHERE table_id = ? GROUP BY seat", (table_id,))
        return {seat: at for seat, at in rows}

    def token_hashes(self, table_id: str) -> dict[int, str]:
        rows = self.db.execute("SELECT seat, token_sha256 FROM seat_tokens WHERE table_id = ?", (table_id,))
        return {seat: digest for seat, digest in rows}

    def events(self, table_id: str) -> list[tuple[int, int, str]]:
        """(seq, seat, action id) of every action of a table, in order."""
        rows = self.db.execute("SELECT seq, seat, action_id FROM events WHERE table_id = ? ORDER BY seq", (table_id,))
        return [(seq, seat, action_id) for seq, seat, action_id in rows]

    def _transaction(self) -> "_Transaction":
        return _Transaction(self.db)


def _table_row(r: tuple[Any, ...]) -> TableRow:
    """A row of `SELECT {COLUMNS} FROM tables` as a TableRow."""
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
        closed=r[10],
        closed_at=r[11],
    )


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on an exception (autocommit connection)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
