"""Several processes committing to one SQLite file, as `meeple serve --processes N` does: how long
a commit takes (waiting for the other writers included), with and without the writers' lock.

Each of W processes opens the store (`open_store(db, shared=...)`), makes one table and appends
its actions one commit at a time (each synced, as the server's are), pausing `--pause` seconds
between commits, for T seconds. Reports commits a second and each commit's time (p50, p95, max).

    .venv/bin/python benchmarks/bench_writers.py --writers 2 --seconds 10            # the writers' lock
    .venv/bin/python benchmarks/bench_writers.py --writers 2 --seconds 10 --unshared # SQLite's busy handler alone
"""

import argparse
import multiprocessing
import os
import tempfile
import time
from pathlib import Path

from meeple.server.store import Event, TableRow, open_store


def write(db: str, shared: bool, writer: int, seconds: float, pause: float) -> list[float]:
    """One writer: its commits' durations in seconds."""
    store = open_store(db, shared=shared)
    table_id = f"bench{writer}"
    row = TableRow(table_id, "four-big-strata", "1", 2, 1, {}, ["human", "human"], False, "2026-01-01T00:00:00")
    store.create_table(row, {})
    times, seq, stop = [], 0, time.monotonic() + seconds
    while time.monotonic() < stop:
        start = time.perf_counter()
        store.append_events([Event(table_id, seq, 0, "x")])
        times.append(time.perf_counter() - start)
        seq += 1
        time.sleep(pause)
    store.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--pause", type=float, default=0.002, help="seconds between a writer's commits")
    parser.add_argument("--unshared", action="store_true", help="without the writers' lock")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir="/var/tmp" if Path("/var/tmp").is_dir() else None) as workdir:
        db = os.path.join(workdir, "bench.sqlite")
        open_store(db).close()  # the schema, made once
        jobs = [(db, not args.unshared, k, args.seconds, args.pause) for k in range(args.writers)]
        with multiprocessing.get_context("spawn").Pool(args.writers) as pool:
            times = sorted(t for each in pool.starmap(write, jobs) for t in each)
    share = "without the writers' lock" if args.unshared else "with the writers' lock"
    print(f"{args.writers} writers on one SQLite file, {share}, load average {os.getloadavg()[0]:.1f}:")
    print(
        f"  {len(times) / args.seconds:.0f} commits/s; a commit p50 {1000 * times[len(times) // 2]:.1f} ms, "
        f"p95 {1000 * times[int(0.95 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
