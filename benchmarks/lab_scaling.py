"""How the lab's backends scale: games per second on 1 and 2 workers, with the process pool and
with a local Ray instance, the efficiency, and Ray's start-up cost. Run by hand; record the
figures in docs/performance.md.

Each measurement plays the same games (heuristic agents, rotated; the rows are checked to be
identical across backends). Wall-clock rates are what a designer waits for; the CPU seconds of
this process and its children (the pool's workers; Ray's workers are not our children, so only
wall time is given for Ray) give a per-CPU-second rate that load on the machine disturbs less.

    .venv/bin/python benchmarks/lab_scaling.py --game round-house --players 4 --games 400
"""

import argparse
import os
import time

from meeple.engine import get_game
from meeple.lab.backends import InProcess, ProcessPool, RayCluster, chunk_size, run_jobs
from meeple.lab.balance import balance_jobs


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def measure(label: str, backend, jobs, workers: int) -> tuple[float, list]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    rows = run_jobs(jobs, backend, chunk_size(len(jobs), workers))
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    rate = len(jobs) / wall
    per_cpu = f"{len(jobs) / cpu:7.1f}" if "ray" not in label else "      -"
    print(f"{label:<22} {wall:7.2f} s wall {rate:7.1f} games/s  {per_cpu} games per CPU-second")
    return rate, rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="round-house")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    jobs = balance_jobs([get_game(args.game)], [args.players], ["heuristic"], args.games, seed=1)
    print(f"{args.games} games of {args.game}, {args.players} players, heuristic agents")
    one, reference = measure("process pool, 1 worker", InProcess(), jobs, 1)
    two, rows = measure("process pool, 2 workers", ProcessPool(2), jobs, 2)
    assert rows == reference
    print(f"process pool efficiency on 2 workers: {two / (2 * one):.0%}")
    if args.no_ray:
        return
    import ray

    for workers in (1, 2):
        cluster = RayCluster(None, workers)
        started = time.perf_counter()
        cluster.connect()
        print(f"ray.init(num_cpus={workers}): {time.perf_counter() - started:.1f} s")
        rate, rows = measure(f"local ray, {workers} worker(s)", cluster, jobs, workers)
        assert rows == reference
        if workers == 1:
            ray_one = rate
        ray.shutdown()
    print(f"ray efficiency on 2 workers: {rate / (2 * ray_one):.0%}; ray vs pool on 2 workers: {rate / two:.0%}")


if __name__ == "__main__":
    main()
