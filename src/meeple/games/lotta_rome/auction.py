"""PHASE 6. AUCTION AND PURCHASE OF A LOT FROM THE MARKET (expansion).

"Each player chooses one of the contract cards received in phase 5", face down; all reveal
the chosen cards together. "The players take lots from the market in the descending order of
their bids. The amount of the player's bid is the number of coins on the chosen card + one coin
for each card which the player has not chosen. ... If several players have the same bid, these
players take lots in the descending order of the numbers on their chosen cards." The lands are
added as usual, "the bonus gem to their personal stock". Then "the players put the chosen cards
in front of them ... and all the unselected cards are discarded."
"""

from functools import lru_cache

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.contracts import contract_text
from meeple.games.lotta_rome.market import lot_words
from meeple.games.lotta_rome.pieces import piece
from meeple.games.lotta_rome.state import PICK, Lotta


def must_choose(state: Lotta, seat: int) -> bool:
    """A player with one card has nothing to choose; with none (an empty deck) he cannot bid."""
    return len(state.hand[seat]) >= 2 and state.chosen[seat] < 0


def contract_actions(state: Lotta, seat: int, content: Content, verb: str) -> list[Action]:
    """Choose one card of the hand: `keep` (starting contract) or `bid` (auction), sealed."""
    hand = state.hand[seat]
    return [_contract_action(verb, number, len(hand) - 1, content) for number in sorted(hand)]


@lru_cache(maxsize=1024)
def _contract_action(verb: str, number: int, others: int, content: Content) -> Action:
    """Keep or bid with card `number`, `others` cards left unchosen. A bid's label gives the bid it
    makes (its coins + 1 for each other card) and says the card is kept."""
    card = content.contracts[number]
    text = contract_text(card, content)
    if verb == "keep":
        label = f"Keep contract {number} as your starting contract: {text}"
    else:
        label = (
            f"Bid {card.coins + others} with contract {number} ({card.coins} coins + {others} unchosen) "
            f"and keep it: {text}"
        )
    return Action(f"{verb}:{number}", label, {"kind": verb, "number": number, "sealed": True})


def bid_of(state: Lotta, seat: int, content: Content) -> int:
    hand = state.hand[seat]
    if state.chosen[seat] < 0:
        return -1
    return content.contracts[state.chosen[seat]].coins + len(hand) - 1


def reveal_bids(state: Lotta, content: Content) -> None:
    """Reveal the chosen cards together; order by bid, ties by the higher card number."""
    for seat in range(state.players):
        if state.chosen[seat] < 0 and len(state.hand[seat]) == 1:
            state.chosen[seat] = state.hand[seat][0]
        state.bids[seat] = bid_of(state, seat, content)
    state.order = sorted(range(state.players), key=lambda s: (-state.bids[s], -state.chosen[s]))
    state.order_pos = 0
    state.phase = PICK
    shown = ", ".join(
        f"{seat_mark(s)} bids {state.bids[s]} with contract {state.chosen[s]}" for s in range(state.players)
    )
    state.note(f"Contracts revealed: {shown}; lots are taken in the order {', '.join(map(seat_mark, state.order))}")


def picker(state: Lotta) -> int:
    return state.order[state.order_pos] if state.order_pos < len(state.order) else -1


def lot_actions(state: Lotta, content: Content) -> list[Action]:
    return [
        _lot_action(slot, lot, state.market_land[slot], state.market_gem[slot], content)
        for slot, lot in enumerate(state.market)
        if lot >= 0
    ]


@lru_cache(maxsize=4096)
def _lot_action(slot: int, double: int, land: int, gem: int, content: Content) -> Action:
    """Take the lot in `slot`: its double land, bonus land and gem."""
    text = lot_words(slot, double, land, gem, content)
    return Action(f"lot:{slot + 1}", f"Take {text}", {"kind": "lot", "slot": slot})


def take_lot(state: Lotta, seat: int, slot: int) -> None:
    """The lot's lands wait to be placed; its gem goes to the personal stock."""
    state.pending[seat].append(state.market[slot])
    if state.market_land[slot] >= 0:
        state.pending[seat].append(piece(state.market_land[slot]))
    state.gems[seat] += state.market_gem[slot]
    state.note(f"{seat_mark(seat)} takes lot {slot + 1}")
    state.market[slot] = -1
    state.market_gem[slot] = 0
    state.order_pos += 1


def end_auction(state: Lotta) -> None:
    """The chosen cards are kept face up; the others are discarded."""
    for seat in range(state.players):
        chosen = state.chosen[seat]
        if chosen >= 0:
            state.contracts[seat].append(chosen)
        state.discard += [n for n in state.hand[seat] if n != chosen]
        state.hand[seat] = []
        state.chosen[seat] = -1
        state.bids[seat] = -1
    state.order = []
    state.order_pos = 0
