"""How soon a restarted server serves its lobby, with many finished tables and some live ones.

Plays one random game of every game to the end (the engine alone, fixed seeds), then writes a
SQLite database the server would have written: `--finished` finished tables (each a copy of
one of those games under a new id, its whole event log) and `--live` tables halfway through
theirs. Then starts `meeple serve` on it and measures, from the process's start:

- the lobby: the first `GET /` answered 200;
- every live table served: each live table's spectator page answered 200, asked in turn
  right after the lobby (a table not yet restored in the background is restored then).

    .venv/bin/python benchmarks/bench_restart.py --finished 10000 --live 100
    .venv/bin/python benchmarks/bench_restart.py --finished 1000 --live 100 --src ../main/src   # before

The database is written with plain sqlite3 (one transaction, no fsync), which is setup, not
what is measured.
"""

import argparse
import json
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from meeple.engine import game_specs, get_game
from meeple.server.sqlite_store import SQLiteStore
from meeple.server.store import now

PLAYERS = 2


def played_games() -> list[tuple[str, str, list[tuple[int, str]]]]:
    """(game, rules version, actions) of one random game of each game, to the end."""
    games = []
    for spec in game_specs():
        game, rng = get_game(spec.slug), random.Random(spec.slug)
        state, actions = game.new_game(PLAYERS, 7), []
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            action = rng.choice(game.legal_actions(state, seat)).id
            game.apply(state, seat, action)
            actions.append((seat, action))
        games.append((spec.slug, spec.version, actions))
    return games


def write_database(path: str, finished: int, live: int) -> list[str]:
    """The database of `finished` finished and `live` half-played tables; the live tables' ids."""
    SQLiteStore(path).close()  # the schema, as the server makes it
    games = played_games()
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous=OFF")
    live_ids = []
    with db:
        for number in range(finished + live):
            slug, version, actions = games[number % len(games)]
            table_id, over = f"table-{number:06d}", number < finished
            kept = actions if over else actions[: len(actions) // 2]
            db.execute(
                "INSERT INTO tables (id, game, version, players, seed, options, seats, hot_seat, created, listed,"
                " finished) VALUES (?, ?, ?, ?, 7, '{}', ?, 0, ?, 0, ?)",
                (table_id, slug, version, PLAYERS, json.dumps(["human"] * PLAYERS), now(), now() if over else None),
            )
            db.executemany(
                "INSERT INTO events (table_id, seq, seat, action_id, at) VALUES (?, ?, ?, ?, '')",
                [(table_id, seq, seat, action) for seq, (seat, action) in enumerate(kept)],
            )
            if not over:
                live_ids.append(table_id)
    db.close()
    return live_ids


def wait_for(url: str, server: subprocess.Popen[bytes], deadline: float) -> None:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                if response.status == 200:
                    return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"no answer from {url}") from None
            time.sleep(0.02)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(path: str, live: list[str], src: str | None) -> tuple[float, float, float]:
    """Start a server on `path`: seconds until its lobby is served, its CPU-seconds by then,
    and seconds until every live table is served."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    command = [sys.executable, "-c", "from meeple.cli import app; app()", "serve", "--port", str(port)]
    command += ["--db", path, "--bot-workers", "0"]
    env = dict(os.environ, PYTHONPATH=src) if src else None
    started = time.monotonic()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        wait_for(f"http://127.0.0.1:{port}/", server, started + 3600)
        lobby, cpu = time.monotonic() - started, cpu_seconds(server.pid)
        for table_id in live:
            wait_for(f"http://127.0.0.1:{port}/t/{table_id}/watch", server, started + 3600)
        return lobby, cpu, time.monotonic() - started
    finally:
        server.kill()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--finished", type=int, default=10000)
    parser.add_argument("--live", type=int, default=100)
    parser.add_argument("--src", default=None, help="run the server from these sources (PYTHONPATH)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="meeple-restart-", dir="/var/tmp" if Path("/var/tmp").is_dir() else None))
    path, empty = str(folder / "restart.sqlite"), str(folder / "empty.sqlite")
    try:
        began = time.monotonic()
        live = write_database(path, args.finished, args.live)
        size = sum(p.stat().st_size for p in folder.glob("restart.sqlite*")) / 2**20
        print(
            f"database: {args.finished} finished + {args.live} live tables, {size:.0f} MiB, written in "
            f"{time.monotonic() - began:.0f} s"
        )
        print(f"server from {args.src or 'this checkout'}; load average {os.getloadavg()[0]:.1f}")
        for name, db, tables in (
            ("empty database", empty, []),
            ("this database", path, live),
            ("empty again", empty, []),
        ):
            lobby, cpu, every = serve(db, tables, args.src)
            print(f"  {name:15} lobby after {lobby:6.2f} s ({cpu:5.2f} CPU-s); every live table after {every:6.2f} s")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
