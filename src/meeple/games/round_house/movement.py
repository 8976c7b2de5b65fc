"""Moving a family leader (p.4, rules A-D) and the 2-player neutral leaders (p.14)."""

from collections.abc import Sequence
from functools import cache, reduce
from operator import or_

from meeple.games.round_house.content import HALL, RING, Content
from meeple.games.round_house.state import Rh

STEPS = 3  # "1 to 3 rooms"
INNER = sum(1 << node for node in range(1, RING + 1))
OUTER = sum(1 << node for node in range(RING + 1, 2 * RING + 1))


def destinations(state: Rh, leader: int, c: Content, steps: int = STEPS) -> tuple[int, ...]:
    """The nodes of `reach`, in order."""
    return nodes(reach(state, leader, c, steps))


def reach(state: Rh, leader: int, c: Content, steps: int = STEPS) -> int:
    """Nodes where `leader` may end its move, clockwise 1-3 rooms along corridors or stairs (A);
    rooms holding another leader are skipped and not counted (C) and never a destination (B);
    a seat's leader entering the ancestral hall stops there (D). A neutral leader uses no stairs,
    skips the hall and cannot stop in it (p.14). `steps` below 3 gives the rooms reached within
    that many counted steps."""
    start = state.leaders[leader]
    others = occupied(state.leaders) & ~(1 << start)  # no other leader shares a room with this one
    if state.owners[leader] >= 0:
        return reachable(start, others, False, steps, c)
    return reachable(start, others, True, steps, c) & _neutral_mask(state, leader)


def occupied(leaders: Sequence[int]) -> int:
    """The rooms holding a leader, as a bitmask (the hall, which holds any number, never counts)."""
    return reduce(or_, map(_BITS.__getitem__, leaders), 0) & ~(1 << HALL)


_BITS = tuple(1 << node for node in range(2 * RING + 1))


def seat_leaders(state: Rh, seat: int) -> tuple[int, ...]:
    """The leaders of `seat` (-1: the neutral leaders)."""
    return _of_seat(tuple(state.owners), seat)


def neutral_reaches(leaders: Sequence[int], neutral: tuple[int, ...], c: Content) -> list[tuple[int, int, int]]:
    """`reach` of the two neutral leaders `neutral` (2 players) with the leaders on `leaders`:
    (leader, start, nodes reached as a bitmask), each kept to the circle the other is not in
    (`_neutral_mask`)."""
    taken = occupied(leaders)
    a, b = neutral
    at, bt = leaders[a], leaders[b]
    reach_a = reachable(at, taken & ~_BITS[at], True, STEPS, c)
    reach_b = reachable(bt, taken & ~_BITS[bt], True, STEPS, c)
    if bt != HALL:
        reach_a &= OUTER if bt <= RING else INNER
    if at != HALL:
        reach_b &= OUTER if at <= RING else INNER
    return [(a, at, reach_a), (b, bt, reach_b)]


@cache
def _of_seat(owners: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(leader for leader, owner in enumerate(owners) if owner == seat)


@cache
def nodes(mask: int) -> tuple[int, ...]:
    """The nodes of a bitmask, in order."""
    return tuple(node for node in range(2 * RING + 1) if mask >> node & 1)


@cache
def reachable(start: int, taken: int, neutral: bool, steps: int, c: Content) -> int:
    """The nodes reachable from `start` past the rooms `taken` (a bitmask), as a bitmask. Step by step:
    from the rooms reached so far, every way forward passes any run of occupied rooms (and, for a
    neutral leader, the hall) and ends in the next free room, one step more."""
    ways = c.corridors if neutral else c.ways
    found = 0
    frontier = [start]
    for _ in range(steps):
        reached: list[int] = []
        passed = 0
        while frontier:
            node = frontier.pop()
            for nxt in ways[node]:
                bit = 1 << nxt
                if nxt == HALL and not neutral:
                    found |= 1
                elif nxt == HALL or taken & bit:
                    if not passed & bit:  # skipped, not counted: go on from it
                        passed |= bit
                        frontier.append(nxt)
                elif not found & bit:  # reached earlier with more steps left: nothing new from it
                    found |= bit
                    reached.append(nxt)
        frontier = reached
    return found


def _neutral_mask(state: Rh, leader: int) -> int:
    """After a neutral leader moves, one neutral leader is in the inner circle and the other in the
    outer circle (p.14); a neutral leader still in the hall constrains nothing. The hall is never
    a neutral leader's destination."""
    for other, owner in enumerate(state.owners):
        if owner < 0 and other != leader and state.leaders[other] != HALL:
            return OUTER if state.leaders[other] <= RING else INNER
    return INNER | OUTER
