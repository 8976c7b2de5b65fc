"""Winter Season (Resetting) and the hand limit.

"At the beginning of the Winter season, the Active Player shifts to the next clockwise
player. The Active Player must draw a card from either their Demesne deck or their Main deck.
If one deck is exhausted the player must draw from the other. If no cards are available in
either deck, the game ends." Then each other player in turn.
"At the end of any season, if a player has more than 10 cards in their hand, they must
discard down to 10." (Basic Game Play) Discards go to the Spent Pile.
"""

from meeple.engine import Action
from meeple.games.round_table.content import Card, Pool
from meeple.games.round_table.made import once
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
    """One discard per card in hand, each kind once, in the order first held."""
    cards = pool.cards
    kinds = dict.fromkeys(map(state.card_of.__getitem__, state.hand[seat]))
    return [once(("discard", cards[kind].id, cards[kind].name), _discard, cards[kind]) for kind in kinds]


def _discard(card: Card) -> Action:
    return Action(f"discard:{card.id}", f"Discard {card.name}", {"card": card.id})


def perform_discard(state: Rt, pool: Pool, seat: int, action: Action) -> None:
    to_spent(state, take_from_hand(state, seat, pool.index[action.payload["card"]]))
