"""Contract cards (expansion): what each kind counts, its text, and scoring at the end.

"At the end of the game, in addition to points for domains and gems, the players also get
points for each of the five contract cards they have received" (SCORING VICTORY POINTS).
A card scores `points` for each thing its kind counts; the rulebook's worked cards are No. 21
(areas of fields), 27 (buildings in the largest group), 29/53 (areas), 34/49 (elephants next
to a building) and 54 (lands surrounded on all sides). The other kinds are reconstructions
in the same style (docs/rules/lotta-rome.md).
"""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import Content, Contract
from meeple.games.lotta_rome.pieces import cell_elephant, is_free

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


def contract_text(card: Contract, content: Content) -> str:
    lands = content.lands[content.contract_land[card.number]].plural if card.land else ""
    pts = "point" if card.points == 1 else "points"
    return TEXTS[card.kind].format(points=card.points, pts=pts, lands=lands, size=card.size)


def _elephants(domain: "Domain") -> list[int]:
    return [position for position, value in domain.cells.items() if cell_elephant(value)]


def _next_to(position: int, others: Mapping[int, int] | set[int]) -> bool:
    return any(n in others for n in geometry.neighbours(position))


def _sizes(domain: "Domain", land: int = -1) -> list[int]:
    return [len(area) for area in domain.areas if land < 0 or domain.lands[area[0]] == land]


def _count(domain: "Domain", typed: Mapping[int, int], card: Contract, land: int) -> int:
    """How many things `card` counts in `domain` (buildings typed, forts included)."""
    kind = card.kind
    counters: dict[str, Callable[[], int]] = {
        "areas_of_type": lambda: len(_sizes(domain, land)),
        "largest_building_group": lambda: geometry.largest_group(typed),
        "areas": lambda: len(domain.areas),
        "elephants_next_to_building": lambda: sum(_next_to(e, typed) for e in _elephants(domain)),
        "surrounded_lands": lambda: sum(geometry.surrounded(domain.cells, p) for p in domain.cells),
        "largest_area_of_type": lambda: max(_sizes(domain, land), default=0),
        "elephants_on_type": lambda: sum(domain.lands[e] == land for e in _elephants(domain)),
        "surrounded_buildings": lambda: sum(geometry.surrounded(domain.cells, p) for p in typed),
        "lone_elephants": lambda: sum(not _next_to(e, set(_elephants(domain))) for e in _elephants(domain)),
        "elephants_next_to_elephant": lambda: sum(_next_to(e, set(_elephants(domain))) for e in _elephants(domain)),
        "buildings_next_to_elephant": lambda: sum(_next_to(b, set(_elephants(domain))) for b in typed),
        "big_areas": lambda: sum(size >= card.size for size in _sizes(domain)),
        "single_areas": lambda: sum(size == 1 for size in _sizes(domain)),
        "largest_area": lambda: max(_sizes(domain), default=0),
        "elephant_areas": lambda: len({domain.area_of[e] for e in _elephants(domain)}),
        "buildings_on_own_type": lambda: sum(domain.lands[p] == t for p, t in typed.items()),
        "building_groups": lambda: sum(len(g) >= 2 for g in geometry.groups(typed)),
        "free_lands": lambda: sum(is_free(value) for value in domain.cells.values()),
        "big_area_types": lambda: len({domain.lands[a[0]] for a in domain.areas if len(a) >= card.size}),
    }
    return counters[kind]()


def contract_points(domain: "Domain", typed: Mapping[int, int], card: Contract, content: Content) -> int:
    """The points `card` earns for `domain`."""
    return card.points * _count(domain, typed, card, content.contract_land[card.number])
