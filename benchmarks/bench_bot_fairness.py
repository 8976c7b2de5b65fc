"""How long another client's bots wait a move while one client's hard bots think.

Starts `meeple serve` in a subprocess on a fresh database. A "hog" client (connecting from
127.0.0.2) creates N Four Big Strata tables whose seats are all "hard" bots; once they are
thinking, the "victim" client (127.0.0.1) creates one table of two "random" bots and one of
two "easy" bots. After T seconds the victim tables' stored events (each has the time it was
stored) give the wait per move: the time between one bot move and the next at the same table
(the first move's: since the table was created). A move not made by the end is not counted,
so a starved table shows few moves rather than long waits.

    .venv/bin/python benchmarks/bench_bot_fairness.py --hog-tables 4 --seconds 60
    .venv/bin/python benchmarks/bench_bot_fairness.py --hog-tables 4 --seconds 60 --bot-workers 1
    # the code before the scheduler, from another checkout's sources:
    .venv/bin/python benchmarks/bench_bot_fairness.py --hog-tables 4 --src ../main/src

Nothing leaves the loopback interface. Since the cap on search bots, one client may hold 8
of them at unfinished tables: N hard tables of 2 seats each fit for N <= 4; the benchmark
prints how many tables were refused.
"""

import argparse
import http.client
import itertools
import json
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from meeple.cli import load_games
from meeple.engine import get_game

HOG, VICTIM = "127.0.0.2", "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int, bot_workers: int | None, src: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from meeple.cli import app; app()", "serve", "--port", str(port), "--db", str(db)]
    if bot_workers is not None:
        command += ["--bot-workers", str(bot_workers)]
    env = dict(os.environ, PYTHONPATH=src) if src else None
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 30
    while True:
        try:
            status, _ = post(port, VICTIM, "GET", "")
            if status == 200:
                return server
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise SystemExit("the server did not start")
        time.sleep(0.1)


def post(port: int, source: str, method: str, body: str) -> tuple[int, str]:
    """One request to the server from the address `source`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        connection.request(method, "/tables" if method == "POST" else "/", body=body or None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def create(port: int, source: str, seats: list[str]) -> bool:
    form = f"game=four-big-strata&players={len(seats)}&" + "&".join(f"seat{i}={who}" for i, who in enumerate(seats))
    status, _ = post(port, source, "POST", form)
    return status == 201


def waits(db: Path) -> dict[str, tuple[list[float], int]]:
    """Seconds between consecutive stored moves (the first: since the table was created), and
    how many of the tables finished their game, by the tables' first seat spec."""
    load_games()
    with sqlite3.connect(db) as conn:
        tables = conn.execute("SELECT id, game, options, players, seed, seats, created FROM tables").fetchall()
        rows = conn.execute("SELECT table_id, seat, action_id, at FROM events ORDER BY table_id, seq").fetchall()
    found: dict[str, tuple[list[float], int]] = {}
    for table_id, slug, options, players, seed, seats, created in tables:
        game = get_game(slug, json.loads(options))
        state = game.new_game(players, seed)
        stamps = [datetime.fromisoformat(created)]
        for _, seat, action_id, at in (row for row in rows if row[0] == table_id):
            game.apply(state, seat, action_id)
            stamps.append(datetime.fromisoformat(at))
        gaps, finished = found.get(json.loads(seats)[0], ([], 0))
        gaps.extend((b - a).total_seconds() for a, b in itertools.pairwise(stamps))
        found[json.loads(seats)[0]] = (gaps, finished + game.is_terminal(state))
    return found


def summary(gaps: list[float], finished: int) -> str:
    if not gaps:
        return "no move"
    ordered = sorted(gaps)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"{len(gaps)} moves{' (game over)' * bool(finished)}, wait per move median {statistics.median(gaps):.3f} s, "
        f"mean {statistics.fmean(gaps):.3f} s, p95 {p95:.3f} s, max {ordered[-1]:.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hog-tables", type=int, default=4, help="all-hard tables of the hog client (N)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the victim's tables are watched (T)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds the hog's bots think before the victim comes")
    parser.add_argument("--bot-workers", type=int, default=None, help="passed to meeple serve (default: its own)")
    parser.add_argument("--src", default=None, help="run the server from these sources (PYTHONPATH)")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="meeple-fair-", dir="/var/tmp" if Path("/var/tmp").is_dir() else None))
    db = workdir / "bench.sqlite"
    port = free_port()
    server = start_server(db, port, args.bot_workers, args.src)
    try:
        made = sum(create(port, HOG, ["hard", "hard"]) for _ in range(args.hog_tables))
        time.sleep(args.warmup)
        assert create(port, VICTIM, ["random", "random"]) and create(port, VICTIM, ["easy", "easy"])
        time.sleep(args.seconds)
        found = waits(db)
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(workdir, ignore_errors=True)
    levels = {"random": "random", "planner:effort=1": "easy", "planner:effort=3": "hard"}

    def level(spec: str) -> str:
        return next((name for prefix, name in levels.items() if spec.startswith(prefix)), spec)

    workers = "its default" if args.bot_workers is None else str(args.bot_workers)
    print(f"bot fairness: {made} of {args.hog_tables} all-hard tables of one client (2 seats), bot workers {workers}")
    print(f"  server from {args.src or 'this checkout'}; victim watched {args.seconds:.0f} s after {args.warmup:.0f} s")
    by_level = {level(spec): gaps for spec, gaps in found.items()}
    for name in ("random", "easy", "hard"):
        print(f"  {name:>6} tables: {summary(*by_level.get(name, ([], 0)))}")


if __name__ == "__main__":
    main()
