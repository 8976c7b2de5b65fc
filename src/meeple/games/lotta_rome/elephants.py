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

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.pieces import cell_elephant, cell_land, is_free, with_elephant
from meeple.games.lotta_rome.state import Lotta


def free_lands(state: Lotta, seat: int) -> list[int]:
    return sorted(p for p, value in zip(state.spots[seat], state.cells[seat], strict=True) if is_free(value))


def elephant_actions(state: Lotta, seat: int) -> list[Action]:
    return list(_elephant_actions(tuple(state.spots[seat]), tuple(state.cells[seat])))


@lru_cache(maxsize=4096)
def _elephant_actions(spots: tuple[int, ...], values: tuple[int, ...]) -> tuple[Action, ...]:
    """Every free land of the domain, with the contracts an elephant there brings; memoised on the
    domain (the engine asks for the legal actions again when it checks the chosen one)."""
    cells = dict(zip(spots, values, strict=True))
    lands = {p: cell_land(v) for p, v in cells.items()}
    actions = []
    for area in geometry.areas(lands):
        cards = 1 if any(cell_elephant(cells[p]) for p in area) else len(area)
        actions += [_elephant_action(p, cards) for p in area if is_free(cells[p])]
    actions.sort(key=lambda a: a.payload["position"])
    return tuple(actions)


@lru_cache(maxsize=8192)
def _elephant_action(position: int, cards: int) -> Action:
    where = geometry.name(position)
    return Action(
        f"elephant:{where}",
        f"Place an elephant with tent {geometry.describe(position)} ({cards} contract{'s' * (cards != 1)})",
        {"kind": "elephant", "at": where, "position": position, "cards": cards},
    )


def contracts_for(state: Lotta, seat: int, position: int) -> int:
    """How many contracts an elephant at `position` brings: the size of its area if no other
    elephant stands in it, else one."""
    cells = state.domain(seat)
    area = geometry.area_of({p: cell_land(v) for p, v in cells.items()}, position)
    if any(cell_elephant(cells[p]) for p in area if p != position):
        return 1
    return len(area)


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
    state.put(seat, position, with_elephant(state.domain(seat)[position]))
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
