"""What is on the table in a game of Four Big Strata: plain data, nothing else.

Cards are stored by card type index (content.cards); identical cards are
indistinguishable, so a position's type is all there is to know. Who knows a
face-down card's face is kept per position as a bitmask of seats.

Participants are the seats, plus the solo opponent (the NPC) as participant 1
in a solo game: `participants` is the length of every per-participant list.
"""

from meeple.engine import Rng, State
from meeple.engine.wording import seat_mark

# Phases, in the order of a round (7 Game flow, 8 Phases).
SETUP = "setup"  # 6 Setup step 8: extra resources for turn positions 3-7
BID = "bid"  # 8.2.1: sealed simultaneous bids
PICK = "pick"  # 8.2.1-8.2.4: picks from highest bidder
FEED = "feed"  # 8.3.1: a player who cannot pay finds the resources
CAP = "cap"  # 8.3.1 / 8.4.2: discard down to 10
TRIBUTE = "tribute"  # 8.4.1
OVER = "over"  # 9 Game end

# A `known` mask meaning the face is public: every seat and spectators (a flipped card was face up).
PUBLIC = -1

# How the log names each seat (meeple.engine.wording), up to the largest game's 7 seats.
_MARKS = tuple(map(seat_mark, range(7)))


def participant_name(participant: int, players: int) -> str:
    """How the public log names a participant of a game of `players` seats (`Fbs.name`)."""
    return "the Magistrate" if participant >= players else _MARKS[participant]


# Kinds of queued tasks: (kind, seat, other, amount).
TASK_EXTRA = 0  # seat chooses `amount` extra starting resources
TASK_FEED = 1  # seat must pay its feeding bill, worked out when it pays (a flip changes it)
TASK_CAP = 2  # seat must discard down to the cap
TASK_TRIBUTE = 3  # seat demands `amount` resources from participant `other`
TASK_GAIN = 4  # seat gains `amount` resources of its choice (solo tribute from the bank)


class Fbs(State, kw_only=True):
    """A Four Big Strata game in progress."""

    participants: int
    round: int = 1
    phase: str = SETUP
    start: int = 0
    draw: list[int]  # class cards, top at the end
    empress_pile: list[int]  # face-up pile, top at the end (everyone sees the top card)
    display: list[int]  # Public Display slots: card type, or -1 once taken
    display_up: list[bool]
    discard: list[int]  # discarded face up (8.2.2): public
    grain: list[int]
    money: list[int]
    bank_grain: int
    bank_money: int
    cards: list[list[int]]  # per participant: card types in their Personal Display
    columns: list[list[int]]  # parallel: the column each card lies in (0-3 classes, 4 Empress)
    face_up: list[list[bool]]
    known: list[list[int]]  # parallel: bitmask of seats that know the card's face
    bids: list[int]  # this round's bids, -1 while not made
    bids_revealed: bool = False
    order: list[int] = []  # picking order after the bids are revealed
    order_pos: int = 0
    holding: int = -1  # card type taken face down, awaiting placement by order[order_pos]
    holding_known: int = 0
    market: list[bool]  # seat has opened its at-any-time exchanges and flips
    market_idle: int = 0  # bitmask of seats that opened the menu and have done nothing since (anytime.py)
    reward: list[int]  # resources owed for getting every card face down (Special situations)
    queue: list[list[int]] = []  # pending tasks [kind, seat, other, amount]
    final: list[list[int]] = []  # at the end: each participant's class scores
    cap_after_tribute: bool = False  # which Cap (8.3.1 or 8.4.2) is being resolved
    log: list[str] = []  # public events, in order: nothing a seat may not see goes here

    def clone(self) -> "Fbs":
        """A copy sharing nothing mutable: a shallow copy (every number and flag), then each list
        of ints or flags sliced and each nested list rebuilt by `map` (a shallow copy is far
        faster than building the struct field by field)."""
        new = self.__copy__()
        new.rng = Rng(self.rng.state)
        new.draw = self.draw[:]
        new.empress_pile = self.empress_pile[:]
        new.display = self.display[:]
        new.display_up = self.display_up[:]
        new.discard = self.discard[:]
        new.grain = self.grain[:]
        new.money = self.money[:]
        new.cards = list(map(list.copy, self.cards))
        new.columns = list(map(list.copy, self.columns))
        new.face_up = list(map(list.copy, self.face_up))
        new.known = list(map(list.copy, self.known))
        new.bids = self.bids[:]
        new.order = self.order[:]
        new.market = self.market[:]
        new.reward = self.reward[:]
        new.queue = list(map(list.copy, self.queue))
        new.final = list(map(list.copy, self.final))
        new.log = self.log[:]
        return new

    @property
    def solo(self) -> bool:
        return self.participants > self.players

    def name(self, participant: int) -> str:
        """How the public log names a participant: a seat by its mark (each reader sees "you" for
        their own, meeple.engine.wording), the solo opponent as the Magistrate."""
        return participant_name(participant, self.players)

    def note(self, text: str) -> None:
        """Add a public event to the log."""
        self.log.append(text)

    def all_seats_mask(self) -> int:
        return (1 << self.players) - 1
