"""What is on the table in a game of Lotta Rome: plain data, nothing else.

Per seat lists hold one entry per player. Pieces and cells are small ints (pieces.py);
a domain is a dict from packed hex positions (geometry.py) to cell values. Stacks, decks
and piles keep their top at the end.
"""

from meeple.engine import Rng, State

# Phases, in the order of a round (base game phases 1-4, expansion phases 5-6).
START = "start"  # expansion SET UP: each player keeps one of 3 contracts (sealed)
DIVIDE = "divide"  # 2 DIVISION: split the 5 explored lands into two lots (sealed)
CHOOSE = "choose"  # 3 SELECTION: choose one lot of a neighbour (sealed)
ADD = "add"  # 4 ADDITION: place the lands of both lots
ELEPHANT = "elephant"  # 5 PLACING AN ELEPHANT WITH TENT
BID = "bid"  # 6 AUCTION: choose one received contract (sealed)
PICK = "pick"  # 6 PURCHASE: take a lot from the market and place it, in bid order
OVER = "over"

SMALLER, LARGER = 0, 1

_copy = list.copy


class Lotta(State, kw_only=True):
    """A Lotta Rome game in progress."""

    merchants: bool
    round: int = 1
    phase: str = DIVIDE
    building_card: list[int]  # per seat: index of its building card
    stacks: list[list[int]]  # per seat: land types still in its personal stack
    gems: list[int]
    explored: list[list[int]]  # per seat: the pieces explored this round
    division: list[int]  # per seat: bit mask of `explored` forming the smaller lot; -1 until divided
    divisions_revealed: bool = False
    lot_gem: list[int]  # per seat: gems lying on its smaller lot once the lots are revealed
    choice: list[int]  # per seat: SMALLER or LARGER lot of its neighbour; -1 until chosen
    choices_revealed: bool = False
    pending: list[list[int]]  # per seat: pieces still to place
    holding: list[int]  # per seat: the piece being placed now, -1 if none
    half: list[int]  # per seat: where the first half of the held double land went, -1 if not yet
    spots: list[list[int]]  # per seat: the positions of its domain, in the order placed
    cells: list[list[int]]  # per seat, parallel to `spots`: the cell at each position
    joins: list[list[int]]  # per seat: positions of double lands' halves, in pairs
    # The Merchants
    elephants_left: int = 0
    elephant_done: list[bool] = []
    deck: list[int] = []  # contract numbers
    discard: list[int] = []
    hand: list[list[int]] = []  # per seat: contracts dealt at setup or received this round
    chosen: list[int] = []  # per seat: the sealed chosen contract, -1 if none
    start_contract: list[int] = []  # per seat: kept secret until the end
    contracts: list[list[int]] = []  # per seat: contracts won in auctions, face up
    doubles: list[int] = []  # double-land stack: indices into content.merchants.doubles
    bonus_stack: list[int] = []  # bonus-land stack: land types
    buildings_left: list[int] = []  # the expansion's base buildings still on the reminder
    forts_left: int = 0
    market_gems: int = 0
    boxed_gems: int = 0  # gems of lots nobody took, put in the box at the end of a round
    market: list[int] = []  # per slot: the lot's double land (piece, building included), -1 once taken
    market_land: list[int] = []  # per slot: the lot's bonus land, -1 if none
    market_gem: list[int] = []  # per slot: gems on the lot
    bids: list[int] = []  # per seat, revealed: coins on the chosen card + 1 per unchosen card
    order: list[int] = []  # lot-taking order
    order_pos: int = 0
    final: list[list[int]] = []  # per seat at the end: buildings, gems, contracts, total, lands
    log: list[str] = []  # public events

    def clone(self) -> "Lotta":
        """A copy sharing nothing mutable: a shallow copy (numbers, strings), its lists copied (the
        lists of lists by `map`, no Python step per seat)."""
        copy = self.__copy__()
        copy.rng = Rng(self.rng.state)
        copy.building_card = self.building_card[:]
        copy.stacks = list(map(_copy, self.stacks))
        copy.gems = self.gems[:]
        copy.explored = list(map(_copy, self.explored))
        copy.division = self.division[:]
        copy.lot_gem = self.lot_gem[:]
        copy.choice = self.choice[:]
        copy.pending = list(map(_copy, self.pending))
        copy.holding = self.holding[:]
        copy.half = self.half[:]
        copy.spots = list(map(_copy, self.spots))
        copy.cells = list(map(_copy, self.cells))
        copy.joins = list(map(_copy, self.joins))
        copy.elephant_done = self.elephant_done[:]
        copy.deck = self.deck[:]
        copy.discard = self.discard[:]
        copy.hand = list(map(_copy, self.hand))
        copy.chosen = self.chosen[:]
        copy.start_contract = self.start_contract[:]
        copy.contracts = list(map(_copy, self.contracts))
        copy.doubles = self.doubles[:]
        copy.bonus_stack = self.bonus_stack[:]
        copy.buildings_left = self.buildings_left[:]
        copy.market = self.market[:]
        copy.market_land = self.market_land[:]
        copy.market_gem = self.market_gem[:]
        copy.bids = self.bids[:]
        copy.order = self.order[:]
        copy.final = list(map(_copy, self.final))
        copy.log = self.log[:]
        return copy

    def note(self, text: str) -> None:
        """Add a public event to the log."""
        self.log.append(text)

    def domain(self, seat: int) -> dict[int, int]:
        """The seat's domain as a mapping position -> cell (a new dict: editing it changes nothing)."""
        return dict(zip(self.spots[seat], self.cells[seat], strict=True))

    def put(self, seat: int, position: int, value: int) -> None:
        """Set the cell at `position` of the seat's domain, adding the position if it is new."""
        spots = self.spots[seat]
        if position in spots:
            self.cells[seat][spots.index(position)] = value
        else:
            spots.append(position)
            self.cells[seat].append(value)

    def left(self, seat: int) -> int:
        """The left neighbour (ruling: seats sit clockwise, the left neighbour is the next seat)."""
        return (seat + 1) % self.players

    def right(self, seat: int) -> int:
        return (seat - 1) % self.players

    def source_of(self, seat: int) -> int:
        """3 SELECTION: whose lots `seat` chooses from: the left neighbour in rounds 1 and 3,
        the right neighbour in rounds 2 and 4."""
        return self.left(seat) if self.round % 2 == 1 else self.right(seat)
