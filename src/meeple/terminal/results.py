"""The end of a game in the terminal: scores, ranking and winners, the team's outcome in words,
and the game's own breakdown of the score (`Result.detail`)."""

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from meeple.engine import Result


def number(value: float) -> str:
    """A score or rate for people: whole numbers without a decimal point."""
    value = float(value)
    if value.is_integer():
        return str(int(value))
    return f"{value:.3f}".rstrip("0") if abs(value) < 1 else f"{value:.2f}".rstrip("0")


def seat_list(seats: Sequence[int]) -> str:
    return ", ".join(str(seat) for seat in seats)


def _words(key: str) -> str:
    return key.replace("_", " ")


def breakdown_lines(detail: dict[str, object], players: int) -> list[str]:
    """The game's breakdown of the result, one line per item; a list with one entry per seat is
    shown seat by seat."""
    lines = []
    for key, value in detail.items():
        if value is None or value == "" or value == [] or value == {}:
            continue
        if isinstance(value, (list, tuple)) and len(value) == players and players > 1:
            lines.append(f"{_words(key)}:")
            lines += [f"  seat {seat}: {_plain(part)}" for seat, part in enumerate(value)]
        else:
            lines.append(f"{_words(key)}: {_plain(value)}")
    return lines


def _plain(value: object) -> str:
    if isinstance(value, float):
        return number(value)
    if isinstance(value, dict):
        return ", ".join(f"{_words(str(k))} {_plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def print_result(console: Console, result: Result, seat_names: Sequence[str] | None = None) -> None:
    """Scores, ranking and winners (or the team's outcome) of a finished game, and its breakdown."""
    players = len(result.scores)
    table = Table(title="Result")
    table.add_column("seat", justify="right")
    if seat_names is not None:
        table.add_column("player")
    table.add_column("score", justify="right")
    if result.team is None:
        table.add_column("rank", justify="right")
        table.add_column("winner")
    for seat, (score, rank) in enumerate(zip(result.scores, result.ranking, strict=True)):
        cells = [str(seat)]
        if seat_names is not None:
            cells.append(escape(seat_names[seat]))
        cells.append(number(score))
        if result.team is None:
            cells += [str(rank), "yes" if seat in result.winner_seats else ""]
        table.add_row(*cells)
    console.print(table)
    for line in breakdown_lines(dict(result.detail), players):
        console.print(escape(line))
    if result.team is not None:
        outcome = "won" if result.team.won else "lost"
        detail = f": {escape(result.team.detail)}" if result.team.detail else ""
        side = "to spare" if result.team.margin >= 0 else "short"
        console.print(f"The team {outcome}{detail} (margin {number(abs(result.team.margin))} {side}).")
    elif len(result.winner_seats) == 1:
        console.print(f"Winner: seat {result.winner_seats[0]}.")
    elif result.winner_seats:
        console.print(f"Winners (shared): seats {seat_list(result.winner_seats)}.")
    else:
        console.print("Nobody won.")
