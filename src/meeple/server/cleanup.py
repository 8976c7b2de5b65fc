"""Clean-up: finished tables are archived after a retention period, abandoned ones closed.

- **Archived**: a finished game that ended more than `archive_after` ago (default 7 days):
  its players have had time to look at the result and come back to it.
- **Abandoned**: an unfinished game where no person has moved for `abandon_after` (default 3
  days; since it was created if nobody ever moved), and a table of bots only that stopped
  (a bot that failed) as long. Its search bots no longer count against its creator's cap, nor
  the table against the cap of open tables.

A closed table is marked so in the store and dropped from the server's memory: it is not
replayed at the next start, and its links say that it was closed. Nothing is deleted: the event
log stays, and `meeple export --db FILE TABLE` writes any table's record, closed or not, for
`meeple replay` (export.py). Broken tables (that do not replay) are left for the operator.

The sweep runs when the server starts and then every `every` (default 10 minutes). It reads the
time from the manager's clock, so tests move time on without waiting.
"""

import asyncio
import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from meeple.server.defaults import ABANDON_AFTER, ARCHIVE_AFTER

if TYPE_CHECKING:
    from meeple.server.tables import Table, TableManager

ARCHIVED = "archived"
ABANDONED = "abandoned"
SWEEP_EVERY = "10m"
UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}
DURATION = re.compile(r"(\d+(?:\.\d+)?)([smhd])")
log = logging.getLogger("meeple.server")


def parse_duration(text: str) -> timedelta:
    """A duration written as a number and a unit: 90s, 30m, 12h, 7d; ValueError otherwise."""
    found = DURATION.fullmatch(text.strip().lower())
    if found is None or float(found.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a duration like 30m, 12h or 7d (a positive number and s, m, h or d)")
    return timedelta(**{UNITS[found.group(2)]: float(found.group(1))})


@dataclass(frozen=True)
class Retention:
    """How long finished and abandoned tables are kept live, and how often that is checked."""

    archive_after: timedelta = field(default_factory=lambda: parse_duration(ARCHIVE_AFTER))
    abandon_after: timedelta = field(default_factory=lambda: parse_duration(ABANDON_AFTER))
    every: timedelta = field(default_factory=lambda: parse_duration(SWEEP_EVERY))


DEFAULT_RETENTION = Retention()


def abandoned(table: "Table", at: datetime, retention: Retention) -> bool:
    """Whether `table` is unfinished and no person has moved there for `retention.abandon_after`
    at time `at` (a broken table is left for the operator)."""
    return table.broken is None and not table.is_over() and at - table.last_human_move >= retention.abandon_after


async def sweep(manager: "TableManager", retention: Retention) -> dict[str, str]:
    """Close every table due at the manager's clock's time; returns {table id: why}.

    Finished tables are found in the store (most of them are never loaded); abandoned ones among
    the tables in memory (every unfinished table is, once restored after a start), each checked
    again against the store's log before it is closed (another server may play it)."""
    at = manager.clock()
    closed = dict.fromkeys(await manager.finished_before(at - retention.archive_after), ARCHIVED)
    for table in list(manager.tables.values()):
        if abandoned(table, at, retention):
            await manager.note_stored_moves(table)
            if abandoned(table, at, retention):
                closed[table.id] = ABANDONED
    for table_id, why in closed.items():
        await manager.close_table(table_id, why)
    if closed:
        log.info("closed %d tables (%s)", len(closed), ", ".join(f"{t}: {why}" for t, why in closed.items()))
    return closed


async def sweep_forever(manager: "TableManager", retention: Retention) -> None:
    """Sweep now, then every `retention.every`, until cancelled; a failed sweep is logged and retried."""
    while True:
        try:
            await sweep(manager, retention)
        except Exception:
            log.exception("the clean-up of finished and abandoned tables failed")
        await asyncio.sleep(retention.every.total_seconds())
