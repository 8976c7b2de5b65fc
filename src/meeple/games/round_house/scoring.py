"""Final scoring (p.13): honor on the point track, the honor of fulfilled orders (scored only at
the end, p.6) and of amulets held (reconstructed). Ties (the text gives no tie-break): more
coins, then more resources (a ruling)."""

from meeple.games.round_house.content import Content
from meeple.games.round_house.state import Rh


def breakdown(state: Rh, seat: int, c: Content) -> dict[str, int]:
    orders = sum(c.orders[o].honor for o in state.done_orders[seat])
    amulets = sum(c.amulets[a].honor for a in state.amulets[seat])
    track = state.honor[seat]
    return {"track": track, "orders": orders, "amulets": amulets, "total": track + orders + amulets}


def ranking_key(state: Rh, seat: int, c: Content) -> tuple[int, int, int]:
    return (breakdown(state, seat, c)["total"], state.coins[seat], sum(state.goods[seat]))
