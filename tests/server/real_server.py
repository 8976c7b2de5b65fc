"""A real `meeple serve` process for the tests that need one (kill -9, real sockets, origins):
start it on a free port, follow seats over real websockets."""

import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from websockets.sync.client import ClientConnection

from hang_guard import HANG_SECONDS
from machine_speed import MACHINE_SPEED_FLAGS

from .support import action_ids, notice_text, view_seq


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running_server(db_path: str, port: int, *extra: str) -> Iterator[subprocess.Popen[bytes]]:
    """`meeple serve` in a subprocess, ready to serve; killed (SIGKILL) on exit if still running.
    Its log goes to a file (a pipe nobody reads would fill up and stall the server)."""
    command = [sys.executable, "-c", "from meeple.cli import app; app()", "serve", "--port", str(port)]
    command += ["--db", db_path, "--bot-workers", "1", *MACHINE_SPEED_FLAGS, *extra]
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + HANG_SECONDS
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                    break
                except OSError:
                    if process.poll() is not None:
                        raise AssertionError(f"the server died: {read_log(log)}") from None
                    if time.monotonic() >= deadline:
                        late = f"the server did not start in {HANG_SECONDS:.0f} s"
                        raise AssertionError(f"{late}: {read_log(log)}") from None
                    time.sleep(0.1)
            yield process
        finally:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)


def read_log(log: IO[bytes]) -> str:
    """What the server wrote to its log so far."""
    log.seek(0)
    return log.read().decode(errors="replace")


def create_remote_table(port: int, seats: list[str], game: str = "four-big-strata") -> tuple[str, list[str]]:
    """A table of `game` made through the lobby form of the server at `port`: its id and the
    websocket paths of its human seats (with their tokens)."""
    form = f"game={game}&players={len(seats)}&" + "&".join(f"seat{n}={who}" for n, who in enumerate(seats))
    request = urllib.request.Request(f"http://127.0.0.1:{port}/tables", data=form.encode(), method="POST")
    with urllib.request.urlopen(request, timeout=HANG_SECONDS) as response:
        page = response.read().decode()
    urls = [url.replace("&amp;", "&") for url in re.findall(r'<a class="invite" href="([^"]*)"', page)]
    paths = [re.sub(r"^http://[^/]+/t/", "/ws/", url) for url in urls if "token=" in url]
    watch = next(url for url in urls if url.endswith("/watch"))
    return watch.split("/")[-2], paths


class Remote:
    """A seat's websocket to the real server: its latest view."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view = ""
        self.seq = -1

    def receive(self) -> str:
        fragment = str(self.ws.recv(timeout=HANG_SECONDS))
        seq = view_seq(fragment)
        if seq is None:
            raise AssertionError(f"refused: {notice_text(fragment)}")
        self.view, self.seq = fragment, seq
        return fragment

    def settled(self) -> bool:
        """No bot is to move (the status names the seats to move; bots are named as such)."""
        status = re.search(r'<p class="status" role="status">(.*?)</p>', self.view)
        return status is not None and "(bot:" not in status.group(1)


def settle(remotes: list[Remote]) -> int:
    """Receive until every seat shows the same, latest number of actions and no bot is to move."""
    while True:
        top = max(remote.seq for remote in remotes)
        for remote in remotes:
            while remote.seq < top:
                remote.receive()
        if top >= 0 and all(remote.seq == top for remote in remotes) and remotes[0].settled():
            return top
        remotes[0].receive()  # a bot is to move: its move is coming


def play_remote(remotes: list[Remote], moves: int, sent: list[str] | None = None) -> int:
    """Play `moves` moves (each the first legal action of a seat to move), noting each in `sent`;
    returns the number of actions the table then shows."""
    for _ in range(moves):
        now = settle(remotes)
        mover = next(remote for remote in remotes if action_ids(remote.view))
        action = action_ids(mover.view)[0]
        if sent is not None:
            sent.append(action)
        mover.ws.send(f'{{"action": "{action}", "seq": {now}}}')
        while mover.seq == now:
            mover.receive()
    return settle(remotes)
