"""Loading and validating the Guédelon components (content/*.toml).

Every number, location, path, route, floor and card the rules use comes from here; the rules
code holds none. Validation runs at load: unknown keys, wrong types, a missing provenance, a
path or route naming an unknown location, a route that does not run from the Belvedere to the
Castle, a castle that is not 22 floors on 6 buildings, or an event series that is not 9 or 18
cards all fail loudly, naming the entry.
"""

from functools import cache
from typing import Literal

import msgspec

from meeple.engine.content import ContentError, Number, Source, convert_content

# Token kinds: raw materials 0-2, their finished sides 3-5 (2 Materials), then mortar and rope.
MATERIALS = ("stone", "wood", "clay")
KINDS = ("stone", "wood", "clay", "cut_stone", "beam", "tile", "mortar", "rope")
KIND_INDEX = {name: index for index, name in enumerate(KINDS)}
KIND_NAMES = tuple(name.replace("_", " ") for name in KINDS)  # as players read them: "cut stone"
STONE, WOOD, CLAY, CUT_STONE, BEAM, TILE, MORTAR, ROPE = range(8)
PRODUCTS = (CUT_STONE, BEAM, TILE)
# Where a token returns: the material's reserve (a two-sided token), the mortar or the rope reserve.
RESERVE_OF = (0, 1, 2, 0, 1, 2, 3, 4)
COLOURS = ("yellow", "orange", "red")
LOCATION_KINDS = (
    "master_builder",
    "belvedere",
    "pillory",
    "production",
    "workshop",
    "mason",
    "ropewalk",
    "blacksmith",
    "stables",
    "castle",
    "mill",
)
SERIES = ("easy", "intermediate", "hard", "special")
EFFECT_KINDS = (
    "tools_add",
    "tools_set",
    "exp_add",
    "rope_to_crane",
    "rope_loss",
    "fairy",
    "archaeologists",
    "mortar_gift",
    "all_to_belvedere",
    "change_route",
    "draw_visitors",
    "cart_home",
    "visitors_advance",
    "courtyard_loss",
    "uninitiate",
    "master_builder_tools",
    "master_builder_exp",
    "extra_turn",
    "trainee",
    "first_bonus",
    "extra_cart",
    "experience_as",
    "rebelote",
    "shared_master_builder",
    "production",
    "closed",
    "no_cart",
)


class Location(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One location of the site map (7 Locations)."""

    id: str
    number: int
    name: str
    kind: str
    x: int
    y: int
    source: Source
    note: str
    material: str = ""
    expansion: bool = False


class CartPath(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    ends: tuple[str, str]
    source: Source
    note: str


class Route(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    colour: str
    path: list[str]
    source: Source
    note: str
    mill_after: str = ""


class BoardFile(msgspec.Struct, forbid_unknown_fields=True):
    limits: dict[str, Number]
    reserve: dict[str, Number]
    visitors: dict[str, Number]
    sliders: dict[str, Number]
    location: list[Location]
    cart_path: list[CartPath]
    route: list[Route]


class Building(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    floors: list[list[str]]
    source: Source
    note: str


class MillTile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    needs: list[str]
    source: Source
    note: str


class CastleFile(msgspec.Struct, forbid_unknown_fields=True):
    rope_per_floor: Number
    building: list[Building]
    mill: MillTile


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One effect of an event card; events.py holds one function per kind."""

    kind: str
    value: int = 0
    where: tuple[str, ...] = ()
    who: Literal["", "each", "pick", "apprentice", "last"] = ""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    number: int
    name: str
    series: str
    text: str
    effects: tuple[Effect, ...]
    source: Source
    note: str
    apprentice: tuple[Effect, ...] = ()


class EventsFile(msgspec.Struct, forbid_unknown_fields=True):
    card: list[Card]


class Content(msgspec.Struct, frozen=True):
    """All components, validated and indexed for the rules (locations by index)."""

    locations: tuple[Location, ...]
    index: dict[str, int]
    cart_paths: tuple[tuple[int, int], ...]
    mill_paths: frozenset[tuple[int, int]]
    routes: tuple[tuple[int, ...], ...]  # per colour, without the Mill
    mill_routes: tuple[tuple[int, ...], ...]  # per colour, once the Mill is built
    reserve: tuple[int, ...]  # stone, wood, clay, mortar, rope
    visitors: tuple[int, ...]  # pawn count per colour
    sliders: dict[int, tuple[int, int]]  # per player count, on every board (the apprentice's too)
    exp_range: tuple[int, int]
    tools_range: tuple[int, int]
    wheelbarrow: int
    cart: int
    stables_cart_actions: int
    blacksmith_tools: int
    rounds: int
    first_year: int
    bag_years: frozenset[int]
    buildings: tuple[Building, ...]
    floors: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]  # building, floor, space: accepted kinds
    rope_per_floor: int
    mill_needs: tuple[tuple[int, ...], ...]
    cards: dict[int, Card]
    castle: int
    neighbours: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]  # [with the Mill][location]

    __hash__ = object.__hash__  # by identity, in C: the content keys the memoised functions of hot paths

    def loc(self, location_id: str) -> int:
        return self.index[location_id]

    def series(self, name: str) -> list[int]:
        return sorted(n for n, card in self.cards.items() if card.series == name)


def _pair(number: Number, what: str) -> tuple[int, int]:
    if not isinstance(number.value, list) or len(number.value) != 2:
        raise ContentError(f"board.toml: {what} must be a pair [low, high]")
    return number.value[0], number.value[1]


def _int(number: Number, what: str) -> int:
    if not isinstance(number.value, int):
        raise ContentError(f"board.toml: {what} must be a whole number")
    return number.value


def _space(text: str, where: str) -> tuple[int, ...]:
    kinds = tuple(KIND_INDEX.get(part, -1) for part in text.split("|"))
    if any(k not in PRODUCTS for k in kinds):
        raise ContentError(f"castle.toml: {where}: '{text}' is not a finished product (cut_stone, beam, tile)")
    return kinds


def _check_locations(board: BoardFile) -> dict[str, int]:
    index = {loc.id: i for i, loc in enumerate(board.location)}
    if len(index) != len(board.location):
        raise ContentError("board.toml: location ids must be unique")
    for loc in board.location:
        if loc.kind not in LOCATION_KINDS:
            raise ContentError(f"board.toml: location {loc.id} has unknown kind '{loc.kind}'")
        if loc.kind in ("production", "workshop") and loc.material not in MATERIALS:
            raise ContentError(f"board.toml: location {loc.id} needs a material among {MATERIALS}")
    for needed in ("castle", "belvedere", "stables", "master_builder", "mill"):
        if needed not in index:
            raise ContentError(f"board.toml: the map needs a location '{needed}'")
    for path in board.cart_path:
        for end in path.ends:
            if end not in index:
                raise ContentError(f"board.toml: cart path {path.ends} names unknown location '{end}'")
    return index


def _routes(board: BoardFile, index: dict[str, int]) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    if sorted(r.colour for r in board.route) != sorted(COLOURS):
        raise ContentError(f"board.toml: there must be one route per colour {COLOURS}")
    plain, milled = {}, {}
    for route in board.route:
        if route.path[0] != "belvedere" or route.path[-1] != "castle":
            raise ContentError(f"board.toml: the {route.colour} route must run from the Belvedere to the Castle (6.3)")
        if any(step not in index for step in route.path) or len(set(route.path)) != len(route.path):
            raise ContentError(f"board.toml: the {route.colour} route names an unknown or repeated location")
        steps = [index[step] for step in route.path]
        plain[route.colour] = tuple(steps)
        if route.mill_after:
            at = route.path.index(route.mill_after)
            steps = [*steps[: at + 1], index["mill"], *steps[at + 1 :]]
        milled[route.colour] = tuple(steps)
    return tuple(plain[c] for c in COLOURS), tuple(milled[c] for c in COLOURS)


def _check_castle(castle: CastleFile) -> None:
    if len(castle.building) != 6 or sum(len(b.floors) for b in castle.building) != 22:
        raise ContentError("castle.toml: the castle has 6 buildings and 22 floor tiles (7.10, Contents)")
    for building in castle.building:
        if not 3 <= len(building.floors) <= 5:
            raise ContentError(f"castle.toml: building {building.id} must have 3 to 5 floors (7.10)")


def _check_cards(events: EventsFile) -> None:
    numbers = sorted(card.number for card in events.card)
    if numbers != list(range(1, 46)):
        raise ContentError("events.toml: the cards must be numbered 1 to 45, each once")
    sizes = {s: sum(1 for c in events.card if c.series == s) for s in SERIES}
    if sizes != {"easy": 18, "intermediate": 9, "hard": 9, "special": 9}:
        raise ContentError(f"events.toml: series sizes must be 18/9/9/9 (10 Difficulty), they are {sizes}")
    for card in events.card:
        for effect in (*card.effects, *card.apprentice):
            if effect.kind not in EFFECT_KINDS:
                raise ContentError(f"events.toml: card {card.number} has unknown effect kind '{effect.kind}'")


@cache
def load_content() -> Content:
    """Read and validate every content file once."""
    board = convert_content(__package__, "board.toml", BoardFile)
    castle = convert_content(__package__, "castle.toml", CastleFile)
    events = convert_content(__package__, "events.toml", EventsFile)
    index = _check_locations(board)
    routes, mill_routes = _routes(board, index)
    _check_castle(castle)
    _check_cards(events)
    limits = board.limits
    mill = index["mill"]
    paths = tuple((index[p.ends[0]], index[p.ends[1]]) for p in board.cart_path)
    return Content(
        locations=tuple(board.location),
        index=index,
        cart_paths=paths,
        mill_paths=frozenset(p for p in paths if mill in p),
        routes=routes,
        mill_routes=mill_routes,
        reserve=tuple(_int(board.reserve[k], k) for k in ("stone", "wood", "clay", "mortar", "rope")),
        visitors=tuple(_int(board.visitors[c], c) for c in COLOURS),
        sliders={int(k): _pair(v, f"sliders.{k}") for k, v in board.sliders.items()},
        exp_range=_pair(limits["experience"], "experience"),
        tools_range=_pair(limits["tools"], "tools"),
        wheelbarrow=_int(limits["wheelbarrow"], "wheelbarrow"),
        cart=_int(limits["cart"], "cart"),
        stables_cart_actions=_int(limits["stables_cart_actions"], "stables_cart_actions"),
        blacksmith_tools=_int(limits["blacksmith_tools"], "blacksmith_tools"),
        rounds=_int(limits["rounds"], "rounds"),
        first_year=_int(limits["first_year"], "first_year"),
        bag_years=frozenset(limits["bag_years"].value) if isinstance(limits["bag_years"].value, list) else frozenset(),
        buildings=tuple(castle.building),
        floors=tuple(
            tuple(tuple(_space(s, f"{b.id}{f}") for s in floor) for f, floor in enumerate(b.floors))
            for b in castle.building
        ),
        rope_per_floor=_int(castle.rope_per_floor, "rope_per_floor"),
        mill_needs=tuple(_space(s, "mill") for s in castle.mill.needs),
        cards={card.number: card for card in events.card},
        castle=index["castle"],
        neighbours=(_neighbours(paths, len(index), mill), _neighbours(paths, len(index), -1)),
    )


def _neighbours(paths: tuple[tuple[int, int], ...], count: int, without: int) -> tuple[tuple[int, ...], ...]:
    """Per location, the locations one cart path away (paths touching `without` left out)."""
    return tuple(
        tuple(sorted({b if a == loc else a for a, b in paths if loc in (a, b) and without not in (a, b)}))
        for loc in range(count)
    )
