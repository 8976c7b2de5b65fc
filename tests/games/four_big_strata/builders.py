"""Builders for Four Big Strata scenario tests.

Every state starts as a real game (`FourBigStrata().new_game`) and is then either driven
through `game.apply` or edited field by field. Edits that move cards take them from, or
return them to, the supply (draw pile, Empress pile, discard), so the 105-card multiset
stays whole. `resume` hands an edited state back to the game's own flow, which runs it
forward to the next decision exactly as it does after any action.
"""

from collections import Counter
from collections.abc import Callable

from meeple.games.four_big_strata import FourBigStrata
from meeple.games.four_big_strata import auction as _auction
from meeple.games.four_big_strata import flow as _flow
from meeple.games.four_big_strata.content import CLASSES, COLUMN_NAMES, load_content
from meeple.games.four_big_strata.state import BID, CAP, FEED, OVER, PICK, TASK_CAP, Fbs

CONTENT = load_content()
TYPE_OF = {card.id: index for index, card in enumerate(CONTENT.cards)}
FULL_DECK = Counter(CONTENT.deck(empresses=False) + CONTENT.deck(empresses=True))


def game(**options: object) -> FourBigStrata:
    return FourBigStrata(options)


def card(card_id: str):
    """The content entry of a card id."""
    return CONTENT.cards[TYPE_OF[card_id]]


def name(card_id: str) -> str:
    return card(card_id).name


# --- reading a state -----------------------------------------------------------------


def all_cards(state: Fbs) -> Counter:
    """Every physical card, wherever it is: must always equal FULL_DECK."""
    cards = state.draw + state.empress_pile + [t for t in state.display if t >= 0] + state.discard
    for held in state.cards:
        cards += held
    if state.holding >= 0:
        cards.append(state.holding)
    return Counter(cards)


def resources(state: Fbs, seat: int) -> tuple[int, int]:
    return state.grain[seat], state.money[seat]


def ids(game_: FourBigStrata, state: Fbs, seat: int) -> list[str]:
    return [a.id for a in game_.legal_actions(state, seat)]


def personal(game_: FourBigStrata, state: Fbs, seat: int, viewer: int | None) -> list[dict]:
    """The Personal Display of `seat` as `viewer` observes it."""
    return game_.observation(state, viewer)["participants"][seat]["cards"]


# --- editing a state -------------------------------------------------------------------


def _take_from_supply(state: Fbs, card_type: int) -> None:
    for pile in (state.draw, state.empress_pile, state.discard):
        if card_type in pile:
            # remove the copy nearest the bottom, so the top of the piles changes least
            pile.pop(pile.index(card_type))
            return
    raise ValueError(f"no {CONTENT.cards[card_type].id} left in the supply")


def give(state: Fbs, seat: int, card_id: str, up: bool = True, column: str | None = None, known: int = -1) -> int:
    """Put one card from the supply into `seat`'s Personal Display; returns its position.

    Face up it goes to its own column (unless `column` says otherwise); face down it goes
    under `column` and, unless `known` is given, only its owner knows its face."""
    card_type = TYPE_OF[card_id]
    _take_from_supply(state, card_type)
    col = COLUMN_NAMES.index(column) if column else CONTENT.cards[card_type].column
    if not up and col == 4:
        raise ValueError("a face-down card lies under a class")
    if known < 0:
        known = state.all_seats_mask() if up else (1 << seat if seat < state.players else 0)
    state.cards[seat].append(card_type)
    state.columns[seat].append(col)
    state.face_up[seat].append(up)
    state.known[seat].append(known)
    return len(state.cards[seat]) - 1


def give_many(state: Fbs, seat: int, card_ids: list[str], up: bool = True) -> None:
    for card_id in card_ids:
        give(state, seat, card_id, up=up)


def give_set(state: Fbs, seat: int, face_down: bool = True) -> None:
    """One card under each class column (face down by default: 1 point each, no effect)."""
    for cls, card_id in zip(CLASSES, ("scholar-1", "peasant-2", "artisan-plain", "merchant-1"), strict=True):
        give(state, seat, card_id, up=not face_down, column=cls)


def set_resources(state: Fbs, seat: int, grain: int, money: int) -> None:
    """Set a seat's resources, moving the difference to or from the Bank."""
    state.bank_grain += state.grain[seat] - grain
    state.bank_money += state.money[seat] - money
    state.grain[seat], state.money[seat] = grain, money


def set_display(state: Fbs, card_ids: list[str], up: list[bool]) -> None:
    """Replace the Public Display (the old one goes back under the draw pile)."""
    for card_type in state.display:
        if card_type >= 0:
            if CONTENT.cards[card_type].cls == "empress":
                state.empress_pile.insert(0, card_type)
            else:
                state.draw.insert(0, card_type)
    state.display, state.display_up = [], []
    for card_id, face_up in zip(card_ids, up, strict=True):
        _take_from_supply(state, TYPE_OF[card_id])
        state.display.append(TYPE_OF[card_id])
        state.display_up.append(face_up)


def resume(game_: FourBigStrata, state: Fbs) -> Fbs:
    """Run an edited state forward to its next decision with the game's own flow."""
    _flow.advance(state, game_.rules)
    return state


def after_auction(game_: FourBigStrata, state: Fbs) -> Fbs:
    """End the current auction now (the display is discarded, 8.2.2) and run Production,
    feeding and so on to the next decision; every player who can pay the feeding pays it
    without exchanging or flipping first (`feed`)."""
    state.phase = PICK
    state.order, state.order_pos, state.holding = [], 0, -1
    resume(game_, state)
    return feed_all(game_, state)


def feed_all(game_: FourBigStrata, state: Fbs) -> Fbs:
    """Every player to decide on the feeding who can pay it pays it as it stands (`feed`)."""
    while state.phase == FEED and "feed" in ids(game_, state, game_.to_move(state)[0]):
        game_.apply(state, game_.to_move(state)[0], "feed")
    return state


def at_tribute(game_: FourBigStrata, state: Fbs) -> Fbs:
    """Skip to the end of the Production phase (display discarded, nothing produced or fed)
    and run the Tribute phase to its next decision."""
    _auction.end_auction(state)
    state.phase, state.queue, state.cap_after_tribute = CAP, [], False
    return resume(game_, state)


def at_final_cap(game_: FourBigStrata, state: Fbs) -> Fbs:
    """Put the state in the last step of round 15 (discarding down to 10 after Tribute), with
    seat 0 holding 6 grain and 6 money so it has a choice to make."""
    _auction.end_auction(state)
    state.round = CONTENT.constants.rounds
    state.phase, state.cap_after_tribute = CAP, True
    state.queue = [[TASK_CAP, seat, 0, 0] for seat in range(state.players)]
    set_resources(state, 0, 6, 6)
    return resume(game_, state)


def end_game(game_: FourBigStrata, state: Fbs) -> Fbs:
    """Finish the game through a real action: seat 0 discards down to 10 in round 15."""
    at_final_cap(game_, state)
    assert game_.to_move(state) == (0,)
    game_.apply(state, 0, "discard:1")
    assert state.phase == OVER
    return state


def strip(state: Fbs, seat: int) -> None:
    """Return every card of a Personal Display to the supply."""
    for card_type in state.cards[seat]:
        if CONTENT.cards[card_type].cls == "empress":
            state.empress_pile.insert(0, card_type)
        else:
            state.draw.insert(0, card_type)
    state.cards[seat], state.columns[seat], state.face_up[seat], state.known[seat] = [], [], [], []


# --- driving a game --------------------------------------------------------------------

_PREFERENCE = (
    "reward:",
    "extra:",
    "close",
    "bid:0",
    "take:",
    "faceup",
    "facedown:",
    "discard:",
    "demand:",
    "gain:",
    "feed",
)


def simple_choice(legal: list[str]) -> str:
    """A plain, deterministic way to play: bid nothing, take the first card, pay to turn a
    face-down card face up when possible, flip a card to pay feeding or tribute."""
    for prefix in _PREFERENCE:
        for action_id in legal:
            if action_id.startswith(prefix):
                return action_id
    for prefix in ("flip:", "waive", "exchange:", "trade:"):
        for action_id in legal:
            if action_id.startswith(prefix):
                return action_id
    return legal[0]


def step(game_: FourBigStrata, state: Fbs, choose: Callable[[list[str]], str] = simple_choice) -> None:
    seat = game_.to_move(state)[0]
    game_.apply(state, seat, choose(ids(game_, state, seat)))


def play_until(
    game_: FourBigStrata,
    state: Fbs,
    done: Callable[[Fbs], bool],
    choose: Callable[[list[str]], str] = simple_choice,
    limit: int = 5000,
) -> Fbs:
    for _ in range(limit):
        if done(state) or game_.is_terminal(state):
            return state
        step(game_, state, choose)
    raise AssertionError("the game did not reach the wanted state")


def to_round(game_: FourBigStrata, state: Fbs, round_: int) -> Fbs:
    """Play on until the bids of `round_` are open."""
    return play_until(game_, state, lambda s: s.round == round_ and s.phase == BID)


def started(players: int, seed: int = 1, **options: object) -> tuple[FourBigStrata, Fbs]:
    """A new game with the setup choices made (everyone takes extra money), at round 1's bids."""
    g = game(**options)
    state = g.new_game(players, seed)
    play_until(g, state, lambda s: s.phase == BID)
    return g, state


def bid_all(game_: FourBigStrata, state: Fbs, bids: dict[int, int]) -> None:
    for seat, amount in bids.items():
        game_.apply(state, seat, f"bid:{amount}")
