"""One server process of `meeple serve --processes N`: uvicorn serving the connections that the
front (front.py) accepted on the public port and handed over, instead of listening itself.

The front and each process share a Unix socket pair (SOCK_SEQPACKET: one message at a time).
Messages from the front: HANDOVER with an accepted connection's file descriptor (this process
serves it from its first byte: the front only peeked at it), or WAKE, a table id, a space and
the address of the client that created it (a table created for this process by process 0:
restore it, so that its bots start). Messages to the front: the same WAKE, to pass on to the
table's owner. When the front goes away (its end
closes, even after kill -9) the process shuts down.
"""

import asyncio
import logging
import socket
import sys
from collections.abc import Callable
from typing import Any

import uvicorn
from fastapi import FastAPI

HANDOVER = b"C"  # a connection; its file descriptor rides along (SCM_RIGHTS)
WAKE = b"W"  # followed by a table id, a space and its creator's address
MESSAGE = 256  # bytes of the longest message
STARTUP_FAILURE = 3  # uvicorn's exit status when the app's start-up fails

log = logging.getLogger("meeple.server")


def announcer(channel: socket.socket) -> Callable[[str], None]:
    """`hand_over` for create_app: tell the front that the table `table_id` was created here by
    `creator` for another process (if the message cannot go now, the owner restores it when it
    is first opened, or at its next start)."""

    def hand_over(table_id: str, creator: str) -> None:
        try:
            channel.send(WAKE + f"{table_id} {creator}".encode(), socket.MSG_DONTWAIT)
        except OSError as error:
            log.warning("could not announce table %s to its process: %s", table_id, error)

    return hand_over


class Inbox:
    """What uvicorn takes for its listening server: reads the front's messages and serves every
    connection handed over with uvicorn's own protocol, on this event loop."""

    def __init__(self, server: "HandedServer", protocol: Callable[[], asyncio.Protocol]) -> None:
        self.server = server
        self.protocol = protocol
        self.loop = asyncio.get_running_loop()
        self.channel = server.channel
        self.tasks: set[asyncio.Task[Any]] = set()
        self.channel.setblocking(False)
        self.loop.add_reader(self.channel.fileno(), self.read)

    def read(self) -> None:
        while True:
            try:
                message, fds, _, _ = socket.recv_fds(self.channel, MESSAGE, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                message, fds = b"", []
            if not message and not fds:  # the front is gone: so is this server
                self.close()
                self.server.should_exit = True
                return
            if message == HANDOVER and fds:
                self.start(self.serve(socket.socket(fileno=fds[0])))
                continue
            for fd in fds:  # nothing else carries a descriptor
                socket.close(fd)
            if message.startswith(WAKE):
                table_id, _, creator = message[len(WAKE) :].decode("utf-8", "replace").partition(" ")
                self.start(self.server.app.state.manager.adopt(table_id, creator))

    def start(self, coroutine: Any) -> None:
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def serve(self, connection: socket.socket) -> None:
        try:
            await self.loop.connect_accepted_socket(self.protocol, connection)
        except OSError:  # the client left meanwhile
            connection.close()

    def close(self) -> None:
        self.loop.remove_reader(self.channel.fileno())

    async def wait_closed(self) -> None:
        return None


class HandedServer(uvicorn.Server):
    """uvicorn's server, fed by the front instead of a listening socket."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket, app: FastAPI) -> None:
        super().__init__(config)
        self.channel = channel
        self.app = app

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await self.lifespan.startup()
        if self.lifespan.should_exit:
            sys.exit(STARTUP_FAILURE)
        config, loop = self.config, asyncio.get_running_loop()

        def protocol() -> asyncio.Protocol:
            return config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state, _loop=loop
            )

        self.servers = [Inbox(self, protocol)]  # type: ignore[list-item]
        self.started = True


def serve(app: FastAPI, channel: socket.socket, **options: Any) -> None:
    """Serve `app` on the connections the front hands over on `channel` until SIGTERM, Ctrl-C or
    the front's end; `options` are uvicorn's (as for uvicorn.run, without host and port)."""
    HandedServer(uvicorn.Config(app, **options), channel, app).run()
