"""Orders (p.6): icons on the point track give orders or amulets (phase 4), fulfilling orders
(phase 5) for their permanent effects, honor scored at the end."""

from meeple.engine import Action
from meeple.games.round_house.content import Content
from meeple.games.round_house.economy import can_pay, pay_coins, pay_goods
from meeple.games.round_house.state import Rh


def icon_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Phase 4 A: for each icon passed, take 1 face-up order or 1 face-up amulet (or decline)."""
    if not state.icons[seat] or not (state.orders_up or state.amulets_up):
        return []
    out = [
        Action(f"pick-order:{i}", f"Take order {c.orders[o].id}", {"order": o}) for i, o in enumerate(state.orders_up)
    ]
    out += [
        Action(f"pick-amulet:{i}", f"Take amulet {c.amulets[a].name}", {"amulet": a})
        for i, a in enumerate(state.amulets_up)
    ]
    out.append(Action("pass", "Take nothing more"))
    return out


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
    for i, order in enumerate(state.hand[seat]):
        tea, fruit, celadon, coins = c.orders[order].price()
        if can_pay(state, seat, (tea, fruit, celadon), coins):
            card = c.orders[order]
            out.append(Action(f"fulfil:{i}", f"Fulfil order {card.id} ({card.honor} honor, {card.effect_text()})"))
    return out


def fulfil(state: Rh, seat: int, index: int, c: Content) -> None:
    """Pay, then the card lies sideways: its effect works from the next turn (p.14)."""
    order = state.hand[seat].pop(index)
    tea, fruit, celadon, coins = c.orders[order].price()
    for token in pay_goods(state, seat, (tea, fruit, celadon)):
        state.basics[token] += 1
    pay_coins(state, seat, coins)
    state.done_orders[seat].append(order)
    state.done_turn[seat].append(state.turn)
    state.note(f"seat {seat} fulfils order {c.orders[order].id}")
