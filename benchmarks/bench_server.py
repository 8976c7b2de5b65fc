"""How many live tables the browser server holds, and how fast it answers a move.

Starts `meeple serve` in a subprocess on a fresh database, creates K tables of one game (Four
Big Strata unless `--game` says another) whose seats are all "human", and drives every seat
from this process over websockets, as a browser would: read the pushed view (a patch of the
last one, as the table page asks for, unless `--views full`), pick a random `data-action` id,
send `{"action": id, "seq": n}`, wait for its own updated view. The seats of one table take
turns (one pending action per table, as people clicking seconds apart would), so the
next view a seat receives after sending is its own action's result. A finished game is
replaced by a new table, so K tables stay in play for the whole run. Reports tables held,
actions per second, p50/p95/p99 action latency (send -> the sender's own updated view
received), and refusals (none are expected: with a server bot at the table, a "stale" one
means the bot moved first).

    .venv/bin/python benchmarks/bench_server.py --tables 8 --seconds 20
    .venv/bin/python benchmarks/bench_server.py --tables 200 --players 4 --seconds 60 --think 1 --warmup 20
    .venv/bin/python benchmarks/bench_server.py --tables 16 --src ../main/src   # another checkout's server
    .venv/bin/python benchmarks/bench_server.py --tables 16 --views full          # every view whole
    .venv/bin/python benchmarks/bench_server.py --tables 16 --game round-house    # another game

Every move is committed with synchronous=FULL (an fsync) before anyone sees it, so the
figures include the durability the server promises. Each table's browsers connect from a
loopback address of their own (127.0.0.2, .3, ...), as different people would, so the
per-address limits do not apply. The server's CPU time (its process and its children: bot
workers) is read from /proc, so actions per server CPU-second can be compared between runs on
a machine others share; this driver's own CPU per stored action is printed beside it (the
browsers share the machine with the server). Each browser keeps its view as the chunks a patch
names (`patches.rebuilt`), rebuilt exactly. Nothing leaves the loopback interface.
"""

import argparse
import asyncio
import html
import http.client
import importlib.util
import json
import os
import random
import re
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from meeple.server import patches

VIEW_SEQ = re.compile(r'<div id="view" data-seq="(-?\d+)"')
ACTION = re.compile(r'data-action="([^"]*)"')
NOTICE = re.compile(r'<div id="notice" class="notice (\w*)" role="alert">(.*?)</div>', re.S)
INVITE = re.compile(r'<a class="invite" href="([^"]*)"')
OVER = "The game is over."


@dataclass
class Stats:
    """What the drivers measured."""

    latencies: list[float] = field(default_factory=list)
    stale: int = 0
    other_refusals: list[str] = field(default_factory=list)
    games_finished: int = 0
    tables_created: int = 0
    bytes_received: int = 0
    messages_received: int = 0
    patches_received: int = 0
    disconnects: int = 0


def served_patches(src: str | None) -> ModuleType:
    """The patches module of the server under test (`--src`): the driver must rebuild views
    from patches where that server cuts them."""
    if src is None:
        return patches
    spec = importlib.util.spec_from_file_location("served_patches", Path(src) / "meeple" / "server" / "patches.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rebuilt(chunks: list[str], ops: list[object]) -> list[str]:
    """The chunks of the view that the patch `ops` makes of the view cut into `chunks`, by the
    served patches module (one from before `patches.rebuilt` joins, applies and cuts again)."""
    if hasattr(patches, "rebuilt"):
        return patches.rebuilt(chunks, ops)
    return patches.apply(patches.MARKER.join(chunks), ops).split(patches.MARKER)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(db: str, port: int, bot_workers: int, src: str | None, processes: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from meeple.cli import app; app()", "serve", "--port", str(port)]
    command += ["--db", db, "--bot-workers", str(bot_workers)]
    command += ["--processes", str(processes)] if processes > 1 else []
    env = dict(os.environ, PYTHONPATH=src) if src else None
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


def create_table(port: int, game: str, seats: list[str], address: str) -> list[str]:
    """POST the lobby form for `game` from `address`; the websocket URL of every human seat."""
    form = f"game={game}&players={len(seats)}&" + "&".join(f"seat{i}={who}" for i, who in enumerate(seats))
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(address, 0))
    try:
        connection.request("POST", "/tables", form, {"Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        page = response.read().decode()
    finally:
        connection.close()
    if response.status != 201:
        raise SystemExit(f"creating a table failed: {response.status} {page[:300]}")
    urls = [html.unescape(url) for url in INVITE.findall(page) if "token=" in url]
    return [url.replace("http://", "ws://", 1).replace("/t/", "/ws/", 1) for url in urls]


class TableDriver:
    """The seats of one table, driven as people would take turns: one pending action at a time
    per table (so a seat's next view after its action is that action's result), each sent on the
    newest board any of its seats has seen."""

    def __init__(self, stats: Stats, stop: float, think: float, address: str, warm: float, views: str) -> None:
        self.stats = stats
        self.stop = stop
        self.think = think
        self.address = address
        self.warm = warm  # latencies are recorded from this time on
        self.turn = asyncio.Lock()
        self.latest = -1
        self.views = views  # "patch": views after the first come as patches, as the table page asks
        self.shown: dict[ClientConnection, list[str]] = {}  # each socket's last view, its chunks (patched)

    async def seat(self, url: str, rng: random.Random) -> bool:
        """Play one seat until its game ends (True) or time is up (False)."""
        async with connect(f"{url}&views={self.views}", max_size=2**22, local_addr=(self.address, 0)) as ws:
            try:
                return await self._play(ws, rng)
            finally:
                if self.turn.locked() and self._holder is ws:
                    self.turn.release()

    _holder: ClientConnection | None = None

    async def _receive(self, ws: ClientConnection) -> tuple[list[str], bool] | None:
        """The next message: a view as its chunks (cut at `patches.MARKER`, rebuilt exactly from
        a patch of the last one), or a notice as one chunk, and whether it says that the game is
        over (the first view that does holds the words in its message, whole or in its patch);
        None when time is up."""
        try:
            message = str(await asyncio.wait_for(ws.recv(), timeout=max(0.05, self.stop - time.monotonic())))
        except TimeoutError:
            return None
        self.stats.messages_received += 1
        self.stats.bytes_received += len(message)
        if message.startswith("{"):
            self.stats.patches_received += 1
            chunks = rebuilt(self.shown[ws], json.loads(message)["patch"])
        elif message.startswith('<div id="view"'):
            chunks = message.split(patches.MARKER)
        else:
            return [message], False
        self.shown[ws] = chunks
        return chunks, OVER in message

    async def _play(self, ws: ClientConnection, rng: random.Random) -> bool:
        seq = -1
        sent_at: float | None = None  # when this seat's pending action was sent
        while time.monotonic() < self.stop:
            received = await self._receive(ws)
            if received is None:
                return False
            chunks, over = received
            found = VIEW_SEQ.match(chunks[0])
            if found is None:
                notice = NOTICE.search(chunks[0])
                text = html.unescape(notice.group(2)) if notice else chunks[0][:120]
                if text.startswith("stale:"):
                    self.stats.stale += 1
                else:
                    self.stats.other_refusals.append(text)
                if sent_at is not None:
                    sent_at, self._holder = None, None
                    self.turn.release()
                continue
            seq = int(found.group(1))
            self.latest = max(self.latest, seq)
            if sent_at is not None and seq > self.sent_seq:
                if sent_at >= self.warm:
                    self.stats.latencies.append(time.monotonic() - sent_at)
                sent_at, self._holder = None, None
                self.turn.release()
            if over:
                return True
            if sent_at is not None or seq < self.latest:
                continue
            offered = (ACTION.findall(chunk) for chunk in chunks if "data-action" in chunk)
            actions = list(dict.fromkeys(action for found_here in offered for action in found_here))
            if not actions:
                continue
            if self.think:
                await asyncio.sleep(rng.uniform(0, 2 * self.think))
            await self.turn.acquire()
            if seq < self.latest:  # another seat moved while this one waited: wait for the new board
                self.turn.release()
                continue
            self._holder, self.sent_seq = ws, seq
            choice = html.unescape(rng.choice(actions))
            sent_at = time.monotonic()
            await ws.send(f'{{"action": "{choice}", "seq": {seq}}}')
        return False

    sent_seq = -1


async def keep_table(
    port: int,
    game: str,
    seats: list[str],
    rng: random.Random,
    stats: Stats,
    stop: float,
    think: float,
    address: str,
    warm: float,
    views: str,
) -> None:
    """Keep one table in play until time is up: a finished game is followed by a new table."""
    while time.monotonic() < stop:
        urls = await asyncio.to_thread(create_table, port, game, seats, address)
        stats.tables_created += 1
        driver = TableDriver(stats, stop, think, address, warm, views)
        try:
            done = await asyncio.gather(*(driver.seat(url, random.Random(rng.random())) for url in urls))
        except ConnectionClosed:
            stats.disconnects += 1
            return
        if all(done):
            stats.games_finished += 1


def processes(pid: int) -> dict[int, float]:
    """Process `pid` and its live descendants (with --processes: the front, the server processes
    and their bot workers; else the server and its bot workers): the CPU-seconds (user + system)
    of each."""
    parents, cpu = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        cpu[child] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    family, frontier = {pid}, {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - family
        family |= frontier
    return {member: cpu[member] for member in family if member in cpu}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` and its live descendants."""
    return sum(processes(pid).values())


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Measured:
    stats: Stats
    seconds: float
    cpu: float  # the server's CPU-seconds meanwhile
    driver_cpu: float  # this process's (the browsers') CPU-seconds meanwhile
    stored: int  # actions stored meanwhile


async def run(args: argparse.Namespace, port: int, server_pid: int, count: Callable[[], int]) -> Measured:
    """Drive the tables; measure from the end of the warm-up (tables created, connections
    made) to the end: stored actions, the server's CPU time, latencies."""
    stats = Stats()
    rng = random.Random(args.seed)
    seats = ["human"] * args.players + [args.server_bot] * (1 if args.server_bot else 0)
    started = time.monotonic()
    warm, stop = started + args.warmup, started + args.warmup + args.seconds
    drivers = asyncio.gather(
        *(
            keep_table(port, args.game, seats, table_rng, stats, stop, args.think, address(k), warm, args.views)
            for k, table_rng in enumerate(random.Random(rng.random()) for _ in range(args.tables))
        )
    )
    await asyncio.sleep(max(0.0, warm - time.monotonic()))
    cpu, stored, driver_cpu = cpu_seconds(server_pid), count(), time.process_time()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    cpu, stored, driver_cpu = cpu_seconds(server_pid) - cpu, count() - stored, time.process_time() - driver_cpu
    await drivers
    return Measured(stats, args.seconds, cpu, driver_cpu, stored)


def address(k: int) -> str:
    """The loopback address the browsers of table `k` connect from."""
    return f"127.0.{1 + k // 250}.{2 + k % 250}"


def stored_actions(db: str) -> int:
    with sqlite3.connect(db, timeout=30) as conn:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8, help="tables in play at once (K)")
    parser.add_argument("--game", default="four-big-strata", help="the game played at every table (its slug)")
    parser.add_argument("--players", type=int, default=4, help="human seats per table, driven from here")
    parser.add_argument("--server-bot", default="", help="also seat one server-side bot per table (e.g. heuristic)")
    parser.add_argument("--seconds", type=float, default=20, help="how long to measure (T), after the warm-up")
    parser.add_argument("--warmup", type=float, default=5, help="seconds to create the tables and connect first")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a driven seat waits before moving")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument(
        "--views",
        choices=["patch", "full"],
        default="patch",
        help="patch: views after the first as patches (the table page's way); full: every view whole",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--src", default=None, help="run the server from these sources (PYTHONPATH)")
    parser.add_argument("--processes", type=int, default=1, help="meeple serve --processes (server processes)")
    args = parser.parse_args()
    global patches
    patches = served_patches(args.src)
    workdir = Path(tempfile.mkdtemp(prefix="meeple-bench-", dir="/var/tmp" if Path("/var/tmp").is_dir() else None))
    db = str(workdir / "bench.sqlite")
    port = free_port()
    server = start_server(db, port, args.bot_workers, args.src, args.processes)
    front_cpu = processes(server.pid)[server.pid]  # its start-up apart
    try:
        measured = asyncio.run(run(args, port, server.pid, lambda: stored_actions(db)))
        family = processes(server.pid)
        front_cpu = family[server.pid] - front_cpu
        rss = {member: rss_mib(member) for member in sorted(family)}
        alive = server.poll() is None
    finally:
        server.kill()
        server.wait()
    stats, elapsed = measured.stats, measured.seconds
    size = sum(path.stat().st_size for path in workdir.glob("bench.sqlite*")) / 2**20
    shutil.rmtree(workdir, ignore_errors=True)
    seats_note = f"{args.players} driven seats" + (f" + 1 server bot ({args.server_bot})" if args.server_bot else "")
    print(
        f"meeple server benchmark: {args.tables} {args.game} tables x {seats_note}, {elapsed:.0f} s measured, "
        f"think {args.think} s"
    )
    print(f"  server from {args.src or 'this checkout'}; load average at the end {os.getloadavg()[0]:.1f}")
    finished = stats.games_finished
    print(f"  tables held at once:     {args.tables} (created {stats.tables_created}, finished games {finished})")
    print(
        f"  server alive at the end: {alive}; RSS {sum(rss.values()):.0f} MiB in {len(rss)} processes "
        f"({', '.join(f'{mib:.0f}' for mib in rss.values())}); database {size:.1f} MiB"
    )
    if args.processes > 1:  # the front: every connection made so far went through it
        connections = stats.tables_created * (1 + args.players)  # a form and the seats' websockets
        print(
            f"  the front:               {front_cpu:.2f} CPU-s after its start for {connections} connections "
            f"({1000 * front_cpu / max(1, connections):.2f} ms each)"
        )
    stored = measured.stored
    print(
        f"  actions stored:          {stored} ({stored / elapsed:.0f}/s; server CPU {measured.cpu:.1f} s, "
        f"{stored / max(measured.cpu, 1e-9):.0f} actions per server CPU-second)"
    )
    print(
        f"  CPU per stored action:   server {1000 * measured.cpu / max(stored, 1):.2f} ms, "
        f"this driver (the browsers) {1000 * measured.driver_cpu / max(stored, 1):.2f} ms"
    )
    print(
        f"  action latency:          p50 {1000 * percentile(stats.latencies, 0.5):.1f} ms, "
        f"p95 {1000 * percentile(stats.latencies, 0.95):.1f} ms, p99 {1000 * percentile(stats.latencies, 0.99):.1f} ms"
        + (f", mean {1000 * statistics.fmean(stats.latencies):.1f} ms" if stats.latencies else "")
        + f" ({len(stats.latencies)} actions)"
    )
    print(f"  refusals:                {stats.stale} stale (simultaneous bids), {len(stats.other_refusals)} other")
    each = stats.bytes_received / max(1, stats.messages_received) / 1024
    print(
        f"  pushed:                  {stats.messages_received} messages, "
        f"{stats.bytes_received / 2**20:.1f} MiB ({each:.1f} KiB each, before websocket compression; "
        f"{stats.patches_received} patches)"
    )
    if stats.other_refusals:
        print("  first other refusal:", stats.other_refusals[0])
    if stats.disconnects:
        print(f"  disconnects: {stats.disconnects}")


if __name__ == "__main__":
    main()
