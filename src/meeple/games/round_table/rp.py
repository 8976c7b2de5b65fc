"""Resource Points (1. Demesnes, 2. Knights, Terms: Resource Points).

"Resource points for all Demesnes under a player's control are added together" (cumulative:
Farm, Manor and Large Manor give 7). The capacity is that sum; the allocated RP are those used
by the cards in play, plus the RP spent on Quests and Redirects this Summer ("Players must
spend available RP to play Quests or Redirects"); a card comes into play only if it fits.
"""

from collections.abc import Sequence

from meeple.games.round_table.content import Pool
from meeple.games.round_table.events import COST, hook
from meeple.games.round_table.lineup import lineup
from meeple.games.round_table.state import Rt


def capacity(state: Rt, pool: Pool, seat: int) -> int:
    """The sum of the RP of the seat's demesnes in play (upgraded ones still count), kept in its
    lineup."""
    return lineup(state, pool, seat).capacity


def allocated(state: Rt, seat: int) -> int:
    """RP used by the seat's cards in play (their upkeep) and spent this Summer."""
    paid = state.paid
    return sum([paid[u] for u in state.play[seat]]) + state.spent_rp[seat]


def available(state: Rt, pool: Pool, seat: int) -> int:
    """ "If the player has a total capacity of 20 RP and has 6 RP allocated, then they could play
    any Knight requiring up to 14 RP." (2. Knights) `capacity` less `allocated`, from the lineup."""
    line = lineup(state, pool, seat)
    return line.capacity - line.upkeep - state.spent_rp[seat]


def cost(state: Rt, pool: Pool, seat: int, card: int, changers: Sequence[int] | None = None) -> int:
    """The RP the seat pays for `card`: its printed RP changed by the texts of the seat's cards
    in play (the cardinal rule), never below 0. `changers`: the seat's cards whose text changes
    what it pays (its lineup's), when the caller has them at hand."""
    price = pool.cards[card].rp
    for u in lineup(state, pool, seat).changers if changers is None else changers:
        change = hook(pool.cards[state.card_of[u]].ability, COST)
        price += change(state, pool, seat, card) if change is not None else 0
    return max(0, price)
