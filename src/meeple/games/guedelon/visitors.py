"""Visitors (6): arriving on the Belvedere, being initiated, walking their coloured routes."""

from meeple.games.guedelon.content import COLOURS, Content
from meeple.games.guedelon.state import Guedelon


def route(state: Guedelon, colour: int, content: Content) -> tuple[int, ...]:
    """The route of a colour; once the Mill is built it passes the Mill (12.3)."""
    return content.mill_routes[colour] if state.mill == 1 else content.routes[colour]


def draw_visitor(state: Guedelon, content: Content) -> None:
    """6.1: a pawn drawn from the bag lies down on the Belvedere. An empty bag draws nothing."""
    in_bag = [pawn for pawn, loc in enumerate(state.visitor_loc) if loc < 0]
    if not in_bag:
        state.note("The bag is empty: no visitor arrives")
        return
    pawn = in_bag[state.rng.below(len(in_bag))]
    state.visitor_loc[pawn] = content.loc("belvedere")
    state.visitor_up[pawn] = False
    state.note(f"A {COLOURS[state.visitor_colour[pawn]]} visitor arrives on the Belvedere")


def visitors_at(state: Guedelon, loc: int) -> list[int]:
    return [pawn for pawn, at in enumerate(state.visitor_loc) if at == loc]


def initiate(state: Guedelon, loc: int) -> bool:
    """6.2: a worker arriving where visitors are initiates them all (stands them up); it then
    cannot use the location's effect. Returns whether any visitor was there."""
    present = visitors_at(state, loc)
    for pawn in present:
        state.visitor_up[pawn] = True
    return bool(present)


def can_advance(state: Guedelon, pawn: int, content: Content) -> bool:
    """A visitor can move on unless it lies uninitiated at the Castle (6.3)."""
    loc = state.visitor_loc[pawn]
    return loc >= 0 and not (loc == content.loc("castle") and not state.visitor_up[pawn])


def advance(state: Guedelon, pawn: int, content: Content) -> None:
    """6.3: one step along the pawn's route. Initiated visitors at the Castle go back into the
    bag; uninitiated ones stay there, blocking construction."""
    loc = state.visitor_loc[pawn]
    castle = content.loc("castle")
    if loc == castle:
        if state.visitor_up[pawn]:
            state.visitor_loc[pawn] = -1
            state.visitor_up[pawn] = False
        return
    steps = route(state, state.visitor_colour[pawn], content)
    state.visitor_loc[pawn] = steps[steps.index(loc) + 1] if loc in steps else castle


def move_all(state: Guedelon, content: Content) -> None:
    """5.4: at the end of the round every visitor on the board moves one step."""
    for pawn in range(len(state.visitor_loc)):
        if state.visitor_loc[pawn] >= 0:
            advance(state, pawn, content)
