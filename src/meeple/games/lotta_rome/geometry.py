"""Hex domains in axial coordinates: positions, neighbours, connected areas, surrounded lands.

A position (q, r) is packed into one int, `(q + OFFSET) * STRIDE + (r + OFFSET)`, so a domain
is a plain `dict[int, int]` (position -> value) and the six edge neighbours of a position are
six fixed integer offsets. Two hexes are adjacent when they share an edge (base game: "a new
tile must touch at least one tile of the domain along an edge").

Nothing here knows the game: callers pass a mapping of positions to land types, or a set of
positions (buildings, elephants).
"""

from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache
from itertools import chain

STRIDE = 128
OFFSET = 64
ORIGIN = OFFSET * STRIDE + OFFSET
# The six axial directions (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1), as offsets of packed positions.
DIRECTIONS = (STRIDE, STRIDE - 1, -1, -STRIDE, -STRIDE + 1, 1)


def pos(q: int, r: int) -> int:
    """The packed position of axial coordinates (q, r)."""
    return (q + OFFSET) * STRIDE + (r + OFFSET)


def coords(position: int) -> tuple[int, int]:
    """The axial coordinates (q, r) of a packed position."""
    q, r = divmod(position, STRIDE)
    return q - OFFSET, r - OFFSET


def name(position: int) -> str:
    """A stable, readable name of a position: "q,r"."""
    q, r = coords(position)
    return f"{q},{r}"


# The six axial directions in words, as the board draws them (pointy-top hexes, north up).
COMPASS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@lru_cache(maxsize=8192)
def describe(position: int) -> str:
    """Where a position lies, in words a player can follow on the board from the domain's first
    land (marked with a star): "on the first land", "1 east of the first land", "2 east and
    1 north-east of the first land". Two neighbouring directions reach every hex, so the words
    name each position once."""
    q, r = coords(position)
    if q == r == 0:
        return "on the first land"
    for index, (dq, dr) in enumerate(_STEPS):
        nq, nr = _STEPS[(index + 1) % 6]
        # (q, r) = a * (dq, dr) + b * (nq, nr) with a > 0, b >= 0: the sextant starting at direction `index`
        det = dq * nr - dr * nq
        a = (q * nr - r * nq) // det
        b = (dq * r - dr * q) // det
        if a > 0 and b >= 0 and a * dq + b * nq == q and a * dr + b * nr == r:
            far = f"{a} {COMPASS[index]}" + (f" and {b} {COMPASS[(index + 1) % 6]}" if b else "")
            return f"{far} of the first land"
    raise AssertionError(f"no sextant holds {q},{r}")


def parse(text: str) -> int:
    """The position named "q,r"."""
    q, r = text.split(",")
    return pos(int(q), int(r))


def neighbours(position: int) -> tuple[int, ...]:
    """The six positions sharing an edge with `position` (in the order of DIRECTIONS)."""
    return (
        position + STRIDE,
        position + STRIDE - 1,
        position - 1,
        position - STRIDE,
        position - STRIDE + 1,
        position + 1,
    )


class _Neighbours(dict[int, tuple[int, ...]]):
    """`neighbours` of each position, worked out the first time a position is asked for."""

    def __missing__(self, position: int) -> tuple[int, ...]:
        found = self[position] = neighbours(position)
        return found


NEIGHBOURS = _Neighbours()
_around = NEIGHBOURS.__getitem__


def touches(occupied: Collection[int], position: int) -> bool:
    """Whether `position` shares an edge with an occupied position (no generator: scoring and the
    rules ask this of every hex)."""
    return any(map(occupied.__contains__, neighbours(position)))


def around(positions: Iterable[int]) -> set[int]:
    """Every neighbour of the positions, looked up and gathered without a Python loop (the hot
    path of placing)."""
    return set(chain.from_iterable(map(_around, positions)))


def frontier(occupied: Collection[int]) -> set[int]:
    """The free positions that share an edge with the domain (where a new land may go)."""
    return around(occupied).difference(occupied)


def surrounded(occupied: Collection[int], position: int) -> bool:
    """Whether `position` is "surrounded on all sides by other lands": all six neighbours occupied."""
    return all(map(occupied.__contains__, neighbours(position)))


def count_surrounded(occupied: Collection[int], positions: Iterable[int]) -> int:
    """How many of `positions` are `surrounded` in `occupied` (each hex's six neighbours met with
    the occupied hexes by one set test, no Python step per hex: scoring asks it of whole domains)."""
    return sum(map(set(occupied).issuperset, map(_around, positions)))


def area_of(lands: Mapping[int, int], position: int) -> list[int]:
    """The connected area containing `position`: the lands of its type reachable through
    edges between lands of that same type."""
    kind = lands[position]
    seen = {position}
    todo = [position]
    while todo:
        here = todo.pop()
        for d in DIRECTIONS:
            there = here + d
            if there not in seen and lands.get(there) == kind:
                seen.add(there)
                todo.append(there)
    return sorted(seen)


def areas(lands: Mapping[int, int]) -> list[list[int]]:
    """Every connected area of the domain (lands of one type joined by edges), each sorted,
    in order of their smallest position. Each land type's positions are walked as a set, a
    breadth-first search taking out what it reaches (each hex's neighbours by one set
    intersection)."""
    by_type: dict[int, set[int]] = {}
    for position, kind in lands.items():
        same = by_type.get(kind)
        if same is None:
            by_type[kind] = {position}
        else:
            same.add(position)
    found: list[list[int]] = []
    for left in by_type.values():
        while left:
            area = [left.pop()]
            for here in area:  # grows while it is walked
                near = left.intersection(_around(here))
                if near:
                    left -= near
                    area += near
            area.sort()
            found.append(area)
    found.sort()
    return found


def area_index(lands: Mapping[int, int], found: list[list[int]] | None = None) -> dict[int, int]:
    """Each position's area number (an index into `areas(lands)`, or into `found` if given)."""
    index: dict[int, int] = {}
    for number, area in enumerate(areas(lands) if found is None else found):
        for position in area:
            index[position] = number
    return index


def groups(positions: Iterable[int]) -> list[list[int]]:
    """The connected groups of a set of positions (e.g. buildings: "a group of buildings"
    is buildings joined edge to edge), each sorted, in order of their smallest position."""
    members = set(positions)
    return areas({position: 0 for position in members})


def largest_group(positions: Iterable[int]) -> int:
    """The size of the largest connected group among `positions` (0 if there are none)."""
    return max((len(group) for group in groups(positions)), default=0)
