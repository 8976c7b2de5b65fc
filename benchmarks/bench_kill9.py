"""Kill -9 the server again and again mid-play: is every acknowledged action still there, and
does every table still replay?

Starts `meeple serve` on a fresh database, creates K Four Big Strata tables of three people
and plays every seat from this process over websockets, each seat sending a random legal
action as soon as its board offers one. After a random moment (0.2 to 1.5 s of play) the
server is killed with SIGKILL, in the middle of whatever it was doing, and
started again on the same file; the drivers reconnect with the same links and play on. A
finished game is replaced by a new table.

An action is *acknowledged* once any browser has been shown a board that contains it (a view
whose data-seq counts it): the server promises to store an action before it shows it. After
each kill the database is read directly: the stored actions of every table must be at least as
many as were acknowledged (0 lost), and every table must replay under the rules (0 broken).

    .venv/bin/python benchmarks/bench_kill9.py --kills 100
    .venv/bin/python benchmarks/bench_kill9.py --kills 3 --tables 3 --json    # what the test runs

Prints kills, acknowledged and stored actions, lost actions, broken tables and how long the
server took to serve its lobby again after each start (median and max); `--json` prints the
same as one JSON object, with the acknowledged count per table.
"""

import argparse
import asyncio
import html
import json
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from meeple.engine import MeepleError, get_game

VIEW_SEQ = re.compile(r'<div id="view" data-seq="(-?\d+)"')
ACTION = re.compile(r'data-action="([^"]*)"')
INVITE = re.compile(r'<a class="invite" href="([^"]*)"')
OVER = "The game is over."
# The drivers play at machine speed: no per-client limit may refuse them.
UNLIMITED = ("--max-open-tables", "100000")
UNLIMITED += tuple(x for flag in ("tables", "forms", "sockets", "moves") for x in (f"--limit-{flag}", "100000/second"))
SEATS = ["human", "human", "human"]  # no bot: its worker process would start anew after every kill


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: Path, port: int, *flags: str) -> tuple[subprocess.Popen[bytes], float]:
    """`meeple serve` on `db` with `flags`; returns it and the seconds until it served its lobby."""
    command = [sys.executable, "-c", "from meeple.cli import app; app()", "serve", "--port", str(port)]
    command += ["--db", str(db), "--bot-workers", "1", *flags]
    started = time.monotonic()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).close()
            return server, time.monotonic() - started
        except OSError:
            if server.poll() is not None or time.monotonic() - started > 60:
                server.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.02)


def create_table(port: int) -> tuple[str, list[str]]:
    """POST the lobby form: the table's id and its human seats' websocket URLs."""
    form = "game=four-big-strata&players=3&" + "&".join(f"seat{i}={who}" for i, who in enumerate(SEATS))
    request = urllib.request.Request(f"http://127.0.0.1:{port}/tables", data=form.encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        page = response.read().decode()
    urls = [html.unescape(url) for url in INVITE.findall(page) if "token=" in url]
    table_id = urls[0].split("/t/")[1].split("?")[0]
    return table_id, [url.replace("http://", "ws://", 1).replace("/t/", "/ws/", 1) for url in urls]


class Tables:
    """The tables in play, and the most actions any browser has been shown at each."""

    def __init__(self) -> None:
        self.seats: dict[str, list[str]] = {}
        self.acknowledged: dict[str, int] = {}
        self.finished: set[str] = set()


async def play_seat(url: str, table_id: str, tables: Tables, rng: random.Random) -> None:
    """Play one seat until its game ends or the server goes away."""
    try:
        async with connect(url, max_size=2**22) as ws:
            while True:
                fragment = str(await ws.recv())
                found = VIEW_SEQ.search(fragment)
                if found is None:
                    continue  # a refusal (another seat moved first): the next view comes
                seq = int(found.group(1))
                tables.acknowledged[table_id] = max(tables.acknowledged.get(table_id, 0), seq)
                if OVER in fragment:
                    tables.finished.add(table_id)
                    return
                actions = list(dict.fromkeys(ACTION.findall(fragment)))
                if actions:
                    choice = html.unescape(rng.choice(actions))
                    await ws.send(json.dumps({"action": choice, "seq": seq}))
    except (ConnectionClosed, InvalidHandshake, InvalidStatus, OSError):
        return


async def play_until_killed(server: subprocess.Popen[bytes], tables: Tables, seconds: float, seed: int) -> None:
    """Play every seat; kill the server with SIGKILL after `seconds`."""
    rng = random.Random(seed)
    tasks = [
        asyncio.create_task(play_seat(url, table_id, tables, random.Random(rng.random())))
        for table_id, urls in tables.seats.items()
        if table_id not in tables.finished
        for url in urls
    ]
    await asyncio.sleep(seconds)
    server.send_signal(signal.SIGKILL)
    server.wait()
    await asyncio.gather(*tasks)


def check(db: Path, tables: Tables) -> tuple[int, int, list[str]]:
    """(actions stored, acknowledged actions missing, tables that do not replay), read from the file."""
    connection = sqlite3.connect(db)
    try:
        stored, lost, broken = 0, 0, []
        rows = connection.execute("SELECT id, game, players, seed, options FROM tables").fetchall()
        for table_id, slug, players, seed, options in rows:
            events = connection.execute(
                "SELECT seq, seat, action_id FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
            stored += len(events)
            lost += max(0, tables.acknowledged.get(table_id, 0) - len(events))
            try:
                game = get_game(slug, json.loads(options))
                state = game.new_game(players, seed)
                for expected, (seq, seat, action_id) in enumerate(events):
                    assert seq == expected, f"the log skips from {expected} to {seq}"
                    game.apply(state, seat, action_id)
            except (MeepleError, AssertionError) as error:
                broken.append(f"{table_id}: {error}")
        return stored, lost, broken
    finally:
        connection.close()


def run(kills: int, table_count: int, db: Path, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    port = free_port()
    tables = Tables()
    restarts: list[float] = []
    lost_total = 0
    server, _ = start_server(db, port, *UNLIMITED)
    try:
        for kill in range(kills):
            for table_id in list(tables.seats):
                if table_id in tables.finished:
                    del tables.seats[table_id]
            while len(tables.seats) < table_count:
                table_id, urls = create_table(port)
                tables.seats[table_id] = urls
            asyncio.run(play_until_killed(server, tables, rng.uniform(0.2, 1.5), rng.randrange(2**32)))
            stored, lost, broken = check(db, tables)
            lost_total = max(lost_total, lost)
            if lost or broken:
                print(f"kill {kill + 1}: {lost} acknowledged actions lost, broken: {broken}", file=sys.stderr)
            server, seconds = start_server(db, port, *UNLIMITED)
            restarts.append(seconds)
    finally:
        server.kill()
        server.wait()
    stored, lost, broken = check(db, tables)
    return {
        "kills": kills,
        "tables": len(tables.acknowledged),
        "acknowledged": sum(tables.acknowledged.values()),
        "stored": stored,
        "lost": max(lost_total, lost),
        "broken": broken,
        "restart_median_s": round(statistics.median(restarts), 3) if restarts else None,
        "restart_max_s": round(max(restarts), 3) if restarts else None,
        "acknowledged_by_table": tables.acknowledged,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, help="the database file (default: a fresh one in a temporary folder)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "kill9.sqlite"
        started = time.monotonic()
        report = run(args.kills, args.tables, db, args.seed)
        report["seconds"] = round(time.monotonic() - started, 1)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{report['kills']} kills, {report['tables']} tables, {report['acknowledged']} actions acknowledged, "
        f"{report['stored']} stored: {report['lost']} lost, {len(report['broken'])} broken tables; "  # type: ignore[arg-type]
        f"lobby served {report['restart_median_s']} s after a start (median; max {report['restart_max_s']} s); "
        f"{report['seconds']} s in all"
    )


if __name__ == "__main__":
    main()
