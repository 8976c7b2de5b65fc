"""On a terminal, each decision of The Round House is one screen that fits a normal terminal
(40 rows of 100 columns) at 4 and 5 players: the brief board, what happened since the seat's
last turn (one row each), the prompt and the choices (a long menu grouped by shared words).
Driven through the real `meeple` command, its output drawn as on a terminal."""

import io
import re

import pytest
from rich.console import Console
from terminal_driving import meeple

from meeple.engine import Action
from meeple.terminal.screen import grouped_menu, label_runs

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[2J"
ROWS, COLUMNS = 40, 100


def rows(text: str) -> int:
    """The terminal rows `text` takes at COLUMNS wide (a longer line wraps)."""
    return sum(max(1, -(-len(line) // COLUMNS)) for line in ANSI.sub("", text).split("\n"))


@pytest.mark.parametrize("players", [4, 5])
def test_the_round_house_screen_fits_a_terminal(players: int) -> None:
    seats = ",".join(["human"] + ["random"] * (players - 1))
    keys = "1\n" * 40 + "q\n"
    result = meeple("play", "round-house", "--seats", seats, "--seed", "4", stdin=keys, columns=COLUMNS, tty=True)
    assert result.returncode == 0, result.stderr
    screens = [screen.split("choice [")[0] for screen in result.stdout.split(CLEAR)[1:]]
    assert len(screens) >= 20  # one screen per decision of the person
    for screen in screens:
        assert "Seat 0, your move:" in screen and "The Round House - turn" in screen
        assert rows(screen) <= ROWS, ANSI.sub("", screen)
    told = re.compile(r"^  Seat [1-4] \(random\) (chose|had a single choice|made a sealed choice)", re.M)
    assert any("Since your last turn:" in screen and told.search(ANSI.sub("", screen)) for screen in screens)
    assert "Seat 1 (random) is thinking…" in result.stdout  # the spinner names the bot


def test_a_long_menu_is_grouped_by_the_words_its_choices_share() -> None:
    moves = [f"Move your leader from the ancestral hall to {room}" for room in ("Bank", "Study", "Tea House")]
    legal = [Action(f"move:{i}", label) for i, label in enumerate([*moves, "End the turn", "End the turn"])]
    assert label_runs(legal) == [("Move your leader from the ancestral hall to", [0, 1, 2]), ("", [3]), ("", [4])]
    console = Console(file=io.StringIO(), width=100, highlight=False)
    for line in grouped_menu(legal):
        console.print(line)
    text = console.file.getvalue().splitlines()
    assert text[0] == "  Move your leader from the ancestral hall to …"
    assert text[1].split() == ["1.", "Bank", "2.", "Study", "3.", "Tea", "House"]
    assert text[2:] == ["  4. End the turn [move:3]", "  5. End the turn [move:4]"]  # the same words: ids
