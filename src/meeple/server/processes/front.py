"""The front of `meeple serve --processes N`: one public port, N server processes, each table
held live by one of them (its state, views, sockets and bots), so that N processes use N cores.

The front listens on the public port and accepts each connection, peeks (MSG_PEEK: the bytes
stay for the server) at the request's first line, at most HEAD_BYTES within HEAD_SECONDS, finds
the table its path names (owners.py: a table's pages, its forms and its websocket) and hands the
connection itself to the table's process over a Unix socket (SCM_RIGHTS); anything else (the
lobby, static files, creating a table) goes to process 0. The front copies no byte: after the
hand-over it has closed its copy of the connection. The processes answer every plain HTTP
request with `Connection: close`, so a browser's next request is routed afresh.

A process that dies is started again (its tables are restored from the log at their first use
or in the background); meanwhile connections routed to it are closed (browsers reconnect). On
SIGTERM or SIGINT the front stops accepting, sends SIGTERM to every process, waits up to
STOP_SECONDS for them and kills the rest. Each process ends by itself when the front is gone.
"""

import asyncio
import logging
import signal
import socket
import subprocess
import time
from collections import Counter, deque
from collections.abc import Callable
from contextlib import suppress

from meeple.server.processes.owners import owner_of, table_named
from meeple.server.processes.worker import HANDOVER, MESSAGE, WAKE

HEAD_BYTES = 4096  # bytes peeked at for the request line (longer lines go to process 0, which refuses them)
HEAD_SECONDS = 10.0  # a request line must arrive within this time
WAITING = 2048  # connections the front holds while their request line arrives
WAITING_PER_ADDRESS = 64
RESTART_PAUSE = 1.0  # seconds before starting again a process that died within START_GRACE of its start
START_GRACE = 2.0
STOP_SECONDS = 10.0

log = logging.getLogger("meeple.server")


class Process:
    """One server process: its subprocess, its end of the socket pair, connections waiting for it."""

    def __init__(self, index: int, process: subprocess.Popen[bytes], channel: socket.socket) -> None:
        self.index = index
        self.process = process
        self.channel = channel
        self.started = time.monotonic()
        self.queue: deque[socket.socket] = deque()  # handed over once its socket pair has room


class Front:
    """Accept on `listener`, route to `processes` server processes started with `command(index,
    fd)` (the argv of process `index`, its end of the socket pair being descriptor `fd`)."""

    def __init__(self, listener: socket.socket, processes: int, command: Callable[[int, int], list[str]]) -> None:
        self.listener = listener
        self.count = processes
        self.command = command
        self.processes: list[Process | None] = [None] * processes
        self.waiting: dict[socket.socket, tuple[float, str]] = {}  # connection -> (deadline, address)
        self.by_address: Counter[str] = Counter()
        self.stopping = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopped = asyncio.Event()

    # --- the processes -------------------------------------------------------------------------

    def start(self, index: int) -> None:
        """Start server process `index` with a fresh socket pair."""
        if self.stopping:
            return
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            process = subprocess.Popen(self.command(index, theirs.fileno()), pass_fds=[theirs.fileno()])
        finally:
            theirs.close()
        ours.setblocking(False)
        self.processes[index] = Process(index, process, ours)
        self._loop().add_reader(ours.fileno(), self.read, index)
        log.info("server process %d started (pid %d)", index, process.pid)

    def read(self, index: int) -> None:
        """A message from process `index` (a table to pass on to its owner), or its end (it died)."""
        current = self.processes[index]
        if current is None:
            return
        try:
            message = current.channel.recv(MESSAGE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            message = b""
        if not message:
            self.lost(current)
        elif message.startswith(WAKE):
            named = message[len(WAKE) :].partition(b" ")[0]
            table_id = table_named(b"GET /t/" + named + b" ")  # an id a table can have, or none
            owner = self.processes[owner_of(table_id, self.count)] if table_id else None
            if owner is not None:
                with suppress(OSError):
                    owner.channel.send(message, socket.MSG_DONTWAIT)

    def lost(self, process: Process) -> None:
        """Process `process` is gone (or closed its end): drop what waited for it, start it again."""
        loop = self._loop()
        loop.remove_reader(process.channel.fileno())
        loop.remove_writer(process.channel.fileno())
        process.channel.close()
        while process.queue:
            process.queue.popleft().close()
        if process.process.poll() is None:
            process.process.kill()
        status = process.process.wait()
        self.processes[process.index] = None
        if self.stopping:
            return
        log.error(
            "server process %d (pid %d) ended with status %s; starting it again",
            process.index,
            process.process.pid,
            status,
        )
        pause = RESTART_PAUSE if time.monotonic() - process.started < START_GRACE else 0.0
        loop.call_later(pause, self.start, process.index)

    # --- connections ---------------------------------------------------------------------------

    def accept(self) -> None:
        """Take every connection waiting on the public port; each waits for its request line."""
        loop = self._loop()
        for _ in range(64):
            try:
                connection, peer = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # out of descriptors: the next round may do better
                log.warning("could not accept a connection: %s", error)
                return
            address = str(peer[0]) if isinstance(peer, tuple) else ""
            if len(self.waiting) >= WAITING or self.by_address[address] >= WAITING_PER_ADDRESS:
                connection.close()
                continue
            connection.setblocking(False)
            self.waiting[connection] = (time.monotonic() + HEAD_SECONDS, address)
            self.by_address[address] += 1
            loop.add_reader(connection.fileno(), self.arrived, connection)

    def arrived(self, connection: socket.socket) -> None:
        self._loop().remove_reader(connection.fileno())
        self.peek(connection, 0.002)

    def peek(self, connection: socket.socket, pause: float) -> None:
        """Route `connection` once its request line is here; look again after `pause` until then."""
        if connection not in self.waiting:
            return
        try:
            head: bytes | None = connection.recv(HEAD_BYTES, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            head = None
        except OSError:
            head = b""
        if head == b"" or (head is None and time.monotonic() >= self.waiting[connection][0]):
            self.settle(connection)
            connection.close()  # the client left, or took too long
        elif head is not None and (b"\n" in head or len(head) >= HEAD_BYTES):
            self.settle(connection)
            table_id = table_named(head)
            self.hand(owner_of(table_id, self.count) if table_id else 0, connection)
        elif time.monotonic() >= self.waiting[connection][0]:
            self.settle(connection)
            connection.close()
        else:
            self._loop().call_later(pause, self.peek, connection, min(2 * pause, 0.1))

    def settle(self, connection: socket.socket) -> None:
        _, address = self.waiting.pop(connection)
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    def hand(self, index: int, connection: socket.socket) -> None:
        """Hand `connection` to process `index` and close the front's copy."""
        process = self.processes[index]
        if process is None:  # being started again
            connection.close()
            return
        if process.queue:
            process.queue.append(connection)
            return
        try:
            socket.send_fds(process.channel, [HANDOVER], [connection.fileno()])
        except (BlockingIOError, InterruptedError):  # its socket pair is full: when it has room
            process.queue.append(connection)
            self._loop().add_writer(process.channel.fileno(), self.flush, process)
            return
        except OSError:
            pass  # it is dying: the client will reconnect
        connection.close()

    def flush(self, process: Process) -> None:
        while process.queue:
            try:
                socket.send_fds(process.channel, [HANDOVER], [process.queue[0].fileno()])
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                pass
            process.queue.popleft().close()
        self._loop().remove_writer(process.channel.fileno())

    # --- running -------------------------------------------------------------------------------

    async def run(self) -> None:
        """Start the processes and serve until SIGTERM or SIGINT; then stop them all."""
        loop = self.loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self.stopped.set)
        for index in range(self.count):
            self.start(index)
        self.listener.setblocking(False)
        loop.add_reader(self.listener.fileno(), self.accept)
        await self.stopped.wait()
        await self.stop()

    async def stop(self) -> None:
        self.stopping = True
        loop = self._loop()
        loop.remove_reader(self.listener.fileno())
        self.listener.close()
        for connection in list(self.waiting):
            self.settle(connection)
            connection.close()
        running = [p for p in self.processes if p is not None]
        for process in running:
            loop.remove_reader(process.channel.fileno())  # their ends close now: no restarting
            with suppress(ProcessLookupError):
                process.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        while any(p.process.poll() is None for p in running) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        for process in running:
            if process.process.poll() is None:
                log.error("server process %d did not stop in %.0f s: killed", process.index, STOP_SECONDS)
                process.process.kill()
            process.process.wait()
            loop.remove_writer(process.channel.fileno())
            process.channel.close()
            while process.queue:
                process.queue.popleft().close()

    def _loop(self) -> asyncio.AbstractEventLoop:
        assert self.loop is not None
        return self.loop


def listen(host: str, port: int) -> socket.socket:
    """The public port's listening socket (OSError if it cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(2048)
    except OSError:
        listener.close()
        raise
    return listener


def run(listener: socket.socket, processes: int, command: Callable[[int, int], list[str]]) -> None:
    """Serve on `listener` with `processes` server processes until SIGTERM or SIGINT."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(message)s")  # as uvicorn writes
    asyncio.run(Front(listener, processes, command).run())
