"""Group commit: the actions that arrive while one commit is being made durable go together
in the next one.

Each accepted action waits for its own commit (an action is acknowledged only once it is
durable), but a commit costs one fsync however many actions it holds, so under load the
database thread syncs once for every batch instead of once for every action. When the
batch is refused as a whole (a Conflict: another server took one table's next number), its
actions are stored again one by one, so only the conflicting one fails.
"""

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from meeple.server.store import Event

MAX_BATCH = 256  # actions in one transaction at most


class GroupCommit:
    """Append events through `run`, which runs a store call (e.g. `append_events`) on the
    database thread and returns when it has committed."""

    def __init__(self, run: Callable[[Sequence[Event]], Awaitable[None]]) -> None:
        self.run = run
        self.pending: list[tuple[Event, asyncio.Future[None]]] = []
        self.flushing: asyncio.Task[None] | None = None
        self.commits = 0  # transactions made, for benchmarks: fewer than actions under load

    async def append(self, event: Event) -> None:
        """Return once `event` is durable; raise what the store raised if it was not stored."""
        done = asyncio.get_running_loop().create_future()
        self.pending.append((event, done))
        if self.flushing is None or self.flushing.done():
            self.flushing = asyncio.create_task(self._flush(), name="group-commit")
        await done

    async def _flush(self) -> None:
        while self.pending:
            batch, self.pending = self.pending[:MAX_BATCH], self.pending[MAX_BATCH:]
            error = await self._store(batch)
            if error is None or len(batch) == 1:
                settle(batch, error)
                continue
            for item in batch:  # find the one that failed: the others are stored alone
                settle([item], await self._store([item]))

    async def _store(self, batch: list[tuple[Event, "asyncio.Future[None]"]]) -> Exception | None:
        """Commit `batch` in one transaction; the exception if it was refused."""
        try:
            await self.run([event for event, _ in batch])
        except Exception as error:
            return error
        self.commits += 1
        return None


def settle(batch: list[tuple[Event, "asyncio.Future[None]"]], error: Exception | None) -> None:
    """Tell the waiters of `batch` that their events are stored, or why not."""
    for _, done in batch:
        if done.done():  # its waiter gave up (cancelled): nothing to tell
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
