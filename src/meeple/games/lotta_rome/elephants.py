"""PHASE 5. PLACING AN ELEPHANT WITH TENT (expansion).

"Each player places a new elephant with tent on any free land (without buildings and other
elephants) in his domain. If the elephant with tent is placed in an area of lands without
other elephants, then the player takes one contract card for each land that this area
consists of. If ... in an area of lands with other elephants, then the player takes only one
contract card." With no free land, "he does not place a new elephant with tent, but still
receives one contract card". "If there are no more contract cards in the deck, shuffle the
discard pile and form a new deck."
"""

from functools import lru_cache
from itertools import compress

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.pieces import CELL_ELEPHANTS, CELL_FREE, CELL_LANDS, with_elephant
from meeple.games.lotta_rome.state import Lotta


def has_free_land(state: Lotta, seat: int) -> bool:
    return any(map(CELL_FREE.__getitem__, state.cells[seat]))


def elephant_actions(state: Lotta, seat: int) -> list[Action]:
    return list(_elephant_offers(tuple(state.spots[seat]), tuple(state.cells[seat]))[0])


def contracts_for(state: Lotta, seat: int, position: int) -> int:
    """How many contracts an elephant on the free land at `position` brings: the size of its
    area if no other elephant stands in it, else one."""
    return _elephant_offers(tuple(state.spots[seat]), tuple(state.cells[seat]))[1][position]


@lru_cache(maxsize=4096)
def _elephant_offers(spots: tuple[int, ...], values: tuple[int, ...]) -> tuple[tuple[Action, ...], dict[int, int]]:
    """The actions placing an elephant on each free land of the domain, in order of position,
    and the contracts each free land brings (read-only); memoised on the domain (asked for the
    actions and again when the chosen one is carried out). Only the areas holding a free land
    are walked."""
    lands = dict(zip(spots, map(CELL_LANDS.__getitem__, values), strict=True))
    elephant_at = set(compress(spots, map(CELL_ELEPHANTS.__getitem__, values)))
    free = set(compress(spots, map(CELL_FREE.__getitem__, values)))
    cards: dict[int, int] = {}
    for start in free:
        if start not in cards:
            area = geometry.area_of(lands, start)
            count = 1 if elephant_at.intersection(area) else len(area)
            for position in free.intersection(area):
                cards[position] = count
    actions = tuple(_elephant_action(position, cards[position]) for position in sorted(cards))
    return actions, cards


@lru_cache(maxsize=8192)
def _elephant_action(position: int, cards: int) -> Action:
    where = geometry.name(position)
    return Action(
        f"elephant:{where}",
        f"Place an elephant with tent {geometry.describe(position)} ({cards} contract{'s' * (cards != 1)})",
        {"kind": "elephant", "at": where, "position": position, "cards": cards},
    )


def draw_contracts(state: Lotta, seat: int, count: int) -> int:
    """Draw `count` contracts, reshuffling the discard pile into the deck when it runs out;
    returns how many were drawn (fewer only if deck and discard are both empty)."""
    drawn = 0
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            state.note("The contract deck ran out: the discard pile is shuffled into a new deck")
        state.hand[seat].append(state.deck.pop())
        drawn += 1
    return drawn


def place_elephant(state: Lotta, seat: int, position: int) -> None:
    cards = contracts_for(state, seat, position)
    cells = state.cells[seat]
    index = state.spots[seat].index(position)
    cells[index] = with_elephant(cells[index])
    state.elephants_left -= 1
    state.elephant_done[seat] = True
    drawn = draw_contracts(state, seat, cards)
    state.note(
        f"{seat_mark(seat)} places an elephant {geometry.describe(position)}"
        f": {drawn} contract{'s' * (drawn != 1)} drawn"
    )


def no_free_land(state: Lotta, seat: int) -> None:
    """The rare case: no elephant, one contract all the same."""
    state.elephant_done[seat] = True
    drawn = draw_contracts(state, seat, 1)
    state.note(f"{seat_mark(seat)} has no free land: no elephant, {drawn} contract")
