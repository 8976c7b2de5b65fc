"""Log lines worded for their reader: "You take ..." for the reader's own seat, "Seat 1 takes ..."
for another seat, from one line kept in the state.

A game writes a seat into a log line as a mark (`seat_mark(1)`, `seat_mark(1, possessive=True)`)
and words the line for each reader in its observation (`word_line(line, viewer)`). A subject
mark's verb, the word right after it written in the third person ("takes", "has", "is"), becomes
the second person for the reader's own seat ("take", "have", "are"). A mark names a seat only,
so wording a line reveals nothing the line did not already say to everyone.
"""

import re
from functools import cache, lru_cache

_MARK = re.compile(r"\{seat (\d+)('s)?\}(?: ([a-z]+s)\b)?")
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_ES_ENDINGS = ("ches", "shes", "sses", "xes", "zes")


@cache
def seat_mark(seat: int, possessive: bool = False) -> str:
    """The mark of `seat` in a log line: its subject or object ("seat 1" / "you"), or with
    `possessive` its owner ("seat 1's" / "your"); made once per seat (the rules' labels and log
    lines ask for it at every decision of a search)."""
    return f"{{seat {seat}'s}}" if possessive else f"{{seat {seat}}}"


def second_person(verb: str) -> str:
    """A verb in the third person singular turned to the second person: takes -> take."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(_ES_ENDINGS):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


@lru_cache(maxsize=1 << 16)
def word_line(line: str, viewer: int | None) -> str:
    """`line` for the reader at seat `viewer` (None: a spectator): their own seat as "you" (its
    verb agreeing), every other seat by its number; the line starts with a capital."""

    def mark(match: re.Match[str]) -> str:
        seat, possessive, verb = int(match[1]), bool(match[2]), match[3]
        if seat == viewer:
            words = "your" if possessive else "you"
            if verb:
                verb = verb if possessive else second_person(verb)
        else:
            words = f"seat {seat}" + ("'s" if possessive else "")
        return words + (f" {verb}" if verb else "")

    worded = _MARK.sub(mark, line) if "{seat " in line else line
    return worded[:1].upper() + worded[1:]


RECENT = 60  # the lines an observation carries: the server shows 60, the boards fewer
WORDED = 1 << 14  # lines kept worded per reader before the book starts again


class Worded(dict[str, str]):
    """Log lines worded for one reader (`word_line`), each line worded once and then looked up
    as a plain dict entry: a line and its wording never change. Emptied past WORDED lines, so
    that a long-running server's memory does not grow with every game."""

    def __init__(self, viewer: int | None) -> None:
        super().__init__()
        self.viewer = viewer

    def __missing__(self, line: str) -> str:
        if len(self) >= WORDED:
            self.clear()
        made = self[line] = word_line(line, self.viewer)
        return made


@cache
def worded(viewer: int | None) -> Worded:
    """The book of lines worded for the reader at seat `viewer` (None: a spectator)."""
    return Worded(viewer)


def word_log(lines: list[str], viewer: int | None, last: int = RECENT) -> list[str]:
    """The `last` lines of a log worded for the reader at seat `viewer`. An observation carries
    only the recent lines, so that its cost does not grow with the game; each line is worded
    once per reader and then looked up (a line and its wording never change)."""
    return list(map(worded(viewer).__getitem__, lines[-last:]))
