"""A throw-away PostgreSQL server for the store's tests: Debian's `postgresql` package, a
cluster made with initdb in a temporary folder, on a free port, stopped and deleted after.

PostgreSQL refuses to run as root, and the tests run as root in CI: there the cluster
belongs to the `postgres` user (made by the package) and its commands run through
`runuser`. When the package (or psycopg) is missing, `PostgresUnavailable` says why, and the
fixture skips the PostgreSQL half of the tests with that reason (`bash scripts/install-postgres`
installs both).
"""

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from .real_server import free_port


class PostgresUnavailable(Exception):
    """Why no throw-away PostgreSQL can be started here."""


def server_binaries() -> Path:
    """The folder of Debian's PostgreSQL server programs (initdb, pg_ctl), newest version."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda path: int(Path(path).parts[-3]))
    if not found:
        raise PostgresUnavailable("Debian's postgresql package is not installed (bash scripts/install-postgres)")
    return Path(found[-1]).parent


class ThrowAwayPostgres:
    """One cluster, started on a free loopback port; `database()` makes a fresh database."""

    def __init__(self) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise PostgresUnavailable("psycopg is not installed (pip install 'meeple[postgres]')") from None
        self.bin = server_binaries()
        self.owner = self._owner()
        self.folder = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.databases = 0
        if self.owner is not None:
            shutil.chown(self.folder, user=self.owner)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    @staticmethod
    def _owner() -> str | None:
        """Who runs the cluster: `postgres` when the tests run as root, else the tests' user."""
        if os.geteuid() != 0:
            return None
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable("the tests run as root and there is no postgres user to run PostgreSQL") from None
        return "postgres"

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.bin / program), *arguments]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.folder)
        if done.returncode != 0:
            raise PostgresUnavailable(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        self.databases += 1
        name = f"meeple_test_{self.databases}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def run_sql(db: str, sql: str, *parameters: object) -> list[tuple[object, ...]]:
    """Run one statement (with `?` placeholders) on the database `db` behind the store's back,
    as a corrupt file or an older version would leave it; its rows."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db, autocommit=True) as connection:
            cursor = connection.execute(sql.replace("?", "%s"), parameters)
            return cursor.fetchall() if cursor.description is not None else []
    import sqlite3

    connection = sqlite3.connect(db)
    try:
        with connection:
            return connection.execute(sql, parameters).fetchall()
    finally:
        connection.close()
