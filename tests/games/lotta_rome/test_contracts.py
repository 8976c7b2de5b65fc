"""Every contract kind counted on its own small domain worked out by hand, and the cards' texts."""

import statistics

import pytest

from meeple.engine import Rng
from meeple.games.lotta_rome.content import FORT, Contract
from meeple.games.lotta_rome.contracts import TYPE_READING_KINDS, contract_points, contract_text
from meeple.games.lotta_rome.geometry import pos
from meeple.games.lotta_rome.scoring import Domain

from .builders import CONTENT, game, hexes, land

# A field with an elephant, a second field, a town quarter with an antique theater, an olive grove
# with an elephant, a quarry with a fort (best as a mill: it touches the 2 fields), a vineyard.
SMALL = {
    (0, 0): "field+E",
    (1, 0): "field",
    (2, 0): "town+town",
    (0, 1): "olive+E",
    (1, -1): "quarry+fort",
    (-1, 1): "vineyard",
}
ROW = "field vineyard field field"  # lands along q = 0, 1, 2, ... of row r = 0
FLOWER = {(0, 0): "town", (1, 0): "town", (1, -1): "field", (0, -1): "olive", (-1, 0): "olive", (-1, 1): "quarry"}
TWIN_FLOWERS = {**FLOWER, (0, 1): "town", (2, 0): "field", (2, -1): "field", (1, 1): "quarry"}


def row(text: str) -> dict[tuple[int, int], str]:
    return {(q, 0): name for q, name in enumerate(text.split())}


# Per kind: a domain, and what the card counts in it; each domain also holds things a wrong counter
# would count (lands instead of areas, every group instead of the largest, ...), said in the comment.
CASES = [
    # 2 field areas (3 field lands)
    ("areas_of_type", "field", row(ROW), 2),
    # groups of 3 and 1 buildings (4 buildings)
    ("largest_building_group", "", row("field+field field+town town+town town olive+olive"), 3),
    # 3 areas in 4 lands
    ("areas", "", row(ROW), 3),
    # elephants at 1 and 3 next to the theater at 0 and the oil mill at 2; the one at 5 is not (3 elephants)
    ("elephants_next_to_building", "", row("town+town field+E olive+olive quarry+E quarry quarry+E"), 2),
    # only the centre of the flower has land on all six sides (7 lands)
    ("surrounded_lands", "", {**FLOWER, (0, 1): "town"}, 1),
    # quarry areas of 3 and 1; a 4-field area is larger
    ("largest_area_of_type", "quarry", row("quarry quarry quarry olive quarry field field field field"), 3),
    # 2 elephants on olive groves, 1 on a field
    ("elephants_on_type", "olive", row("olive+E olive+E field+E"), 2),
    # 2 lands are surrounded, one of them with a building; a building on the edge is not
    ("surrounded_buildings", "", {**TWIN_FLOWERS, (0, 0): "town+town", (2, 0): "field+field"}, 1),
    # elephants at 0 and 1 stand together, the one at 3 alone
    ("lone_elephants", "", row("field+E field+E olive olive+E"), 1),
    ("elephants_next_to_elephant", "", row("field+E field+E olive olive+E"), 2),
    # the theater at 1 and the oil mill at -1 touch the elephant at 0, the theater at 3 does not
    ("buildings_next_to_elephant", "", {**row("field+E field+town town town+town"), (-1, 0): "olive+olive"}, 2),
    # areas of 3 quarries, 4 fields, 2 olive groves
    ("big_areas", "", row("quarry quarry quarry field field field field olive olive"), 2),
    # single olive grove and town quarter, a 2-field area
    ("single_areas", "", row("olive field field town"), 2),
    # the largest area is the 4 fields
    ("largest_area", "", row("quarry quarry quarry olive quarry field field field field"), 4),
    # 3 elephants in 2 areas
    ("elephant_areas", "", row("field+E field+E olive+E olive"), 2),
    # the winery stands on a vineyard; the mill on a vineyard scores (it touches the field) but not here
    ("buildings_on_own_type", "", row("vineyard+vineyard vineyard+field field"), 1),
    # building groups of 2, 1 and 3
    ("building_groups", "", row("field+field field+field field town+town town olive+olive olive+olive olive+olive"), 2),
    # 4 lands: one with an elephant, one with a building
    ("free_lands", "", row("field+E field+town field olive"), 2),
    # two quarry areas and one field area of 3 lands: 2 types (3 areas)
    ("big_area_types", "", row("quarry quarry quarry olive quarry quarry quarry field field field olive olive"), 2),
]


def card_of(kind: str, land: str) -> Contract:
    return next(c for c in CONTENT.contracts.values() if c.kind == kind and c.land == land)


@pytest.mark.parametrize(("kind", "land", "spec", "count"), CASES, ids=[case[0] for case in CASES])
def test_each_contract_kind_counts_what_its_text_says(kind: str, land: str, spec: dict, count: int) -> None:
    domain = Domain(hexes(spec))
    typed = domain.best_typing("largest", CONTENT)[0]
    card = card_of(kind, land)
    assert contract_points(domain, typed, card, CONTENT) == card.points * count


def test_a_fort_counts_as_a_building_for_the_contracts() -> None:
    domain = Domain(hexes(SMALL))
    typed = domain.best_typing("largest", CONTENT)[0]
    for kind, count in (("buildings_on_own_type", 1), ("largest_building_group", 1), ("free_lands", 2)):
        card = card_of(kind, "")
        assert contract_points(domain, typed, card, CONTENT) == card.points * count
    # the theater stands on a town quarter; the fort on a quarry, typed a mill, is not its own type
    assert typed[pos(1, -1)] == land("field")


def test_every_kind_of_the_deck_is_covered_above() -> None:
    assert {c.kind for c in CONTENT.contracts.values()} == {case[0] for case in CASES}


def test_growing_the_domain_changes_the_counts() -> None:
    """A third field next to the second one makes the field area 3 lands: the largest field area
    grows and it becomes a big area (at least 3 lands) of a big-area type."""
    bigger = {**SMALL, (2, -1): "field"}
    domain = Domain(hexes(bigger))
    typed = domain.best_typing("largest", CONTENT)[0]
    counts = {
        kind: contract_points(domain, typed, card_of(kind, land), CONTENT) // card_of(kind, land).points
        for kind, land in (("largest_area_of_type", "field"), ("big_areas", ""), ("big_area_types", ""), ("areas", ""))
    }
    assert counts == {"largest_area_of_type": 3, "big_areas": 1, "big_area_types": 1, "areas": 5}


def test_contract_texts_read_like_the_rulebooks() -> None:
    assert contract_text(CONTENT.contracts[21], CONTENT) == "3 points for each area of fields"
    assert contract_text(CONTENT.contracts[53], CONTENT) == "1 point for each area in the domain"
    assert "largest group of buildings" in contract_text(CONTENT.contracts[27], CONTENT)


def heuristic_final_domains(games: int, players: int) -> list[Domain]:
    g = game()
    domains = []
    for seed in range(games):
        state = g.new_game(players, 500 + seed)
        rng = Rng(seed)
        while not g.is_terminal(state):
            seat = g.to_move(state)[0]
            g.apply(state, seat, g.playout_action(state, seat, g.legal_actions(state, seat), rng).id)
        domains += [Domain(state.domain(p)) for p in range(players)]
    return domains


def test_cards_with_more_coins_tend_to_score_fewer_points() -> None:
    """DESCRIPTION: players "decide which contracts to keep ... and which ones to spend in a trade
    auction"; the chosen card is both bid and kept (ruling), so the reconstructed deck makes coins and
    points pull apart: on the final domains of heuristic games the 5-coin cards score least, and
    the cards of 0-2 coins score more than those of 3-5."""
    domains = heuristic_final_domains(4, 4)
    by_coins: dict[int, list[float]] = {}
    for card in CONTENT.contracts.values():
        points = [contract_points(d, d.best_typing("largest", CONTENT)[0], card, CONTENT) for d in domains]
        by_coins.setdefault(card.coins, []).append(statistics.mean(points))
    means = {coins: statistics.mean(points) for coins, points in by_coins.items()}
    assert min(means, key=means.__getitem__) == 5
    low = statistics.mean(p for coins in (0, 1, 2) for p in by_coins[coins])
    high = statistics.mean(p for coins in (3, 4, 5) for p in by_coins[coins])
    assert low > high + 2
    assert means[0] > means[1] > means[3] > means[5]


def test_only_the_kinds_declared_to_read_a_buildings_type_change_with_a_forts_type() -> None:
    """Scoring tries the fort types only against the kinds in TYPE_READING_KINDS: every other kind
    must count the same whatever type the fort takes."""
    domain = Domain(hexes({**SMALL, (2, -1): "field+fort", (3, -1): "quarry"}))
    forts = [p for p, b in domain.buildings.items() if b == FORT]
    for card in CONTENT.contracts.values():
        counts = {
            contract_points(domain, {**domain.buildings, **dict.fromkeys(forts, t)}, card, CONTENT) for t in range(5)
        }
        assert (len(counts) > 1) == (card.kind in TYPE_READING_KINDS), card.kind
