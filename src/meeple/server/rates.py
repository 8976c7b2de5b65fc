"""Per-client rate limits: how often one client address may create tables, post forms, open
websockets and send move messages, and how many unfinished tables it may keep.

The counting is the `limits` library's moving window, in this process's memory, keyed by the
client's address (the same address that owns its tables' bots, see tables.py). A limit is
written in that library's notation, several joined by ";": "10/minute;100/day" allows ten a
minute and a hundred a day. A request over a limit is refused before any work is done for it
and is not counted; the refusal says which limit and when to try again (HTTP: 429 with
`Retry-After`; websocket: close code 4429 or, for a move message, a notice).

The defaults are far above what a person at the board does (a move every few seconds, a few
tables an evening) and far below what a script can send. Behind a reverse proxy every client
has the proxy's address: give it limits sized for everyone together, or none of this helps.
"""

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

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


class Throttle:
    """One kind of request, counted per address against one or more limits."""

    def __init__(self, what: str, spec: str, limiter: MovingWindowRateLimiter) -> None:
        self.what = what
        self.items: list[RateLimitItem] = parse_many(spec)
        self.limiter = limiter

    def refusal(self, address: str) -> TooFast | None:
        """Count one request from `address`, or say why it is one too many (then it is not counted)."""
        over = [item for item in self.items if not self.limiter.test(item, self.what, address)]
        if not over:
            for item in self.items:
                self.limiter.hit(item, self.what, address)
            return None
        item = over[0]
        reset = max(self.limiter.get_window_stats(limit, self.what, address).reset_time for limit in over)
        wait = max(1, math.ceil(reset - time.time()))
        return TooFast(f"too many {self.what} from your address (at most {item}); try again in {wait} s", wait)


class Throttles:
    """The throttles of one server: tables, forms, sockets and moves, sharing one memory store."""

    def __init__(self, limits: Limits) -> None:
        limiter = MovingWindowRateLimiter(MemoryStorage())
        self.tables = Throttle("tables created", limits.tables, limiter)
        self.forms = Throttle("forms posted", limits.forms, limiter)
        self.sockets = Throttle("connections", limits.sockets, limiter)
        self.moves = Throttle("messages", limits.moves, limiter)
