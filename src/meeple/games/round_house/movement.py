"""Moving a family leader (p.4, rules A-D) and the 2-player neutral leaders (p.14)."""

from meeple.games.round_house.content import HALL, RING, Content
from meeple.games.round_house.state import Rh

STEPS = 3  # "1 to 3 rooms"


def destinations(state: Rh, leader: int, c: Content) -> list[int]:
    """Nodes where `leader` may end its move, clockwise 1-3 rooms along corridors or stairs (A);
    rooms holding another leader are skipped and not counted (C) and never a destination (B);
    a seat's leader entering the ancestral hall stops there (D). A neutral leader uses no stairs,
    skips the hall and cannot stop in it (p.14)."""
    neutral = state.owners[leader] < 0
    occupied = {node for i, node in enumerate(state.leaders) if i != leader and node != HALL}
    found: set[int] = set()
    stack = [(state.leaders[leader], STEPS, 0)]
    while stack:
        node, left, hops = stack.pop()
        if hops > 4 * RING:
            continue
        for nxt, stairs in c.edges[node]:
            if neutral and stairs:
                continue
            if nxt == HALL:
                if neutral:
                    stack.append((nxt, left, hops + 1))
                else:
                    found.add(HALL)
            elif nxt in occupied:
                stack.append((nxt, left, hops + 1))
            else:
                found.add(nxt)
                if left > 1:
                    stack.append((nxt, left - 1, hops + 1))
    if neutral:
        found = {node for node in found if _rings_apart(state, leader, node)}
    return sorted(found)


def _rings_apart(state: Rh, leader: int, node: int) -> bool:
    """After a neutral leader moves, one neutral leader is in the inner circle and the other in the
    outer circle (p.14); a neutral leader still in the hall constrains nothing."""
    for other, owner in enumerate(state.owners):
        if owner < 0 and other != leader and state.leaders[other] != HALL:
            return (state.leaders[other] <= RING) != (node <= RING)
    return True
