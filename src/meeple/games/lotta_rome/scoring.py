"""End-of-game scoring (base game "Scoring", expansion "SCORING VICTORY POINTS").

Buildings: "a building scores only if it stands on, or is adjacent to, land of its own type;
it then scores 1 point per tile of the connected group of that land type" (FINDINGS). A half
of a double land is one land; a doubled land is two lands (expansion SCORING), which the hex
model gives by itself: every half is one hex. The fort "functions as any other building ...
at the player's choice"; the player "chooses once which type of building the fort will be":
the forts take together the types that give the most points, buildings and contracts counted
(cards 46/47 care about a building's type). Gems score by the gem table; contracts by
contracts.py. Ties: "the one with the most lands in his domain wins" (expansion, DETERMINING
THE WINNER; used for the base game too).
"""

from collections.abc import Mapping, Sequence
from itertools import product

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import FORT, NO_BUILDING, Content
from meeple.games.lotta_rome.contracts import TYPE_READING_KINDS, contract_points
from meeple.games.lotta_rome.pieces import cell_building, cell_elephant, cell_land

ADJACENT_GROUPS = ("largest", "all")  # option values: which groups a building touching several scores


class Domain:
    """One domain analysed once: its lands, areas, elephants and buildings (forts not yet typed)."""

    def __init__(self, cells: Mapping[int, int]) -> None:
        self.cells = cells
        self.lands = {position: cell_land(value) for position, value in cells.items()}
        self.areas = geometry.areas(self.lands)
        self.area_of = geometry.area_index(self.lands, self.areas)
        self.elephants = {position for position, value in cells.items() if cell_elephant(value)}
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

    def best_typing(
        self, adjacent_groups: str, content: Content, contracts: Sequence[int] = ()
    ) -> tuple[dict[int, int], int, int]:
        """The forts' types the player chooses: the most points for buildings and `contracts`
        together, every combination of types tried (a player holds at most the 4 forts: 625);
        ties: the lowest types. Returns the typing, its building and contract points. Only a
        fort's own score and the cards reading a building's type change from one typing to another."""
        land_types = len(content.lands)
        cards = [content.contracts[n] for n in contracts]
        typed_cards = [card for card in cards if card.kind in TYPE_READING_KINDS]
        forts = [position for position, building in self.buildings.items() if building == FORT]
        typed = dict(self.buildings)
        typed.update(dict.fromkeys(forts, 0))
        fixed = sum(self.building_score(p, b, adjacent_groups) for p, b in self.buildings.items() if b != FORT)
        held = sum(contract_points(self, typed, card, content) for card in cards if card.kind not in TYPE_READING_KINDS)
        fort_scores = [[self.building_score(p, t, adjacent_groups) for t in range(land_types)] for p in forts]
        best: tuple[dict[int, int], int, int] = ({}, -1, 0)
        for types in product(range(land_types), repeat=len(forts)):
            typed.update(zip(forts, types, strict=True))
            buildings = fixed + sum(scores[t] for scores, t in zip(fort_scores, types, strict=True))
            points = held + sum(contract_points(self, typed, card, content) for card in typed_cards)
            if buildings + points > best[1] + best[2]:
                best = (dict(typed), buildings, points)
        return best

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
    _typed, buildings, contract_total = Domain(cells).best_typing(adjacent_groups, content, contracts)
    gem_points = content.gem_points(gems)
    return [buildings, gem_points, contract_total, buildings + gem_points + contract_total, len(cells)]
