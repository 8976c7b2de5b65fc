"""Resource Points (1. Demesnes, 2. Knights, Terms: Resource Points).

"Resource points for all Demesnes under a player's control are added together" (cumulative:
Farm, Manor and Large Manor give 7). The capacity is that sum; the allocated RP are those used
by the cards in play, plus the RP spent on Quests and Redirects this Summer ("Players must
spend available RP to play Quests or Redirects"); a card comes into play only if it fits.
"""

from meeple.games.round_table.content import Pool
from meeple.games.round_table.events import COST, hook
from meeple.games.round_table.state import Rt


def capacity(state: Rt, pool: Pool, seat: int) -> int:
    """The sum of the RP of the seat's demesnes in play (upgraded ones still count)."""
    income, card_of = pool.income, state.card_of
    return sum([income[card_of[u]] for u in state.play[seat]])


def allocated(state: Rt, seat: int) -> int:
    """RP used by the seat's cards in play (their upkeep) and spent this Summer."""
    paid = state.paid
    return sum([paid[u] for u in state.play[seat]]) + state.spent_rp[seat]


def available(state: Rt, pool: Pool, seat: int) -> int:
    """ "If the player has a total capacity of 20 RP and has 6 RP allocated, then they could play
    any Knight requiring up to 14 RP." (2. Knights) `capacity` less `allocated`, in one pass."""
    income, paid, card_of = pool.income, state.paid, state.card_of
    return sum([income[card_of[u]] - paid[u] for u in state.play[seat]]) - state.spent_rp[seat]


def cost_changers(state: Rt, pool: Pool, seat: int) -> list[int]:
    """The seat's cards in play whose text changes what it pays, in play order."""
    changers = pool.hooked[COST]
    card_of, play = state.card_of, state.play[seat]
    if changers.isdisjoint(map(card_of.__getitem__, play)):
        return []
    return [u for u in play if card_of[u] in changers]


def cost(state: Rt, pool: Pool, seat: int, card: int, changers: list[int] | None = None) -> int:
    """The RP the seat pays for `card`: its printed RP changed by the texts of the seat's cards
    in play (the cardinal rule), never below 0. `changers`: `cost_changers` of this state, when
    the caller prices several cards."""
    price = pool.cards[card].rp
    for u in cost_changers(state, pool, seat) if changers is None else changers:
        change = hook(pool.cards[state.card_of[u]].ability, COST)
        price += change(state, pool, seat, card) if change is not None else 0
    return max(0, price)
