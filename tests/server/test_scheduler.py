"""The bot scheduler on fake executors and a fake clock: which request a free worker takes
next, and where.

Every executor here records what it was given and returns a future the test completes by
hand, and the clock moves only when the test moves it, so each assertion is about order and
counts, never about time.
"""

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from meeple.server.bots import BotJob
from meeple.server.scheduler import Scheduler, Worker, is_cheap

HARD = "planner:effort=3,iterations=1000,seconds=10"
EASY = "planner:effort=1,iterations=100,seconds=2"


class FakeExecutor(Executor):
    """Records every job submitted to it (in a log shared by all fakes); nothing runs."""

    def __init__(self, name: str, log: list[tuple[str, BotJob, Future[str]]]) -> None:
        self.name = name
        self.log = log
        self.closed = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[str] = Future()
        self.log.append((self.name, args[0], future))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.closed = True


class Bench:
    """A scheduler with `search` search workers and one cheap worker, all fake, on a fake clock."""

    def __init__(self, search: int = 1) -> None:
        self.log: list[tuple[str, BotJob, Future[str]]] = []
        self.made: list[FakeExecutor] = []
        self.now = 0.0
        search_workers = [Worker(self._maker(f"search{i}")) for i in range(search)]
        self.scheduler = Scheduler(search_workers, [Worker(self._maker("cheap"))], clock=lambda: self.now)

    def _maker(self, name: str) -> Callable[[], Executor]:
        def make() -> Executor:
            executor = FakeExecutor(name, self.log)
            self.made.append(executor)
            return executor

        return make

    def think(self, owner: str, table: str, spec: str = HARD, seat: int = 0, seq: int = 0) -> asyncio.Future[str]:
        job = BotJob(table, "four-big-strata", {}, 2, 7, tuple((0, "x") for _ in range(seq)), seat, spec)
        return self.scheduler.think(owner, job)

    def dispatched(self) -> list[str]:
        """The table ids of the jobs handed to workers, in order."""
        return [job.table_id for _, job, _ in self.log]

    async def finish(self, index: int, action: str = "a", after: float = 0.0, release: bool = True) -> None:
        """Complete the `index`-th dispatched job `after` seconds on; with `release`, its table's
        bots then stop (as when a person is to move)."""
        self.now += after
        self.log[index][2].set_result(action)
        await settle()
        if release:
            self.scheduler.release(self.log[index][1].table_id)
            await settle()


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


def test_another_clients_bot_is_dispatched_next_not_after_the_hogs_queue() -> None:
    """One client with six hard tables on two workers; another client's bot arrives later
    and takes the first worker to come free, and keeps being served first while its bots have
    used less worker time than the hog's."""

    async def scenario() -> None:
        bench = Bench(search=2)
        hog = [bench.think("10.0.0.1", f"hog{i}") for i in range(6)]
        assert bench.dispatched() == ["hog0", "hog1"]
        other = bench.think("10.0.0.2", "other")
        assert bench.dispatched() == ["hog0", "hog1"]  # both workers busy: it waits...
        await bench.finish(1, after=10, release=False)
        bench.think("10.0.0.1", "hog1", seq=1)  # the hog's table comes straight back for more
        assert bench.dispatched() == ["hog0", "hog1", "other"]  # ...for one job, not for the hog's queue
        assert hog[1].result() == "a" and not other.done()
        await bench.finish(2, "b", after=2, release=False)
        assert other.result() == "b"
        bench.think("10.0.0.2", "other", seq=1)  # 2 s used against the hog's 10: served again at once
        assert bench.log[3][0] == bench.log[2][0] and bench.dispatched()[3] == "other" and bench.log[3][1].keep
        await bench.finish(0, after=1)
        assert bench.dispatched()[4:] == ["hog2"]  # then the hog's tables, in their order
        bench.scheduler.close()

    run(scenario)


def test_backlogged_clients_share_the_workers_time() -> None:
    """Two clients with many tables on one worker: the one whose bots think for less gets more
    decisions, so that both use about the same worker time."""

    async def scenario() -> None:
        bench = Bench(search=1)
        for i in range(6):
            bench.think("a", f"a{i}")
        for i in range(6):
            bench.think("b", f"b{i}")
        for index in range(6):
            job = bench.log[index][1]
            await bench.finish(index, after=1.0 if job.table_id.startswith("a") else 3.0)
        assert bench.dispatched() == ["a0", "b0", "a1", "a2", "a3", "b1", "a4"]
        bench.scheduler.close()

    run(scenario)


def test_equal_clients_take_turns_and_a_clients_tables_take_turns() -> None:
    async def scenario() -> None:
        bench = Bench(search=1)
        for i in range(3):
            bench.think("a", f"a{i}")
        for i in range(3):
            bench.think("b", f"b{i}")
        for index in range(5):
            await bench.finish(index, after=1)
        assert bench.dispatched() == ["a0", "b0", "a1", "b1", "a2", "b2"]
        bench.think("a", "a0", seq=1)  # a table's next decision queues behind its owner's other tables
        bench.think("a", "a1", seq=1)
        await bench.finish(5, after=1)
        await bench.finish(6, after=1)
        assert bench.dispatched()[6:] == ["a0", "a1"]
        bench.scheduler.close()

    run(scenario)


def test_a_worker_waits_for_its_tables_next_decision_until_the_table_stops() -> None:
    """While a table commits its bot's move, the search worker that thought it is kept for the
    table's next decision; when the table's bots stop, it goes to the next request."""

    async def scenario() -> None:
        bench = Bench(search=1)
        bench.think("a", "t1")
        bench.think("b", "t2")
        await bench.finish(0, after=1, release=False)
        assert bench.dispatched() == ["t1"]  # kept for t1, not given to t2 yet
        bench.scheduler.release("t1")
        await settle()
        assert bench.dispatched() == ["t1", "t2"]
        bench.scheduler.close()

    run(scenario)


def test_cheap_bots_never_wait_behind_search_bots() -> None:
    """Every search worker busy and a queue of hard bots waiting: a random or heuristic bot is
    handed to the cheap worker at once, and the cheap worker is kept for no table."""

    async def scenario() -> None:
        bench = Bench(search=2)
        for i in range(5):
            bench.think("10.0.0.1", f"hard{i}")
        random_bot = bench.think("10.0.0.2", "r", spec="random")
        heuristic_bot = bench.think("10.0.0.1", "h", spec="heuristic")
        assert [name for name, _, _ in bench.log] == ["search0", "search1", "cheap"]
        assert bench.dispatched()[2] == "r"
        await bench.finish(2, "r-move", release=False)
        assert random_bot.result() == "r-move"
        assert bench.log[3][0] == "cheap" and bench.log[3][1].table_id == "h"
        await bench.finish(3, "h-move", release=False)
        assert heuristic_bot.result() == "h-move"
        assert len(bench.log) == 4  # no hard bot moved up meanwhile: both search workers still busy
        bench.scheduler.close()

    run(scenario)
    assert is_cheap("random") and is_cheap("heuristic")
    assert not any(is_cheap(spec) for spec in (HARD, EASY, "mcts", "mcts:iterations=5", "planner", "hard"))


def test_a_seats_jobs_go_back_to_the_worker_that_holds_its_agent() -> None:
    async def scenario() -> None:
        bench = Bench(search=2)
        bench.think("a", "t1", seat=1)
        bench.think("b", "t2", seat=0)
        await bench.finish(0)  # t1 seat 1 ran on search0; search0 is free again
        bench.think("a", "t1", seat=1, seq=1)
        assert bench.log[2][0] == "search0" and bench.log[2][1].keep  # its agent is there: keep it
        assert not bench.log[0][1].keep  # a first decision builds its agent
        await bench.finish(1)
        bench.think("c", "t3")
        bench.think("a", "t1", seat=1, seq=2)
        await bench.finish(2, release=False)
        t1_jobs = [(name, job.keep) for name, job, _ in bench.log if job.table_id == "t1"]
        assert t1_jobs == [("search0", False), ("search0", True), ("search0", True)]
        t3_jobs = [(name, job.keep) for name, job, _ in bench.log if job.table_id == "t3"]
        assert t3_jobs == [("search1", False)]
        bench.scheduler.close()

    run(scenario)


def test_a_seat_whose_home_worker_is_busy_moves_and_starts_afresh() -> None:
    async def scenario() -> None:
        bench = Bench(search=2)
        bench.think("a", "t1")  # search0
        await bench.finish(0)
        bench.think("b", "t2")  # search0 again (the first free worker)
        bench.think("a", "t1", seq=1)  # its home, search0, is busy: search1, with a new agent
        assert [(name, job.table_id, job.keep) for name, job, _ in bench.log[1:]] == [
            ("search0", "t2", False),
            ("search1", "t1", False),
        ]
        await bench.finish(1)
        await bench.finish(2)
        bench.think("a", "t1", seq=2)  # its agent now lives on search1, even with search0 free
        assert bench.log[3][0] == "search1" and bench.log[3][1].keep
        bench.scheduler.close()

    run(scenario)


def test_a_crashed_worker_is_replaced_and_its_request_fails() -> None:
    async def scenario() -> None:
        bench = Bench(search=1)
        crashed = bench.think("a", "t1")
        waiting = bench.think("b", "t2")
        bench.log[0][2].set_exception(BrokenProcessPool("killed"))
        await settle()
        with pytest.raises(BrokenProcessPool):
            crashed.result()
        assert bench.made[0].closed and len(bench.made) == 2  # a new executor for the next job
        assert bench.dispatched() == ["t1", "t2"] and not bench.log[1][1].keep  # not kept for t1
        await bench.finish(1)
        assert waiting.result() == "a"
        bench.think("a", "t1", seq=1)
        assert not bench.log[2][1].keep  # the agent died with the old process
        bench.scheduler.close()

    run(scenario)


def test_a_cancelled_request_leaves_the_queue_and_close_cancels_the_rest() -> None:
    async def scenario() -> None:
        bench = Bench(search=1)
        bench.think("a", "t1")
        gone = bench.think("b", "t2")
        kept = bench.think("c", "t3")
        gone.cancel()
        await bench.finish(0)
        assert bench.dispatched() == ["t1", "t3"]
        late = bench.think("d", "t4")
        bench.scheduler.close()
        assert late.cancelled() and kept.cancelled()  # waiting and running alike
        assert all(executor.closed for executor in bench.made)
        assert bench.think("e", "t5").cancelled() and len(bench.log) == 2  # nothing starts after close

    run(scenario)
