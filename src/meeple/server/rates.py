"""Per-client rate limits: how often one client address may create tables, post forms, open
websockets and send move messages, and how many unfinished tables it may keep.

The counting is a moving window (`MovingWindow`), in this process's memory, keyed by the
client's address (the same address that owns its tables' bots, see tables.py). A limit is
written in the `limits` library's notation, several joined by ";": "10/minute;100/day" allows
ten a minute and a hundred a day. A request over a limit is refused before any work is done for
it and is not counted; the refusal says which limit and when to try again (HTTP: 429 with
`Retry-After`; websocket: close code 4429 or, for a move message, a notice).

The window is this module's, not the library's: the library's in-memory storage starts a timer
thread at nearly every count, which walks every key it holds; at 200 busy tables that was 7 to 8%
of the server's CPU (docs/performance.md, Server, eighth pass).

The defaults are far above what a person at the board does (a move every few seconds, a few
tables an evening) and far below what a script can send. Behind a reverse proxy every client
has the proxy's address: give it limits sized for everyone together, or none of this helps.
"""

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from limits import RateLimitItem, parse_many

from meeple.server.defaults import FORMS, MOVES, OPEN_TABLES, SOCKETS, TABLES


@dataclass(frozen=True)
class Limits:
    """The server's per-client limits, each in the `limits` notation (see the module's text)."""

    tables: str = TABLES
    forms: str = FORMS
    sockets: str = SOCKETS
    moves: str = MOVES
    open_tables: int = OPEN_TABLES

    def check(self) -> None:
        """ValueError naming the limit that is not written in the `limits` notation, or a cap below 1."""
        for name in ("tables", "forms", "sockets", "moves"):
            spec = getattr(self, name)
            try:
                parse_many(spec)
            except ValueError:
                example = "'10/minute' or '20/second;600/minute'"
                raise ValueError(f"the {name} limit {spec!r} is not written like {example}") from None
        if self.open_tables < 1:
            raise ValueError(f"the cap of open tables must be at least 1, not {self.open_tables}")


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True)
class TooFast:
    """Why a request is refused, and how many whole seconds until it would be taken."""

    message: str
    retry_after: int


class MovingWindow:
    """When each request still inside its limit's window was counted, per limit and address: a
    request is allowed while fewer than the limit's amount were counted in the last window.
    An address's counts are dropped once all of them are older than their window (checked every
    SWEEP_EVERY seconds), so addresses that went quiet take no memory."""

    SWEEP_EVERY = 60.0

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.counted: dict[tuple[str, str], deque[float]] = {}  # (limit's name, address) -> times
        self.windows: dict[str, float] = {}  # a limit's name -> its window in seconds
        self.swept = clock()

    def wait(self, name: str, amount: int, address: str, now: float) -> float:
        """Seconds until one more request from `address` fits the limit `name` of `amount`
        requests a window (0: it fits now)."""
        times = self.counted.get((name, address), ())
        start = now - self.windows[name]
        while times and times[0] <= start:
            times.popleft()
        if len(times) < amount:
            return 0.0
        return times[0] - start if times else self.windows[name]  # (a limit of 0 takes nothing)

    def hit(self, name: str, address: str, now: float) -> None:
        """Count one request from `address` against the limit `name`."""
        self.counted.setdefault((name, address), deque()).append(now)
        if now - self.swept >= self.SWEEP_EVERY:
            self.sweep(now)

    def sweep(self, now: float) -> None:
        """Drop the counts that have left their window, and the keys left empty."""
        self.swept = now
        for key, times in list(self.counted.items()):
            start = now - self.windows[key[0]]
            while times and times[0] <= start:
                times.popleft()
            if not times:
                del self.counted[key]


class Throttle:
    """One kind of request, counted per address against one or more limits."""

    def __init__(self, what: str, spec: str, window: MovingWindow) -> None:
        self.what = what
        self.items: list[RateLimitItem] = parse_many(spec)
        self.window = window
        self.names = [f"{what}: {item}" for item in self.items]  # each limit's key in the window
        for name, item in zip(self.names, self.items, strict=True):
            window.windows[name] = float(item.get_expiry())
        self.limits = list(zip(self.names, [item.amount for item in self.items], strict=True))

    def refusal(self, address: str) -> TooFast | None:
        """Count one request from `address`, or say why it is one too many (then it is not counted)."""
        window, now = self.window, self.window.clock()
        waits = [window.wait(name, amount, address, now) for name, amount in self.limits]
        if not any(waits):
            for name in self.names:
                window.hit(name, address, now)
            return None
        item = self.items[next(k for k, wait in enumerate(waits) if wait)]
        wait = max(1, math.ceil(max(waits)))
        return TooFast(f"too many {self.what} from your address (at most {item}); try again in {wait} s", wait)


class Throttles:
    """The throttles of one server: tables, forms, sockets and moves, sharing one moving window."""

    def __init__(self, limits: Limits) -> None:
        window = MovingWindow()
        self.tables = Throttle("tables created", limits.tables, window)
        self.forms = Throttle("forms posted", limits.forms, window)
        self.sockets = Throttle("connections", limits.sockets, window)
        self.moves = Throttle("messages", limits.moves, window)
