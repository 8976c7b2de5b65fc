"""The end of a game in the terminal: scores, ranking and winners, the team's outcome in words,
and the game's own breakdown of the score (`Result.detail`)."""

from collections.abc import Sequence
from typing import Any

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


def sheet_table(sheet: dict[str, Any], seat_names: Sequence[str] | None) -> Table:
    """The game's score sheet (`meeple.engine.score_sheet`): one row per player, one column per part."""
    table = Table(title="Score sheet")
    table.add_column("player")
    for column in sheet["columns"]:
        table.add_column(escape(str(column)), justify="right")
    for row in sheet["rows"]:
        if "seat" in row:
            who = f"seat {row['seat']}" + (f" ({seat_names[row['seat']]})" if seat_names is not None else "")
        else:
            who = str(row["name"])
        table.add_row(escape(who), *(_plain(value) for value in row["values"]))
    return table


def print_result(
    console: Console, result: Result, seat_names: Sequence[str] | None = None, cooperative: bool = False
) -> None:
    """How a finished game ended: for a competitive game the scores, ranking and winners; for a
    team (`cooperative`) or a player alone against the game, won or lost in the game's words;
    then the game's score sheet and the rest of its breakdown."""
    players = len(result.scores)
    detail = dict(result.detail)
    sheet = detail.pop("sheet", None)
    if result.team is None:
        table = Table(title="Result")
        table.add_column("seat", justify="right")
        if seat_names is not None:
            table.add_column("player")
        for column in ("score", "rank", "winner"):
            table.add_column(column, justify="left" if column == "winner" else "right")
        for seat, (score, rank) in enumerate(zip(result.scores, result.ranking, strict=True)):
            cells = [str(seat)]
            if seat_names is not None:
                cells.append(escape(seat_names[seat]))
            cells += [number(score), str(rank), "yes" if seat in result.winner_seats else ""]
            table.add_row(*cells)
        console.print(table)
    if sheet:
        console.print(sheet_table(sheet, seat_names))
    for line in breakdown_lines(detail, players):
        console.print(escape(line))
    if result.team is not None:
        if cooperative:
            who = "The team"
        else:
            who = "Seat 0" + (f" ({escape(seat_names[0])})" if seat_names is not None else "")
        outcome = "won" if result.team.won else "lost"
        if result.team.detail:
            console.print(f"{who} {outcome}: {escape(result.team.detail)}.")
        else:
            side = "to spare" if result.team.margin >= 0 else "short"
            console.print(f"{who} {outcome}, with a margin of {number(abs(result.team.margin))} {side}.")
    elif len(result.winner_seats) == 1:
        console.print(f"Winner: seat {result.winner_seats[0]}.")
    elif result.winner_seats:
        console.print(f"Winners (shared): seats {seat_list(result.winner_seats)}.")
    else:
        console.print("Nobody won.")
