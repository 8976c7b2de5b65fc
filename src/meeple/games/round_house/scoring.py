"""Final scoring (p.13): honor on the point track, the honor of fulfilled orders (scored only at
the end, p.6) and of amulets held (reconstructed). Ties (the text gives no tie-break): more
coins, then more resources (a ruling)."""

from collections.abc import Sequence
from functools import cache

from meeple.games.round_house.content import Content
from meeple.games.round_house.state import Rh


def breakdown(state: Rh, seat: int, c: Content) -> dict[str, int]:
    return score_parts(state.honor[seat], state.done_orders[seat], state.amulets[seat], c)


def score_parts(track: int, done: Sequence[int], amulets: Sequence[int], c: Content) -> dict[str, int]:
    """A seat's score by its parts: the point track, the orders fulfilled and the amulets held."""
    order_honor, amulet_honor = _honors(c)
    orders = sum(map(order_honor.__getitem__, done))
    held = sum(map(amulet_honor.__getitem__, amulets))
    return {"track": track, "orders": orders, "amulets": held, "total": track + orders + held}


def total(state: Rh, seat: int, c: Content) -> int:
    """`score_parts`' total: the track, the honor of the orders fulfilled and of the amulets held."""
    order_honor, amulet_honor = _honors(c)
    done = sum(map(order_honor.__getitem__, state.done_orders[seat]))
    return state.honor[seat] + done + sum(map(amulet_honor.__getitem__, state.amulets[seat]))


def order_honor(c: Content) -> tuple[int, ...]:
    """The honor of each order."""
    return _honors(c)[0]


def ranking_key(state: Rh, seat: int, c: Content) -> tuple[int, int, int]:
    return (breakdown(state, seat, c)["total"], state.coins[seat], sum(state.goods[seat]))


@cache
def _honors(c: Content) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The honor of each order and of each amulet."""
    return tuple(o.honor for o in c.orders), tuple(a.honor for a in c.amulets)
