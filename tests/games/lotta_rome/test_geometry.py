"""The hex domain model on its own: axial positions, edge neighbours, connected areas,
"surrounded on all sides", groups of buildings."""

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.geometry import pos


def test_positions_round_trip_through_coordinates_and_names() -> None:
    for q, r in [(0, 0), (3, -2), (-40, 17), (12, 12)]:
        assert geometry.coords(pos(q, r)) == (q, r)
        assert geometry.parse(geometry.name(pos(q, r))) == pos(q, r)
    assert geometry.name(pos(-1, 2)) == "-1,2"


def test_a_hex_has_six_edge_neighbours_in_axial_directions() -> None:
    expected = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
    assert {geometry.coords(n) for n in geometry.neighbours(pos(0, 0))} == expected
    # neighbourhood is symmetric and never includes the hex itself or a distance-2 hex
    for n in geometry.neighbours(pos(2, -1)):
        assert pos(2, -1) in geometry.neighbours(n)
    assert pos(2, 0) not in geometry.neighbours(pos(0, 0))
    assert pos(1, 1) not in geometry.neighbours(pos(0, 0))


def test_the_frontier_is_every_free_hex_touching_the_domain() -> None:
    one = {pos(0, 0)}
    assert geometry.frontier(one) == set(geometry.neighbours(pos(0, 0)))
    two = {pos(0, 0), pos(1, 0)}
    assert len(geometry.frontier(two)) == 8
    assert geometry.touches(two, pos(2, -1)) and not geometry.touches(two, pos(3, 0))


def test_areas_join_lands_of_one_type_through_edges_only() -> None:
    lands = {pos(0, 0): 1, pos(1, 0): 1, pos(2, 0): 2, pos(3, 0): 1, pos(0, 1): 1, pos(5, 5): 1}
    found = geometry.areas(lands)
    assert sorted(len(a) for a in found) == [1, 1, 1, 3]
    assert geometry.area_of(lands, pos(1, 0)) == sorted([pos(0, 0), pos(1, 0), pos(0, 1)])
    # (3,0) is a vineyard... of type 1 but cut off by the type-2 land at (2,0)
    assert geometry.area_of(lands, pos(3, 0)) == [pos(3, 0)]
    index = geometry.area_index(lands)
    assert index[pos(0, 0)] == index[pos(0, 1)] != index[pos(3, 0)]


def test_surrounded_means_all_six_neighbours_are_lands() -> None:
    ring = {pos(0, 0), *geometry.neighbours(pos(0, 0))}
    assert geometry.surrounded(ring, pos(0, 0))
    assert not any(geometry.surrounded(ring, p) for p in ring if p != pos(0, 0))
    ring.discard(pos(0, 1))
    assert not geometry.surrounded(ring, pos(0, 0))


def test_the_largest_group_counts_edge_connected_positions() -> None:
    buildings = [pos(0, 0), pos(1, 0), pos(1, -1), pos(5, 0), pos(6, 0)]
    assert geometry.largest_group(buildings) == 3
    assert sorted(len(g) for g in geometry.groups(buildings)) == [2, 3]
    assert geometry.largest_group([]) == 0
    assert geometry.largest_group([pos(0, 0), pos(2, 0)]) == 1
