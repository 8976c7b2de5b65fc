"""meeple.terminal: playing in the terminal (a steady screen per decision, forced choices
taken, bots that show they think, the result explained) and walking through a record.

Modules: screen (what is drawn and read), match (a game between people and bots; a record
step by step), results (the end of a game). `meeple play` and `meeple replay` use it.
"""

from meeple.terminal.match import HUMAN, TerminalMatch, step_through
from meeple.terminal.results import number, print_result
from meeple.terminal.screen import Quit, make_console, read_line

__all__ = ["HUMAN", "Quit", "TerminalMatch", "make_console", "number", "print_result", "read_line", "step_through"]
