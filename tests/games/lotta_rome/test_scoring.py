"""Scoring: buildings on or next to their land type score the size of that area (FINDINGS),
forts as any building, double and doubled lands (expansion SCORING), the gem table, the
tie-break by lands."""

import itertools

from meeple.engine import Rng
from meeple.games.lotta_rome.content import FORT
from meeple.games.lotta_rome.contracts import contract_points
from meeple.games.lotta_rome.scoring import Domain, final_score

from .builders import CONTENT, game, hexes, land


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
    typed = domain.best_typing("largest", CONTENT)[0]
    assert list(typed.values()) == [3]  # the fort became an antique theater


def own_type_cards() -> list[int]:
    """The cards scoring "each building standing on a land of its own type" (they care about a fort's type)."""
    return sorted(n for n, card in CONTENT.contracts.items() if card.kind == "buildings_on_own_type")


OWN = CONTENT.contracts[own_type_cards()[0]].points  # what such a card pays for each building (at least 2)


def test_the_forts_types_are_chosen_for_buildings_and_contracts_together() -> None:
    """SCORING: "the player chooses once which type of building the fort will be". A fort on a
    field next to 2 vineyards scores 2 as a winery or as a mill; holding a card paying for a building
    on its own type, the player makes it a mill: 2 for the building and OWN for the card."""
    spec = {(0, 0): "field+fort", (1, 0): "field", (-1, 0): "vineyard", (-1, 1): "vineyard"}
    cells = hexes(spec)
    own_type = own_type_cards()[0]
    assert final_score(cells, 0, [own_type], CONTENT, "largest")[:4] == [2, 0, OWN, 2 + OWN]
    typed, _, _ = Domain(cells).best_typing("largest", CONTENT, [own_type])
    assert list(typed.values()) == [land("field")]
    assert final_score(cells, 0, [], CONTENT, "largest")[:4] == [2, 0, 0, 2]


def test_a_fort_may_take_a_type_scoring_fewer_building_points_when_the_contracts_pay_more() -> None:
    """With a third vineyard the fort scores 3 as a winery but 2 as a mill; with one own-type card
    the mill makes 2 + OWN > 3, with both cards 2 + 2 * OWN; without them the winery's 3 is best."""
    spec = {(0, 0): "field+fort", (1, 0): "field", (-1, 0): "vineyard", (-1, 1): "vineyard", (-2, 1): "vineyard"}
    cells = hexes(spec)
    assert final_score(cells, 0, [], CONTENT, "largest")[:4] == [3, 0, 0, 3]
    assert OWN >= 2
    assert final_score(cells, 0, own_type_cards()[:1], CONTENT, "largest")[:4] == [2, 0, OWN, 2 + OWN]
    assert final_score(cells, 0, own_type_cards(), CONTENT, "largest")[:4] == [2, 0, 2 * OWN, 2 + 2 * OWN]


def test_two_forts_are_typed_together() -> None:
    """Two forts on a 2-field area, next to a 3-quarry area: as workshops 3 + 3; with an own-type
    card as mills 2 + 2 and 2 * OWN from the card, better than one of each (3 + 2 + OWN)."""
    spec = {
        (0, 0): "field+fort",
        (1, 0): "field+fort",
        (-1, 1): "quarry",
        (0, 1): "quarry",
        (1, 1): "quarry",
    }
    cells = hexes(spec)
    assert final_score(cells, 0, [], CONTENT, "largest")[:3] == [6, 0, 0]
    assert final_score(cells, 0, own_type_cards()[:1], CONTENT, "largest")[:3] == [4, 0, 2 * OWN]


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


def exhaustive_typing(domain: Domain, contracts: list[int], adjacent_groups: str) -> tuple[dict[int, int], int, int]:
    """The rule itself: every combination of the forts' types, scored whole; the first best wins."""
    forts = [p for p, b in domain.buildings.items() if b == FORT]
    best: tuple[dict[int, int], int, int] = ({}, -1, 0)
    for types in itertools.product(range(len(CONTENT.lands)), repeat=len(forts)):
        typed = {**domain.buildings, **dict(zip(forts, types, strict=True))}
        built = sum(domain.building_score(p, b, adjacent_groups) for p, b in typed.items())
        points = sum(contract_points(domain, typed, CONTENT.contracts[n], CONTENT) for n in contracts)
        if built + points > best[1] + best[2]:
            best = (typed, built, points)
    return best


def test_each_fort_typed_on_its_own_is_the_best_of_every_combination_of_types() -> None:
    """Scoring types each fort on its own; on random domains of up to 4 forts (the expansion has 4),
    with and without cards reading a building's type, that is the combination an exhaustive search
    finds first."""
    rng = Rng(11)
    cards = [*own_type_cards(), *sorted(CONTENT.contracts)[:6]]
    names = [land.id for land in CONTENT.lands]
    places = [(q, r) for q in range(-2, 3) for r in range(-2, 3)]
    for trial in range(60):
        spec = {place: names[rng.below(5)] for place in places if rng.below(5)}
        built_on = list(spec)
        rng.shuffle(built_on)
        forts = trial % 5
        for index, place in enumerate(built_on[:8]):
            spec[place] += "+fort" if index < forts else f"+{names[rng.below(5)]}"
        domain = Domain(hexes(spec))
        held = [cards[rng.below(len(cards))] for _ in range(rng.below(4))]
        for adjacent_groups in ("largest", "all"):
            typed, built, points = domain.best_typing(adjacent_groups, CONTENT, held)
            expected = exhaustive_typing(domain, held, adjacent_groups)
            assert (list(typed.items()), built, points) == (list(expected[0].items()), *expected[1:]), trial
