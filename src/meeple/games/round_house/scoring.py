"""Final scoring (p.13): honor on the point track, the honor of fulfilled orders (scored only at
the end, p.6) and of amulets held (reconstructed). Ties (the text gives no tie-break): more
coins, then more resources (a ruling)."""

from functools import cache

from meeple.games.round_house.content import Content
from meeple.games.round_house.state import Rh


def breakdown(state: Rh, seat: int, c: Content) -> dict[str, int]:
    order_honor, amulet_honor = _honors(c)
    orders = sum([order_honor[o] for o in state.done_orders[seat]])
    amulets = sum([amulet_honor[a] for a in state.amulets[seat]])
    track = state.honor[seat]
    return {"track": track, "orders": orders, "amulets": amulets, "total": track + orders + amulets}


def ranking_key(state: Rh, seat: int, c: Content) -> tuple[int, int, int]:
    return (breakdown(state, seat, c)["total"], state.coins[seat], sum(state.goods[seat]))


@cache
def _honors(c: Content) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The honor of each order and of each amulet."""
    return tuple(o.honor for o in c.orders), tuple(a.honor for a in c.amulets)
