"""How many actions a second the server's core stores: acting and committing, no browsers.

K Four Big Strata tables of 4 people, in one TableManager (the server's, on a fresh
database), each played by a loop in this process that sends a random legal action with the
seat's token and the board's seq as soon as the previous one is stored (one pending action
per table, as in bench_server.py). Every action is durable before `act` returns (the store
syncs each commit). Reports stored actions a second, transactions (with group commit, one
holds every action that arrived while the previous one was syncing), and CPU-seconds.

    .venv/bin/python benchmarks/bench_commits.py --tables 200 --seconds 20
    .venv/bin/python benchmarks/bench_commits.py --tables 200 --db postgresql://postgres@127.0.0.1:5432/bench
    PYTHONPATH=../main/src .venv/bin/python benchmarks/bench_commits.py --tables 200   # another checkout

A finished game is followed by a new table, so K tables stay in play.
"""

import argparse
import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path

from meeple.server import store as stores
from meeple.server.tables import TableManager

GAME = "four-big-strata"


def open_db(db: str) -> object:
    """The store of `db` (a checkout from before open_store: its SQLite Store)."""
    if hasattr(stores, "open_store"):
        return stores.open_store(db)
    return stores.Store(db)  # type: ignore[attr-defined]


async def keep_table(manager: TableManager, rng: random.Random, stop: float, counts: list[int]) -> None:
    while time.monotonic() < stop:
        table, tokens = await manager.create(GAME, 4, ["human"] * 4, {}, seed=rng.randrange(2**32))
        while time.monotonic() < stop and not table.is_over():
            seat = table.to_move()[0]
            assert table.game is not None
            action = rng.choice(table.game.legal_actions(table.state, seat)).id
            await manager.act(table.id, tokens[seat], seat, action, table.seq)
            counts[0] += 1


async def run(db: str, tables: int, seconds: float) -> tuple[int, float, float, int | None]:
    manager = TableManager(open_db(db), bot_workers=0)  # type: ignore[arg-type]
    manager.start()
    rng = random.Random(1)
    counts = [0]
    began, cpu = time.monotonic(), time.process_time()
    stop = began + seconds
    await asyncio.gather(*(keep_table(manager, random.Random(rng.random()), stop, counts) for _ in range(tables)))
    elapsed, used = time.monotonic() - began, time.process_time() - cpu
    commits = getattr(getattr(manager, "commits", None), "commits", None)
    await manager.close()
    return counts[0], elapsed, used, commits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--db", default="", help="a postgresql:// URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="meeple-commits-", dir="/var/tmp" if Path("/var/tmp").is_dir() else None))
    try:
        db = args.db or str(folder / "c.sqlite")
        actions, elapsed, cpu, commits = asyncio.run(run(db, args.tables, args.seconds))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{args.tables} tables, {elapsed:.0f} s, {args.db.split('@')[-1] if args.db else 'SQLite'}")
    print(f"  actions stored: {actions} ({actions / elapsed:.0f}/s; {actions / cpu:.0f} per CPU-second of the process)")
    if commits is not None:
        print(f"  transactions:   {commits} ({actions / max(commits, 1):.1f} actions each)")


if __name__ == "__main__":
    main()
