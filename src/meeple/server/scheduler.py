"""Fair scheduling of bot thinking: whose bot thinks next, and on which worker.

Bots think in worker processes (bots.choose). The scheduler decides the order, so that one
client's many thinking bots never hold up another client's:

- **Two lanes.** Cheap bots (random, heuristic) think in a lane of their own, so they never
  wait behind a search bot (easy, medium, hard, mcts, planner), whose decision can take
  seconds. A seat with a single legal action never reaches the scheduler at all: the table
  plays it at once (tables.py).
- **Round-robin by owner.** Within a lane, requests wait in one queue per owner (the address
  of the client that created the table; a table's own id when that is not known, as after a
  restart). A free worker takes the head of the queue of the owner served least recently,
  so another client's request is dispatched next, however many tables the first client
  keeps busy. An owner's own queue is first come, first served; a table has at most one
  request at a time (its bots think one after another), so an owner's tables take turns.
- **Agents stay where they are.** A worker keeps one agent per (table, seat) between its
  decisions (bots.py). A request goes to the worker that served its seat last when that
  worker is free, and then says so (`keep`), so the agent's tree and memo carry on; when
  that worker is busy it goes to any free worker (no worker idles while requests wait),
  which starts a new agent for the seat.
- **A crashed worker is replaced.** Its request fails with BrokenProcessPool (the table's
  bot loop decides whether to try again); the worker's next request starts a new process.

The scheduler is deterministic given the order of requests and completions: tests drive
it with fake executors whose futures they complete by hand.
"""

import asyncio
import itertools
import os
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
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


@dataclass
class Lane:
    """Workers and the per-owner queues of the requests waiting for them."""

    workers: list[Worker]
    queues: dict[str, deque[Request]] = field(default_factory=dict)
    served: dict[str, int] = field(default_factory=dict)  # owner -> when it was last served
    running: dict[str, int] = field(default_factory=dict)  # owner -> requests on a worker
    home: OrderedDict[tuple[str, int], Worker] = field(default_factory=OrderedDict)  # (table, seat) -> agent's worker


class Scheduler:
    """Two lanes of workers (cheap and search) fed fairly from per-owner queues."""

    def __init__(self, search_workers: list[Worker], cheap_workers: list[Worker]) -> None:
        if not search_workers or not cheap_workers:
            raise ValueError("each lane needs at least one worker")
        self.search = Lane(search_workers)
        self.cheap = Lane(cheap_workers)
        self._clock = itertools.count()
        self._running: set[Request] = set()

    def think(self, owner: str, job: bots.BotJob) -> "asyncio.Future[str]":
        """The action the bot of `job` chooses, once a worker has thought about it. Cancelling
        the future takes a waiting request out of its queue (a running one finishes unheard)."""
        lane = self.cheap if is_cheap(job.spec) else self.search
        request = Request(owner, job, asyncio.get_running_loop().create_future())
        lane.queues.setdefault(owner, deque()).append(request)
        self._dispatch(lane)
        return request.future

    def close(self) -> None:
        """Stop every worker and cancel every request, waiting or running."""
        for request in self._running:
            request.future.cancel()
        for lane in (self.search, self.cheap):
            for queue in lane.queues.values():
                for request in queue:
                    request.future.cancel()
            lane.queues.clear()
            for worker in lane.workers:
                worker.close()

    # --- inside ----------------------------------------------------------------------------

    def _next(self, lane: Lane) -> Request | None:
        """The head of the queue of the owner served least recently (never served: first)."""
        while lane.queues:
            owner = min(lane.queues, key=lambda name: lane.served.get(name, -1))
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
        while any(not worker.busy for worker in lane.workers):
            request = self._next(lane)
            if request is None:
                return
            key = (request.job.table_id, request.job.seat)
            home = lane.home.get(key)
            worker = home if home is not None and not home.busy else next(w for w in lane.workers if not w.busy)
            lane.home[key] = worker
            lane.home.move_to_end(key)
            if len(lane.home) > HOMES:
                lane.home.popitem(last=False)
            lane.served[request.owner] = next(self._clock)
            lane.running[request.owner] = lane.running.get(request.owner, 0) + 1
            worker.busy, request.worker = True, worker
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
        worker = request.worker
        assert worker is not None
        worker.busy = False
        self._running.discard(request)
        lane.running[request.owner] -= 1
        self._forget(lane, request.owner)
        try:
            result = done.result()
        except CancelledError:
            request.future.cancel()
        except BrokenProcessPool as error:
            worker.replace()
            for key in [key for key, home in lane.home.items() if home is worker]:
                del lane.home[key]  # its agents died with it
            if not request.future.done():
                request.future.set_exception(error)
        except Exception as error:
            if not request.future.done():
                request.future.set_exception(error)
        else:
            if not request.future.done():
                request.future.set_result(result)
        self._dispatch(lane)

    @staticmethod
    def _forget(lane: Lane, owner: str) -> None:
        """Drop what the lane remembers of an owner with nothing waiting and nothing running."""
        if owner not in lane.queues and not lane.running.get(owner):
            lane.served.pop(owner, None)
            lane.running.pop(owner, None)
