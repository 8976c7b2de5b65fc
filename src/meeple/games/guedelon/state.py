"""What is on the table in a game of Guédelon: plain data, nothing else.

Locations are indexed as in content/board.toml. Tokens lie in containers: one per location
(the Castle's is its courtyard, 7.10), then the wheelbarrows (3.3), then the cart (4); each
container is a list of 8 counts by token kind (content.KINDS). There is one wheelbarrow per
player board: in solo the two workers share one board and so one wheelbarrow (11.3), unless the
option solo_wheelbarrow=own gives each worker pawn its own, and then there is one per actor.
The number of wheelbarrows is the number of containers between the locations and the cart, so
the default game's state is the same as before the option existed.

Actors are the worker pawns: one per seat, two for the solo player, plus the apprentice in solo
and duo (11). Each actor uses a board (experience, tools, wheelbarrow) and is moved by a seat.
Nothing is hidden: the bag and the event deck are drawn at random when drawn (from the seeded
stream), so their contents are public and their order does not exist until it happens.
"""

from meeple.engine import Rng, State

# Phases of a round (5 Game round).
EVENT = "event"  # 5.2: the team settles the event card's choices
ORDER = "order"  # 11.3: the solo player orders their two workers
TURN = "turn"  # 5.3: the actor in turn decides
OVER = "over"  # 8 Game end

# Stages of a turn (5.3).
BEFORE = 0  # at the departure location: wheelbarrow, cart, the move
EFFECT = 1  # just arrived, the location's effect to take (or skip)
AFTER = 2  # effect done: wheelbarrow, cart, end of turn
EARLY = 3  # card 12 (Rebelote): the effect of the location being left, before the move

# Sub-modes inside a stage.
NONE = ""
CART_LOAD = "cart_load"  # loading several tokens as one cart action (4)
CART_UNLOAD = "cart_unload"
BUILD = "build"  # placing products on floors (7.10) or the Mill (12.3)


class Guedelon(State, kw_only=True):
    """A Guédelon game in progress."""

    boards: int
    actor_board: list[int]
    actor_seat: list[int]
    actor_loc: list[int]
    apprentice: int = -1  # actor index of the apprentice, -1 without one
    app_colour: int = -1  # colour the apprentice follows, -1 before choosing (11.1)
    exp: list[int]  # per board (3.1)
    tools: list[int]  # per board (3.2)
    tokens: list[list[int]]  # containers: locations, then wheelbarrows (by board or by actor), then the cart
    reserve: list[int]  # stone, wood, clay, mortar, rope
    cart_loc: int
    crane: int = 0  # ropes on the thread wheel crane (7.7)
    mortar: list[int]  # per building: 1 once mortar lies at its foot (7.6)
    floor: list[int]  # per building: floors completed
    filled: list[list[int]]  # per building: kind placed on each space of its current floor, -1 empty
    mill: int = -1  # -1 no Mill option, 0 to build, 1 built (12)
    mill_filled: list[int] = []
    visitor_colour: list[int]  # per pawn
    visitor_loc: list[int]  # per pawn, -1 in the bag
    visitor_up: list[bool]  # initiated (standing) (6.2)
    round: int = 0
    deck: list[int]  # event cards still to draw (numbers, sorted)
    discard: list[int] = []
    event: int = 0  # this round's card, 0 none
    side: str = ""  # "workers" or "apprentice": which alternative of the card applies
    pending: list[str] = []  # choices the event still needs, settled in order by seat 0
    picked: int = -1  # actor chosen by the event (cards 11, 12)
    bonus_cart: int = 0  # extra cart actions before a worker's action (cards 10, 37)
    trainee: bool = False  # card 7 still to use
    first_bonus: int = 0  # card 8 still to give
    first_bonus_loc: int = -1
    shared_master: bool = False  # card 18
    no_cart: bool = False
    closed: list[int] = []
    production: list[int]  # per location: bonus (or malus) to this round's production
    order: list[int] = []  # actors in turn this round
    pos: int = 0
    phase: str = TURN
    stage: int = BEFORE
    mode: str = NONE
    cart_left: int = 0
    cart_used: int = 0
    placed: int = 0  # tokens placed (or moved) in the current mode
    rebelote: bool = False  # the picked actor may still act where they stand (card 12)
    again: bool = False  # the actor may repeat the location's action (card 7)
    finished: int = 0  # round in which the castle was completed
    extra_limit: int = 12
    blacksmith_sets: bool = False  # option: the Blacksmith sets exactly 3 tools, even lowering them
    log: list[str] = []

    def clone(self) -> "Guedelon":
        """A copy sharing nothing mutable."""
        return Guedelon(
            players=self.players,
            seed=self.seed,
            rng=Rng(self.rng.state),
            decisions=self.decisions,
            boards=self.boards,
            actor_board=self.actor_board[:],
            actor_seat=self.actor_seat[:],
            actor_loc=self.actor_loc[:],
            apprentice=self.apprentice,
            app_colour=self.app_colour,
            exp=self.exp[:],
            tools=self.tools[:],
            tokens=[t[:] for t in self.tokens],
            reserve=self.reserve[:],
            cart_loc=self.cart_loc,
            crane=self.crane,
            mortar=self.mortar[:],
            floor=self.floor[:],
            filled=[f[:] for f in self.filled],
            mill=self.mill,
            mill_filled=self.mill_filled[:],
            visitor_colour=self.visitor_colour[:],
            visitor_loc=self.visitor_loc[:],
            visitor_up=self.visitor_up[:],
            round=self.round,
            deck=self.deck[:],
            discard=self.discard[:],
            event=self.event,
            side=self.side,
            pending=self.pending[:],
            picked=self.picked,
            bonus_cart=self.bonus_cart,
            trainee=self.trainee,
            first_bonus=self.first_bonus,
            first_bonus_loc=self.first_bonus_loc,
            shared_master=self.shared_master,
            no_cart=self.no_cart,
            closed=self.closed[:],
            production=self.production[:],
            order=self.order[:],
            pos=self.pos,
            phase=self.phase,
            stage=self.stage,
            mode=self.mode,
            cart_left=self.cart_left,
            cart_used=self.cart_used,
            placed=self.placed,
            rebelote=self.rebelote,
            again=self.again,
            finished=self.finished,
            extra_limit=self.extra_limit,
            blacksmith_sets=self.blacksmith_sets,
            log=self.log[:],
        )

    @property
    def locations(self) -> int:
        return len(self.production)

    @property
    def wheelbarrows(self) -> int:
        """How many wheelbarrows there are: the containers between the locations and the cart."""
        return len(self.tokens) - self.locations - 1

    @property
    def barrow_per_actor(self) -> bool:
        """Whether each actor pushes its own wheelbarrow rather than its board's (11.3 with the
        option solo_wheelbarrow=own; with one board per actor the two are the same)."""
        return self.wheelbarrows == len(self.actor_board)

    def barrow_of(self, actor: int) -> int:
        """The wheelbarrow (0-based, among the wheelbarrows) that `actor` pushes (3.3, 11.3)."""
        return actor if self.barrow_per_actor else self.actor_board[actor]

    def barrow(self, actor: int) -> int:
        """The container index of the wheelbarrow `actor` pushes (`barrow_of`, inlined: hot)."""
        locations = len(self.production)
        if len(self.tokens) - locations - 1 == len(self.actor_board):
            return locations + actor
        return locations + self.actor_board[actor]

    @property
    def cart(self) -> int:
        """The container index of the cart: the last container."""
        return len(self.tokens) - 1

    @property
    def actor(self) -> int:
        """The actor whose turn it is."""
        return self.order[self.pos]

    def note(self, text: str) -> None:
        self.log.append(text)
