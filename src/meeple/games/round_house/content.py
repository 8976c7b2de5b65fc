"""Loading and validating The Round House components (content/*.toml).

Every number and every piece the rules use comes from here: the board map (rings, stairs,
chairs, towns, score track icons, the ancestral hall grid), the rooms and action tiles, the
pirate, temple and amulet tiles, the order and expert cards, and the setup numbers. Loading
fails loudly, naming the entry, on an unknown key, a wrong type, a missing provenance or a
component count that is not the rulebook's (Components, p.1).
"""

from functools import cache
from typing import Literal

import msgspec

from meeple.engine.content import ContentError, Number, Source, convert_content, convert_entries, read_content

BASICS = ("tea", "fruit", "celadon")
GOLD = 3  # resource index of Gold; 0-2 are the basic resources in BASICS order
RESOURCE_NAMES = (*BASICS, "gold")
KIND = {name: index for index, name in enumerate(BASICS)}
HALL = 0  # node of the ancestral hall; inner positions are nodes 1-6, outer 7-12
RING = 6  # rooms per circle
HEXAGONS = 6  # the ancestral hall's hexagonal amulet spaces (setup 4)


class Gain(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A reward in the game's vocabulary: taken goods, and assistant actions to execute."""

    coins: int = 0
    honor: int = 0
    tea: int = 0
    fruit: int = 0
    celadon: int = 0
    gold: int = 0
    basic: int = 0
    recruit: int = 0
    dispatch: int = 0
    invest: int = 0
    senior_invest: int = 0
    amulet: int = 0
    order: int = 0

    def goods(self) -> tuple[int, int, int, int]:
        return (self.tea, self.fruit, self.celadon, self.gold)

    def text(self) -> str:
        return _gain_text(self)


GAIN_WORDS = {
    "coins": "coin",
    "basic": "basic resource of your choice",
    "recruit": "recruit",
    "dispatch": "merchant dispatch",
    "invest": "investment",
    "senior_invest": "senior investment",
}


def plural(n: int, noun: str) -> str:
    """ "1 coin", "2 coins"; "1 basic resource of your choice", "2 basic resources of your choice"."""
    if n == 1:
        return f"{n} {noun}"
    head, _, tail = noun.partition(" of ")
    if head.endswith(("ch", "sh")):
        head += "es"
    elif not head.endswith(("s", "tea", "fruit", "celadon", "gold", "honor")):
        head += "s"
    return f"{n} {head}" + (f" of {tail}" if tail else "")


@cache
def _gain_text(gain: Gain) -> str:
    """A gain as labels read it ("1 basic resource of your choice, 1 merchant dispatch"); cached,
    labels are built on every decision."""
    parts = [plural(value, GAIN_WORDS.get(name, name)) for name, value in msgspec.structs.asdict(gain).items() if value]
    return ", ".join(parts) or "nothing"


NOTHING = Gain()


class Tagged(Gain, frozen=True, kw_only=True):
    """A gain printed on the board, with its provenance."""

    source: Source
    note: str

    def gain(self) -> Gain:
        fields = msgspec.structs.asdict(self)
        del fields["source"], fields["note"]
        return Gain(**fields)


class Payment(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One payment printed on the Bank tile (p.9 3)."""

    coins: int
    honor: int
    invest: int = 0


class Room(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An inner room or an outer action tile (pp.8-10)."""

    id: str
    name: str
    kind: Literal[
        "receiving_goods",
        "pirates",
        "market",
        "expert_hall",
        "money_lender",
        "grand_hall",
        "bank",
        "black_market",
        "trading_house",
        "study",
        "warehouse",
        "tea_house",
    ]
    ring: Literal["inner", "outer"]
    source: Source
    note: str
    size: Literal["", "large", "small"] = ""
    mode: Literal["", "one", "different", "same"] = ""
    designated: list[str] = []
    chart: dict[str, Gain] = {}
    gain: Gain = NOTHING
    alt_gain: Gain = NOTHING
    fee: int = 0
    payments: list[Payment] = []
    times: int = 0
    deals: dict[str, int] = {}
    prices: list[int] = []
    tiers: list[list[int]] = []

    def space_kind(self, space: int) -> int:
        """The basic resource a market space is designated for, -1 for any."""
        name = self.designated[space]
        return -1 if name == "any" else KIND[name]


class Piece(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A pirate or temple tile: a reward."""

    id: str
    gain: Gain
    source: Source
    note: str


class Amulet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    honor: int
    count: int
    source: Source
    note: str


class Order(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An order card (p.6, p.14)."""

    id: str
    start: bool
    cost: dict[str, int]
    honor: int
    effect: Literal["coins", "honor", "color", "any"]
    source: Source
    note: str
    amount: int = 0
    kind: str = ""

    def price(self) -> tuple[int, int, int, int]:
        """(tea, fruit, celadon, coins) to pay."""
        return (
            self.cost.get("tea", 0),
            self.cost.get("fruit", 0),
            self.cost.get("celadon", 0),
            self.cost.get("coins", 0),
        )

    def effect_text(self) -> str:
        return {
            "coins": f"+{self.amount} coin when receiving coins",
            "honor": "+1 honor when receiving a resource",
            "color": f"+1 {self.kind} when receiving {self.kind}",
            "any": "+1 honor or +1 more of it when receiving a basic resource",
        }[self.effect]


class Expert(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An expert card (p.15): a one-time effect, or a permanent once-per-turn trigger."""

    id: str
    name: str
    group: int
    source: Source
    note: str
    keep: bool = False
    gain: Gain = NOTHING
    alt_gain: Gain = NOTHING
    choice: list[str] = []
    place: int = 0
    place_kinds: list[str] = []
    double: bool = False
    return_assistant: int = 0
    others_coins: int = 0
    coin_per_personal: int = 0
    permanent: Literal["", "invest", "gold", "basic", "expert"] = ""
    permanent_honor: int = 0

    def text(self) -> str:
        if self.permanent:
            when = {"invest": "investing", "gold": "receiving Gold", "basic": "receiving Tea, Fruit or Celadon"}
            what = when.get(self.permanent, "receiving expert cards")
            return f"once a turn, when {what}: +{self.permanent_honor} honor"
        parts = []
        if self.return_assistant:
            parts.append("return an assistant")
        if self.gain != NOTHING:
            parts.append(self.gain.text())
        if self.alt_gain != NOTHING:
            parts.append("or " + self.alt_gain.text())
        if self.choice:
            parts.append(" or ".join(self.choice))
        if self.place:
            parts.append(
                f"place {self.place} {'/'.join(self.place_kinds)} on markets" + (" (double)" if self.double else "")
            )
        if self.others_coins:
            parts.append(f"others +{self.others_coins} coin")
        if self.coin_per_personal:
            parts.append("+1 coin per assistant in supply")
        return "; ".join(parts) + (" (amulet icon)" if self.keep else "")


class Numbers(msgspec.Struct, frozen=True):
    coins_by_seat: list[int]
    start_gold: int
    personal_assistants: int
    assistant_supply: int
    assistants: int
    leaders: list[int]
    neutral_leaders: int
    basic_supply: int
    gold_supply: int
    coin_supply: int
    lender_coins: int
    end_space: list[int]
    face_up: int
    expert_slots: int
    merchant_step_cost: int
    small_tiles_used: int


class Rings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    inner_rooms: list[str]
    outer_sizes: list[Literal["large", "small"]]
    chairs_per_inner_room: int
    source: Source
    note: str


class Stair(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"start": "from", "end": "to"}):
    start: str
    end: str
    source: Source
    note: str


class Towns(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    names: list[str]
    merchant_start: str
    source: Source
    note: str


class Track(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    icons: list[int]
    source: Source
    note: str


HallSpot = Literal["amulet", "order", "none"]


class HallGrid(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The ancestral hall (p.12): spaces row by row from the top-left, their honor, the bonuses
    above columns and left of rows, and what lies below columns and right of rows."""

    rows: int
    columns: int
    honor: list[int]
    below: list[HallSpot]
    right: list[HallSpot]
    top: list[Tagged]
    left: list[Tagged]
    source: Source
    note: str


class Board(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rings: Rings
    stairs: list[Stair]
    towns: Towns
    track: Track
    hall: HallGrid


class Content(msgspec.Struct, frozen=True):
    """All components, validated, with the board turned into lookup tables."""

    board: Board
    rooms: tuple[Room, ...]
    room_index: dict[str, int]
    inner: tuple[int, ...]  # room index at inner positions 0-5
    large: tuple[int, ...]  # room indices of the large and the small tiles
    small: tuple[int, ...]
    edges: tuple[tuple[tuple[int, bool], ...], ...]  # per node: (next node, by stairs), clockwise
    ways: tuple[tuple[int, ...], ...]  # per node: the next nodes by corridor or stairs
    corridors: tuple[tuple[int, ...], ...]  # per node: the next nodes by corridor only
    pirates: tuple[Piece, ...]
    temples: tuple[Piece, ...]
    amulets: tuple[Amulet, ...]  # one entry per physical amulet
    orders: tuple[Order, ...]
    experts: tuple[Expert, ...]
    numbers: Numbers
    hall_top: tuple[Gain, ...]
    hall_left: tuple[Gain, ...]
    hall_spots: tuple[tuple[str, int], ...]  # below each column, then right of each row: (what, hexagon or -1)
    hall_next: tuple[tuple[int, ...], ...]  # per hall space: the spaces touching it horizontally or vertically
    icons: frozenset[int]
    merchant_start: int

    __hash__ = object.__hash__  # by identity, in C: the content keys the caches of every hot path

    @property
    def towns(self) -> int:
        return len(self.board.towns.names)

    @property
    def chairs(self) -> int:
        return RING * self.board.rings.chairs_per_inner_room

    def chair_room_node(self, chair: int) -> int:
        """The inner node a chair stands beside."""
        return 1 + chair // self.board.rings.chairs_per_inner_room


def node_name(node: int) -> str:
    if node == HALL:
        return "hall"
    return f"inner-{node - 1}" if node <= RING else f"outer-{node - 1 - RING}"


def node_of(name: str) -> int:
    if name == "hall":
        return HALL
    ring, _, position = name.partition("-")
    if ring not in ("inner", "outer") or not position.isdigit() or int(position) >= RING:
        raise ContentError(f"board.toml: unknown node {name!r}")
    return 1 + int(position) + (RING if ring == "outer" else 0)


def _edges(stairs: list[Stair]) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Rule A (p.4): clockwise along each circle's corridor; both circles end in the hall, and
    the hall opens on both; stairs lead clockwise to the other circle."""
    edges: list[list[tuple[int, bool]]] = [[(1, False), (1 + RING, False)]]
    for base in (1, 1 + RING):
        for position in range(RING):
            after = base + position + 1 if position < RING - 1 else HALL
            edges.append([(after, False)])
    for stair in stairs:
        start, end = node_of(stair.start), node_of(stair.end)
        if start == HALL or end == HALL or (start <= RING) == (end <= RING):
            raise ContentError(f"board.toml: stairs {stair.start} -> {stair.end} must join the two circles")
        edges[start].append((end, True))
    return tuple(tuple(e) for e in edges)


def _hall_spots(hall: HallGrid) -> tuple[tuple[str, int], ...]:
    """What lies below each column and right of each row, numbering the hexagons in that order."""
    out = []
    hexagon = 0
    for what in (*hall.below, *hall.right):
        out.append((what, hexagon if what == "amulet" else -1))
        hexagon += what == "amulet"
    return tuple(out)


def _hall_next(hall: HallGrid) -> tuple[tuple[int, ...], ...]:
    """Neighbours of each hall space (numbered row by row)."""
    out = []
    for space in range(hall.rows * hall.columns):
        row, column = divmod(space, hall.columns)
        steps = ((row - 1, column), (row, column + 1), (row + 1, column), (row, column - 1))
        out.append(tuple(r * hall.columns + k for r, k in steps if 0 <= r < hall.rows and 0 <= k < hall.columns))
    return tuple(out)


def _check(rooms: list[Room], board: Board, numbers: Numbers, pieces: dict, cards: dict) -> None:
    def fail(message: str) -> None:
        raise ContentError(message)

    ids = [room.id for room in rooms]
    if len(set(ids)) != len(ids):
        fail("rooms.toml: room ids must be unique")
    sizes = [room.size for room in rooms if room.ring == "outer"]
    if sizes.count("large") != 3 or sizes.count("small") != 5:
        fail("rooms.toml: the outer circle needs 3 large and 5 small action tiles (Components)")
    if len(board.rings.inner_rooms) != RING or any(
        r not in ids or rooms[ids.index(r)].ring != "inner" for r in board.rings.inner_rooms
    ):
        fail("board.toml: rings.inner_rooms must name 6 inner rooms of rooms.toml")
    outer_sizes = board.rings.outer_sizes
    if outer_sizes.count("large") != 3 or outer_sizes.count("small") != numbers.small_tiles_used:
        fail("board.toml: the outer circle has 3 large and 3 small spaces (setup 1)")
    for room in rooms:
        if room.kind == "market":
            if not room.designated or set(room.chart) != set(BASICS):
                fail(f"rooms.toml: market {room.id} needs spaces and a chart for {BASICS}")
            if any(d != "any" and d not in KIND for d in room.designated):
                fail(f"rooms.toml: market {room.id} has an unknown designated resource")
    hall = board.hall
    if len(hall.honor) != hall.rows * hall.columns:
        fail("board.toml: the hall needs an honor value for each of its rows x columns spaces")
    if len(hall.top) != hall.columns or len(hall.left) != hall.rows:
        fail("board.toml: one bonus above each hall column and left of each row")
    if len(hall.below) != hall.columns or len(hall.right) != hall.rows:
        fail("board.toml: one reward spot below each hall column and right of each row")
    if [*hall.below, *hall.right].count("amulet") != HEXAGONS:
        fail(f"board.toml: the hall has {HEXAGONS} hexagonal amulet spaces (setup 4)")
    if board.towns.merchant_start not in board.towns.names:
        fail("board.toml: the merchant must start in a town")
    counts = {
        "pirate": (len(pieces["pirate"]), 10),
        "temple": (len(pieces["temple"]), 4),
        "amulet": (sum(a.count for a in pieces["amulet"]), 18),
        "order": (len(cards["order"]), 20),
        "expert": (len(cards["expert"]), 24),
    }
    for name, (have, want) in counts.items():
        if have != want:
            fail(f"the game has {want} {name} pieces (Components), the content has {have}")
    starts = sum(o.start for o in cards["order"])
    if starts < 5:
        fail("cards.toml: 5 starting orders are needed, one per player at most 5 players")
    for order in cards["order"]:
        if any(k not in (*BASICS, "coins") for k in order.cost) or (order.effect == "color" and order.kind not in KIND):
            fail(f"cards.toml: order {order.id} has a bad cost or colour")
    for expert in cards["expert"]:
        if any(k not in KIND for k in (*expert.choice, *expert.place_kinds)):
            fail(f"cards.toml: expert {expert.id} names an unknown resource")
        if bool(expert.permanent) != bool(expert.permanent_honor):
            fail(f"cards.toml: expert {expert.id} needs permanent and permanent_honor together")


@cache
def load_content() -> Content:
    """Read and validate every content file once."""
    board = convert_content(__package__, "board.toml", Board)
    rooms = convert_content(__package__, "rooms.toml", list[Room], table="room")
    raw_pieces, raw_cards = read_content(__package__, "pieces.toml"), read_content(__package__, "cards.toml")
    pieces = {
        "pirate": convert_entries("pieces.toml", raw_pieces, list[Piece], table="pirate"),
        "temple": convert_entries("pieces.toml", raw_pieces, list[Piece], table="temple"),
        "amulet": convert_entries("pieces.toml", raw_pieces, list[Amulet], table="amulet"),
    }
    cards = {
        "order": convert_entries("cards.toml", raw_cards, list[Order], table="order"),
        "expert": convert_entries("cards.toml", raw_cards, list[Expert], table="expert"),
    }
    rules = convert_content(__package__, "rules.toml", dict[str, Number])
    numbers = convert_entries("rules.toml", {k: v.value for k, v in rules.items()}, Numbers)
    _check(rooms, board, numbers, pieces, cards)
    index = {room.id: i for i, room in enumerate(rooms)}
    edges = _edges(board.stairs)
    return Content(
        board=board,
        rooms=tuple(rooms),
        room_index=index,
        inner=tuple(index[r] for r in board.rings.inner_rooms),
        large=tuple(i for i, r in enumerate(rooms) if r.size == "large"),
        small=tuple(i for i, r in enumerate(rooms) if r.size == "small"),
        edges=edges,
        ways=tuple(tuple(n for n, _ in e) for e in edges),
        corridors=tuple(tuple(n for n, stairs in e if not stairs) for e in edges),
        pirates=tuple(pieces["pirate"]),
        temples=tuple(pieces["temple"]),
        amulets=tuple(a for a in pieces["amulet"] for _ in range(a.count)),
        orders=tuple(cards["order"]),
        experts=tuple(cards["expert"]),
        numbers=numbers,
        hall_top=tuple(t.gain() for t in board.hall.top),
        hall_left=tuple(t.gain() for t in board.hall.left),
        hall_spots=_hall_spots(board.hall),
        hall_next=_hall_next(board.hall),
        icons=frozenset(board.track.icons),
        merchant_start=board.towns.names.index(board.towns.merchant_start),
    )
