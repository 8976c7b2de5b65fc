"""What is on the table in a game of The Round House: plain data, nothing else.

Pieces are stored by their index in the content (rooms, pirates, temples, amulets, orders,
experts); places are lists of ints. Nodes of the map: 0 the ancestral hall, 1-6 the inner
circle, 7-12 the outer circle (content.py). Leaders are numbered: seats' leaders first, then
the two neutral leaders of a 2-player game (owner -1).
"""

from meeple.engine import Rng, State

# Phases of a turn (Player's turn, p.3), with the 2-player neutral move first and worship inside
# the move (rule D).
NEUTRAL = 0
EXPERT = 1
MOVE = 2
WORSHIP = 3
ROOM = 4
ORDERS = 5
FULFIL = 6
OVER = 7
PHASE_NAMES = (
    "neutral leader",
    "activate expert",
    "move leader",
    "worship",
    "room action",
    "receive orders",
    "fulfil orders",
    "game over",
)

# Pending decisions of the player to move, resolved first in first out: [kind, argument].
T_BASIC = 0  # take one basic resource; argument: bitmask of the allowed kinds
T_DISPATCH = 1  # merchant dispatch (optional)
T_INVEST = 2  # investment (optional); argument 1: permanent (senior) investment
T_AMULET = 3  # take a face-up amulet
T_ORDER = 4  # take a face-up order
T_EXPERT = 5  # take a face-up expert
T_ROOM = 6  # execute the action of a room (argument: room index; Grand Hall copies, neutral rule 2)
T_BLACK = 7  # one Black Market deal (optional)
T_TRADE = 8  # one Trading House action
T_TAKE = 9  # take one resource from any room (Warehouse)
T_PLACE = 10  # place a resource on a market space (experts); argument: kinds mask | 8 for double reward
T_KEEP = 11  # keep an amulet-icon expert (argument: its slot)
T_COPY = 12  # Grand Hall: choose an occupied room to copy
T_RUN = 13  # execute the action of a room, not to be declined (argument: room index; a chair's extra execution, a copy)
T_PATH = 14  # ancestral hall worship: the next space of the assistants' path
T_BONUS = 15  # order effect 4: 1 honor or 1 more of the resource received (argument: its kind)
LOG_LENGTH = 30
TASK_NAMES = (
    "basic resource",
    "merchant dispatch",
    "investment",
    "amulet",
    "order",
    "expert",
    "room action",
    "black market deal",
    "trading house action",
    "warehouse take",
    "market placement",
    "keep expert",
    "grand hall copy",
    "room execution",
    "ancestral hall path",
    "order bonus",
)


class Rh(State, kw_only=True):
    """A Round House game in progress."""

    current: int = 0
    turn: int = 0
    phase: int = NEUTRAL
    tasks: list[list[int]] = []
    # the board
    outer: list[int]  # room index on each outer position
    leaders: list[int]  # node of each leader
    owners: list[int]  # seat of each leader, -1 neutral
    chairs: list[int]  # seat on each chair, -1 empty
    senior_chairs: list[bool]
    spaces: list[list[int]]  # per room: each market space's resource (-1 empty; 3 Gold)
    warehouse: list[int]  # basic resources on the Warehouse tile
    lender: int  # coins on the Money Lender tile
    merchant: int  # town of the travelling merchant
    marker: int = 0  # round marker: ancestral hall worships so far
    end_at: int
    temples_used: list[bool]
    hall_amulets: list[int]  # amulet on each hexagonal space of the hall (-1 taken), in content.hall_spots order
    end_amulet: int
    # supplies
    basics: list[int]  # resource supply: tea, fruit, celadon, gold
    bank: int  # coins in the coin supply
    pirates_up: list[int]
    pirate_stack: list[int]  # top at the end
    pirates_seen: int = 0  # the bottom tiles of the stack put there face up, in known order
    amulets_up: list[int]
    amulet_pool: list[int]  # face down
    orders_up: list[int]
    order_deck: list[int]  # top at the end
    experts_up: list[int]
    expert_deck: list[int]  # top at the end
    expert_discard: list[int]
    # the players
    coins: list[int]
    goods: list[list[int]]  # tea, fruit, celadon, gold
    honor: list[int]
    personal: list[int]  # assistants in the personal supply
    reserve: list[int]  # assistants in the assistant supply (right to left; beyond 9 they stack)
    towns: list[list[int]]  # assistants per town
    seniors: list[int]  # bitmask of hall spaces (row by row) with the seat's senior assistant
    experts: list[list[int]]
    hand: list[list[int]]  # orders held
    done_orders: list[list[int]]  # fulfilled orders (sideways)
    done_turn: list[list[int]]  # turn each was fulfilled
    amulets: list[list[int]]
    used: list[int]  # bitmask: permanent effects used this turn (experts bits 0-3, orders 8+)
    icons: list[int]  # order/amulet icons passed, to take in the Receive Orders phase
    # the turn
    moved: int = -1  # leader moved this turn
    runs: int = 0  # 1 while the room's own execution (or the worship) is still to be made
    activated: list[int] = []  # chairs activated this turn
    dispatched: bool = False
    walk: list[
        int
    ] = []  # hall worship under way: [space reached, assistants left, spaces passed mask, last placed, placed]
    end_by: int = -1  # seat whose turn moved the marker to the end space
    turns_left: int = -1  # turns still to play after the ending turn
    hall_fee_at_stop: bool = True  # option grand_hall_fee: the fee is due when a leader stops there (p.8 6)
    log: list[str] = []

    def clone(self) -> "Rh":
        """A copy sharing nothing mutable: a shallow copy (every number and flag), then each list
        of ints sliced and each nested list rebuilt, its lists copied by `map` (a shallow copy is
        some 50 times faster than building the struct field by field)."""
        new = self.__copy__()
        new.rng = Rng(self.rng.state)
        new.tasks = list(map(list.copy, self.tasks))
        new.outer = self.outer[:]
        new.leaders = self.leaders[:]
        new.owners = self.owners[:]
        new.chairs = self.chairs[:]
        new.senior_chairs = self.senior_chairs[:]
        new.spaces = list(map(list.copy, self.spaces))
        new.warehouse = self.warehouse[:]
        new.temples_used = self.temples_used[:]
        new.hall_amulets = self.hall_amulets[:]
        new.basics = self.basics[:]
        new.pirates_up = self.pirates_up[:]
        new.pirate_stack = self.pirate_stack[:]
        new.amulets_up = self.amulets_up[:]
        new.amulet_pool = self.amulet_pool[:]
        new.orders_up = self.orders_up[:]
        new.order_deck = self.order_deck[:]
        new.experts_up = self.experts_up[:]
        new.expert_deck = self.expert_deck[:]
        new.expert_discard = self.expert_discard[:]
        new.coins = self.coins[:]
        new.goods = list(map(list.copy, self.goods))
        new.honor = self.honor[:]
        new.personal = self.personal[:]
        new.reserve = self.reserve[:]
        new.towns = list(map(list.copy, self.towns))
        new.seniors = self.seniors[:]
        new.experts = list(map(list.copy, self.experts))
        new.hand = list(map(list.copy, self.hand))
        new.done_orders = list(map(list.copy, self.done_orders))
        new.done_turn = list(map(list.copy, self.done_turn))
        new.amulets = list(map(list.copy, self.amulets))
        new.used = self.used[:]
        new.icons = self.icons[:]
        new.activated = self.activated[:]
        new.walk = self.walk[:]
        new.log = self.log[:]
        return new

    def note(self, text: str) -> None:
        """Add a public event to the log (the last LOG_LENGTH are kept)."""
        self.log.append(text)
        if len(self.log) > LOG_LENGTH:
            del self.log[0]

    def room_at(self, node: int, inner: tuple[int, ...]) -> int:
        """The room index on a node (-1: the hall)."""
        if node == 0:
            return -1
        return inner[node - 1] if node <= 6 else self.outer[node - 7]
