"""Production and feeding (rulebook 8.3) and the 10-resource cap (8.3.1, 8.4.2)."""

from meeple.engine import Action
from meeple.games.four_big_strata.anytime import exchange_actions, flip_actions, transfer
from meeple.games.four_big_strata.content import CLASSES, EMPRESS, Content
from meeple.games.four_big_strata.state import TASK_CAP, TASK_FEED, Fbs


def complete_sets(state: Fbs, seat: int) -> int:
    """5 C: complete sets of one Scholar, Peasant, Artisan and Merchant, counted by column
    (a face-down card counts for the class it lies under)."""
    counts = [0] * len(CLASSES)
    for column in state.columns[seat]:
        if column != EMPRESS:
            counts[column] += 1
    return min(counts)


def produce(state: Fbs, seat: int, content: Content) -> None:
    """8.3.1: receive the Production of each face-up card (face-down cards have no effect)."""
    grain = money = 0
    sets = -1
    for card_type, up in zip(state.cards[seat], state.face_up[seat], strict=True):
        if not up:
            continue
        card = content.cards[card_type]
        grain += card.grain
        money += card.money
        if card.set_grain or card.set_money:
            if sets < 0:
                sets = complete_sets(state, seat)
            grain += card.set_grain * sets
            money += card.set_money * sets
    transfer(state, seat, grain, money)


def feeding_demand(state: Fbs, seat: int, content: Content) -> tuple[int, int]:
    """8.3.1: 1 Grain for each card (Empresses too) plus the face-up cards' own costs."""
    grain = content.constants.feed_per_card * len(state.cards[seat])
    money = 0
    for card_type, up in zip(state.cards[seat], state.face_up[seat], strict=True):
        if up:
            grain += content.cards[card_type].feed_grain
            money += content.cards[card_type].feed_money
    return grain, money


def start_production(state: Fbs, content: Content) -> None:
    """Everyone produces, then feeding is settled player by player from the Start Player."""
    order = [(state.start + i) % state.participants for i in range(state.participants)]
    seats = [seat for seat in order if seat < state.players]
    for seat in seats:
        produce(state, seat, content)
    state.queue = [[TASK_FEED, seat, *reversed(feeding_demand(state, seat, content))] for seat in seats]


def settle_feeding(state: Fbs, task: list[int], content: Content) -> bool:
    """Pay the head feeding task if possible. Special situations: a player who cannot pay and
    has only face-down cards (and no useful exchange) pays what they can; the rest is not paid.
    Returns False when the player must decide (exchange or flip) first."""
    _, seat, money, grain = task
    if state.grain[seat] >= grain and state.money[seat] >= money:
        transfer(state, seat, -grain, -money)
        return True
    if any(state.face_up[seat]) or exchange_actions(state, seat, content):
        return False
    transfer(state, seat, -min(grain, state.grain[seat]), -min(money, state.money[seat]))
    return True


def feeding_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """A player short of resources exchanges or flips; once every card is face down they may
    leave the rest unpaid instead."""
    actions = [*exchange_actions(state, seat, content), *flip_actions(state, seat, content)]
    if not any(state.face_up[seat]):
        _, _, money, grain = state.queue[0]
        actions.append(Action("waive", f"Pay what you can of {grain} grain and {money} money; the rest is not paid"))
    return actions


def perform_waive(state: Fbs, seat: int) -> None:
    _, _, money, grain = state.queue.pop(0)
    transfer(state, seat, -min(grain, state.grain[seat]), -min(money, state.money[seat]))


def queue_cap(state: Fbs) -> None:
    """8.3.1 / 8.4.2: everyone over the cap discards down to it, from the Start Player."""
    order = [(state.start + i) % state.participants for i in range(state.participants)]
    state.queue = [[TASK_CAP, seat, 0, 0] for seat in order if seat < state.players]


def cap_excess(state: Fbs, seat: int, content: Content) -> int:
    return state.grain[seat] + state.money[seat] - content.constants.resource_cap


def discard_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """Choices of which resources to discard down to the cap (plus exchanges, which also shrink)."""
    excess = cap_excess(state, seat, content)
    low = max(0, excess - state.money[seat])
    high = min(excess, state.grain[seat])
    discards = [
        Action(
            f"discard:{grain}",
            f"Discard {grain} grain and {excess - grain} money (keep 10)",
            {"kind": "discard", "grain": grain},
        )
        for grain in range(low, high + 1)
    ]
    return discards + exchange_actions(state, seat, content)


def perform_discard(state: Fbs, seat: int, action: Action, content: Content) -> None:
    excess = cap_excess(state, seat, content)
    grain = action.payload["grain"]
    transfer(state, seat, -grain, -(excess - grain))
    state.queue.pop(0)
