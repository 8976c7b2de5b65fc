"""What a person at the terminal sees: a steady screen per decision (the board, what happened
since their last turn, their choices), prompts that understand a few commands, and a spinner
while a bot thinks.

On a terminal the screen is cleared and drawn anew at every decision, so the board stays put
and nothing scrolls away; written to a pipe or a file it falls back to plain lines, one after
another (what tests and scripts read).
"""

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule

from meeple.engine import Action, Entry
from meeple.terminal.reference import show_rules

HELP = """Commands at a prompt:
  a number      take that choice
  an action id  take the choice with that id (shown in brackets where labels repeat)
  board         show the whole board (every detail)
  rules         the names of the game's rooms, cards, locations... by kind
  rules NAME    the full rule text of one of them (e.g. rules bank)
  log           everything that happened so far
  help          this text
  q             stop the game (with --save, what was played is kept)"""


SINCE_LINES = 6  # the most of "since your last turn" a steady screen shows (all of it: `log`)


class Quit(Exception):
    """The person at the keyboard asked to stop (q, end of input or Ctrl-C)."""


def make_console() -> Console:
    """The console of every command: no syntax highlighting, and no emoji codes (an action id
    such as `do:bank:1` must print as it is, not as an emoji)."""
    return Console(highlight=False, emoji=False)


def read_line(console: Console, prompt: str) -> str:
    """One line typed by the user; Quit on end of input or Ctrl-C."""
    try:
        return console.input(prompt, markup=False).strip()
    except (EOFError, KeyboardInterrupt):
        console.print()
        raise Quit from None


def menu_lines(legal: Sequence[Action]) -> list[str]:
    """One line per choice, numbered; where several choices read the same, each shows its id so
    that they can be told apart (and typed)."""
    repeats = Counter(action.label for action in legal)
    width = len(str(len(legal)))
    lines = []
    for index, action in enumerate(legal, start=1):
        tail = f" [dim]\\[{escape(action.id)}][/]" if repeats[action.label] > 1 else ""
        lines.append(f"  {index:>{width}}. {escape(action.label)}{tail}")
    return lines


SHARED_WORDS = 3  # choices whose labels share this many first words or more are shown as a group
LONG_MENU = 10  # a steady screen groups the choices of a longer menu


def label_runs(legal: Sequence[Action]) -> list[tuple[str, list[int]]]:
    """The choices in runs of consecutive labels sharing their first words (at least
    SHARED_WORDS, every label of the run keeping words of its own): (the shared words, the
    indices); a choice alone is a run with no shared words."""
    words = [action.label.split(" ") for action in legal]
    runs: list[tuple[str, list[int]]] = []
    i = 0
    while i < len(legal):
        shared: list[str] = []
        j = i + 1
        while j < len(legal):
            common = _common(shared or words[i], words[j])
            if (
                len(common) < SHARED_WORDS
                or (shared and common != shared)
                or len(common) >= min(len(words[i]), len(words[j]))
            ):
                break
            shared = common
            j += 1
        runs.append((" ".join(shared), list(range(i, j))))
        i = j
    return runs


def _common(first: list[str], second: list[str]) -> list[str]:
    common = []
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        common.append(a)
    return common


def grouped_menu(legal: Sequence[Action]) -> list[RenderableType]:
    """A long menu in fewer rows: each run of choices sharing their first words under one
    heading, their own words side by side (numbers and ids as `menu_lines` gives them)."""
    lines = menu_lines(legal)
    out: list[RenderableType] = []
    for shared, indices in label_runs(legal):
        if not shared:
            out += [lines[i] for i in indices]
            continue
        out.append(f"  {escape(shared)} …")
        cut = len(escape(shared)) + 1
        tails = []
        for i in indices:
            number, _, rest = lines[i].partition(". ")
            tails.append(f"{number.strip()}. {rest[cut:]}")
        out.append(Padding(Columns(tails, padding=(0, 3)), (0, 0, 0, 4)))
    return out


class Screen:
    """The terminal as one seat's screen at a time."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.steady = console.is_terminal

    def say(self, line: str) -> None:
        """Something that happened, as it happens (plain mode) — on a steady screen it is shown
        in the next "since your last turn" summary instead."""
        if not self.steady:
            self.console.print(line, soft_wrap=True)  # one line however long: the terminal wraps it

    @contextmanager
    def thinking(self, who: str) -> Iterator[None]:
        """A spinner naming the bot that thinks (only on a terminal)."""
        if self.steady:
            with self.console.status(f"{escape(who)} is thinking…"):
                yield
        else:
            yield

    def clear(self) -> None:
        """Wipe the screen and the terminal's scroll-back (hot seat: nothing private stays)."""
        self.console.clear()
        self.console.file.write("\033[3J")
        self.console.file.flush()

    def show_turn(self, title: str, seat: int, board: str, since: Sequence[str]) -> None:
        """The decision screen: where we are, what happened since the seat's last turn (on a steady
        screen; plain lines told it as it happened), the board."""
        if self.steady:
            self.console.clear()
            self.console.print(Rule(f"{escape(title)} — seat {seat}"))
        if since and self.steady:
            self.console.print("[bold]Since your last turn:[/]")
            if len(since) > SINCE_LINES:
                self.console.print(f"  ({len(since) - SINCE_LINES} earlier: type log)")
            for line in since[-SINCE_LINES:]:  # one row each: `log` tells them whole
                self.console.print(f"  {line}", no_wrap=True, overflow="ellipsis")
        self.console.print(board, markup=False)

    def choose(
        self,
        legal: Sequence[Action],
        seat: int,
        prompt: str,
        board: str,
        history: Sequence[str],
        glossary: Sequence[Entry],
    ) -> Action:
        """Show what is asked (the game's `prompt`: why, what is owed and what the seat has) and the
        numbered choices, and read one (a number or an id), answering commands."""
        asked = f" {escape(prompt)}" if prompt else ""
        self.console.print(f"[bold]Seat {seat}, your move:[/]{asked}")
        long = self.steady and len(legal) > LONG_MENU
        for line in grouped_menu(legal) if long else menu_lines(legal):
            self.console.print(line)
        by_id = {action.id: action for action in legal}
        while True:
            answer = read_line(self.console, f"choice [1-{len(legal)}, an action id, help, or q to quit]: ")
            word = answer.lower()
            if word == "q" and answer not in by_id:
                raise Quit
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer in by_id:
                return by_id[answer]
            command, _, rest = answer.partition(" ")
            if word == "help":
                self.console.print(HELP, markup=False)
            elif word == "board":
                self.console.print(board, markup=False)
            elif command.lower() == "rules":
                show_rules(self.console, glossary, rest.strip())
            elif word == "log":
                for line in history or ["(nothing yet)"]:
                    self.console.print(f"  {line}")
            else:
                self.console.print(
                    f"[red]{escape(repr(answer))} is not a choice:[/] type a number from 1 to {len(legal)} (or help)."
                )
