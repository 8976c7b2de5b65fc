"""Worship (p.12), when a leader enters the ancestral hall: in a temple, or in the family
ancestral hall (5 steps)."""

from meeple.engine import Action
from meeple.games.round_house.content import Content
from meeple.games.round_house.economy import gain_honor, grant
from meeple.games.round_house.state import Rh


def free_path(state: Rh, seat: int, c: Content) -> list[int]:
    """Hall spaces (path order) not holding the seat's own senior assistant."""
    return [space for space in range(len(c.board.hall.path)) if not state.seniors[seat] >> space & 1]


def worship_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """(1) any temple tile still face up; (2) the hall, with the assistants of one town holding some."""
    out = []
    for i, used in enumerate(state.temples_used):
        if not used:
            out.append(Action(f"temple:{i}", f"Worship in the temple: {c.temples[i].gain.text()}", {"temple": i}))
    if free_path(state, seat, c):
        names = c.board.towns.names
        for town, count in enumerate(state.towns[seat]):
            if count:
                label = f"Worship in the ancestral hall with {count} assistants from the {names[town]} town"
                out.append(Action(f"hall:{town}", label, {"town": town}))
    return out


def worship_temple(state: Rh, seat: int, temple: int, c: Content) -> None:
    """Take the tile's reward and flip it face down; the round marker does not move."""
    state.temples_used[temple] = True
    state.note(f"seat {seat} worships in the temple ({c.temples[temple].gain.text()})")
    grant(state, seat, c.temples[temple].gain, c)


def worship_hall(state: Rh, seat: int, town: int, c: Content) -> None:
    """The 5 steps of worship in the family ancestral hall."""
    hall = c.board.hall
    # 1. advance the round marker (the end of game space triggers the end, p.13)
    if state.marker < state.end_at:
        state.marker += 1
        if state.marker == state.end_at and state.end_by < 0:
            state.end_by = seat
            state.note(f"the round marker reaches the end of game space on seat {seat}'s turn")
    # 2. the town's assistants go on the hall spaces from 1, skipping the seat's seniors
    brought = state.towns[seat][town]
    state.towns[seat][town] = 0
    placed = free_path(state, seat, c)[:brought]
    last = placed[-1]
    # 3. the last one turns senior: the space's honor, +1 per assistant of the seat on a chair
    state.seniors[seat] |= 1 << last
    on_chairs = state.chairs.count(seat)
    state.note(f"seat {seat} worships in the ancestral hall: senior on space {last + 1}")
    gain_honor(state, seat, hall.honor[last] + on_chairs, c)
    # 4. the bonuses above the column and left of the row; the amulets below and to the right
    row, column = hall.path[last]
    grant(state, seat, c.hall_top[column], c)
    grant(state, seat, c.hall_left[row], c)
    for hexagon in (column, hall.columns + row):
        amulet = state.hall_amulets[hexagon]
        if amulet >= 0:
            state.hall_amulets[hexagon] = -1
            state.amulets[seat].append(amulet)
    # 5. every assistant but the new senior back to the personal supply (those beyond the last
    # space too, a ruling)
    state.personal[seat] += brought - 1
