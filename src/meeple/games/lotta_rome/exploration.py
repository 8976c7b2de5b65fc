"""1 EXPLORATION (FINDINGS): "draw the top 5 tiles of your own stack; put the round's
2 buildings on the first two tiles". The tiles go behind the screen ("behind the screen, split
the 5 tiles into two lots", 2 DIVISION): only their number is public until the lots are revealed."""

from functools import lru_cache
from operator import add

from meeple.games.lotta_rome.content import NO_BUILDING, Content
from meeple.games.lotta_rome.pieces import piece
from meeple.games.lotta_rome.state import Lotta


def round_buildings(state: Lotta, seat: int, content: Content) -> tuple[int, ...]:
    """The two buildings of this round on the seat's building card (column = round)."""
    return content.building_cards[state.building_card[seat]][state.round - 1]


@lru_cache(maxsize=256)
def _carried(buildings: tuple[int, ...], count: int) -> tuple[int, ...]:
    """What each of `count` drawn lands adds to its land to make its piece: the building it
    carries (the first ones get `buildings`), nothing for the others (a piece's code is its land
    plus its building's part, pieces.py)."""
    return tuple(piece(0, building=buildings[i] if i < len(buildings) else NO_BUILDING) for i in range(count))


def explore(state: Lotta, content: Content) -> None:
    """Every player draws the top lands of his stack; the round's buildings go on the first ones."""
    count = content.constants.explored_per_round
    for seat in range(state.players):
        stack = state.stacks[seat]
        rest = max(0, len(stack) - count)
        drawn = stack[: rest - 1 if rest else None : -1]  # the top first, as drawn one by one
        del stack[rest:]
        state.explored[seat] = list(map(add, drawn, _carried(round_buildings(state, seat, content), count)))
    state.note(f"Round {state.round}: everyone explores {count} lands behind the screen")
