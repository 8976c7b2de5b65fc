"""Per-client limits for tests that drive a server at machine speed: a script sends moves,
opens sockets and creates tables far faster than the real players the defaults are sized for
(meeple.server.rates). The rate-limit tests set their own small limits instead."""

from meeple.server.rates import Limits

MACHINE_SPEED = Limits(
    tables="100000/minute", forms="100000/minute", sockets="100000/minute", moves="100000/second", open_tables=100000
)
# The same for `meeple serve` in a subprocess.
MACHINE_SPEED_FLAGS = (
    *("--limit-tables", MACHINE_SPEED.tables, "--limit-forms", MACHINE_SPEED.forms),
    *("--limit-sockets", MACHINE_SPEED.sockets, "--limit-moves", MACHINE_SPEED.moves),
    *("--max-open-tables", str(MACHINE_SPEED.open_tables)),
)
