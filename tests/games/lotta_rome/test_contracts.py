"""Every contract kind counted on a small domain worked out by hand, and the cards' texts."""

import pytest

from meeple.games.lotta_rome.content import Contract
from meeple.games.lotta_rome.contracts import contract_points, contract_text
from meeple.games.lotta_rome.scoring import Domain

from .builders import CONTENT, hexes

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
EXPECTED = [
    ("areas_of_type", "field", 1),
    ("areas_of_type", "town", 1),
    ("areas", "", 5),
    ("largest_building_group", "", 1),
    ("elephants_next_to_building", "", 1),
    ("surrounded_lands", "", 0),
    ("largest_area_of_type", "field", 2),
    ("largest_area_of_type", "quarry", 1),
    ("elephants_on_type", "field", 1),
    ("elephants_on_type", "town", 0),
    ("surrounded_buildings", "", 0),
    ("lone_elephants", "", 0),
    ("elephants_next_to_elephant", "", 2),
    ("buildings_next_to_elephant", "", 1),
    ("big_areas", "", 0),
    ("single_areas", "", 4),
    ("largest_area", "", 2),
    ("elephant_areas", "", 2),
    ("buildings_on_own_type", "", 1),
    ("building_groups", "", 0),
    ("free_lands", "", 2),
    ("big_area_types", "", 0),
]


def card_of(kind: str, land: str) -> Contract:
    return next(c for c in CONTENT.contracts.values() if c.kind == kind and c.land == land)


@pytest.mark.parametrize(("kind", "land", "count"), EXPECTED)
def test_each_contract_kind_counts_what_its_text_says(kind: str, land: str, count: int) -> None:
    domain = Domain(hexes(SMALL))
    typed = domain.best_typing("largest", CONTENT)[0]
    card = card_of(kind, land)
    assert contract_points(domain, typed, card, CONTENT) == card.points * count


def test_every_kind_of_the_deck_is_covered_above() -> None:
    assert {c.kind for c in CONTENT.contracts.values()} == {kind for kind, _, _ in EXPECTED}


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
