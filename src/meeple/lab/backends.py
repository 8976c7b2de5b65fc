"""Where the lab's games are played: this process, a local process pool, or a Ray cluster.

Work goes out in chunks of games; a backend returns each chunk's rows, and the runner puts the
chunks back in order, so a run's rows depend only on its jobs, never on the backend or the
number of workers. A chunk whose worker dies (killed, out of memory) is played again from its
start: its rows are only ever taken from one complete run of the chunk, so nothing is lost or
counted twice.
"""

import socket
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any, Protocol

from meeple.engine import MeepleError
from meeple.lab.jobs import GameJob, play_chunk

Rows = list[dict[str, Any]]
Task = Callable[[list[GameJob]], Rows]
Advance = Callable[[int], None]

# How many times a chunk is started before a run gives up on it (its worker died every time).
MAX_ATTEMPTS = 3


class LabError(MeepleError):
    """A lab run that cannot start or finish: a bad backend, address or argument, a lost cluster."""


class Backend(Protocol):
    """Plays chunks of jobs and returns each chunk's rows, by chunk number."""

    def run(self, chunks: Sequence[list[GameJob]], task: Task, advance: Advance) -> dict[int, Rows]: ...


class InProcess:
    """Every chunk in this process, one after the other (one worker, nothing to start)."""

    def run(self, chunks: Sequence[list[GameJob]], task: Task, advance: Advance) -> dict[int, Rows]:
        results: dict[int, Rows] = {}
        for number, chunk in enumerate(chunks):
            results[number] = task(chunk)
            advance(len(chunk))
        return results


class ProcessPool:
    """A pool of worker processes on this machine; a pool broken by a dead worker is replaced and
    every chunk that had not come back is started again. `fresh` workers are started empty
    (spawned) rather than forked from this process, for games on edited content."""

    def __init__(self, workers: int, fresh: bool = False) -> None:
        self.workers = workers
        self.context = get_context("spawn") if fresh else None

    def run(self, chunks: Sequence[list[GameJob]], task: Task, advance: Advance) -> dict[int, Rows]:
        results: dict[int, Rows] = {}
        attempts = [0] * len(chunks)
        pending = list(range(len(chunks)))
        while pending:
            for number in pending:
                attempts[number] += 1
                if attempts[number] > MAX_ATTEMPTS:
                    raise LabError(f"chunk {number} lost its worker {MAX_ATTEMPTS} times; the run was stopped")
            self._round(chunks, pending, task, advance, results)
            pending = [number for number in pending if number not in results]
        return results

    def _round(
        self,
        chunks: Sequence[list[GameJob]],
        pending: list[int],
        task: Task,
        advance: Advance,
        results: dict[int, Rows],
    ) -> None:
        """Start the pending chunks in a fresh pool and take every chunk that comes back whole."""
        with ProcessPoolExecutor(max_workers=self.workers, mp_context=self.context) as pool:
            futures: dict[Future[Rows], int] = {pool.submit(task, chunks[number]): number for number in pending}
            waiting = set(futures)
            while waiting:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in done:
                    try:
                        rows = future.result()
                    except BrokenProcessPool:
                        continue  # a worker died: this chunk is started again in the next round
                    results[futures[future]] = rows
                    advance(len(chunks[futures[future]]))


class RayCluster:
    """A Ray cluster: `auto` (the one running on this machine), `host:port` (a head node), or
    None for a Ray instance of `workers` CPUs started for this run. Ray starts a task again when
    its worker dies (`max_retries`), and a task's result is taken once. With `fresh`, every
    chunk gets a worker process of its own (`max_calls=1`), which has read no content yet."""

    def __init__(self, address: str | None, workers: int, fresh: bool = False) -> None:
        self.address = check_address(address)
        self.workers = workers
        self.fresh = fresh
        try:
            import ray
        except ImportError:
            raise LabError("--backend ray needs Ray: pip install 'meeple[ray]'") from None
        self.ray = ray

    def connect(self) -> None:
        ray = self.ray
        if self.address not in (None, "auto"):
            host, _, port = self.address.rpartition(":")
            try:
                socket.create_connection((host, int(port)), timeout=5).close()
            except OSError as error:
                raise LabError(f"cannot reach the Ray cluster at {self.address}: {error.strerror or error}") from None
        try:
            if self.address is None:
                ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
            else:
                ray.init(address=self.address, log_to_driver=False, ignore_reinit_error=True)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise LabError(f"cannot reach the Ray cluster at {self.address}: {error}".splitlines()[0]) from None

    def run(self, chunks: Sequence[list[GameJob]], task: Task, advance: Advance) -> dict[int, Rows]:
        ray = self.ray
        self.connect()
        remote = ray.remote(max_retries=MAX_ATTEMPTS - 1, max_calls=1 if self.fresh else 0)(task)
        refs = {remote.remote(chunk): number for number, chunk in enumerate(chunks)}
        results: dict[int, Rows] = {}
        waiting = list(refs)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                try:
                    results[refs[ref]] = ray.get(ref)
                except ray.exceptions.RayError as error:
                    raise LabError(f"chunk {refs[ref]} failed on the Ray cluster: {error}".splitlines()[0]) from None
                advance(len(chunks[refs[ref]]))
        return results


def check_address(address: str | None) -> str | None:
    """`auto`, `host:port` with a port from 1 to 65535, or None; LabError otherwise."""
    if address is None or address == "auto":
        return address
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise LabError(f"--address must be auto or host:port, not {address!r}")
    return address


def make_backend(name: str, workers: int, address: str | None = None, fresh: bool = False) -> Backend:
    """The backend called `name` (`local` or `ray`) with `workers` workers; `fresh`: the games
    must be played in processes that have read no content yet."""
    if workers < 1:
        raise LabError(f"--workers must be at least 1, not {workers}")
    if name == "ray":
        return RayCluster(address, workers, fresh)
    if name != "local":
        raise LabError(f"unknown backend {name!r}: local or ray")
    if address is not None:
        raise LabError("--address is for --backend ray only")
    return InProcess() if workers == 1 and not fresh else ProcessPool(workers, fresh)


def chunked(jobs: Sequence[GameJob], size: int) -> list[list[GameJob]]:
    """The jobs cut in order into chunks of `size` (the last may be smaller)."""
    return [list(jobs[start : start + size]) for start in range(0, len(jobs), size)]


def chunk_size(games: int, workers: int) -> int:
    """About eight chunks per worker (a lost chunk costs little, progress moves smoothly), at most 50 games each."""
    return max(1, min(50, games // (8 * workers)))


def run_jobs(
    jobs: Sequence[GameJob],
    backend: Backend,
    size: int,
    advance: Advance | None = None,
    task: Task = play_chunk,
) -> Rows:
    """Play every job on `backend` in chunks of `size`; the rows come back in job order."""
    chunks = chunked(jobs, size)
    results = backend.run(chunks, task, advance or (lambda done: None))
    return [row for number in range(len(chunks)) for row in results[number]]
