"""How long a test waits for what only a hang would stop: a server to start, bots to finish
their moves, a view to arrive. These are guards, never speed requirements (the developers'
guide forbids timed tests): a CI machine of two loaded cores takes many times what an idle one
does, so the guard is generous, and a wait that fires says what it was waiting for."""

import sys
import time
import traceback
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeple.server.tables import Table, TableManager

HANG_SECONDS = 120.0


def wait_for_bots(
    manager: "TableManager", table: "Table", timeout: float = HANG_SECONDS, allow_problem: bool = False
) -> None:
    """Poll (from the test's thread) until no bot of the table is thinking."""
    deadline = time.monotonic() + timeout
    while manager.bots_busy(table):
        assert time.monotonic() < deadline, f"bots did not finish in {timeout} s: {stuck(table)}"
        time.sleep(0.005)
    assert allow_problem or table.problem is None, table.problem


def stuck(table: "Table") -> str:
    """What a table whose bots do not finish is doing: its position, who is to move, its latest
    actions, and every thread's stack (where the bot task or its worker waits)."""
    stacks = "\n".join(
        f"thread {ident}:\n{''.join(traceback.format_stack(frame))}" for ident, frame in sys._current_frames().items()
    )
    return (
        f"seq {table.seq}, to move {table.to_move()}, latest actions {table.actions[-12:]}, "
        f"bot task {table.bot_task!r}\n{stacks}"
    )
