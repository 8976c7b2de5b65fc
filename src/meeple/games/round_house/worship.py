"""Worship (p.12), when a leader enters the ancestral hall: in a temple, or in the family
ancestral hall (5 steps). In the hall the player leads the town's assistants along a path of
connected spaces of their choice from space 1, one decision per space (worship step 2)."""

from functools import cache, lru_cache

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import Content, plural
from meeple.games.round_house.economy import gain_honor, grant, push
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import T_ORDER, T_PATH, Rh

AT, LEFT, SEEN, LAST, PLACED = range(5)  # the fields of state.walk


def worship_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """(1) any temple tile still face up; (2) the hall, with the assistants of one town holding
    some, while a space without the seat's senior is left."""
    seniors, towns = state.seniors[seat], state.towns[seat]
    full = seniors == (1 << len(c.board.hall.honor)) - 1
    # What a lone assistant's senior would get on space 1, where it is placed (unless a senior holds it).
    spot = spot_text(state, 0, c) if not full and not seniors & 1 and 1 in towns else ""
    return list(_worships(tuple(state.temples_used), full, tuple(towns), spot, c))


def can_worship(state: Rh, seat: int, c: Content) -> bool:
    """Whether `worship_actions` offers anything: a temple face up, or a town's assistants and a
    hall space without the seat's senior."""
    if not all(state.temples_used):
        return True
    return state.seniors[seat] != (1 << len(c.board.hall.honor)) - 1 and any(state.towns[seat])


@lru_cache(maxsize=1 << 12)
def _worships(
    temples_used: tuple[bool, ...], full: bool, towns: tuple[int, ...], spot: str, c: Content
) -> tuple[Action, ...]:
    """`worship_actions` with the temples `temples_used`, the hall `full` of the seat's seniors or
    not, its assistants in `towns` and what a lone one gets on space 1 (`spot`), listed once."""
    out = [once((c, "temple", i), _temple, i, c) for i, used in enumerate(temples_used) if not used]
    if not full:
        for town, count in enumerate(towns):
            if count:
                alone = spot if count == 1 else ""
                out.append(once((c, "hall", town, count, alone), _hall, town, count, alone, c))
    return tuple(out)


def _temple(i: int, c: Content) -> Action:
    label = f"Worship in a temple: {c.temples[i].gain.text()} (the round marker stays)"
    return Action(f"temple:{i}", label, {"temple": i})


def _hall(town: int, count: int, spot: str, c: Content) -> Action:
    label = (
        f"Worship in the ancestral hall with the {plural(count, 'assistant')} of the {c.board.towns.names[town]} "
        "town (round marker +1; you lead them along the hall's spaces from space 1)"
    )
    if spot:
        label += f": it turns senior on space 1, {spot}"
    return Action(f"hall:{town}", label, {"town": town})


def worship_temple(state: Rh, seat: int, temple: int, c: Content) -> None:
    """Take the tile's reward and flip it face down; the round marker does not move."""
    state.temples_used[temple] = True
    state.note(f"{seat_mark(seat)} worships in the temple ({c.temples[temple].gain.text()})")
    grant(state, seat, c.temples[temple].gain, c)


def worship_hall(state: Rh, seat: int, town: int, c: Content) -> None:
    """Steps 1 and 2 of worship in the family ancestral hall: the round marker advances (the end
    of game space triggers the end, p.13), the town's assistants are taken and the first goes on
    space 1 (the top-left) unless the seat's senior holds it; the path goes on by `step_path`."""
    if state.marker < state.end_at:
        state.marker += 1
        if state.marker == state.end_at and state.end_by < 0:
            state.end_by = seat
            state.note(f"the round marker reaches the end of game space on {seat_mark(seat, possessive=True)} turn")
    brought = state.towns[seat][town]
    state.towns[seat][town] = 0
    state.walk = [-1, brought, 0, -1, 0]
    _enter(state, seat, 0, c)


def path_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """The spaces touching the last one reached that the path has not yet passed: an assistant
    goes there, or, on the seat's own senior, the path passes over it (step 2 note)."""
    walk = state.walk
    out = []
    for space in c.hall_next[walk[AT]]:
        if not walk[SEEN] >> space & 1:
            senior = state.seniors[seat] >> space & 1
            spot = spot_text(state, space, c) if not senior and walk[LEFT] == 1 else ""
            out.append(once((c, "path", space, senior, spot), _path, space, senior, spot, c))
    return out


def path_open(state: Rh, c: Content) -> bool:
    """Whether the path can go on (a space touching the last one it has not passed)."""
    walk = state.walk
    return _next_masks(c)[walk[AT]] & ~walk[SEEN] != 0


@cache
def _next_masks(c: Content) -> tuple[int, ...]:
    """Per hall space, the spaces touching it (`Content.hall_next`) as a bitmask, made once."""
    return tuple(sum(1 << space for space in spaces) for spaces in c.hall_next)


def _path(space: int, senior: int, spot: str, c: Content) -> Action:
    where = f"space {c.board.hall.honor[space]} (row {space // c.board.hall.columns + 1}, column "
    where += f"{space % c.board.hall.columns + 1})"
    if senior:
        label = f"Pass over your senior on {where}"
    elif spot:
        label = f"Place your last assistant on {where}: it turns senior, {spot}"
    else:
        label = f"Place an assistant on {where}"
    return Action(f"path:{space}", label, {"space": space})


def spot_text(state: Rh, space: int, c: Content) -> str:
    """What a senior on `space` receives (steps 3-4): its honor (+1 per own chair, added then),
    the bonuses above and to the left, and what lies below and to the right."""
    row, column = divmod(space, c.board.hall.columns)
    below, right = c.hall_spots[column], c.hall_spots[c.board.hall.columns + row]
    amulets = state.hall_amulets
    return _spot_text(space, amulets[below[1]] if below[1] >= 0 else -1, amulets[right[1]] if right[1] >= 0 else -1, c)


@lru_cache(maxsize=1024)
def _spot_text(space: int, below: int, right: int, c: Content) -> str:
    """`spot_text` with the amulets lying below and to the right of the space (-1: none)."""
    hall = c.board.hall
    row, column = divmod(space, hall.columns)
    parts = [f"{hall.honor[space]} honor + 1 per assistant on a chair"]
    parts += [gain.text() for gain in (c.hall_top[column], c.hall_left[row])]
    for (what, _), amulet in ((c.hall_spots[column], below), (c.hall_spots[hall.columns + row], right)):
        if what == "order":
            parts.append("1 order")
        elif amulet >= 0:
            parts.append(f"amulet {c.amulets[amulet].name}")
    return ", ".join(parts)


def step_path(state: Rh, seat: int, space: int, c: Content) -> None:
    _enter(state, seat, space, c)


def _enter(state: Rh, seat: int, space: int, c: Content) -> None:
    """The path reaches `space`: an assistant is placed unless the seat's senior is there. The path
    goes on while assistants are left and a neighbouring space is free of the path; then steps 3-5."""
    walk = state.walk
    walk[AT] = space
    walk[SEEN] |= 1 << space
    if not state.seniors[seat] >> space & 1:
        walk[LEFT] -= 1
        walk[LAST] = space
        walk[PLACED] += 1
    if walk[LEFT] and _next_masks(c)[space] & ~walk[SEEN]:
        push(state, T_PATH)
        return
    _finish(state, seat, c)


def _finish(state: Rh, seat: int, c: Content) -> None:
    """Steps 3-5: the assistant on the last space turns senior: its honor, +1 per assistant of the
    seat on a chair; the bonuses above and to the left, the amulet or order below and to the right
    (an amulet already taken is not replaced); every other assistant back to the personal supply
    (those the path could not place too, a ruling)."""
    hall = c.board.hall
    _, left, _, last, placed = state.walk
    state.walk = []
    state.personal[seat] += left + max(placed - 1, 0)
    if last < 0:
        return
    state.seniors[seat] |= 1 << last
    row, column = divmod(last, hall.columns)
    where = f"space {hall.honor[last]} (row {row + 1}, column {column + 1})"
    state.note(f"{seat_mark(seat)} worships in the ancestral hall: senior on {where}")
    gain_honor(state, seat, hall.honor[last] + state.chairs.count(seat), c)
    grant(state, seat, c.hall_top[column], c)
    grant(state, seat, c.hall_left[row], c)
    for what, hexagon in (c.hall_spots[column], c.hall_spots[hall.columns + row]):
        if what == "order":
            push(state, T_ORDER)
        elif hexagon >= 0 and state.hall_amulets[hexagon] >= 0:
            state.amulets[seat].append(state.hall_amulets[hexagon])
            state.hall_amulets[hexagon] = -1
