"""End-of-game scoring (base game "Scoring", expansion "SCORING VICTORY POINTS").

Buildings: "a building scores only if it stands on, or is adjacent to, land of its own type;
it then scores 1 point per tile of the connected group of that land type" (FINDINGS). A half
of a double land is one land; a doubled land is two lands (expansion SCORING), which the hex
model gives by itself: every half is one hex. The fort "functions as any other building ...
at the player's choice"; the player "chooses once which type of building the fort will be":
each fort takes the type that scores it most. Gems score by the gem table; contracts by
contracts.py. Ties: "the one with the most lands in his domain wins" (expansion, DETERMINING
THE WINNER; used for the base game too).
"""

from collections.abc import Mapping

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import FORT, NO_BUILDING, Content
from meeple.games.lotta_rome.contracts import contract_points
from meeple.games.lotta_rome.pieces import cell_building, cell_land

ADJACENT_GROUPS = ("largest", "all")  # option values: which groups a building touching several scores


class Domain:
    """One domain analysed once: its lands, areas and buildings (forts not yet typed)."""

    def __init__(self, cells: Mapping[int, int]) -> None:
        self.cells = cells
        self.lands = {position: cell_land(value) for position, value in cells.items()}
        self.areas = geometry.areas(self.lands)
        self.area_of = geometry.area_index(self.lands, self.areas)
        self.buildings = {
            position: cell_building(value) for position, value in cells.items() if cell_building(value) != NO_BUILDING
        }

    def touched_areas(self, position: int, land: int) -> set[int]:
        """The areas of type `land` that a building at `position` stands on or is adjacent to."""
        found = set()
        for there in (position, *geometry.neighbours(position)):
            if self.lands.get(there) == land:
                found.add(self.area_of[there])
        return found

    def building_score(self, position: int, building: int, adjacent_groups: str) -> int:
        sizes = [len(self.areas[a]) for a in self.touched_areas(position, building)]
        if not sizes:
            return 0
        return sum(sizes) if adjacent_groups == "all" else max(sizes)

    def typed_buildings(self, adjacent_groups: str, land_types: int) -> dict[int, int]:
        """Every building's type, each fort given the type that scores it most (ties: lowest type)."""
        typed = {}
        for position, building in self.buildings.items():
            if building == FORT:
                scores = [self.building_score(position, t, adjacent_groups) for t in range(land_types)]
                building = scores.index(max(scores))
            typed[position] = building
        return typed

    def building_points(self, typed: Mapping[int, int], adjacent_groups: str, land_types: int) -> list[int]:
        """Points of the buildings, per building type (the rows of the score sheet)."""
        points = [0] * land_types
        for position, building in typed.items():
            points[building] += self.building_score(position, building, adjacent_groups)
        return points


def final_score(
    cells: Mapping[int, int], gems: int, contracts: list[int], content: Content, adjacent_groups: str
) -> list[int]:
    """[buildings, gems, contracts, total, lands] of one player."""
    domain = Domain(cells)
    land_types = len(content.lands)
    typed = domain.typed_buildings(adjacent_groups, land_types)
    buildings = sum(domain.building_points(typed, adjacent_groups, land_types))
    gem_points = content.gem_points(gems)
    contract_total = sum(contract_points(domain, typed, content.contracts[n], content) for n in contracts)
    return [buildings, gem_points, contract_total, buildings + gem_points + contract_total, len(cells)]
