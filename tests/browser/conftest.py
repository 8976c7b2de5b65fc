"""Fixtures for the browser tests: a live `meeple serve` app on a free local port (uvicorn in a
thread, so the test can reach its TableManager) and Debian's Chromium driven by Playwright.

Playwright is only the driver: the browser is the system's /usr/bin/chromium, installed by
scripts/install-browser (never `playwright install`)."""

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, Playwright, expect, sync_playwright

from hang_guard import HANG_SECONDS
from machine_speed import MACHINE_SPEED
from meeple.server import create_app
from meeple.server.tables import TableManager

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 1000}
TIMEOUT_MS = round(HANG_SECONDS * 1000) // 2  # any single wait in a browser: a guard against a hang
expect.set_options(timeout=TIMEOUT_MS)  # the assertions' waits too (5 s unless told)


class LiveServer:
    """The meeple app served by uvicorn from a background thread on 127.0.0.1."""

    def __init__(self, db_path: str) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))  # a free port, held from now on: no race for it
        self.port = self.sock.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.app: FastAPI = create_app(db_path, bot_workers=1, public_url=self.base_url, limits=MACHINE_SPEED)
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, name="meeple-live-server", daemon=True
        )

    @property
    def manager(self) -> TableManager:
        return self.app.state.manager

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + HANG_SECONDS
        while not self.server.started:
            assert self.thread.is_alive(), "the server thread died while starting"
            assert time.monotonic() < deadline, f"the server did not start in {HANG_SECONDS:.0f} s"
            time.sleep(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(str(tmp_path_factory.mktemp("browser") / "meeple.sqlite"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def chromium(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-browser (as root it installs Debian's chromium)")
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def new_context(chromium: Browser) -> Iterator[Callable[[], BrowserContext]]:
    """Fresh browser contexts (a person each: no shared storage), closed after the test."""
    contexts: list[BrowserContext] = []

    def make() -> BrowserContext:
        context = chromium.new_context(viewport=VIEWPORT)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
