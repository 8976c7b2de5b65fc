"""The event store's contract, on both stores (a SQLite file and a throw-away PostgreSQL):
what is stored comes back as it was, actions are appended only, one action per number."""

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from meeple.cli import app
from meeple.server.store import Conflict, Event, Store, StoreError, TableRow, now, open_store

from .postgres import ThrowAwayPostgres, run_sql
from .real_server import free_port

SEED = 2**63 - 1  # the server draws 63-bit seeds


def a_row(table_id: str, listed: bool = False) -> TableRow:
    return TableRow(
        id=table_id,
        game="four-big-strata",
        version="1",
        players=3,
        seed=SEED,
        options={"tribute_ratio": 3, "decks": "grail,\nmine"},
        seats=["human", "human", "mcts:iterations=300"],
        hot_seat=False,
        created=now(),
        listed=listed,
    )


@pytest.fixture
def store(any_db: str) -> Iterator[Store]:
    opened = open_store(any_db)
    yield opened
    opened.close()


def test_a_table_comes_back_as_it_was_stored(store: Store) -> None:
    row = a_row("t1", listed=True)
    store.create_table(row, {0: "a" * 64, 1: "b" * 64})
    assert store.table("t1") == row
    assert store.table("nope") is None
    assert store.tables() == [row] and store.tables(finished=False) == [row] and store.tables(finished=True) == []
    assert store.token_hashes("t1") == {0: "a" * 64, 1: "b" * 64}


def test_actions_of_several_tables_commit_together_and_the_last_one_marks_its_table_finished(store: Store) -> None:
    store.create_table(a_row("t1"), {})
    store.create_table(a_row("t2"), {})
    store.append_events([Event("t1", 0, 0, "bid:1"), Event("t2", 0, 1, "pass")])
    store.append_events([Event("t1", 1, 2, "take:x", ends=True), Event("t2", 1, 0, "bid:2")])
    assert store.events("t1") == [(0, 0, "bid:1"), (1, 2, "take:x")]
    assert store.events("t2") == [(0, 1, "pass"), (1, 0, "bid:2")]
    (finished,) = store.tables(finished=True)
    assert finished.id == "t1" and finished.finished is not None
    assert [row.id for row in store.tables(finished=False)] == ["t2"]
    store.mark_finished("t2")
    assert {row.id for row in store.tables(finished=True)} == {"t1", "t2"}


def test_an_action_number_is_taken_once_and_a_refused_batch_stores_nothing(store: Store) -> None:
    store.create_table(a_row("t1"), {0: "a" * 64})
    store.create_table(a_row("t2"), {})
    store.append_event("t1", 0, 0, "bid:1")
    with pytest.raises(Conflict):
        store.append_events([Event("t2", 0, 0, "pass"), Event("t1", 0, 1, "bid:2")])
    assert store.events("t1") == [(0, 0, "bid:1")] and store.events("t2") == []
    with pytest.raises(Conflict):  # a seat is taken once
        store.add_seat_token("t1", 0, "c" * 64)
    store.append_event("t2", 0, 0, "pass")  # the store goes on after a refusal
    assert store.events("t2") == [(0, 0, "pass")]


def test_events_are_append_only(store: Store, any_db: str) -> None:
    store.create_table(a_row("t1"), {})
    store.append_event("t1", 0, 0, "bid:1")
    for statement in ("UPDATE events SET action_id = 'bid:9'", "DELETE FROM events"):
        with pytest.raises(Exception, match="append-only"):
            run_sql(any_db, statement)
    assert store.events("t1") == [(0, 0, "bid:1")]


def test_a_closed_table_keeps_its_log_and_leaves_the_lists_of_tables_to_serve(store: Store) -> None:
    for table_id in ("t1", "t2", "t3"):
        store.create_table(a_row(table_id), {})
    store.append_events([Event("t1", 0, 0, "bid:1"), Event("t1", 1, 2, "take:x", ends=True)])
    store.append_events([Event("t2", 0, 1, "pass"), Event("t2", 1, 0, "bid:2")])
    store.append_event("t2", 2, 1, "bid:3")
    assert store.last_moves("t2").keys() == {0, 1} and store.last_moves("t3") == {}
    assert store.last_moves("t2")[1] >= store.last_moves("t2")[0]
    assert store.finished_before("9999") == ["t1"] and store.finished_before("2000") == []
    store.close_table("t1", "archived", "2030-01-01T00:00:00.000+00:00")
    store.close_table("t2", "abandoned", "2030-01-02T00:00:00.000+00:00")
    assert store.finished_before("9999") == []
    assert store.tables(finished=True) == [] and [row.id for row in store.tables(finished=False)] == ["t3"]
    closed = store.table("t2")
    assert closed is not None and (closed.closed, closed.closed_at) == ("abandoned", "2030-01-02T00:00:00.000+00:00")
    assert len(store.tables()) == 3 and len(store.events("t2")) == 3  # kept, for `meeple export`


def test_a_postgresql_store_reconnects_after_losing_its_connection(postgres: ThrowAwayPostgres) -> None:
    """The database dropped the connection (a restart, a network failure): the call that finds
    it broken fails, nothing is half-stored, and the next call works on a new connection."""
    db = postgres.database()
    store = open_store(db)
    store.create_table(a_row("t1"), {})
    others = "datname = current_database() AND pid <> pg_backend_pid()"
    run_sql(db, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {others}")
    with pytest.raises(StoreError, match="PostgreSQL database"):
        store.append_event("t1", 0, 0, "bid:1")
    store.append_event("t1", 0, 0, "bid:1")
    assert store.events("t1") == [(0, 0, "bid:1")]
    store.close()


def test_serve_names_a_database_it_cannot_open_without_its_password() -> None:
    port = free_port()  # nothing listens there
    result = CliRunner().invoke(app, ["serve", "--db", f"postgresql://meeple:s3cret@127.0.0.1:{port}/tables"])
    assert result.exit_code == 2
    assert f"cannot open the PostgreSQL database postgresql://meeple@127.0.0.1:{port}/tables" in result.output
    assert "s3cret" not in result.output
