"""Fixtures for the server tests: a fresh app on a database file of its own; for the store's
tests, a database of each kind (a SQLite file, and a throw-away PostgreSQL when there is one)."""

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from machine_speed import MACHINE_SPEED
from meeple.server import create_app

from .postgres import PostgresUnavailable, ThrowAwayPostgres


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "meeple.sqlite")


@pytest.fixture
def serve(db_path: str) -> Iterator[Callable[..., TestClient]]:
    """Start an app on the test's database (bots in a thread unless bot_workers is given, views
    unpaced: these tests move faster than any person; other keywords go to create_app); the
    clients are closed (the app shut down) at the end of the test."""
    clients: list[TestClient] = []

    def start(bot_workers: int = 0, **options: Any) -> TestClient:
        options.setdefault("limits", MACHINE_SPEED)
        client = TestClient(create_app(db_path, bot_workers=bot_workers, view_interval=0, **options))
        client.__enter__()
        clients.append(client)
        return client

    yield start
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture(scope="session")
def postgres() -> Iterator[ThrowAwayPostgres]:
    """A PostgreSQL cluster for this test session (skipped, with the reason, when none can run)."""
    try:
        server = ThrowAwayPostgres()
    except PostgresUnavailable as why:
        pytest.skip(f"no throw-away PostgreSQL: {why}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """`--db` for a fresh, empty store of each kind: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "meeple.sqlite")
    server: ThrowAwayPostgres = request.getfixturevalue("postgres")
    return server.database()
