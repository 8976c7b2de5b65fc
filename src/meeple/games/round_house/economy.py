"""Receiving and paying: coins, honor, resources, and the permanent effects that fire on them.

Permanent effects (Order Card Effects p.14, experts p.15) fire "once per turn": each expert
trigger and each fulfilled order has a bit in `state.used[seat]`, cleared when a turn starts.
An order fulfilled this turn starts working next turn. Bonus goods from an effect fire no
further effects. Gold stands in for any basic resource (setup 9): every payment may use Gold
for any of the resources it names, as the player chooses (`gold_splits`).
"""

from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import product

from meeple.games.round_house.content import BASICS, GOLD, Content, Gain
from meeple.games.round_house.state import T_AMULET, T_BASIC, T_BONUS, T_DISPATCH, T_INVEST, T_ORDER, Rh

EXPERT_BITS = {"invest": 0, "gold": 1, "basic": 2, "expert": 3}
ORDER_BIT = 8
ALL_BASICS = 0b111


def push(state: Rh, kind: int, argument: int = 0, times: int = 1) -> None:
    """Queue a decision for the player to move, in the group of the decision being made now (the
    decisions one action opens form a group, taken in any order: p.7 "decide the order")."""
    for _ in range(times):
        state.tasks.append([kind, argument, state.decisions])


def expert_trigger(state: Rh, seat: int, trigger: str, c: Content) -> None:
    """A permanent expert (Elder, Wealthy Man, Shopkeeper, Clerk): its honor, once per turn."""
    bit = 1 << EXPERT_BITS[trigger]
    if state.used[seat] & bit:
        return
    for card in state.experts[seat]:
        expert = c.experts[card]
        if expert.permanent == trigger:
            state.used[seat] |= bit
            gain_honor(state, seat, expert.permanent_honor, c)
            return


def active_orders(state: Rh, seat: int, effect: str, c: Content) -> list[int]:
    """Fulfilled orders of `seat` with `effect` that work now (fulfilled before this turn, not yet
    used this turn); each returned order is marked used."""
    out = []
    used = state.used[seat]
    turn = state.turn
    orders = c.orders
    done_turn = state.done_turn[seat]  # beside done_orders, item for item
    for i, order in enumerate(state.done_orders[seat]):
        bit = 1 << (ORDER_BIT + order)
        if done_turn[i] < turn and not used & bit and orders[order].effect == effect:
            used |= bit
            out.append(order)
    state.used[seat] = used
    return out


def gain_coins(state: Rh, seat: int, amount: int, c: Content, from_lender: bool = False) -> None:
    """Coins from the supply (or every coin on the Money Lender tile); effect 1: 1 or 2 extra
    coins from the supply."""
    if amount <= 0:
        return
    if from_lender:
        state.lender -= amount
        state.coins[seat] += amount
        amount = 0
    if state.done_orders[seat]:
        for order in active_orders(state, seat, "coins", c):
            amount += c.orders[order].amount
    amount = min(amount, state.bank)
    state.bank -= amount
    state.coins[seat] += amount


def gain_honor(state: Rh, seat: int, amount: int, c: Content) -> None:
    """Honor moves the seat's assistant on the point track; each icon reached or passed gives an
    order or an amulet in the Receive Orders phase (p.6 A)."""
    if amount <= 0:
        return
    before = state.honor[seat]
    state.honor[seat] = after = before + amount
    icons = _track_icons(c)
    state.icons[seat] += bisect_right(icons, after) - bisect_right(icons, before)


@cache
def _track_icons(c: Content) -> tuple[int, ...]:
    """The spaces of the point track with an icon, in order."""
    return tuple(sorted(c.icons))


def gain_goods(state: Rh, seat: int, kind: int, amount: int, c: Content) -> None:
    """Resources from the supply (as many as are left). Basic resources fire the Shopkeeper and
    order effects 2, 3 and 4; Gold fires the Wealthy Man."""
    amount = min(amount, state.basics[kind])
    if amount <= 0:
        return
    state.basics[kind] -= amount
    state.goods[seat][kind] += amount
    received(state, seat, kind, c)


def received(state: Rh, seat: int, kind: int, c: Content) -> None:
    """The effects of receiving a resource (from the supply, or taken from a room at the
    Warehouse): Gold fires the Wealthy Man; a basic resource the Shopkeeper, effect 2 (+1 honor:
    the p.6 example card "gain 1 honor point whenever [the player] receives a resource"), effect 3
    (+1 of the card's colour) and effect 4 (the player chooses +1 honor or +1 more, a decision
    queued)."""
    if kind == GOLD:
        expert_trigger(state, seat, "gold", c)
        return
    expert_trigger(state, seat, "basic", c)
    if not state.done_orders[seat]:
        return
    for _ in active_orders(state, seat, "honor", c):
        gain_honor(state, seat, 1, c)
    extra = 0
    for order in active_orders(state, seat, "color", c):
        extra += BASICS[kind] == c.orders[order].kind
        if BASICS[kind] != c.orders[order].kind:
            state.used[seat] &= ~(1 << (ORDER_BIT + order))  # another colour: not used up
    for _ in active_orders(state, seat, "any", c):
        push(state, T_BONUS, kind)
    extra = min(extra, state.basics[kind])
    state.basics[kind] -= extra
    state.goods[seat][kind] += extra


def shortfall(state: Rh, seat: int, need: tuple[int, ...]) -> int:
    """How much Gold a payment of basic resources `need` (tea, fruit, celadon) would take."""
    goods = state.goods[seat]
    tea, fruit, celadon = need
    return max(0, tea - goods[0]) + max(0, fruit - goods[1]) + max(0, celadon - goods[2])


def can_pay(state: Rh, seat: int, need: tuple[int, ...], coins: int = 0) -> bool:
    return state.coins[seat] >= coins and shortfall(state, seat, need) <= state.goods[seat][GOLD]


def gold_splits(state: Rh, seat: int, need: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way the player can pay basic resources `need` (tea, fruit, celadon): how many of
    each Gold pays for ("Gold can be used as any basic resources", setup 9). The first is the
    fewest Gold (only for what is missing)."""
    return payments(state.goods[seat], need)


def payments(goods: Sequence[int], need: tuple[int, ...]) -> list[tuple[int, ...]]:
    """`gold_splits` for a player holding `goods` (tea, fruit, celadon, Gold)."""
    if not goods[GOLD]:
        return [(0, 0, 0)] if goods[0] >= need[0] and goods[1] >= need[1] and goods[2] >= need[2] else []
    ranges = [range(max(0, n - goods[k]), n + 1) for k, n in enumerate(need)]
    return [split for split in product(*ranges) if sum(split) <= goods[GOLD]]


def gold_suffix(split: tuple[int, ...], splits: list[tuple[int, ...]]) -> str:
    """The id suffix naming a payment's Gold: none for the fewest Gold, ":g<tea><fruit><celadon>" else."""
    return "" if split == splits[0] else ":g" + "".join(map(str, split))


def gold_text(split: tuple[int, ...]) -> str:
    paid = [f"{n} {BASICS[k]}" for k, n in enumerate(split) if n]
    return f" (Gold for {', '.join(paid)})" if paid else ""


def parse_gold(parts: Sequence[str]) -> tuple[int, ...] | None:
    """The Gold split an action id names, None for the fewest Gold."""
    last = parts[-1]
    return tuple(int(ch) for ch in last[1:]) if last.startswith("g") else None


def pay_goods(state: Rh, seat: int, need: tuple[int, ...], split: tuple[int, ...] | None = None) -> list[int]:
    """Pay basic resources to the supply, Gold for `split` of them (by default only for what is
    missing); returns the tokens paid."""
    goods = state.goods[seat]
    tokens = []
    for kind, n in enumerate(need):
        gold = split[kind] if split is not None else max(0, n - goods[kind])
        goods[kind] -= n - gold
        goods[GOLD] -= gold
        tokens += [kind] * (n - gold) + [GOLD] * gold
    return tokens


def pay_coins(state: Rh, seat: int, amount: int, to_lender: bool = False) -> None:
    state.coins[seat] -= amount
    if to_lender:
        state.lender += amount
    else:
        state.bank += amount


def recruit(state: Rh, seat: int) -> None:
    """Recruit assistant (p.11): the leftmost assistant of the assistant supply to the personal supply."""
    if state.reserve[seat]:
        state.reserve[seat] -= 1
        state.personal[seat] += 1


def dismiss(state: Rh, seat: int) -> None:
    """Dismiss (p.9 4): an assistant of the personal supply back to the assistant supply, right to
    left, stacked on the leftmost space when full (a count holds both)."""
    state.personal[seat] -= 1
    state.reserve[seat] += 1


def gain_possible(state: Rh, seat: int, gain: Gain, c: Content) -> bool:
    """Whether receiving `gain` would change anything: an action that costs something and does
    nothing is never offered (a supply may be empty, no assistant or chair may be left)."""
    if gain.honor or (gain.coins and state.bank):
        return True
    basics = state.basics
    if (
        (gain.tea and basics[0])
        or (gain.fruit and basics[1])
        or (gain.celadon and basics[2])
        or (gain.gold and basics[3])
        or (gain.basic and (basics[0] or basics[1] or basics[2]))
    ):
        return True
    reserve = state.reserve[seat]
    if gain.recruit and reserve:
        return True
    assistants = state.personal[seat] or (gain.recruit and reserve)
    if (gain.dispatch or ((gain.invest or gain.senior_invest) and -1 in state.chairs)) and assistants:
        return True
    return bool((gain.amulet and state.amulets_up) or (gain.order and state.orders_up))


def grant(state: Rh, seat: int, gain: Gain, c: Content) -> None:
    """Receive a reward: goods and coins now, recruits now (always from the left), and the
    decisions it opens (basic resources, dispatches, investments, amulets, orders) queued."""
    if gain.coins:
        gain_coins(state, seat, gain.coins, c)
    if gain.honor:
        gain_honor(state, seat, gain.honor, c)
    for kind, amount in enumerate(gain.goods()):
        if amount:
            gain_goods(state, seat, kind, amount, c)
    for _ in range(gain.recruit):
        recruit(state, seat)
    for kind, argument, times in (
        (T_BASIC, ALL_BASICS, gain.basic),
        (T_DISPATCH, 0, gain.dispatch),
        (T_INVEST, 0, gain.invest),
        (T_INVEST, 1, gain.senior_invest),
        (T_AMULET, 0, gain.amulet),
        (T_ORDER, 0, gain.order),
    ):
        if times:
            push(state, kind, argument, times)
