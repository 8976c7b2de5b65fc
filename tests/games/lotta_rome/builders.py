"""Builders for Lotta Rome scenario tests.

Every state starts as a real game (`LottaRome().new_game`) and is then driven through
`game.apply` or edited field by field (a domain drawn hex by hex, a hand of contracts).
`land`, `bld` and `hexes` name things the way the rulebook does.
"""

from meeple.engine import Rng
from meeple.games.lotta_rome import LottaRome, geometry
from meeple.games.lotta_rome.content import FORT, load_content
from meeple.games.lotta_rome.pieces import cell
from meeple.games.lotta_rome.state import Lotta

CONTENT = load_content()
LAND = {land.id: index for index, land in enumerate(CONTENT.lands)}


def game(**options: object) -> LottaRome:
    return LottaRome(options)


def land(name: str) -> int:
    return LAND[name]


def bld(name: str | None) -> int:
    """A building by the land it scores on ("town" = antique theater), or "fort"."""
    if name is None:
        return -1
    return FORT if name == "fort" else LAND[name]


def hexes(spec: dict[tuple[int, int], str]) -> dict[int, int]:
    """A domain from {(q, r): "land[+building][+E]"}: e.g. "town+town" is a town quarter with an
    antique theater, "olive+E" an olive grove with an elephant, "field+fort" a field with a fort."""
    cells = {}
    for (q, r), text in spec.items():
        parts = text.split("+")
        elephant = "E" in parts[1:]
        building = next((p for p in parts[1:] if p != "E"), None)
        cells[geometry.pos(q, r)] = cell(land(parts[0]), bld(building), elephant)
    return cells


def set_domain(state: Lotta, seat: int, cells: dict[int, int]) -> None:
    state.spots[seat] = list(cells)
    state.cells[seat] = list(cells.values())


def ids(g: LottaRome, state: Lotta, seat: int) -> list[str]:
    return [a.id for a in g.legal_actions(state, seat)]


def play_random(g: LottaRome, state: Lotta, seed: int, until=None) -> Lotta:
    """Random legal moves until the game ends or `until(state)` holds."""
    rng = Rng(seed)
    while not g.is_terminal(state) and not (until and until(state)):
        movers = g.to_move(state)
        seat = movers[rng.below(len(movers))]
        legal = g.legal_actions(state, seat)
        g.apply(state, seat, legal[rng.below(len(legal))].id)
    return state


def everyone(g: LottaRome, state: Lotta, pick) -> None:
    """Every seat to move plays `pick(legal)` until nobody of those seats is to move."""
    for seat in g.to_move(state):
        if seat in g.to_move(state):
            g.apply(state, seat, pick(g.legal_actions(state, seat)).id)
