"""1 EXPLORATION (FINDINGS): "draw the top 5 tiles of your own stack; put the round's
2 buildings on the first two tiles"."""

from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.pieces import describe, piece
from meeple.games.lotta_rome.state import Lotta


def round_buildings(state: Lotta, seat: int, content: Content) -> tuple[int, ...]:
    """The two buildings of this round on the seat's building card (column = round)."""
    return content.building_cards[state.building_card[seat]][state.round - 1]


def explore(state: Lotta, content: Content) -> None:
    """Every player draws the top lands of his stack; the round's buildings go on the first ones."""
    count = content.constants.explored_per_round
    for seat in range(state.players):
        stack = state.stacks[seat]
        drawn = [stack.pop() for _ in range(min(count, len(stack)))]
        buildings = round_buildings(state, seat, content)
        state.explored[seat] = [
            piece(land, building=buildings[i] if i < len(buildings) else -1) for i, land in enumerate(drawn)
        ]
        shown = ", ".join(describe(p, content) for p in state.explored[seat])
        state.note(f"Round {state.round}: seat {seat} explores {shown}")
