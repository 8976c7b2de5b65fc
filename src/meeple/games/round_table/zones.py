"""Moving cards between zones: decks, hand, play, the Spent Pile (Terms: Spent Pile)."""

from typing import TYPE_CHECKING

from meeple.games.round_table.lineup import leaving
from meeple.games.round_table.state import UNORDERED, Rt

if TYPE_CHECKING:  # content.py loads the card texts, which draw cards (this module)
    from meeple.games.round_table.content import Pool


def draw(state: Rt, seat: int, from_main: bool = True) -> bool:
    """Draw the top card of a deck into the hand; the other deck if that one is empty.
    False if both are empty."""
    first, second = (state.main, state.demesne) if from_main else (state.demesne, state.main)
    deck = first[seat] or second[seat]
    if not deck:
        return False
    state.hand[seat].append(take_top(state, deck))
    return True


def take_top(state: Rt, deck: list[int]) -> int:
    """Take the top card of a deck (the end of the list); of a deck that lies in no order (a
    sampled state, see state.UNORDERED) a uniformly random card."""
    if state.seed == UNORDERED:
        return deck.pop(state.rng.below(len(deck)))
    return deck.pop()


def leave_play(state: Rt, pool: "Pool", uid: int) -> None:
    """Take a card out of play, clearing what it held: its pairing, task, upkeep. Anything paired
    with a knight that leaves play becomes unpaired but stays in play (Resetting Support)."""
    seat = state.owner[uid]
    leaving(state, pool, seat, uid)
    state.play[seat].remove(uid)
    state.paired[uid] = state.attack[uid] = state.quest_of[uid] = -1
    state.paid[uid] = 0
    state.upgraded[uid] = False
    state.touched(seat)
    for other in state.play[seat]:
        if state.paired[other] == uid:
            state.paired[other] = -1


def to_spent(state: Rt, uid: int) -> None:
    """Put a card on its owner's Spent Pile."""
    state.spent[state.owner[uid]].append(uid)


def take_from_hand(state: Rt, seat: int, card: int) -> int:
    """Remove the first card of pool index `card` from the seat's hand; its uid."""
    hand = state.hand[seat]
    card_of = state.card_of
    for i, uid in enumerate(hand):
        if card_of[uid] == card:
            return hand.pop(i)
    raise ValueError(f"seat {seat} holds no card {card}")
