"""Placing lands in a domain: 4 ADDITION (FINDINGS) and the lots bought in the expansion's
PHASE 6. "A new tile must touch at least one tile of the domain along an edge"; "lots may be
placed as the player chooses": in any order, each piece where the player likes.

A player places his pieces one at a time. With several different pieces waiting he first
picks one (`piece:`); a double land with a building is picked with the building on the half
he wants ("decide for themselves which half of the double land they place this building on").
Then `place:q,r` puts a land on a hex; a double land takes two steps, its first half and then
its second half on a free hex next to it, and the pair must touch the domain.
"""

from collections.abc import Collection, Sequence
from functools import lru_cache
from itertools import repeat

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import NO_BUILDING, Content
from meeple.games.lotta_rome.pieces import (
    FIRST_CELLS,
    SECOND_CELLS,
    describe,
    first_land,
    is_double,
    piece_building,
    second_land,
    short,
    swapped,
)
from meeple.games.lotta_rome.state import Lotta


def piece_options(pending: Sequence[int]) -> tuple[int, ...]:
    """The distinct ways to pick the next piece: each distinct piece, and a double land with a
    building on either half when its halves differ."""
    return _options(tuple(pending))


@lru_cache(maxsize=4096)
def _options(pending: tuple[int, ...]) -> tuple[int, ...]:
    """`piece_options`, memoised on the waiting pieces (asked at every placing decision)."""
    options: list[int] = []
    for code in pending:
        for way in (code, swapped(code)) if is_double(code) and piece_building(code) != NO_BUILDING else (code,):
            if way not in options:
                options.append(way)
    return tuple(options)


def is_placing(state: Lotta, seat: int) -> bool:
    return state.holding[seat] >= 0 or bool(state.pending[seat])


@lru_cache(maxsize=4096)
def _pick_actions(options: tuple[int, ...], content: Content) -> tuple[Action, ...]:
    """Picking each of the pieces `options` to place next, memoised on them."""
    return tuple(map(_pick_action, options, repeat(content)))


@lru_cache(maxsize=4096)
def _pick_action(code: int, content: Content) -> Action:
    return Action(
        f"piece:{short(code, content)}", f"Place the {describe(code, content)} next", {"kind": "piece", "code": code}
    )


def _place_action(position: int, text: str) -> Action:
    where = geometry.name(position)
    return Action(
        f"place:{where}",
        f"Place the {text} {geometry.describe(position)}",
        {"kind": "place", "at": where, "position": position},
    )


def single_positions(cells: Collection[int]) -> set[int]:
    """Where a single land may go: any free hex touching the domain (the first land: the centre)."""
    if not cells:
        return {geometry.ORIGIN}
    return geometry.frontier(cells)


def first_half_positions(cells: Collection[int]) -> set[int]:
    """Where a double land's first half may go: a free hex with a free neighbour such that the
    pair touches the domain: a frontier hex with a free neighbour, or any free neighbour of a
    frontier hex."""
    if not cells:
        return {geometry.ORIGIN}
    edge = geometry.frontier(cells)
    free_around = geometry.around(edge).difference(cells)
    # a frontier hex next to another one has a free neighbour; the others are checked one by one
    lone = {p for p in edge.difference(free_around) if not geometry.surrounded(cells, p)}
    return free_around | lone


def second_half_positions(cells: Collection[int], first: int) -> set[int]:
    """Where the second half may go: a free neighbour of the first half, the pair touching the
    rest of the domain (the first half is in `cells`, and is no neighbour of itself)."""
    free = set(geometry.neighbours(first)).difference(cells)
    if len(cells) == 1 or geometry.touches(cells, first):
        return free
    rest = set(cells)
    rest.discard(first)
    return {n for n in free if geometry.touches(rest, n)}


@lru_cache(maxsize=8192)
def _place_actions(spots: tuple[int, ...], code: int, half: int, content: Content) -> tuple[Action, ...]:
    """The actions placing the single land `code`, a double land's first half, or its second
    half (`half` is where the first went), in order of position, memoised on the domain's
    positions."""
    occupied = set(spots)
    text = _place_text(code, half >= 0, content)
    if not is_double(code):
        positions = single_positions(occupied)
    elif half < 0:
        positions = first_half_positions(occupied)
    else:
        positions = second_half_positions(occupied, half)
    table = _place_table(text)
    for position in positions.difference(table):
        table[position] = _place_action(position, text)
    return tuple(map(table.__getitem__, sorted(positions)))


@lru_cache(maxsize=4096)
def _place_table(text: str) -> dict[int, Action]:
    """The actions placing the piece `text`, by position, made once each as positions come up."""
    return {}


@lru_cache(maxsize=4096)
def _place_text(code: int, half: bool, content: Content) -> str:
    if not is_double(code):
        return describe(code, content)
    land = second_land(code) if half else first_land(code)
    return f"{describe(code, content)}: its {content.lands[land].name} half"


def placing_actions(state: Lotta, seat: int, content: Content) -> list[Action]:
    code = state.holding[seat]
    if code < 0:
        options = _options(tuple(state.pending[seat]))
        if len(options) > 1:
            return list(_pick_actions(options, content))
        code = options[0]
    return list(_place_actions(tuple(state.spots[seat]), code, state.half[seat], content))


def perform_pick(state: Lotta, seat: int, code: int) -> None:
    """Take the piece (turned as chosen) from the waiting pieces into the hand."""
    pending = state.pending[seat]
    pending.remove(code if code in pending else swapped(code))
    state.holding[seat] = code


def perform_place(state: Lotta, seat: int, position: int, content: Content) -> None:
    """Put the land (or the half) held, picking the only option first if none is held. The hex is
    free (the action is legal), so it joins the domain's positions (`Lotta.put` written out)."""
    code = state.holding[seat]
    if code < 0:
        code = _options(tuple(state.pending[seat]))[0]
        perform_pick(state, seat, code)
    half = state.half[seat]
    second = SECOND_CELLS[code]
    state.spots[seat].append(position)
    if second < 0:
        state.cells[seat].append(FIRST_CELLS[code])
        state.holding[seat] = -1
    elif half < 0:
        state.cells[seat].append(FIRST_CELLS[code])
        state.half[seat] = position
        return
    else:
        state.cells[seat].append(second)
        state.joins[seat] += [half, position]
        state.half[seat] = -1
        state.holding[seat] = -1
    state.log.append(_placed_line(seat, code, position, content))


@lru_cache(maxsize=16384)
def _placed_line(seat: int, code: int, position: int, content: Content) -> str:
    return f"{seat_mark(seat)} places the {describe(code, content)} {geometry.describe(position)}"
