"""A player's latency while another client floods the server, against the same player's
latency without the flood, in one run (so the ratio holds on a busy machine).

Starts `meeple serve` with its default per-client limits. A player at 127.0.0.1 plays both
seats of a two-person Four Big Strata table, a move every `--think` seconds, and measures
each move's latency (sending it -> receiving its own updated board). For the first half of
the run nobody else is connected; for the second half a flooder at 127.0.0.2 sends move
messages without pause on a table of its own, posts the create form over and over and opens
websockets one after another. Prints p50/p95 of the player's latency in each half, how many
of the player's moves were refused (none should be) and what the flooder was told.

    .venv/bin/python benchmarks/bench_flood.py --seconds 20
"""

import argparse
import asyncio
import html
import http.client
import json
import random
import re
import statistics
import tempfile
import time
from contextlib import suppress
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from bench_kill9 import ACTION, VIEW_SEQ, free_port, start_server
from meeple.server import rates

FORM = b"game=four-big-strata&players=2&seat0=human&seat1=human"


def post(port: int, source: str) -> tuple[int, str]:
    """POST the create form from `source` (a loopback address): the status and the page."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.request("POST", "/tables", body=FORM, headers={"Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def seat_urls(page: str) -> list[str]:
    urls = [html.unescape(u) for u in re.findall(r'<a class="invite" href="([^"]*)"', page) if "token=" in u]
    return [url.replace("http://", "ws://", 1).replace("/t/", "/ws/", 1) for url in urls]


def seq_of(view: str) -> int:
    found = VIEW_SEQ.search(view)
    return int(found.group(1)) if found else -1


async def player(urls: list[str], until: float, think: float, latencies: list[float], refusals: list[str]) -> None:
    """Both seats of one table; a seat whose board offers actions moves, then waits for its view."""
    rng = random.Random(1)
    async with connect(urls[0], max_size=2**22) as ws0, connect(urls[1], max_size=2**22) as ws1:
        seats = [ws0, ws1]
        views = [str(await ws.recv()) for ws in seats]
        while time.monotonic() < until:
            mover = next((n for n, view in enumerate(views) if ACTION.search(view)), None)
            if mover is None:
                return  # the game is over
            seq = seq_of(views[mover])
            choice = html.unescape(rng.choice(ACTION.findall(views[mover])))
            sent = time.monotonic()
            await seats[mover].send(json.dumps({"action": choice, "seq": seq}))
            while seq_of(views[mover]) <= seq:
                fragment = str(await seats[mover].recv())
                if seq_of(fragment) < 0:
                    refusals.append(fragment[:200])
                    views[mover] = str(await seats[mover].recv())  # the board again, after a refusal
                    break
                views[mover] = fragment
            else:
                latencies.append(time.monotonic() - sent)
            other = 1 - mover
            while seq_of(views[other]) < seq_of(views[mover]):
                fragment = str(await seats[other].recv())
                views[other] = fragment if seq_of(fragment) >= 0 else views[other]
            await asyncio.sleep(think)


async def flood(port: int, until: float, told: dict[str, int]) -> None:
    """From 127.0.0.2: moves without pause, forms and sockets, until `until`."""
    _, page = await asyncio.to_thread(post, port, "127.0.0.2")
    url = seat_urls(page)[0]

    async def messages() -> None:  # closed at the move limit, then opened again (up to the socket limit)
        while time.monotonic() < until:
            try:
                async with connect(url, max_size=2**22, local_addr=("127.0.0.2", 0)) as ws:
                    while time.monotonic() < until:
                        for _ in range(100):
                            await ws.send('{"action": "not-a-move", "seq": 0}')
                        told["messages"] += 100
                        with suppress(TimeoutError):
                            while True:
                                await asyncio.wait_for(ws.recv(), 0.01)
            except ConnectionClosed as closed:
                count(told, f"message socket closed {closed.rcvd.code if closed.rcvd else 0}")

    async def forms() -> None:
        while time.monotonic() < until:
            status, _ = await asyncio.to_thread(post, port, "127.0.0.2")
            count(told, f"form {status}")

    async def sockets() -> None:
        while time.monotonic() < until:
            try:
                async with connect(url, max_size=2**22, local_addr=("127.0.0.2", 0)) as ws:
                    await ws.recv()
                    await asyncio.wait_for(ws.recv(), 0.05)
            except ConnectionClosed as closed:
                count(told, f"socket closed {closed.rcvd.code if closed.rcvd else 0}")
            except (TimeoutError, OSError):
                count(told, "socket opened")

    await asyncio.gather(messages(), forms(), sockets())


def count(told: dict[str, int], what: str) -> None:
    told[what] = told.get(what, 0) + 1


def summary(latencies: list[float]) -> str:
    if len(latencies) < 2:
        return "too few moves"
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{len(ordered)} moves, p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"


async def run(port: int, seconds: float, think: float) -> None:
    halves: list[list[float]] = [[], []]
    refusals: list[str] = []
    told = {"messages": 0}
    for half in (0, 1):
        status, page = await asyncio.to_thread(post, port, "127.0.0.1")
        assert status == 201, page[:300]
        until = time.monotonic() + seconds / 2
        jobs = [player(seat_urls(page), until, think, halves[half], refusals)]
        if half:
            jobs.append(flood(port, until, told))
        await asyncio.gather(*jobs)
    print(f"default limits: moves {rates.MOVES}, tables {rates.TABLES}, forms {rates.FORMS}, sockets {rates.SOCKETS}")
    print(f"alone:        {summary(halves[0])}")
    print(f"under flood:  {summary(halves[1])}; the player's refused moves: {len(refusals)}")
    print(f"the flooder:  {told}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.2, help="the player's pause between moves (s)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server, _ = start_server(Path(folder) / "flood.sqlite", port)
        try:
            asyncio.run(run(port, args.seconds, args.think))
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
