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

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import FORT, NO_BUILDING, Content
from meeple.games.lotta_rome.contracts import PER_BUILDING, TYPE_READING_KINDS, contract_points
from meeple.games.lotta_rome.pieces import CELL_BUILDINGS, CELL_ELEPHANTS, CELL_LANDS

ADJACENT_GROUPS = ("largest", "all")  # option values: which groups a building touching several scores


class Domain:
    """One domain analysed once: its lands, areas, elephants and buildings (forts not yet typed)."""

    def __init__(self, cells: Mapping[int, int]) -> None:
        self.cells = cells
        self.lands = {position: CELL_LANDS[value] for position, value in cells.items()}
        self.areas = geometry.areas(self.lands)
        self.area_of = geometry.area_index(self.lands, self.areas)
        self.elephants = {position for position, value in cells.items() if CELL_ELEPHANTS[value]}
        self.buildings = {
            position: CELL_BUILDINGS[value] for position, value in cells.items() if CELL_BUILDINGS[value] != NO_BUILDING
        }

    def touched_areas(self, position: int, land: int) -> set[int]:
        """The areas of type `land` that a building at `position` stands on or is adjacent to."""
        lands = self.lands
        area_of = self.area_of
        return {area_of[there] for there in (position, *geometry.neighbours(position)) if lands.get(there) == land}

    def building_score(self, position: int, building: int, adjacent_groups: str) -> int:
        sizes = [len(self.areas[a]) for a in self.touched_areas(position, building)]
        if not sizes:
            return 0
        return sum(sizes) if adjacent_groups == "all" else max(sizes)

    def scores_by_type(self, position: int, adjacent_groups: str, land_types: int) -> list[int]:
        """`building_score` of a building of each type at `position` (a fort's choices), its
        neighbourhood read once."""
        lands = self.lands
        area_of = self.area_of
        touched: list[set[int]] = [set() for _ in range(land_types)]
        for there in (position, *geometry.neighbours(position)):
            land = lands.get(there)
            if land is not None:
                touched[land].add(area_of[there])
        add = sum if adjacent_groups == "all" else max
        return [add([len(self.areas[a]) for a in areas]) if areas else 0 for areas in touched]

    def best_typing(
        self, adjacent_groups: str, content: Content, contracts: Sequence[int] = ()
    ) -> tuple[dict[int, int], int, int]:
        """The forts' types the player chooses: the most points for buildings and `contracts`
        together; ties: the lowest types. Returns the typing, its building and contract points.
        Only a fort's own score and its own term on the cards reading a building's type
        (contracts.PER_BUILDING) change with its type, so each fort takes on its own the type
        worth most to it (the lowest on a tie): the best of every combination of types, and the
        first of them in the order (0, 0, ...), (0, 1, ...) ... as an exhaustive search meets them."""
        land_types = len(content.lands)
        cards = [content.contracts[n] for n in contracts]
        typed_cards = [card for card in cards if card.kind in TYPE_READING_KINDS]
        typed = dict(self.buildings)
        buildings = 0
        for position, building in self.buildings.items():
            if building != FORT:
                buildings += self.building_score(position, building, adjacent_groups)
                continue
            scores = self.scores_by_type(position, adjacent_groups, land_types)
            worth = [
                score + sum(card.points * PER_BUILDING[card.kind](self, position, kind) for card in typed_cards)
                for kind, score in enumerate(scores)
            ]
            typed[position] = best = worth.index(max(worth))
            buildings += scores[best]
        points = sum(contract_points(self, typed, card, content) for card in cards)
        return typed, buildings, points

    def building_points(self, typed: Mapping[int, int], adjacent_groups: str, land_types: int) -> list[int]:
        """Points of the buildings, per building type (the rows of the score sheet)."""
        points = [0] * land_types
        for position, building in typed.items():
            points[building] += self.building_score(position, building, adjacent_groups)
        return points


def final_score(
    cells: Mapping[int, int], gems: int, contracts: Sequence[int], content: Content, adjacent_groups: str
) -> list[int]:
    """[buildings, gems, contracts, total, lands] of one player."""
    return seat_score(tuple(cells), tuple(cells.values()), gems, contracts, content, adjacent_groups)


def seat_score(
    spots: Sequence[int],
    cells: Sequence[int],
    gems: int,
    contracts: Sequence[int],
    content: Content,
    adjacent_groups: str,
) -> list[int]:
    """`final_score` of the domain laid as `spots` (positions) holding `cells`, as a state keeps it.
    The domain's part is remembered by its contents, the contracts and the rules: a search scores
    the same domains again and again (its estimate), the gems change more often than the domain,
    and the end of a game scores domains the estimate has met. The gems go by the gem table."""
    key = (content, adjacent_groups, tuple(spots), tuple(cells), tuple(contracts))
    points = _POINTS.get(key)
    if points is None:
        if len(_POINTS) >= MEMO_LIMIT:
            _POINTS.clear()
        _typed, buildings, contract_total = Domain(dict(zip(spots, cells, strict=True))).best_typing(
            adjacent_groups, content, contracts
        )
        points = _POINTS[key] = (buildings, contract_total)
    buildings, contract_total = points
    gem_points = content.gem_points(gems)
    return [buildings, gem_points, contract_total, buildings + gem_points + contract_total, len(spots)]


MEMO_LIMIT = 50_000
_POINTS: dict[tuple[object, ...], tuple[int, int]] = {}
