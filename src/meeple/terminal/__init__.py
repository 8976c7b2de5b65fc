"""meeple.terminal: playing in the terminal (a steady screen per decision, forced choices
taken, bots that show they think, the result explained) and walking through a record.

Modules: screen (what is drawn and read), match (a game between people and bots; a record
step by step), results (the end of a game). `meeple play` and `meeple replay` use it.

Importing the package costs nothing: `HUMAN` is defined here and every other name is loaded
from its module (which imports rich) when it is first asked for, so that a command that
draws nothing (`meeple simulate --json`) does not pay for rich at start-up, before its
workers can share the work.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

HUMAN = "human"  # the seat spec of a person at the keyboard

if TYPE_CHECKING:
    from meeple.terminal.match import TerminalMatch, step_through
    from meeple.terminal.results import number, print_result
    from meeple.terminal.screen import Quit, make_console, read_line

_HOMES = {
    "TerminalMatch": "match",
    "step_through": "match",
    "number": "results",
    "print_result": "results",
    "Quit": "screen",
    "make_console": "screen",
    "read_line": "screen",
}

__all__ = ["HUMAN", "Quit", "TerminalMatch", "make_console", "number", "print_result", "read_line", "step_through"]


def __getattr__(name: str) -> Any:
    """A name of the package, imported from its module the first time it is asked for."""
    if name not in _HOMES:
        raise AttributeError(f"module 'meeple.terminal' has no attribute {name!r}")
    value = getattr(import_module(f"meeple.terminal.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
