"""Scoring: buildings on or next to their land type score the size of that area (FINDINGS),
forts as any building, double and doubled lands (expansion SCORING), the gem table, the
tie-break by lands."""

import itertools

from meeple.games.lotta_rome.scoring import Domain, final_score

from .builders import CONTENT, game, hexes


def buildings(spec: dict, adjacent_groups: str = "largest") -> int:
    return final_score(hexes(spec), 0, [], CONTENT, adjacent_groups)[0]


def test_four_town_quarters_with_two_theatres_next_to_them_score_8() -> None:
    """FINDINGS: "4 connected town-quarter tiles with 2 theatres next to them score 8"."""
    spec = {
        (0, 0): "town",
        (1, 0): "town",
        (2, 0): "town",
        (3, 0): "town",
        (0, 1): "field+town",
        (3, -1): "olive+town",
    }
    assert buildings(spec) == 8


def test_a_building_on_its_own_land_scores_its_area_and_elsewhere_scores_nothing() -> None:
    assert buildings({(0, 0): "vineyard+vineyard", (1, 0): "vineyard", (2, 0): "vineyard"}) == 3
    # a winery two hexes away from the vineyards touches none of them
    assert buildings({(0, 0): "field+vineyard", (1, 0): "field", (2, 0): "vineyard"}) == 0
    # the mill stands next to one field of a 2-field area
    assert buildings({(0, 0): "olive+field", (1, 0): "field", (2, 0): "field"}) == 2


def test_a_building_touching_two_separate_areas_scores_the_largest_or_all_by_option() -> None:
    spec = {(0, 0): "olive+quarry", (1, 0): "quarry", (2, 0): "quarry", (-1, 0): "quarry", (-1, 1): "field"}
    assert buildings(spec, "largest") == 2
    assert buildings(spec, "all") == 3
    assert game(adjacent_groups="all").rules.adjacent_groups == "all"


def test_a_fort_scores_as_the_building_that_earns_it_most() -> None:
    spec = {(0, 0): "field+fort", (1, 0): "town", (2, 0): "town", (0, 1): "field", (-1, 0): "olive"}
    # as a theatre it touches 2 town quarters; as a mill it stands in 2 fields: 2 either way; as an oil mill 1
    assert buildings(spec) == 2
    spec[(3, 0)] = "town"
    assert buildings(spec) == 3
    domain = Domain(hexes(spec))
    typed = domain.typed_buildings("largest", 5)
    assert list(typed.values()) == [3]  # the fort became an antique theater


def test_a_doubled_land_counts_as_two_lands_and_each_half_of_a_double_land_as_one() -> None:
    """Expansion SCORING: halves of a double land are one land each; a doubled land (both
    halves of one type) earns 2 points for a building next to it."""
    # a winery on a field next to the vineyard half of an olive grove | vineyard double land
    assert buildings({(0, 0): "field+vineyard", (1, 0): "vineyard", (2, 0): "olive"}) == 1
    # ... and next to a doubled vineyard land: two lands of the same type
    assert buildings({(0, 0): "field+vineyard", (1, 0): "vineyard", (2, 0): "vineyard"}) == 2
    # a winery on one half of the doubled vineyard land
    assert buildings({(1, 0): "vineyard+vineyard", (2, 0): "vineyard"}) == 2


def test_the_gem_table_goes_through_the_known_points_and_stops_at_8() -> None:
    """FINDINGS: 1 gem = 3 points, 4 gems = 9, 8 gems (the most) = 31."""
    assert CONTENT.gem_points(1) == 3 and CONTENT.gem_points(4) == 9 and CONTENT.gem_points(8) == 31
    assert CONTENT.gem_points(0) == 0 and CONTENT.gem_points(11) == 31
    table = [CONTENT.gem_points(n) for n in range(9)]
    assert all(b > a for a, b in itertools.pairwise(table))
    assert final_score({}, 6, [], CONTENT, "largest") == [0, 18, 0, 18, 0]


def test_ties_go_to_the_player_with_the_most_lands() -> None:
    g = game(merchants=False)
    state = g.new_game(3, 1)
    state.final = [[10, 5, 0, 15, 20], [12, 3, 0, 15, 22], [9, 5, 0, 14, 30]]
    result = g.result(state)
    assert result.ranking == [2, 1, 3] and result.winner_seats == [1]
    state.final[0][4] = 22
    assert g.result(state).winner_seats == [0, 1]
