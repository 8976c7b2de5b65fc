"""What is on the table in a game of Round Table: plain data, nothing else.

Every physical card of the players' decks is a card instance (`uid`), numbered at setup;
`card_of[uid]` is its card in the pool and `owner[uid]` the seat whose deck it came from.
Zones hold uids: per seat a Main deck and a Demesne deck (top at the end), a hand, the cards
in play and the Spent Pile. Regions are shared and held by pool index. Per uid: the knight an
equipment or title is paired with, the region slot a knight attacks, the quest a knight is
on, whether a demesne has been upgraded, and the RP paid to bring the card into play.
"""

from typing import Any, ClassVar

from meeple.engine import Rng, State

# Phases (Basic Game Play: four seasons a round, after the start of the game).
START = "start"  # Before Play Begins, steps 5-6, and the mulligan
SPRING = "spring"
SUMMER = "summer"
AUTUMN = "autumn"  # only the Resetting Support decisions; attacks and quests resolve by themselves
WINTER = "winter"
DISCARD = "discard"  # the hand limit at the end of a season
OVER = "over"

# Summer steps of one player's campaign turn (Summer Season, steps 1-4).
DECLARE = "declare"
QUESTS = "quests"
REDIRECTS = "redirects"
OTHER = "other"
WINDOWS = (QUESTS, REDIRECTS, OTHER)

# Pending plays in a response window: [kind, seat, card uid, target uid, argument].
PLAY_QUEST = 0
PLAY_REDIRECT = 1
PLAY_OTHER = 2
# Redirect arguments: 0..2 attack that region slot; JOIN + q joins quest q; RESET leaves the task.
JOIN = 10
RESET = -1


UNORDERED = -1
"""The seed of a state `determinize` sampled. It has no seed, and its decks (each seat's Main and
Demesne decks, the Regions deck) lie in no order: a draw takes a uniformly random card of the
deck (zones.take_top), so a deck's order is drawn card by card as play reveals it, which gives
every order the same chance as shuffling the deck first, at the cost of the cards drawn only.
No real game has it: the engine's `new_game` takes seeds from 0 up only."""


class Rt(State, kw_only=True, dict=True):
    """A Round Table game in progress. Besides its fields (all that is encoded, compared and
    digested), an instance may keep `lineups`: per seat, a summary of its cards in play that the
    rules keep true (lineup.py), and `shown`: per seat, its cards in play as observations show
    them (observation.InPlay), dropped by the rules whenever they change one (`touched`). Never
    encoded, compared or pickled, so built again when missing."""

    card_of: list[int]
    owner: list[int]
    decks: list[str]  # the deck name each seat plays
    main: list[list[int]]
    demesne: list[list[int]]
    hand: list[list[int]]
    play: list[list[int]]
    spent: list[list[int]]
    paired: list[int]  # per uid: the knight an equipment or title is paired with, else -1
    attack: list[int]  # per uid: region slot a knight is committed to, else -1
    quest_of: list[int]  # per uid: index in `quests` of the quest a knight is on (engaged), else -1
    upgraded: list[bool]  # per uid: a demesne another demesne has been played on
    paid: list[int]  # per uid: RP allocated to it while in play
    regions_deck: list[int]  # pool indices, top at the end
    regions: list[int]  # the regions in play (up to 3), pool indices
    captured: list[list[int]]
    total_renown: int
    active: int = 0
    phase: str = START
    round: int = 1
    turn: int = 0  # how many seats have finished their part of the current season or step
    step: str = DECLARE
    window: list[list[int]] = []  # pending plays, resolved in the order played
    window_seat: int = 0  # who may respond now
    window_passes: int = 0  # consecutive passes in the window
    used: list[int] = []  # pool indices of the Quests and Redirects played this Summer
    quests: list[list[int]] = []  # [quest uid, target knight uid, RP spent, seat that played it]
    spent_rp: list[int]  # per seat: RP spent on Quests and Redirects this Summer
    owed: list[int] = []  # per seat: Quest draws still to take in Autumn (the seat picks the decks)
    demesne_played: list[bool]  # per seat: a demesne was brought into play this Spring
    mulligans: list[int]  # per seat: 0 none yet, 1 hand drawn, 2 mulligan used or kept
    left: list[list[int]] = []  # [item uid, knight uid]: an item moved off that knight this Spring turn
    after_discard: str = ""  # the phase the hand limit leads to
    end_reason: str = ""
    log: list[str] = []
    lineups: ClassVar[list[Any] | None] = None  # per seat its lineup.Lineup or None; set per instance
    shown: ClassVar[list[Any] | None] = None  # per seat its observation.InPlay or None; set per instance

    def clone(self) -> "Rt":
        """A copy sharing nothing mutable: a shallow copy made in C (`__copy__`, its numbers and
        strings shared), then every list replaced by a copy: lists of ints sliced, nested lists
        rebuilt (`map` of `list.copy`: no comprehension's frame); the kept lineups, immutable,
        are shared."""
        copy = self.__copy__()
        copy.rng = Rng(self.rng.state)
        copy.card_of = self.card_of[:]
        copy.owner = self.owner[:]
        copy.decks = self.decks[:]
        copy.main = list(map(list.copy, self.main))
        copy.demesne = list(map(list.copy, self.demesne))
        copy.hand = list(map(list.copy, self.hand))
        copy.play = list(map(list.copy, self.play))
        copy.spent = list(map(list.copy, self.spent))
        copy.paired = self.paired[:]
        copy.attack = self.attack[:]
        copy.quest_of = self.quest_of[:]
        copy.upgraded = self.upgraded[:]
        copy.paid = self.paid[:]
        copy.regions_deck = self.regions_deck[:]
        copy.regions = self.regions[:]
        copy.captured = list(map(list.copy, self.captured))
        copy.window = list(map(list.copy, self.window))
        copy.used = self.used[:]
        copy.quests = list(map(list.copy, self.quests))
        copy.spent_rp = self.spent_rp[:]
        copy.owed = self.owed[:]
        copy.demesne_played = self.demesne_played[:]
        copy.mulligans = self.mulligans[:]
        copy.left = list(map(list.copy, self.left))
        copy.log = self.log[:]
        if self.lineups is not None:
            copy.lineups = self.lineups[:]  # the summaries are immutable: shared, the list not
        if self.shown is not None:
            copy.shown = self.shown[:]  # so are the InPlay views
        return copy

    def touched(self, seat: int | None) -> None:
        """The seat's cards in play (None: any seat's) changed: a card came or left, or one's
        pairing, task, upgrade or payment. Drops what observations keep of them (`shown`)."""
        shown = self.shown
        if shown is not None:
            if seat is None:
                self.shown = None
            else:
                shown[seat] = None

    def seat_of_turn(self) -> int:
        """The seat whose part of the season it is: clockwise from the active player."""
        return (self.active + self.turn) % self.players

    def note(self, text: str) -> None:
        """Add a public event to the log."""
        self.log.append(text)
