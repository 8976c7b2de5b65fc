"""Restarting independent of history: finished tables are read only when asked for, unfinished
ones are restored after the start, a table whose log does not replay is broken alone; the
group commit that stores the actions of many tables in one transaction; two writers on one
table. On both stores: a SQLite file and a throw-away PostgreSQL (`any_db`)."""

import asyncio
from collections.abc import Sequence

import pytest

from meeple.engine import game_specs
from meeple.server.commits import GroupCommit
from meeple.server.store import Conflict, Event, open_store
from meeple.server.tables import Moved, Table, TableManager

from .postgres import run_sql

SLUGS = [spec.slug for spec in game_specs()]


async def finish(manager: TableManager, table: Table) -> None:
    """Wait until a table of random bots has played its game to the end."""
    for _ in range(20_000):
        if table.is_over():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"table {table.id} ({table.row.game}) did not finish")


async def play_first_moves(manager: TableManager, table: Table, tokens: dict[int, str], moves: int) -> None:
    """Play the first legal action of the first seat to move, `moves` times."""
    assert table.game is not None
    for _ in range(moves):
        seat = table.to_move()[0]
        action = table.game.legal_actions(table.state, seat)[0].id
        await manager.act(table.id, tokens[seat], seat, action, table.seq)


async def stored_tables(db: str) -> tuple[dict[str, str], dict[str, str], dict[str, dict[int, str]]]:
    """In every game: one table of random bots played to the end, one of people three moves
    in. Returns (finished, live) table ids by game, and the live tables' tokens by id."""
    manager = TableManager(open_store(db), bot_workers=0)
    manager.start()
    finished, live, tokens_of = {}, {}, {}
    for slug in SLUGS:
        table, _ = await manager.create(slug, 2, ["random", "random"], {}, seed=3)
        finished[slug] = table.id
        people, tokens = await manager.create(slug, 2, ["human", "human"], {}, seed=4)
        await play_first_moves(manager, people, tokens, 3)
        live[slug] = people.id
        tokens_of[people.id] = tokens
    for table_id in finished.values():
        await finish(manager, manager.tables[table_id])
    await manager.close()
    return finished, live, tokens_of


def test_finished_tables_are_not_replayed_at_start(any_db: str) -> None:
    """A restart restores the unfinished tables only; a finished one comes back, whole, the
    first time it is asked for, in all five games."""

    async def scenario() -> None:
        finished, live, _ = await stored_tables(any_db)
        store = open_store(any_db)
        assert {row.id for row in store.tables(finished=True)} == set(finished.values())
        assert {row.id for row in store.tables(finished=False)} == set(live.values())
        ends = {table_id: len(store.events(table_id)) for table_id in finished.values()}
        store.close()

        again = TableManager(open_store(any_db), bot_workers=0)
        assert again.load() == len(live)
        assert again.tables == {}  # nothing replayed before the server runs
        again.start()
        await again.restored()
        assert set(again.tables) == set(live.values())  # the finished tables were not replayed
        assert all(again.tables[table_id].seq == 3 for table_id in live.values())
        for slug, table_id in finished.items():
            table = await again.find(table_id)
            assert table is not None and table.broken is None, slug
            assert table.is_over() and table.seq == ends[table_id], slug
        assert await again.find("no-such-table") is None
        await again.close()

    asyncio.run(scenario())


def test_a_table_stored_before_tables_were_marked_is_marked_once_replayed(any_db: str) -> None:
    """A database from before `finished` existed: its ended tables read as unfinished, are
    replayed once, found over and marked, and are not replayed at the next start."""

    async def scenario() -> None:
        manager = TableManager(open_store(any_db), bot_workers=0)
        manager.start()
        table, _ = await manager.create(SLUGS[0], 2, ["random", "random"], {}, seed=3)
        await finish(manager, table)
        await manager.close()
        run_sql(any_db, "UPDATE tables SET finished = NULL")
        for replayed in (True, False):
            again = TableManager(open_store(any_db), bot_workers=0)
            assert again.load() == int(replayed)
            again.start()
            await again.restored()
            assert (table.id in again.tables) == replayed
            await again.close()

    asyncio.run(scenario())


def test_a_log_that_does_not_replay_breaks_its_table_alone(any_db: str) -> None:
    """A corrupt log (an action the rules refuse) marks that table broken when it is restored,
    at start for an unfinished table, at first use for a finished one; the others play on."""

    async def scenario() -> None:
        finished, live, tokens_of = await stored_tables(any_db)
        bad_live, bad_finished = live[SLUGS[1]], finished[SLUGS[2]]
        for table_id in (bad_live, bad_finished):
            ((count,),) = run_sql(any_db, "SELECT count(*) FROM events WHERE table_id = ?", table_id)
            run_sql(any_db, "INSERT INTO events VALUES (?, ?, 0, 'not-a-move', 'now')", table_id, count)
        again = TableManager(open_store(any_db), bot_workers=0)
        again.load()
        again.start()
        await again.restored()
        assert list(again.broken) == [bad_live] and "not-a-move" in again.broken[bad_live]
        broken = await again.find(bad_finished)
        assert broken is not None and broken.broken is not None and "not-a-move" in broken.broken
        assert list(again.broken) == [bad_live, bad_finished]
        for slug, table_id in live.items():
            if table_id != bad_live:
                table = again.tables[table_id]
                assert table.broken is None and table.seq == 3, slug
                await play_first_moves(again, table, tokens_of[table_id], 1)
                assert len(again.store.events(table_id)) == 4, slug
        for slug, table_id in finished.items():
            if table_id != bad_finished:
                table = await again.find(table_id)
                assert table is not None and table.broken is None and table.is_over(), slug
        await again.close()

    asyncio.run(scenario())


def test_actions_arriving_together_share_one_commit(any_db: str) -> None:
    """Actions of many tables sent at once are stored in one transaction, each acknowledged
    only after it, and every one of them is in the log."""

    async def scenario() -> None:
        manager = TableManager(open_store(any_db), bot_workers=0)
        manager.start()
        tables = [await manager.create(SLUGS[0], 2, ["human", "human"], {}, seed=n) for n in range(12)]
        before = manager.commits.commits
        await asyncio.gather(*(play_first_moves(manager, table, tokens, 1) for table, tokens in tables))
        assert manager.commits.commits - before < len(tables)
        for table, _ in tables:
            assert table.seq == 1 and len(manager.store.events(table.id)) == 1
        await manager.close()

    asyncio.run(scenario())


def test_a_conflict_in_a_batch_refuses_only_its_own_action() -> None:
    """When a batch is refused (another writer took one table's next number), its actions are
    stored one by one: only the conflicting one fails, with Conflict."""
    stored: list[Event] = []

    async def append(events: Sequence[Event]) -> None:
        await asyncio.sleep(0)
        if any(event.table_id == "taken" for event in events):
            raise Conflict("UNIQUE constraint failed: events.table_id, events.seq")
        stored.extend(events)

    async def scenario() -> list[object]:
        commits = GroupCommit(append)
        events = [Event("a", 0, 0, "x"), Event("taken", 5, 1, "y"), Event("b", 2, 0, "z")]
        return await asyncio.gather(*(commits.append(event) for event in events), return_exceptions=True)

    outcomes = asyncio.run(scenario())
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], Conflict)
    assert [event.table_id for event in stored] == ["a", "b"]


def test_a_move_another_writer_stored_first_is_refused_and_the_table_reloaded(any_db: str) -> None:
    """Two managers (as two servers would) hold the same table: the second to store action n is
    refused, reloads the table from the log, and then plays on from the first one's move."""

    async def scenario() -> None:
        first = TableManager(open_store(any_db), bot_workers=0)
        first.start()
        table, tokens = await first.create(SLUGS[0], 2, ["human", "human"], {}, seed=8)
        second = TableManager(open_store(any_db), bot_workers=0)
        second.start()
        other = await second.find(table.id)
        assert other is not None and other is not table
        await play_first_moves(first, table, tokens, 1)
        assert other.seq == 0  # it has not heard of the move
        seat = other.to_move()[0]
        assert other.game is not None
        action = other.game.legal_actions(other.state, seat)[-1].id
        with pytest.raises(Moved, match="another server stored this table's action 0 first"):
            await second.act(table.id, tokens[seat], seat, action, 0)
        assert other.seq == 1 and other.actions == table.actions  # reloaded from the log
        await play_first_moves(second, other, tokens, 1)
        assert [e[2] for e in second.store.events(table.id)] == [a for _, a in other.actions]
        await first.close()
        await second.close()

    asyncio.run(scenario())
