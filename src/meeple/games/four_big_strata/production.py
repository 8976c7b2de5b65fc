"""Production and feeding (rulebook 8.3) and the 10-resource cap (8.3.1, 8.4.2)."""

from functools import cache, lru_cache

from meeple.engine import Action
from meeple.games.four_big_strata.anytime import can_exchange, exchange_actions, flip_actions, transfer
from meeple.games.four_big_strata.content import CLASSES, EMPRESS, Content
from meeple.games.four_big_strata.state import TASK_CAP, TASK_FEED, Fbs


def complete_sets(columns: tuple[int, ...]) -> int:
    """5 C: complete sets of one Scholar, Peasant, Artisan and Merchant in a tableau's `columns`,
    counted by column (a face-down card counts for the class it lies under)."""
    counts = [0] * len(CLASSES)
    for column in columns:
        if column != EMPRESS:
            counts[column] += 1
    return min(counts)


def produce(state: Fbs, seat: int, content: Content) -> None:
    """8.3.1: receive the Production of each face-up card (face-down cards have no effect)."""
    grain, money = economy(state, seat, content)[:2]
    transfer(state, seat, grain, money)
    state.note(f"{state.name(seat)} produces {grain} grain and {money} money")


def feeding_demand(state: Fbs, seat: int, content: Content) -> tuple[int, int]:
    """8.3.1: 1 Grain for each card (Empresses too) plus the face-up cards' own costs."""
    return economy(state, seat, content)[2:4]


def economy(state: Fbs, seat: int, content: Content) -> tuple[int, int, int, int, int]:
    """A participant's production (grain, money), feeding bill (grain, money) and Influence."""
    return tableau_economy(tuple(state.cards[seat]), tuple(state.columns[seat]), tuple(state.face_up[seat]), content)


@lru_cache(maxsize=1 << 14)
def tableau_economy(
    cards: tuple[int, ...], columns: tuple[int, ...], face_up: tuple[bool, ...], content: Content
) -> tuple[int, int, int, int, int]:
    """`economy` of a tableau, worked out once per tableau (searches meet the same ones again and
    again): production of the face-up cards with their set bonuses (8.3.1, 5 C), the feeding
    bill of 1 Grain a card plus the face-up cards' upkeep (8.3.1), and the Influence of the
    face-up cards with their set bonuses (8.4.1, 5 C)."""
    grain = money = influence = 0
    feed_grain = content.constants.feed_per_card * len(cards)
    feed_money = 0
    sets = -1
    for card_type, up in zip(cards, face_up, strict=True):
        if not up:
            continue
        card = content.cards[card_type]
        grain += card.grain
        money += card.money
        feed_grain += card.feed_grain
        feed_money += card.feed_money
        influence += card.influence
        if card.set_grain or card.set_money or card.set_influence:
            if sets < 0:
                sets = complete_sets(columns)
            grain += card.set_grain * sets
            money += card.set_money * sets
            influence += card.set_influence * sets
    return grain, money, feed_grain, feed_money, influence


def start_production(state: Fbs, content: Content) -> None:
    """Everyone produces, then feeding is settled player by player from the Start Player."""
    seats = seats_from_start(state.start, state.participants, state.players)
    for seat in seats:
        produce(state, seat, content)
    state.queue = [[TASK_FEED, seat, 0, 0] for seat in seats]


@cache
def seats_from_start(start: int, participants: int, players: int) -> tuple[int, ...]:
    """The seats (the solo opponent left out) in turn order from the Start Player `start`."""
    return tuple([seat for i in range(participants) if (seat := (start + i) % participants) < players])


def settle_feeding(state: Fbs, seat: int, content: Content) -> bool:
    """Pay the seat's feeding bill when nothing is left to decide. Between production and feeding
    the player may still exchange or flip ("at any time", 8.4: a card flipped after producing
    no longer costs its upkeep, 5 Note), so a player with a face-up card or an exchange open
    decides first (`feed` pays). Special situations: a player who cannot pay and has only
    face-down cards (and no exchange left) pays what they can; the rest is not paid. Returns
    False when the player must decide first."""
    if any(state.face_up[seat]) or can_exchange(state, seat, content):
        return False
    grain, money = feeding_demand(state, seat, content)
    if state.grain[seat] >= grain and state.money[seat] >= money:
        pay_feeding(state, seat, content)
        return True
    pay_what_you_can(state, seat, grain, money)
    return True


def pay_feeding(state: Fbs, seat: int, content: Content) -> None:
    """8.3.1: the bill as it stands now is paid."""
    grain, money = feeding_demand(state, seat, content)
    transfer(state, seat, -grain, -money)
    state.note(f"{state.name(seat)} feeds {grain} grain and {money} money")


def pay_what_you_can(state: Fbs, seat: int, grain: int, money: int) -> None:
    """Special situations: with only face-down cards, the unpaid rest of a bill is not paid."""
    paid_grain, paid_money = min(grain, state.grain[seat]), min(money, state.money[seat])
    transfer(state, seat, -paid_grain, -paid_money)
    state.note(
        f"{state.name(seat)} pays {paid_grain} grain and {paid_money} money of {grain} grain and {money} money:"
        " only face-down cards, the rest is not paid"
    )


def feeding_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """Before paying, the player may exchange or flip (8.4); `feed` pays once the bill can be
    met. A player short of resources must exchange or flip; once every card is face down they
    may leave the rest unpaid instead."""
    actions = [*exchange_actions(state, seat, content), *flip_actions(state, seat, content)]
    grain, money = feeding_demand(state, seat, content)
    if state.grain[seat] >= grain and state.money[seat] >= money:
        return [_feed(grain, money), *actions]
    if not any(state.face_up[seat]):
        actions.append(_waive(grain, money))
    return actions


@cache
def _feed(grain: int, money: int) -> Action:
    return Action("feed", f"Pay the feeding: {grain} grain and {money} money")


@cache
def _waive(grain: int, money: int) -> Action:
    return Action("waive", f"Pay what you can of {grain} grain and {money} money; the rest is not paid")


def perform_feed(state: Fbs, seat: int, content: Content) -> None:
    state.queue.pop(0)
    pay_feeding(state, seat, content)


def perform_waive(state: Fbs, seat: int, content: Content) -> None:
    state.queue.pop(0)
    pay_what_you_can(state, seat, *feeding_demand(state, seat, content))


def queue_cap(state: Fbs) -> None:
    """8.3.1 / 8.4.2: everyone over the cap discards down to it, from the Start Player."""
    state.queue = [[TASK_CAP, seat, 0, 0] for seat in seats_from_start(state.start, state.participants, state.players)]


def cap_excess(state: Fbs, seat: int, content: Content) -> int:
    return state.grain[seat] + state.money[seat] - content.constants.resource_cap


def discard_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """Choices of which resources to discard down to the cap (plus exchanges, which also shrink)."""
    excess = cap_excess(state, seat, content)
    low = max(0, excess - state.money[seat])
    high = min(excess, state.grain[seat])
    return [_discard(grain, excess) for grain in range(low, high + 1)] + exchange_actions(state, seat, content)


@cache
def _discard(grain: int, excess: int) -> Action:
    return Action(
        f"discard:{grain}",
        f"Discard {grain} grain and {excess - grain} money (keep 10)",
        {"kind": "discard", "grain": grain},
    )


def perform_discard(state: Fbs, seat: int, action: Action, content: Content) -> None:
    excess = cap_excess(state, seat, content)
    grain = action.payload["grain"]
    transfer(state, seat, -grain, -(excess - grain))
    state.note(f"{state.name(seat)} discards {grain} grain and {excess - grain} money down to 10")
    state.queue.pop(0)
