"""Fair scheduling of bot thinking: whose bot thinks next, and on which worker.

Bots think in worker processes (bots.choose). The scheduler decides the order, so that one
client's many thinking bots never hold up another client's:

- **Two lanes.** Cheap bots (random, heuristic) think in a lane of their own, so they never
  wait behind a search bot (easy, medium, hard, mcts, planner), whose decision can take
  seconds. A seat with a single legal action never reaches the scheduler at all: the table
  plays it at once (tables.py).
- **Fair shares by owner.** Within a lane, requests wait in one queue per owner (the address
  of the client that created the table; a table's own id when that is not known, as after a
  restart). A free worker takes the head of the queue of the owner whose bots have used the
  least worker time so far: owners with equally long decisions take turns (round-robin), and
  a client whose bots think briefly is not made to wait a hard bot's decision for each of its
  own. An owner that comes (back) starts level with the least served owner present, so time
  spent idle is no credit. An owner's own queue is first come, first served; a table has at
  most one request at a time (its bots think one after another), so its tables take turns.
- **A worker waits for its table's next decision.** In the search lane, a worker that has
  just answered a table is kept for that table while it commits the move and asks again
  (`release` ends this when its bots stop): without it, another queue would always be first
  at the free worker, and a client with one table would wait a whole decision of another
  client's between two of its own.
- **Agents stay where they are.** A worker keeps one agent per (table, seat) between its
  decisions (bots.py). A request goes to the worker that served its seat last when that
  worker is free, and then says so (`keep`), so the agent's tree and memo carry on; when
  that worker is busy it goes to any free worker rather than wait for it, and that worker
  starts a new agent for the seat.
- **A crashed worker is replaced.** Its request fails with BrokenProcessPool (the table's
  bot loop decides whether to try again); the worker's next request starts a new process.

The scheduler is deterministic given the order of requests, completions and clock readings:
tests drive it with fake executors whose futures they complete by hand, on a fake clock.
"""

import asyncio
import os
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial

import msgspec

from meeple.server import bots

CHEAP_AGENTS = frozenset({"random", "heuristic"})
HOMES = 4096  # (table, seat) -> worker hints remembered per lane, the least recently used dropped


def default_workers() -> int:
    """Search workers when none are asked for: one per core (the server itself mostly waits)."""
    return max(1, os.cpu_count() or 1)


def is_cheap(spec: str) -> bool:
    """Whether the agent `spec` decides in milliseconds (no search): it thinks in the cheap lane."""
    return spec.partition(":")[0] in CHEAP_AGENTS


class Worker:
    """One bot worker: an executor of a single process (or thread), made when first needed and
    made anew after its process died."""

    def __init__(self, make: Callable[[], Executor]) -> None:
        self._make = make
        self._executor: Executor | None = None
        self.busy = False

    def submit(self, job: bots.BotJob) -> "Future[str]":
        if self._executor is None:
            self._executor = self._make()
        return self._executor.submit(bots.choose, job)  # looked up now: tests may patch bots.choose

    def replace(self) -> None:
        """Drop the executor (its process died); the next job starts a new one."""
        self.close()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


@dataclass(eq=False)
class Request:
    """A bot's decision waiting for, or running on, a worker."""

    owner: str
    job: bots.BotJob
    future: "asyncio.Future[str]"
    worker: Worker | None = None
    started: float = 0.0


@dataclass
class Lane:
    """Workers and the per-owner queues of the requests waiting for them."""

    workers: list[Worker]
    hold: bool  # keep a worker for a table between its consecutive decisions
    queues: dict[str, deque[Request]] = field(default_factory=dict)
    used: dict[str, float] = field(default_factory=dict)  # owner -> worker seconds its bots have used
    running: dict[str, int] = field(default_factory=dict)  # owner -> requests on a worker
    held: dict[Worker, tuple[str, str]] = field(default_factory=dict)  # worker -> (owner, table) it waits for
    home: OrderedDict[tuple[str, int], Worker] = field(default_factory=OrderedDict)  # (table, seat) -> agent's worker

    def free(self) -> list[Worker]:
        return [worker for worker in self.workers if not worker.busy and worker not in self.held]


class Scheduler:
    """Two lanes of workers (cheap and search) fed fairly from per-owner queues. `clock` gives
    the seconds that measure how much worker time each owner's bots use."""

    def __init__(
        self, search_workers: list[Worker], cheap_workers: list[Worker], clock: Callable[[], float] = time.monotonic
    ) -> None:
        if not search_workers or not cheap_workers:
            raise ValueError("each lane needs at least one worker")
        self.search = Lane(search_workers, hold=True)
        self.cheap = Lane(cheap_workers, hold=False)
        self._clock = clock
        self._running: set[Request] = set()
        self._closed = False

    def think(self, owner: str, job: bots.BotJob) -> "asyncio.Future[str]":
        """The action the bot of `job` chooses, once a worker has thought about it. Cancelling
        the future takes a waiting request out of its queue (a running one finishes unheard)."""
        lane = self.cheap if is_cheap(job.spec) else self.search
        request = Request(owner, job, asyncio.get_running_loop().create_future())
        if self._closed:
            request.future.cancel()
            return request.future
        if owner not in lane.used:  # (back) in the lane: level with the owner least served now
            lane.used[owner] = min(lane.used.values(), default=0.0)
        lane.queues.setdefault(owner, deque()).append(request)
        self._unhold(lane, job.table_id)
        self._dispatch(lane)
        return request.future

    def release(self, table_id: str) -> None:
        """The table's bots have stopped (a person is to move, the game is over, or it is stuck):
        the worker kept for its next decision is free for others."""
        for lane in (self.search, self.cheap):
            if self._unhold(lane, table_id):
                self._dispatch(lane)

    def close(self) -> None:
        """Stop every worker and cancel every request, waiting or running; none is started after."""
        self._closed = True
        for request in self._running:
            request.future.cancel()
        for lane in (self.search, self.cheap):
            for queue in lane.queues.values():
                for request in queue:
                    request.future.cancel()
            lane.queues.clear()
            lane.held.clear()
            for worker in lane.workers:
                worker.close()

    # --- inside ----------------------------------------------------------------------------

    def _next(self, lane: Lane) -> Request | None:
        """The head of the queue of the owner whose bots have used the least worker time."""
        while lane.queues:
            owner = min(lane.queues, key=lambda name: lane.used[name])
            queue = lane.queues[owner]
            request = queue.popleft()
            if not queue:
                del lane.queues[owner]
            if not request.future.cancelled():
                return request
            self._forget(lane, owner)
        return None

    def _dispatch(self, lane: Lane) -> None:
        """Give waiting requests to free workers, fairest first."""
        while not self._closed and (free := lane.free()):
            request = self._next(lane)
            if request is None:
                return
            key = (request.job.table_id, request.job.seat)
            home = lane.home.get(key)
            worker = home if home in free else free[0]
            lane.home[key] = worker
            lane.home.move_to_end(key)
            if len(lane.home) > HOMES:
                lane.home.popitem(last=False)
            lane.running[request.owner] = lane.running.get(request.owner, 0) + 1
            worker.busy, request.worker, request.started = True, worker, self._clock()
            self._running.add(request)
            job = msgspec.structs.replace(request.job, keep=worker is home)
            try:
                done = worker.submit(job)
            except BrokenProcessPool as error:  # the process died between two jobs
                done = Future()
                done.set_exception(error)
            done.add_done_callback(partial(self._call_back, asyncio.get_running_loop(), lane, request))

    def _call_back(self, loop: asyncio.AbstractEventLoop, lane: Lane, request: Request, done: "Future[str]") -> None:
        """A worker's future is done (in whatever thread finished it): handle it on the loop."""
        with suppress(RuntimeError):  # the loop closed first: the server is gone, nobody waits
            loop.call_soon_threadsafe(self._finished, lane, request, done)

    def _finished(self, lane: Lane, request: Request, done: "Future[str]") -> None:
        """Charge the owner for the worker's time, answer the request, and keep the worker for the
        table's next decision (search lane) while the table commits this one."""
        worker = request.worker
        assert worker is not None
        worker.busy = False
        self._running.discard(request)
        lane.running[request.owner] -= 1
        lane.used[request.owner] += max(0.0, self._clock() - request.started)
        crashed = done.cancelled() is False and isinstance(done.exception(), BrokenProcessPool)
        if crashed:
            worker.replace()
            for key in [key for key, home in lane.home.items() if home is worker]:
                del lane.home[key]  # its agents died with it
        elif lane.hold and not request.future.cancelled() and not self._queued(lane, request.job.table_id):
            lane.held[worker] = (request.owner, request.job.table_id)
        if not request.future.done():
            if done.cancelled():
                request.future.cancel()
            elif done.exception() is not None:
                request.future.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                request.future.set_result(done.result())
        self._forget(lane, request.owner)
        self._dispatch(lane)

    @staticmethod
    def _queued(lane: Lane, table_id: str) -> bool:
        return any(request.job.table_id == table_id for queue in lane.queues.values() for request in queue)

    def _unhold(self, lane: Lane, table_id: str) -> bool:
        """Free the worker kept for `table_id`, if any; whether there was one."""
        for worker, (owner, table) in list(lane.held.items()):
            if table == table_id:
                del lane.held[worker]
                self._forget(lane, owner)
                return True
        return False

    @staticmethod
    def _forget(lane: Lane, owner: str) -> None:
        """Drop what the lane remembers of an owner with nothing waiting, running or held."""
        if owner in lane.queues or lane.running.get(owner) or any(held == owner for held, _ in lane.held.values()):
            return
        lane.used.pop(owner, None)
        lane.running.pop(owner, None)
