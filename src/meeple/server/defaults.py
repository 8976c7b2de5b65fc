"""The server's default limits, as `meeple serve --help` shows them: plain values, so that the
command line reads them without importing the server (rates.py and cleanup.py apply them)."""

TABLES = "10/minute;100/day"  # tables created (attempts, refused forms included)
FORMS = "30/minute"  # every POST: creating a table, taking a free seat
SOCKETS = "60/minute"  # websockets opened (a page reload or a lost connection opens one)
MOVES = "20/second;600/minute"  # websocket messages (moves, "ready"), the well-formed and the refused
OPEN_TABLES = 20  # unfinished tables one client may keep (finished, broken and closed ones do not count)
ARCHIVE_AFTER = "7d"  # a finished table is archived this long after its last move
ABANDON_AFTER = "3d"  # an unfinished table is closed after this long without a person's move
