"""Winter Season (Resetting) and the hand limit.

"At the beginning of the Winter season, the Active Player shifts to the next clockwise
player. The Active Player must draw a card from either their Demesne deck or their Main deck.
If one deck is exhausted the player must draw from the other. If no cards are available in
either deck, the game ends." Then each other player in turn.
"At the end of any season, if a player has more than 10 cards in their hand, they must
discard down to 10." (Basic Game Play) Discards go to the Spent Pile.
"""

from meeple.engine import Action
from meeple.games.round_table.content import Pool
from meeple.games.round_table.setup import HAND_LIMIT
from meeple.games.round_table.state import Rt
from meeple.games.round_table.zones import draw, take_from_hand, to_spent

DRAW_MAIN = Action("draw:main", "Draw from your Main deck")
DRAW_DEMESNE = Action("draw:demesne", "Draw from your Demesne deck")


def draw_actions(state: Rt, seat: int) -> list[Action]:
    """The decks the seat may draw from: both, or the one not exhausted."""
    actions = []
    if state.main[seat]:
        actions.append(DRAW_MAIN)
    if state.demesne[seat]:
        actions.append(DRAW_DEMESNE)
    return actions


def perform_draw(state: Rt, seat: int, action: Action) -> None:
    draw(state, seat, from_main=action.id == "draw:main")
    state.turn += 1


def over_limit(state: Rt) -> int:
    """The first seat clockwise from the active player holding more than 10 cards, or -1."""
    for offset in range(state.players):
        seat = (state.active + offset) % state.players
        if len(state.hand[seat]) > HAND_LIMIT:
            return seat
    return -1


def discard_actions(state: Rt, pool: Pool, seat: int) -> list[Action]:
    actions = []
    seen: set[int] = set()
    for uid in state.hand[seat]:
        card_index = state.card_of[uid]
        if card_index not in seen:
            seen.add(card_index)
            card = pool.cards[card_index]
            actions.append(Action(f"discard:{card.id}", f"Discard {card.name}", {"card": card.id}))
    return actions


def perform_discard(state: Rt, pool: Pool, seat: int, action: Action) -> None:
    to_spent(state, take_from_hand(state, seat, pool.index[action.payload["card"]]))
