"""Which server process holds which table, when `meeple serve --processes N` splits the tables
between N processes behind one port (front.py hands each connection to its table's owner).

A table belongs to exactly one process, found from its id alone (a hash of it, modulo N): every
process and the front agree without asking anyone, and a restart with the same N gives every
table back to the same process. Requests that name no table (the lobby, static files, creating a
table) go to process 0, so the per-client limits on creating tables and the caps on open tables
and search bots are counted in one place.

`table_named` reads the table id from a request's first line only: the id is looked up, never
used to name anything on the server, and a line that does not name a table the way the server's
own pages do goes to process 0 (which answers it like any other request).
"""

import hashlib
import re
from dataclasses import dataclass
from urllib.parse import unquote

MAX_ID = 64  # characters of a table id read from a request (the server's ids have 12)
# A request line whose path names a table: its pages (/t/ID, /t/ID/watch, /t/ID/join) and its
# websocket (/ws/ID), each maybe with a query.
TABLE_PATH = re.compile(rb"^[A-Z]{1,10} /(?:t|ws)/([^/?# ]{1,%d})(?:[/?# ])" % (3 * MAX_ID))
TABLE_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_ID}}}")


def owner_of(table_id: str, processes: int) -> int:
    """The process (0 to `processes` - 1) that holds the table `table_id`."""
    if processes <= 1:
        return 0
    digest = hashlib.blake2b(table_id.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % processes


def table_named(head: bytes) -> str | None:
    """The table id that the request starting with `head` names in its path (percent-decoded as
    the app decodes it), None if it names none: not a table's page or websocket, or an id no
    table can have."""
    found = TABLE_PATH.match(head)
    if found is None:
        return None
    table_id = unquote(found.group(1).decode("latin-1"))
    return table_id if TABLE_ID.fullmatch(table_id) else None


@dataclass(frozen=True)
class Share:
    """This process's share of the tables: it is process `index` of `processes` and holds the
    tables `owner_of` gives it (all of them when `processes` is 1)."""

    index: int = 0
    processes: int = 1

    def owns(self, table_id: str) -> bool:
        return owner_of(table_id, self.processes) == self.index

    @property
    def split(self) -> bool:
        """Whether other processes hold some tables."""
        return self.processes > 1


WHOLE = Share()  # a process that holds every table (`meeple serve` without --processes)
