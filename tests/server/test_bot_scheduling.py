"""Bots at the tables: forced moves played at once, the cap on a client's search bots, and
several tables' bots moving on a real pool of worker processes while another client's
search bots think."""

import asyncio
import html
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from meeple.engine import game_specs, get_game
from meeple.server.bots import BotJob
from meeple.server.sqlite_store import SQLiteStore
from meeple.server.tables import Refusal, Table, TableManager

CASES = [pytest.param(spec.slug, id=spec.slug) for spec in game_specs()]
HARD = "planner:effort=3,iterations=1000,seconds=10"
QUICK_SEARCH = "mcts:iterations=1"  # a search bot (it counts against the cap) that ends a game fast


def players_of(slug: str) -> int:
    spec = get_game(slug).spec
    return min(max(2, spec.min_players), spec.max_players)


@pytest.mark.parametrize("slug", CASES)
def test_a_bot_with_a_single_legal_action_plays_it_without_thinking(slug: str, db_path: str) -> None:
    """A whole game of random bots: the scheduler is asked exactly at the decisions that offer a
    choice; forced ones are played at once."""

    async def scenario() -> tuple[int, int, int]:
        manager = TableManager(SQLiteStore(db_path), bot_workers=0)
        asked: list[BotJob] = []
        think = manager.scheduler.think

        def counting(owner: str, job: BotJob) -> "asyncio.Future[str]":
            asked.append(job)
            return think(owner, job)

        manager.scheduler.think = counting  # type: ignore[method-assign]
        manager.start()
        players = players_of(slug)
        table, _ = await manager.create(slug, players, ["random"] * players, {}, seed=4)
        while manager.bots_busy(table):
            await asyncio.sleep(0.01)
        assert table.is_over() and table.problem is None
        game = get_game(slug)
        state = game.new_game(players, table.row.seed)
        choices = forced = 0
        for seq, (seat, action_id) in enumerate(table.actions):
            if len(game.legal_actions(state, seat)) > 1:
                assert (asked[choices].seat, len(asked[choices].actions)) == (seat, seq)
                choices += 1
            else:
                forced += 1
            game.apply(state, seat, action_id)
        await manager.close()
        return choices, forced, len(asked)

    choices, forced, asked = asyncio.run(scenario())
    assert asked == choices > 0
    assert forced > 0, "the game had forced bot moves to skip"


def test_a_client_may_keep_only_so_many_search_bots(db_path: str) -> None:
    async def scenario() -> None:
        # not started: no bot thinks
        manager = TableManager(SQLiteStore(db_path), bot_workers=0, search_seats_per_client=5)
        hog = "10.0.0.1"
        four = ["human", HARD, HARD, HARD]
        await manager.create("four-big-strata", 4, four, {}, owner=hog)
        assert manager.search_seats_of(hog) == 3
        with pytest.raises(Refusal) as refused:
            await manager.create("four-big-strata", 4, four, {}, owner=hog)
        assert str(refused.value).startswith(
            "too many search bots: you already have 3 easy, medium or hard bots at unfinished tables "
            "and may have at most 5 at once; this table would add 3."
        )
        assert len(manager.store.tables()) == len(manager.tables) == 1  # nothing stored for the refused one
        await manager.create("four-big-strata", 3, ["human", HARD, HARD], {}, owner=hog)  # exactly at the cap
        await manager.create("four-big-strata", 4, ["human", "random", "heuristic", "random"], {}, owner=hog)
        await manager.create("four-big-strata", 4, four, {}, owner="10.0.0.2")  # another client
        assert manager.search_seats_of(hog) == 5 and manager.search_seats_of("10.0.0.2") == 3
        await manager.close()

    asyncio.run(scenario())


def test_two_creations_at_once_cannot_both_slip_under_the_cap(db_path: str) -> None:
    async def scenario() -> None:
        manager = TableManager(SQLiteStore(db_path), bot_workers=0, search_seats_per_client=4)
        seats = ["human", HARD, HARD, HARD]
        outcomes = await asyncio.gather(
            *(manager.create("four-big-strata", 4, seats, {}, owner="10.0.0.1") for _ in range(2)),
            return_exceptions=True,
        )
        assert sum(isinstance(outcome, Refusal) for outcome in outcomes) == 1
        assert manager.search_seats_of("10.0.0.1") == 3 and len(manager.tables) == 1
        await manager.close()

    asyncio.run(scenario())


def test_a_finished_table_frees_its_search_bots(db_path: str) -> None:
    async def scenario() -> None:
        manager = TableManager(SQLiteStore(db_path), bot_workers=0, search_seats_per_client=2)
        manager.start()
        owner = "10.0.0.1"
        table, _ = await manager.create("round-table", 2, [QUICK_SEARCH] * 2, {}, seed=3, owner=owner)
        with pytest.raises(Refusal, match="too many search bots"):
            await manager.create("round-table", 2, ["human", QUICK_SEARCH], {}, owner=owner)
        while manager.bots_busy(table):
            await asyncio.sleep(0.01)
        assert table.is_over() and manager.search_seats_of(owner) == 0
        await manager.create("round-table", 2, ["human", QUICK_SEARCH], {}, owner=owner)
        await manager.close()

    asyncio.run(scenario())


def test_the_lobby_refuses_a_table_over_the_cap_and_says_why(serve: Callable[..., TestClient]) -> None:
    client = serve()
    form = {"game": "guedelon", "players": "4", "seat0": "human", "seat1": "hard", "seat2": "hard", "seat3": "hard"}
    statuses = [client.post("/tables", data=form).status_code for _ in range(2)]  # 6 search bots, a human to move
    assert statuses == [201, 201]
    refused = client.post("/tables", data=form)
    assert refused.status_code == 400
    text = html.unescape(refused.text)
    assert '<p class="notice error" role="alert">Guédelon: too many search bots: you already have 6' in text
    assert "may have at most 8 at once" in text and '<form method="post" action="/tables">' in text
    form.update(seat1="random", seat2="heuristic", seat3="random")
    assert client.post("/tables", data=form).status_code == 201


def test_several_tables_bots_progress_on_worker_processes(serve: Callable[..., TestClient]) -> None:
    """Two search worker processes kept busy by one client's tables of slow search bots; another
    client's tables, one per game (a random bot and a search bot each), all move on, and every
    bot move was legal where it was taken."""
    client = serve(bot_workers=2)
    manager = client.app.state.manager
    slow = "mcts:iterations=100000,seconds=0.3"

    def create(slug: str, seats: list[str], owner: str) -> Table:
        table, _ = client.portal.call(lambda: manager.create(slug, len(seats), seats, {}, False, 11, owner=owner))
        return table

    hog = [create("four-big-strata", [slow, slow], "10.0.0.1") for _ in range(3)]
    others = [create(spec.slug, ["random", "mcts:iterations=10"], "10.0.0.2") for spec in game_specs()]
    target = 4
    deadline = time.monotonic() + 300  # a guard against a hang, not a speed requirement
    for table in others:
        while table.seq < target and not table.is_over():
            assert table.problem is None, table.problem
            assert time.monotonic() < deadline, f"{table.row.game}: its bots stopped at {table.seq} actions"
            time.sleep(0.05)
        game = get_game(table.row.game, table.row.options)
        state = game.new_game(table.row.players, table.row.seed)
        for seat, action_id in list(table.actions):
            game.apply(state, seat, action_id)
        assert {seat for seat, _ in table.actions} == {0, 1}, f"{table.row.game}: both bots moved"
    assert all(table.problem is None for table in hog)


def test_a_killed_bot_worker_is_replaced_and_the_bot_thinks_again(db_path: str) -> None:
    """The search worker process is killed while a bot thinks: a new process takes its place,
    the bot thinks again, and its move is stored; nothing is reported at the table."""

    async def scenario() -> None:
        manager = TableManager(SQLiteStore(db_path), bot_workers=1)
        manager.start()
        table, _ = await manager.create("four-big-strata", 2, ["mcts:iterations=200", "human"], {}, seed=2)
        worker = manager.scheduler.search.workers[0]
        deadline = time.monotonic() + 120  # a guard against a hang, not a speed requirement
        while not getattr(worker._executor, "_processes", None):  # the job is handed to a new process
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        (victim,) = worker._executor._processes.values()  # type: ignore[union-attr]
        victim.kill()
        while table.seq == 0:
            assert table.problem is None, table.problem
            assert time.monotonic() < deadline, "the bot never moved after its worker was killed"
            await asyncio.sleep(0.05)
        (replacement,) = worker._executor._processes.values()  # type: ignore[union-attr]
        assert replacement.pid != victim.pid and table.problem is None
        assert len(manager.store.events(table.id)) == table.seq >= 1
        await manager.close()

    asyncio.run(scenario())
