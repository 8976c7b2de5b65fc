"""`meeple simulate` on 1 and 2 workers, every game: wall-clock speed-up and identical output.

Issue 20 item 3: two workers at least 1.8× faster than one, the output byte-identical. Each
pair runs the same whole command (start-up included, as a designer waits for it) on 1 worker
and then on 2, in turn, `--pairs` times; the speed-up of each pair and their median are printed,
and the run stops with an error if the two outputs of any pair differ. Wall-clock figures mean
something only on an otherwise idle machine with 2 free cores: check the load average first.

    .venv/bin/python benchmarks/bench_simulate.py                       # every game, 1,000 games
    .venv/bin/python benchmarks/bench_simulate.py --games four-big-strata --count 300 --pairs 3
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

GAMES = ("four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table")


def timed_run(game: str, players: int, count: int, workers: int) -> tuple[float, bytes]:
    """Wall-clock seconds of one `meeple simulate` command and its standard output."""
    meeple = Path(sys.executable).with_name("meeple")
    command = [str(meeple), "simulate", game, "--players", str(players), "--games", str(count)]
    command += ["--seed", "7", "--agents", "random", "--workers", str(workers), "--json"]
    began = time.perf_counter()
    output = subprocess.run(command, check=True, capture_output=True).stdout
    return time.perf_counter() - began, output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated slugs")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--count", type=int, default=1000, help="games a command plays")
    parser.add_argument("--pairs", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.count} random games, {args.players} players, seed 7")
    print("| game | 1 worker s | 2 workers s | speed-up (each pair) | median |")
    print("| --- | --- | --- | --- | --- |", flush=True)
    for game in args.games.split(","):
        ones, twos = [], []
        for _ in range(args.pairs):
            one, first = timed_run(game, args.players, args.count, 1)
            two, second = timed_run(game, args.players, args.count, 2)
            if first != second:
                sys.exit(f"{game}: the output on 2 workers differs from the output on 1")
            ones.append(one)
            twos.append(two)
        ups = [one / two for one, two in zip(ones, twos, strict=True)]
        cells = [" / ".join(f"{s:.2f}" for s in ones), " / ".join(f"{s:.2f}" for s in twos)]
        cells += [" / ".join(f"{u:.2f}×" for u in ups), f"{statistics.median(ups):.2f}×"]
        print(f"| {game} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
