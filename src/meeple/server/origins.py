"""Who may change the server's state: requests from the server's own origin only, and not too
many sockets from one place.

A browser sends `Origin` with every POST and every websocket handshake, so a page on another
site (or a DNS-rebound name) that tries to create a table or play a seat is refused. A request
without `Origin` comes from a program, not from a page a visitor was lured to, and is taken
unless the browser's `Sec-Fetch-Site` says it is cross-site. The public URL the server was
started with (`meeple serve --public-url`) is its origin; on a loopback address the other
loopback names of the same port are the same server.
"""

from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from urllib.parse import urlsplit

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower-cased, the default port left out."""
    parts = urlsplit(url.strip())
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def allowed_origins(public_url: str) -> frozenset[str]:
    """The origins whose pages may act on this server: the public URL's, and on a loopback
    address the same port under every loopback name."""
    origin = origin_of(public_url)
    parts = urlsplit(origin)
    if not parts.scheme or not parts.hostname:
        raise ValueError(f"the public URL must look like http://host:port, not {public_url!r}")
    found = {origin}
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    if host in LOOPBACK:
        port = f":{parts.port}" if parts.port else ""
        found |= {f"{parts.scheme}://{name}{port}" for name in LOOPBACK}
    return frozenset(found)


def cross_site(method: str, headers: Mapping[str, str], allowed: frozenset[str], websocket: bool = False) -> str | None:
    """Why a request may not change the server's state, or None if it may.

    Reading pages (GET, HEAD) is open to all; a POST or a websocket from a page of another
    origin is refused."""
    if method.upper() in SAFE_METHODS and not websocket:
        return None
    origin = headers.get("origin")
    if origin is not None:
        if origin == "null" or origin_of(origin) not in allowed:
            return f"requests from {origin[:80]!r} are refused: open this server's own pages"
        return None
    if headers.get("sec-fetch-site", "").lower() == "cross-site":
        return "cross-site requests are refused: open this server's own pages"
    return None


class SocketCounter:
    """Open websockets per table and per client address, each capped."""

    def __init__(self, per_table: int, per_address: int) -> None:
        self.per_table = per_table
        self.per_address = per_address
        self.tables: Counter[str] = Counter()
        self.addresses: Counter[str] = Counter()

    @contextmanager
    def held(self, table_id: str, address: str) -> Iterator[str | None]:
        """Count one socket while the block runs; yields why it is one too many, else None."""
        self.tables[table_id] += 1
        self.addresses[address] += 1
        try:
            if self.addresses[address] > self.per_address:
                yield f"too many connections from your address (at most {self.per_address} at once)"
            elif self.tables[table_id] > self.per_table:
                yield f"this table has too many browsers connected (at most {self.per_table})"
            else:
                yield None
        finally:
            for counter, key in ((self.tables, table_id), (self.addresses, address)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
