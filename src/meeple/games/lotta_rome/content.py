"""Loading and validating the Lotta Rome components (content/*.toml).

Every value the rules use comes from here; the rules code holds no component data. Land
types are numbered in the order of lands.toml (0 olive grove ... 4 quarry); a building is
the number of the land type it scores on, FORT is the expansion's fort. Validation runs at
load: unknown keys, wrong types, a missing provenance, an unknown land name, stacks or
decks of the wrong size all fail loudly, naming the entry.
"""

from functools import cache
from itertools import pairwise
from typing import Literal

import msgspec

from meeple.engine.content import ContentError, Number, Source, convert_content, convert_entries

FORT = 5  # building code of a fort ("functions as any other building ... at the player's choice")
NO_BUILDING = -1
CONTRACT_KINDS = (
    "areas_of_type",
    "largest_building_group",
    "areas",
    "elephants_next_to_building",
    "surrounded_lands",
    "largest_area_of_type",
    "elephants_on_type",
    "surrounded_buildings",
    "lone_elephants",
    "elephants_next_to_elephant",
    "buildings_next_to_elephant",
    "big_areas",
    "single_areas",
    "largest_area",
    "elephant_areas",
    "buildings_on_own_type",
    "building_groups",
    "free_lands",
    "big_area_types",
)
TYPED_KINDS = ("areas_of_type", "largest_area_of_type", "elephants_on_type")
SIZED_KINDS = ("big_areas", "big_area_types")


class Land(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    plural: str
    building: str
    source: Source
    note: str


class BuildingCardEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    rounds: list[list[str]]
    source: Source
    note: str


class DoubleEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    halves: list[str]
    count: int
    source: Source
    note: str


class LotEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    bonus: Literal["land", "building", "fort", "gem", "none"]
    source: Source
    note: str


class LandList(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    lands: list[str]
    source: Source
    note: str


class MerchantsFile(msgspec.Struct, forbid_unknown_fields=True):
    numbers: dict[str, Number]
    start_lands: LandList
    bonus_lands: LandList
    double: list[DoubleEntry]
    lot: list[LotEntry]


class Contract(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One contract card: `points` for each thing its `kind` counts (of type `land`, if typed)."""

    number: int
    kind: str
    points: int
    coins: int
    source: Source
    note: str
    land: str = ""
    size: int = 0  # the least size of an area the kind counts (big_areas, big_area_types)


class Constants(msgspec.Struct, frozen=True):
    rounds: int
    stack_per_type: int
    start_gems: int
    explored_per_round: int
    buildings_per_round: int
    gem_on_smaller_lot: int
    gem_points: tuple[int, ...]


class Merchants(msgspec.Struct, frozen=True):
    """The expansion's components, land names resolved to type numbers."""

    contracts_dealt: int
    elephants: int
    forts: int
    gems: int
    lots: int
    start_lands: tuple[int, ...]
    bonus_lands: tuple[int, ...]
    doubles: tuple[tuple[int, int], ...]  # one entry per physical double land
    lot_bonuses: tuple[str, ...]  # the bonus next to each market slot, left to right


class Content(msgspec.Struct, frozen=True):
    lands: tuple[Land, ...]
    constants: Constants
    building_cards: tuple[tuple[tuple[int, ...], ...], ...]  # card -> round -> building types
    building_card_ids: tuple[str, ...]
    merchants: Merchants
    contracts: dict[int, Contract]  # by card number
    contract_land: dict[int, int]  # card number -> land type (-1 if untyped)

    __hash__ = object.__hash__  # by identity (the content is loaded once), cheap for memoised functions

    def stack(self) -> list[int]:
        """A player's personal stack of lands, unshuffled: stack_per_type of each type."""
        return [land for land in range(len(self.lands)) for _ in range(self.constants.stack_per_type)]

    def gem_points(self, gems: int) -> int:
        """The gem table; more gems than the table holds score as its last entry."""
        table = self.constants.gem_points
        return table[min(gems, len(table) - 1)]

    def building_name(self, building: int) -> str:
        return "fort" if building == FORT else self.lands[building].building

    def building_with_article(self, building: int) -> str:
        name = self.building_name(building)
        return ("an " if name[0] in "aeiou" else "a ") + name


def _land_index(lands: list[Land], name: str, where: str) -> int:
    for index, land in enumerate(lands):
        if land.id == name:
            return index
    raise ContentError(f"{where}: unknown land {name!r} (known: {', '.join(land.id for land in lands)})")


def _constants(numbers: dict[str, Number]) -> Constants:
    values = {name: number.value for name, number in numbers.items()}
    constants = convert_entries("rules.toml", values, Constants)
    table = constants.gem_points
    if any(b < a for a, b in pairwise(table)):
        raise ContentError("rules.toml: gem_points must never fall as gems rise")
    return constants


def _merchants(raw: MerchantsFile, lands: list[Land]) -> Merchants:
    def number(key: str) -> int:
        if key not in raw.numbers or not isinstance(raw.numbers[key].value, int):
            raise ContentError(f"merchants.toml: numbers.{key} must be a whole number")
        return int(raw.numbers[key].value)  # type: ignore[arg-type]

    doubles = []
    for entry in raw.double:
        if len(entry.halves) != 2 or entry.count < 1:
            raise ContentError(f"merchants.toml: double land {entry.halves} needs 2 halves and count >= 1")
        a, b = (_land_index(lands, half, "merchants.toml double") for half in entry.halves)
        doubles += [(a, b)] * entry.count
    if len(doubles) != 25:
        raise ContentError(f"merchants.toml: the expansion has 25 double lands (COMPONENTS), not {len(doubles)}")
    lots = number("lots")
    if len(raw.lot) != lots:
        raise ContentError(f"merchants.toml: the reminder needs one [[lot]] per market slot ({lots})")
    return Merchants(
        contracts_dealt=number("contracts_dealt"),
        elephants=number("elephants"),
        forts=number("forts"),
        gems=number("gems"),
        lots=lots,
        start_lands=tuple(_land_index(lands, name, "merchants.toml start_lands") for name in raw.start_lands.lands),
        bonus_lands=tuple(_land_index(lands, name, "merchants.toml bonus_lands") for name in raw.bonus_lands.lands),
        doubles=tuple(doubles),
        lot_bonuses=tuple(entry.bonus for entry in raw.lot),
    )


def _check_contracts(contracts: list[Contract], lands: list[Land]) -> dict[int, int]:
    numbers = sorted(card.number for card in contracts)
    if numbers != list(range(1, 63)):
        raise ContentError("contracts.toml: the 62 contract cards must be numbered 1 to 62, each once")
    typed = {}
    for card in contracts:
        if card.kind not in CONTRACT_KINDS:
            raise ContentError(f"contracts.toml: card {card.number} has unknown kind {card.kind!r}")
        if (card.kind in TYPED_KINDS) != bool(card.land):
            raise ContentError(f"contracts.toml: card {card.number} ({card.kind}) needs a land exactly when typed")
        if (card.kind in SIZED_KINDS) != (card.size > 0):
            raise ContentError(f"contracts.toml: card {card.number} ({card.kind}) needs a size exactly when sized")
        if card.points < 1 or card.coins < 0:
            raise ContentError(f"contracts.toml: card {card.number} needs points >= 1 and coins >= 0")
        typed[card.number] = _land_index(lands, card.land, f"contracts.toml card {card.number}") if card.land else -1
    return typed


@cache
def load_content() -> Content:
    """Read and validate every content file once."""
    lands = convert_content(__package__, "lands.toml", list[Land], table="land")
    constants = _constants(convert_content(__package__, "rules.toml", dict[str, Number]))
    cards = convert_content(__package__, "building_cards.toml", list[BuildingCardEntry], table="card")
    merchants_file = convert_content(__package__, "merchants.toml", MerchantsFile)
    contracts = convert_content(__package__, "contracts.toml", list[Contract], table="contract")
    if len(lands) != 5:
        raise ContentError("lands.toml: Lotta Rome has 5 land types")
    building_cards = []
    for card in cards:
        if len(card.rounds) != constants.rounds or any(len(r) != constants.buildings_per_round for r in card.rounds):
            raise ContentError(f"building_cards.toml: card {card.id} needs {constants.rounds} rounds of 2 buildings")
        building_cards.append(
            tuple(tuple(_land_index(lands, b, f"building card {card.id}") for b in r) for r in card.rounds)
        )
    if len(building_cards) < 5:
        raise ContentError("building_cards.toml: 5 players need at least 5 building cards")
    typed = _check_contracts(contracts, lands)
    return Content(
        lands=tuple(lands),
        constants=constants,
        building_cards=tuple(building_cards),
        building_card_ids=tuple(card.id for card in cards),
        merchants=_merchants(merchants_file, lands),
        contracts={card.number: card for card in contracts},
        contract_land=typed,
    )
