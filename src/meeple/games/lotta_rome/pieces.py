"""Pieces and cells as small ints, so states stay lists of ints and clone cheaply.

A piece is what a player places in one go: a land (base game tile, starting land, bonus
land) or a double land (two halves, the expansion), perhaps carrying a building on its
first half. A cell is one hex of a domain: its land, its building, whether an elephant
with tent stands there.
"""

from collections.abc import Iterable
from functools import lru_cache

from meeple.games.lotta_rome.content import FORT, NO_BUILDING, Content

# piece = first + 5 * (second + 1) + 30 * (building + 1); second = -1 for a single land
_SECOND = 5
_BUILDING = 30
# cell = land + 5 * (building + 1) + 35 * elephant
_CELL_BUILDING = 5
_ELEPHANT = 35


def piece(first: int, second: int = -1, building: int = NO_BUILDING) -> int:
    return first + _SECOND * (second + 1) + _BUILDING * (building + 1)


def first_land(code: int) -> int:
    return code % _SECOND


def second_land(code: int) -> int:
    """The second half's land of a double land, -1 for a single land."""
    return code // _SECOND % 6 - 1


def piece_building(code: int) -> int:
    return code // _BUILDING - 1


def is_double(code: int) -> bool:
    return second_land(code) >= 0


def swapped(code: int) -> int:
    """The same double land turned so that its second half comes first (the building moves with
    the first half: it is how the player "decides which half the building goes on")."""
    return piece(second_land(code), first_land(code), piece_building(code))


def cell(land: int, building: int = NO_BUILDING, elephant: bool = False) -> int:
    return land + _CELL_BUILDING * (building + 1) + (_ELEPHANT if elephant else 0)


def cell_land(value: int) -> int:
    return value % _CELL_BUILDING


def cell_building(value: int) -> int:
    return value % _ELEPHANT // _CELL_BUILDING - 1


def cell_elephant(value: int) -> bool:
    return value >= _ELEPHANT


# Every cell value's land, building and elephant, looked up rather than worked out (the hot path
# of scoring): a cell is below CELLS.
CELLS = _ELEPHANT * 2
CELL_LANDS = tuple(cell_land(value) for value in range(CELLS))
CELL_BUILDINGS = tuple(cell_building(value) for value in range(CELLS))
CELL_ELEPHANTS = tuple(cell_elephant(value) for value in range(CELLS))


def with_elephant(value: int) -> int:
    return value + _ELEPHANT


def is_free(value: int) -> bool:
    """A free land: "without buildings and other elephants" (PHASE 5)."""
    return value < _CELL_BUILDING * (NO_BUILDING + 2)


CELL_FREE = tuple(is_free(value) for value in range(CELLS))


@lru_cache(maxsize=1024)
def describe(code: int, content: Content) -> str:
    """A piece as a person reads it: "vineyard with a winery", "olive grove | field double land"."""
    lands = content.lands
    building = piece_building(code)
    with_building = f" with {content.building_with_article(building)}" if building != NO_BUILDING else ""
    if is_double(code):
        return f"double land {lands[first_land(code)].name}{with_building} | {lands[second_land(code)].name}"
    return f"{lands[first_land(code)].name}{with_building}"


PIECES = _BUILDING * (FORT + 2)  # every piece code is below this
# The cell each piece code puts down: its first half (with its building), and its second half
# (-1 for a single land), looked up when a piece is placed.
FIRST_CELLS = tuple(cell(first_land(code), piece_building(code)) for code in range(PIECES))
SECOND_CELLS = tuple(cell(second_land(code)) if is_double(code) else -1 for code in range(PIECES))


@lru_cache(maxsize=8)
def piece_names(content: Content) -> tuple[str, ...]:
    """`describe` of every piece, by code: looked up on the hot paths."""
    return tuple(describe(code, content) for code in range(PIECES))


def names_of(codes: Iterable[int], content: Content) -> str:
    """Pieces as a person reads them, separated by commas ("" for none)."""
    return ", ".join(map(piece_names(content).__getitem__, codes))


@lru_cache(maxsize=1024)
def short(code: int, content: Content) -> str:
    """A compact stable name of a piece for action ids, the building in brackets after the land it
    stands on: "vineyard(mill)", "olive(fort)/field" (a double land, the fort on its olive half)."""
    lands = content.lands
    text = lands[first_land(code)].id
    building = piece_building(code)
    if building != NO_BUILDING:
        text += "(" + content.building_name(building).replace(" ", "-") + ")"
    if is_double(code):
        text += "/" + lands[second_land(code)].id
    return text
