"""Orders (p.6): icons on the point track give orders or amulets (phase 4), fulfilling orders
(phase 5) for their permanent effects, honor scored at the end."""

from collections.abc import Iterator
from functools import cache, lru_cache

from meeple.engine import Action, merge_alike
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import Content, Order
from meeple.games.round_house.economy import (
    can_pay,
    gold_splits,
    gold_suffix,
    gold_text,
    parse_gold,
    pay_coins,
    pay_goods,
)
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import Rh


def icons_open(state: Rh, seat: int) -> bool:
    """Whether phase 4 A asks anything: an icon passed, and an order or an amulet face up."""
    return bool(state.icons[seat] and (state.orders_up or state.amulets_up))


def icon_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Phase 4 A: for each icon passed, take 1 face-up order or 1 face-up amulet (or decline)."""
    if not icons_open(state, seat):
        return []
    return list(_icon_choices(c, tuple(state.orders_up), tuple(state.amulets_up)))


@lru_cache(maxsize=4096)
def _icon_choices(c: Content, orders_up: tuple[int, ...], amulets_up: tuple[int, ...]) -> tuple[Action, ...]:
    """The choices of phase 4 A for the face-up orders and amulets (worked out once per row)."""
    out = [
        Action(f"pick-order:{i}", f"Take the {order_name(c.orders[o])}", {"order": o}) for i, o in enumerate(orders_up)
    ]
    out += [
        Action(f"pick-amulet:{i}", f"Take amulet {c.amulets[a].name}", {"amulet": a}) for i, a in enumerate(amulets_up)
    ]
    out.append(Action("pass", "Take nothing more"))
    return tuple(merge_alike(out))  # two copies of one amulet (or one order) are taken alike


def perform_icon(state: Rh, seat: int, action: Action) -> None:
    verb, _, index = action.id.partition(":")
    if verb == "pass":
        state.icons[seat] = 0
        return
    state.icons[seat] -= 1
    if verb == "pick-order":
        state.hand[seat].append(state.orders_up.pop(int(index)))
    else:
        state.amulets[seat].append(state.amulets_up.pop(int(index)))


def refill_supplies(state: Rh, c: Content) -> None:
    """Phase 4 B: orders and amulets back to 3 each in the supply areas."""
    while len(state.orders_up) < c.numbers.face_up and state.order_deck:
        state.orders_up.append(state.order_deck.pop())
    while len(state.amulets_up) < c.numbers.face_up and state.amulet_pool:
        state.amulets_up.append(state.amulet_pool.pop())


def fulfil_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Phase 5: fulfil any order held whose resources and coins the player can pay."""
    out = []
    for i, order, need in _payable(state, seat, c):
        splits = gold_splits(state, seat, need)
        for split in splits:
            suffix = gold_suffix(split, splits)
            out.append(once((c, "fulfil", i, order, split, suffix), _fulfil, i, c.orders[order], split, suffix))
    hand = state.hand[seat]
    alike = _alike(c)
    return merge_alike(out) if len(hand) > len({alike[o] for o in hand}) else out  # two copies fulfil alike


def can_fulfil(state: Rh, seat: int, c: Content) -> bool:
    """Whether phase 5 offers an order to fulfil (`_payable` names one)."""
    prices = _prices(c)
    for order in state.hand[seat]:
        need, coins = prices[order]
        if can_pay(state, seat, need, coins):
            return True
    return False


def _payable(state: Rh, seat: int, c: Content) -> Iterator[tuple[int, int, tuple[int, int, int]]]:
    """The orders held (place in hand, order, resources asked) whose price the player can pay."""
    prices = _prices(c)
    for i, order in enumerate(state.hand[seat]):
        need, coins = prices[order]
        if can_pay(state, seat, need, coins):
            yield i, order, need


@cache
def _prices(c: Content) -> tuple[tuple[tuple[int, int, int], int], ...]:
    """Per order, the resources (tea, fruit, celadon) and the coins it asks."""
    return tuple(((tea, fruit, celadon), coins) for tea, fruit, celadon, coins in (o.price() for o in c.orders))


@cache
def _alike(c: Content) -> tuple[int, ...]:
    """Per order, the first order worded the same (copies of one card)."""
    words = [(order_name(o), o.honor, o.effect_text()) for o in c.orders]
    return tuple(words.index(w) for w in words)


def _fulfil(i: int, card: Order, split: tuple[int, ...], suffix: str) -> Action:
    label = f"Fulfil the {order_name(card)}: pay it{gold_text(split)}; {card.honor} honor at the end"
    return Action(f"fulfil:{i}{suffix}", f"{label}, then {card.effect_text()}")


def order_cost(card: Order) -> str:
    return ", ".join(f"{n} {what}" for what, n in card.cost.items())


def order_name(card: Order) -> str:
    """An order as players name it: by what it asks ("order for 1 celadon, 2 coins")."""
    return f"order for {order_cost(card)}"


def fulfil(state: Rh, seat: int, action: Action, c: Content) -> None:
    """Pay (Gold standing in as the action says), then the card lies sideways: its effect works
    from the next turn (p.14)."""
    parts = action.id.split(":")
    order = state.hand[seat].pop(int(parts[1]))
    tea, fruit, celadon, coins = c.orders[order].price()
    for token in pay_goods(state, seat, (tea, fruit, celadon), parse_gold(parts)):
        state.basics[token] += 1
    pay_coins(state, seat, coins)
    state.done_orders[seat].append(order)
    state.done_turn[seat].append(state.turn)
    state.note(f"{seat_mark(seat)} fulfils the {order_name(c.orders[order])}")
