"""Contract cards (expansion): what each kind counts, its text, and scoring at the end.

"At the end of the game, in addition to points for domains and gems, the players also get
points for each of the five contract cards they have received" (SCORING VICTORY POINTS).
A card scores `points` for each thing its kind counts; the rulebook's worked cards are No. 21
(areas of fields), 27 (buildings in the largest group), 29/53 (areas), 34/49 (elephants next
to a building) and 54 (lands surrounded on all sides). The other kinds are reconstructions
in the same style (docs/rules/lotta-rome.md).
"""

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import Content, Contract
from meeple.games.lotta_rome.pieces import is_free

if TYPE_CHECKING:
    from meeple.games.lotta_rome.scoring import Domain

TEXTS = {
    "areas_of_type": "{points} {pts} for each area of {lands}",
    "largest_building_group": "{points} {pts} for each building, forts included, in the largest group of buildings",
    "areas": "{points} {pts} for each area in the domain",
    "elephants_next_to_building": "{points} {pts} for each elephant with tent next to a building",
    "surrounded_lands": "{points} {pts} for each land surrounded on all sides by other lands",
    "largest_area_of_type": "{points} {pts} for each land in the largest area of {lands}",
    "elephants_on_type": "{points} {pts} for each elephant with tent on {lands}",
    "surrounded_buildings": "{points} {pts} for each building surrounded on all sides by other lands",
    "lone_elephants": "{points} {pts} for each elephant with tent with no other elephant next to it",
    "elephants_next_to_elephant": "{points} {pts} for each elephant with tent next to another elephant",
    "buildings_next_to_elephant": "{points} {pts} for each building next to an elephant with tent",
    "big_areas": "{points} {pts} for each area of at least {size} lands",
    "single_areas": "{points} {pts} for each area of a single land",
    "largest_area": "{points} {pts} for each land in the largest area of the domain",
    "elephant_areas": "{points} {pts} for each area holding an elephant with tent",
    "buildings_on_own_type": "{points} {pts} for each building standing on a land of its own type",
    "building_groups": "{points} {pts} for each group of at least 2 buildings",
    "free_lands": "{points} {pts} for each land with neither a building nor an elephant",
    "big_area_types": "{points} {pts} for each land type with an area of at least {size} lands",
}
# The kinds whose count reads a building's type, so a fort's chosen type (the rest read only where
# buildings stand). Each counts buildings one by one: what one building of a type at a position
# adds to the count, so that a fort's type changes only its own term (scoring.py types each fort
# on its own).
PER_BUILDING: dict[str, Callable[["Domain", int, int], int]] = {
    "buildings_on_own_type": lambda domain, position, building: int(domain.lands[position] == building),
}
TYPE_READING_KINDS = frozenset(PER_BUILDING)


def contract_text(card: Contract, content: Content) -> str:
    lands = content.lands[content.contract_land[card.number]].plural if card.land else ""
    pts = "point" if card.points == 1 else "points"
    return TEXTS[card.kind].format(points=card.points, pts=pts, lands=lands, size=card.size)


def _next_to(position: int, others: Collection[int]) -> bool:
    return geometry.touches(others, position)


def _sizes(domain: "Domain", land: int = -1) -> list[int]:
    return [len(area) for area in domain.areas if land < 0 or domain.lands[area[0]] == land]


# What each kind counts in a domain, given the typed buildings (forts included), the card and its
# land type (-1 if untyped).
Counting = Callable[["Domain", Mapping[int, int], Contract, int], int]
COUNTERS: dict[str, Counting] = {
    "areas_of_type": lambda domain, typed, card, land: len(_sizes(domain, land)),
    "largest_building_group": lambda domain, typed, card, land: geometry.largest_group(typed),
    "areas": lambda domain, typed, card, land: len(domain.areas),
    "elephants_next_to_building": lambda domain, typed, card, land: sum(_next_to(e, typed) for e in domain.elephants),
    "surrounded_lands": lambda domain, typed, card, land: geometry.count_surrounded(domain.cells, domain.cells),
    "largest_area_of_type": lambda domain, typed, card, land: max(_sizes(domain, land), default=0),
    "elephants_on_type": lambda domain, typed, card, land: sum(domain.lands[e] == land for e in domain.elephants),
    "surrounded_buildings": lambda domain, typed, card, land: geometry.count_surrounded(domain.cells, typed),
    "lone_elephants": lambda domain, typed, card, land: sum(
        not _next_to(e, domain.elephants) for e in domain.elephants
    ),
    "elephants_next_to_elephant": lambda domain, typed, card, land: sum(
        _next_to(e, domain.elephants) for e in domain.elephants
    ),
    "buildings_next_to_elephant": lambda domain, typed, card, land: sum(_next_to(b, domain.elephants) for b in typed),
    "big_areas": lambda domain, typed, card, land: sum(size >= card.size for size in _sizes(domain)),
    "single_areas": lambda domain, typed, card, land: sum(size == 1 for size in _sizes(domain)),
    "largest_area": lambda domain, typed, card, land: max(_sizes(domain), default=0),
    "elephant_areas": lambda domain, typed, card, land: len({domain.area_of[e] for e in domain.elephants}),
    "buildings_on_own_type": lambda domain, typed, card, land: sum(
        PER_BUILDING["buildings_on_own_type"](domain, p, t) for p, t in typed.items()
    ),
    "building_groups": lambda domain, typed, card, land: sum(len(g) >= 2 for g in geometry.groups(typed)),
    "free_lands": lambda domain, typed, card, land: sum(is_free(value) for value in domain.cells.values()),
    "big_area_types": lambda domain, typed, card, land: len(
        {domain.lands[a[0]] for a in domain.areas if len(a) >= card.size}
    ),
}


def contract_points(domain: "Domain", typed: Mapping[int, int], card: Contract, content: Content) -> int:
    """The points `card` earns for `domain`."""
    return card.points * COUNTERS[card.kind](domain, typed, card, content.contract_land[card.number])
