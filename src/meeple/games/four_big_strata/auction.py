"""The Auction (rulebook 8.2): sealed bids, picks from the highest bidder, placing cards."""

from functools import cache, lru_cache

from meeple.engine import Action, merge_alike
from meeple.games.four_big_strata.anytime import check_all_face_down, open_market_action, transfer
from meeple.games.four_big_strata.content import CLASSES, Content
from meeple.games.four_big_strata.npc import place
from meeple.games.four_big_strata.state import PICK, Fbs, participant_name


@cache
def _bid(amount: int) -> Action:
    return Action(f"bid:{amount}", f"Bid {amount} money", {"kind": "bid", "amount": amount, "sealed": True})


@cache
def _bids(money: int) -> tuple[Action, ...]:
    """The bids of a seat holding `money`, made once per amount (actions are immutable)."""
    return tuple([_bid(amount) for amount in range(money + 1)])


def bid_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """8.2.1: a secret bid of any amount of the player's Money, 0 included."""
    return [*_bids(state.money[seat]), *open_market_action(state, seat, content)]


def reveal_bids(state: Fbs) -> None:
    """8.2.1-8.2.2: reveal together, all bids go to the Bank, picks go from the highest bid,
    ties to the player closest to the Start Player clockwise (the Start Player first)."""
    bids = state.bids
    for seat in range(state.players):
        transfer(state, seat, 0, -bids[seat])
    order, line = _revealed(tuple(bids), state.start, state.players)
    state.order = list(order)
    state.note(line)
    state.order_pos = 0
    state.bids_revealed = True
    state.phase = PICK


@lru_cache(maxsize=1 << 12)
def _revealed(bids: tuple[int, ...], start: int, players: int) -> tuple[tuple[int, ...], str]:
    """The picking order of `bids` (one a participant) with the Start Player `start`, and the log
    line telling them, worked out once per bids. Sorted by one number a participant: the bid,
    highest first, then the clockwise distance from the Start Player (less than the number of
    participants, so it only breaks ties), from which the participant follows."""
    participants = len(bids)
    keys = sorted([participants * -bids[p] + (p - start) % participants for p in range(participants)])
    order = tuple([(start + key % participants) % participants for key in keys])
    names = [participant_name(p, players) for p in range(participants)]
    listed = ", ".join([f"{names[p]} {bids[p]}" for p in range(participants)])
    return order, f"Bids revealed: {listed}; picking order: {', '.join([names[p] for p in order])}"


@cache
def _take(slot: int, card_type: int, content: Content) -> Action:
    """Taking from a slot: the face-up card named (card_type >= 0), else the face-down card."""
    if card_type < 0:
        label = f"Take the face-down card in slot {slot + 1}"
    else:
        card = content.cards[card_type]
        points = "1 pt" if card.points == 1 else f"{card.points} pts"
        label = f"Take {card.name} ({card.cls}, {points}: {card.effect_text()})"
    return Action(f"take:{slot}", label, {"kind": "take", "slot": slot})


def shown_display(state: Fbs) -> tuple[int, ...]:
    """The Public Display as every seat sees it: per slot the face-up card type, -1 face down,
    -2 empty."""
    return tuple(
        [
            -2 if card_type < 0 else card_type if up else -1
            for card_type, up in zip(state.display, state.display_up, strict=True)
        ]
    )


def take_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """8.2.1: one card from the Public Display."""
    return [*_takes(shown_display(state), content), *open_market_action(state, seat, content)]


@lru_cache(maxsize=4096)
def _takes(shown: tuple[int, ...], content: Content) -> tuple[Action, ...]:
    """The takes of a display as seen (per slot: the face-up card type, -1 face down, -2 empty),
    alike ones merged; made once per display (actions are immutable) since searches see the
    same display again and again."""
    return tuple(
        merge_alike([_take(slot, card_type, content) for slot, card_type in enumerate(shown) if card_type > -2])
    )


def perform_take(state: Fbs, seat: int, slot: int, content: Content) -> None:
    """A face-up card goes to its column (8.2.4); a face-down one is looked at first (8.2.3)."""
    card_type = state.display[slot]
    state.display[slot] = -1
    if state.display_up[slot]:
        place(state, seat, card_type, content.cards[card_type].column, True, state.all_seats_mask())
        card = content.cards[card_type]
        state.note(f"{state.name(seat)} takes {card.name} ({card.cls})")
        state.order_pos += 1
        return
    state.note(f"{state.name(seat)} takes the face-down card from slot {slot + 1} to look at it")
    state.holding = card_type
    start_saw = (1 << state.start) if state.start < state.players else 0
    state.holding_known = (1 << seat) | start_saw


def place_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """8.2.3-8.2.4: pay 2 Money to place it face up, or rotate it face down into any column."""
    faceup, facedowns = _place_choices(state.holding, content)
    actions = [faceup] if state.money[seat] >= content.constants.face_up_cost else []
    return actions + list(facedowns) + open_market_action(state, seat, content)


@cache
def _place_choices(card_type: int, content: Content) -> tuple[Action, tuple[Action, ...]]:
    """Placing a held card: face up (paid), and face down under each class."""
    cost = content.constants.face_up_cost
    faceup = Action("faceup", f"Pay {cost} money to place {content.cards[card_type].name} face up", {"kind": "place"})
    return faceup, tuple(
        Action(f"facedown:{name}", f"Place it face down under {name}s", {"kind": "place", "column": name})
        for name in CLASSES
    )


def perform_place(state: Fbs, seat: int, action_id: str, content: Content) -> None:
    card_type, known = state.holding, state.holding_known
    state.holding, state.holding_known = -1, 0
    if action_id == "faceup":
        transfer(state, seat, 0, -content.constants.face_up_cost)
        place(state, seat, card_type, content.cards[card_type].column, True, state.all_seats_mask())
        card = content.cards[card_type]
        state.note(
            f"{state.name(seat)} pays {content.constants.face_up_cost} money and shows it: {card.name} ({card.cls})"
        )
    else:
        column = action_id.partition(":")[2]
        place(state, seat, card_type, CLASSES.index(column), False, known)
        state.note(f"{state.name(seat)} places it face down under {column}s")
        check_all_face_down(state, seat)
    state.order_pos += 1


def end_auction(state: Fbs) -> None:
    """8.2.2: the cards left in the Public Display are discarded face up."""
    state.discard += [card_type for card_type in state.display if card_type >= 0]
    state.display = []
    state.display_up = []
    state.bids = [-1] * state.participants
    state.bids_revealed = False
    state.order = []
    state.order_pos = 0
