"""The placement and elephant offers are worked out the quick way (set operations over a table of
neighbours, only the areas of free lands walked, memoised on the domain); along random games they
must equal the rules' definitions worked out by brute force over every hex near the domain."""

import pytest

from meeple.engine import Rng
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.pieces import CELL_ELEPHANTS, CELL_LANDS, is_double, is_free
from meeple.games.lotta_rome.state import ADD, ELEPHANT, PICK, Lotta

from .builders import game


def near(domain: set[int]) -> set[int]:
    """Every hex within two steps of the domain (where any offer can lie)."""
    one = {n for p in domain for n in geometry.neighbours(p)} | domain
    return {n for p in one for n in geometry.neighbours(p)} | one


def touching(domain: set[int], *hexes: int) -> bool:
    return any(n in domain for h in hexes for n in geometry.neighbours(h))


def expected_places(state: Lotta, seat: int) -> set[int]:
    """4 ADDITION: a land on a free hex touching the domain; a double land's first half on a free
    hex with a free neighbour such that the pair touches the domain; its second half on a free
    neighbour of the first, the pair touching the rest of the domain (the first land: the centre)."""
    domain = set(state.spots[seat])
    code = state.holding[seat] if state.holding[seat] >= 0 else state.pending[seat][0]
    if not domain:
        return {geometry.ORIGIN}
    free = near(domain) - domain
    if not is_double(code):
        return {h for h in free if touching(domain, h)}
    first = state.half[seat]
    if first < 0:
        return {h for h in free if any(n in free and touching(domain, h, n) for n in geometry.neighbours(h))}
    rest = domain - {first}
    return {n for n in geometry.neighbours(first) if n in free and (not rest or touching(rest, first, n))}


def expected_elephants(state: Lotta, seat: int) -> dict[int, int]:
    """PHASE 5: every free land, with one contract per land of its area, or one if another
    elephant stands in the area."""
    cells = state.domain(seat)
    lands = {p: CELL_LANDS[v] for p, v in cells.items()}
    offers = {}
    for p, value in cells.items():
        if is_free(value):
            area = geometry.area_of(lands, p)
            offers[p] = 1 if any(CELL_ELEPHANTS[cells[q]] for q in area) else len(area)
    return offers


@pytest.mark.parametrize("players", [2, 3, 5])
def test_offers_equal_their_definitions_along_random_games(players: int) -> None:
    g = game()
    checked = {"place": 0, "elephant": 0}
    for seed in range(3):
        state = g.new_game(players, 40 + seed)
        rng = Rng(seed)
        while not g.is_terminal(state):
            movers = g.to_move(state)
            seat = movers[rng.below(len(movers))]
            legal = g.legal_actions(state, seat)
            kind = legal[0].payload["kind"]
            if kind == "place" and state.phase in (ADD, PICK):
                positions = [a.payload["position"] for a in legal]
                assert positions == sorted(positions)
                assert set(positions) == expected_places(state, seat)
                checked["place"] += 1
            elif kind == "elephant" and state.phase == ELEPHANT:
                assert {a.payload["position"]: a.payload["cards"] for a in legal} == expected_elephants(state, seat)
                checked["elephant"] += 1
            g.apply(state, seat, legal[rng.below(len(legal))].id)
    assert checked["place"] > 100 and checked["elephant"] >= 4 * players
