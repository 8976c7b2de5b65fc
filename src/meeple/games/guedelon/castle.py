"""The Castle (7.10) and the Mill (12.3): mortar at the foot, ropes on the crane, floors built
bottom-up from finished products, completed floors returning their tokens to the reserves."""

from meeple.games.guedelon.content import RESERVE_OF, Content
from meeple.games.guedelon.state import OVER, Guedelon
from meeple.games.guedelon.visitors import draw_visitor


def building_done(state: Guedelon, b: int, content: Content) -> bool:
    return state.floor[b] >= len(content.floors[b])


def castle_complete(state: Guedelon, content: Content) -> bool:
    """8: every building complete (and, with the Mill option, the Mill built)."""
    return all(building_done(state, b, content) for b in range(len(content.floors))) and state.mill != 0


def open_space(state: Guedelon, b: int, kind: int, content: Content) -> int:
    """The space of building b's current floor that takes `kind`, -1 if none. A space with a
    single symbol is filled before a double-symbol one (the double space stays flexible)."""
    if b < 0:
        needs, filled = content.mill_needs, state.mill_filled
    else:
        if building_done(state, b, content):
            return -1
        needs, filled = content.floors[b][state.floor[b]], state.filled[b]
    best = -1
    for space, accepted in enumerate(needs):
        if filled[space] < 0 and kind in accepted:
            if len(accepted) == 1:
                return space
            best = space
    return best


def can_build_on(state: Guedelon, b: int, content: Content) -> bool:
    """7.6: mortar first; 7.7/7.10: at least as many ropes on the crane as the floor shows."""
    return state.mortar[b] == 1 and state.crane >= state.floor[b] * content.rope_per_floor


def needs_mortar(state: Guedelon, content: Content) -> list[int]:
    return [b for b in range(len(content.floors)) if not state.mortar[b]]


def place_mortar(state: Guedelon, b: int, content: Content) -> None:
    """7.10: a mortar token at the foot of a building; a visitor is drawn (6.1)."""
    state.mortar[b] = 1
    state.note(f"Mortar at the foot of {content.buildings[b].name}")
    draw_visitor(state, content)


def place_product(state: Guedelon, b: int, kind: int, content: Content) -> None:
    """Put one product on building b's current floor (b = -1: the Mill); complete what fills."""
    space = open_space(state, b, kind, content)
    if b < 0:
        state.mill_filled[space] = kind
        if all(k >= 0 for k in state.mill_filled):
            _complete_mill(state, content)
        return
    state.filled[b][space] = kind
    if all(k >= 0 for k in state.filled[b]):
        _complete_floor(state, b, content)


def _complete_floor(state: Guedelon, b: int, content: Content) -> None:
    """7.10: a full floor tile returns its products to their reserves and is discarded."""
    for kind in state.filled[b]:
        state.reserve[RESERVE_OF[kind]] += 1
    building = content.buildings[b]
    state.note(f"Floor {building.id}{state.floor[b]} of {building.name} is built")
    state.floor[b] += 1
    size = len(content.floors[b][state.floor[b]]) if not building_done(state, b, content) else 0
    state.filled[b] = [-1] * size
    _check_win(state, content)


def _complete_mill(state: Guedelon, content: Content) -> None:
    """12.3: the tokens go back, the tile flips, a visitor arrives; visitors now pass the Mill."""
    for kind in state.mill_filled:
        state.reserve[RESERVE_OF[kind]] += 1
    state.mill = 1
    state.mill_filled = []
    state.note("The Mill is built")
    draw_visitor(state, content)
    _check_win(state, content)


def _check_win(state: Guedelon, content: Content) -> None:
    if castle_complete(state, content):
        state.finished = state.round
        state.phase = OVER
        state.note(f"The castle is complete in round {state.round}")
