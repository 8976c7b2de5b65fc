"""The markets (Selling Market p.8 3, Retail Market p.9 1, Wholesale Market p.9 2): resources
placed on free spaces from left to right, each paying by the market's chart."""

from collections.abc import Sequence
from functools import cache

from meeple.games.round_house.content import BASICS, GOLD, Content, Gain
from meeple.games.round_house.economy import gain_coins, gain_honor, push, recruit
from meeple.games.round_house.state import T_DISPATCH, T_INVEST, Rh


def market_rooms(state: Rh, c: Content) -> list[int]:
    """The markets on the board: the inner Selling Market and the market tiles drawn."""
    return [r for r in (*c.inner, *state.outer) if c.rooms[r].kind == "market"]


def free_spaces(state: Rh, room: int, kind: int, c: Content) -> list[int]:
    """Free spaces of `room` that take `kind`, left to right."""
    return free_of(state.spaces[room], room, kind, c)


def free_of(spaces: Sequence[int], room: int, kind: int, c: Content) -> list[int]:
    """`free_spaces` of `room` holding `spaces` (each space's token, -1 free)."""
    takes = _takes(room, kind, c)
    return [s for s, token in enumerate(spaces) if token < 0 and takes[s]]


@cache
def _takes(room: int, kind: int, c: Content) -> tuple[bool, ...]:
    """Per space of `room`: whether it takes `kind` (designated for it or for any)."""
    market = c.rooms[room]
    return tuple(market.space_kind(s) in (-1, kind) for s in range(len(market.designated)))


def place(
    state: Rh, seat: int, room: int, kind: int, c: Content, times: int = 1, assist: bool = True, gold: bool = False
) -> None:
    """Pay one `kind` (or a Gold standing in for it: when lacking it, or by choice with `gold`), put
    it on the leftmost free space, receive the chart's
    coins and honor (`times` over: twice for the supplier experts) and, unless an expert placed
    it ("do not execute the assistant action marked on the space"), its assistant action."""
    goods = state.goods[seat]
    token = GOLD if gold or not goods[kind] else kind  # as `pay_goods` pays one resource
    goods[token] -= 1
    space = free_spaces(state, room, kind, c)[0]
    state.spaces[room][space] = token
    reward: Gain = c.rooms[room].chart[BASICS[kind]]
    if reward.coins:
        gain_coins(state, seat, reward.coins * times, c)
    if reward.honor:
        gain_honor(state, seat, reward.honor * times, c)
    if assist:
        for _ in range(reward.recruit):
            recruit(state, seat)
        if reward.dispatch:
            push(state, T_DISPATCH, 0, reward.dispatch)
        if reward.invest:
            push(state, T_INVEST, 0, reward.invest)


def clear_if_full(state: Rh, room: int) -> None:
    """ "When all the spaces are filled, remove all the resources to the resource supply area."""
    spaces = state.spaces[room]
    if spaces and all(token >= 0 for token in spaces):
        for token in spaces:
            state.basics[token] += 1
        state.spaces[room] = [-1] * len(spaces)


def take_token(state: Rh, seat: int, room: int, token: int) -> None:
    """Warehouse: take one resource lying on a market's spaces (the rightmost of its kind)."""
    spaces = state.spaces[room]
    space = len(spaces) - 1 - spaces[::-1].index(token)
    spaces[space] = -1
    state.goods[seat][token] += 1
