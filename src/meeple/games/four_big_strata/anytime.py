"""Things a player may do at any time (8.4, "At any time during the game"), and the
Special situation reward for getting every card face down.

- exchange Resources with the Bank in a 4:1 ratio: any four (grain, money or a mix) for one of
  the player's choice;
- with a face-up exchange card (5 C), trade 4 Money for 2 Grain or 4 Grain for 2 Money;
- flip a face-up card face down for 2 Resources of your choice, keeping its class
  (an Empress flipped face down may go under any class).
"""

from functools import cache, lru_cache

from meeple.engine import Action
from meeple.games.four_big_strata.content import CLASSES, EMPRESS, Content
from meeple.games.four_big_strata.state import PUBLIC, Fbs


def transfer(state: Fbs, seat: int, grain: int, money: int) -> None:
    """Move resources between a participant and the Bank (positive: to the participant)."""
    state.grain[seat] += grain
    state.money[seat] += money
    state.bank_grain -= grain
    state.bank_money -= money


def has_trade_card(state: Fbs, seat: int, content: Content) -> bool:
    cards = content.cards
    if content.trade_types.isdisjoint(state.cards[seat]):
        return False
    return any(up and cards[t].trade for t, up in zip(state.cards[seat], state.face_up[seat], strict=True))


def exchange_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """The Bank 4:1 exchanges and the exchange card's 4-for-2 trades the seat can afford now. The
    Bank takes four Resources of any kinds (8.4 "exchange Resources ... in a 4:1 ratio"); four of
    one kind for one of the same would only be a discard, so it is not offered."""
    k = content.constants
    grain, money = state.grain[seat], state.money[seat]
    trade = (grain >= k.trade_give or money >= k.trade_give) and has_trade_card(state, seat, content)
    return list(_exchanges(grain, money, trade, content))


@lru_cache(maxsize=1024)
def _exchanges(grain: int, money: int, trade: bool, content: Content) -> tuple[Action, ...]:
    """`exchange_actions` of a seat holding `grain` and `money` (`trade`: with a face-up exchange
    card), made once per holding (the actions are immutable)."""
    k = content.constants
    grain_money, money_grain, trade_grain, trade_money = _fixed_exchanges(content)
    actions = []
    if grain >= k.bank_rate:
        actions.append(grain_money)
    if money >= k.bank_rate:
        actions.append(money_grain)
    actions += [
        action for given, action in _mixed_exchanges(k.bank_rate) if grain >= given and money >= k.bank_rate - given
    ]
    if trade:
        if grain >= k.trade_give:
            actions.append(trade_grain)
        if money >= k.trade_give:
            actions.append(trade_money)
    return tuple(actions)


def can_exchange(state: Fbs, seat: int, content: Content) -> bool:
    """Whether `exchange_actions` offers anything, without building it: four resources of any
    mix for the Bank, or what the exchange card's trade gives up."""
    k = content.constants
    grain, money = state.grain[seat], state.money[seat]
    if grain + money >= k.bank_rate:
        return True
    return (grain >= k.trade_give or money >= k.trade_give) and has_trade_card(state, seat, content)


@cache
def _fixed_exchanges(content: Content) -> tuple[Action, Action, Action, Action]:
    """The exchanges of one kind for the other: the Bank's two, then the exchange card's two."""
    k = content.constants
    return (
        Action("exchange:grain-money", f"Exchange {k.bank_rate} grain for 1 money with the Bank"),
        Action("exchange:money-grain", f"Exchange {k.bank_rate} money for 1 grain with the Bank"),
        Action("trade:grain-money", f"Trade {k.trade_give} grain for {k.trade_get} money"),
        Action("trade:money-grain", f"Trade {k.trade_give} money for {k.trade_get} grain"),
    )


@cache
def _mixed_exchanges(rate: int) -> tuple[tuple[int, Action], ...]:
    """4:1 exchanges of a mix of grain and money: (grain given, action), built once."""
    return tuple(
        (
            grain,
            Action(
                f"exchange:{grain}-{rate - grain}:{get}",
                f"Exchange {_split_label(grain, rate)} for 1 {get} with the Bank",
            ),
        )
        for grain in range(1, rate)
        for get in ("grain", "money")
    )


def _split_label(grain: int, total: int) -> str:
    return f"{grain} grain and {total - grain} money"


@cache
def _flips_of(pos: int, card_type: int, column: int, content: Content) -> tuple[Action, ...]:
    """The flip actions of one card at one position (immutable, so built once and shared)."""
    reward = content.constants.flip_reward
    card = content.cards[card_type]
    targets = range(len(CLASSES)) if column == EMPRESS else (column,)
    return tuple(
        Action(
            f"flip:{pos}:{grain}" + (f":{CLASSES[target]}" if column == EMPRESS else ""),
            f"Flip {card.name} face down"
            + (f" under {CLASSES[target]}s" if column == EMPRESS else "")
            + f" for {_split_label(grain, reward)}",
            {"kind": "flip", "position": pos, "grain": grain, "column": CLASSES[target]},
        )
        for target in targets
        for grain in range(reward + 1)
    )


def flip_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """One action per face-up card and choice of 2 resources (and class, for an Empress)."""
    return list(
        _tableau_flips(tuple(state.cards[seat]), tuple(state.face_up[seat]), tuple(state.columns[seat]), content)
    )


@lru_cache(maxsize=1 << 12)
def _tableau_flips(
    cards: tuple[int, ...], face_up: tuple[bool, ...], columns: tuple[int, ...], content: Content
) -> tuple[Action, ...]:
    """`flip_actions` of a tableau, made once per tableau (actions are immutable)."""
    actions: list[Action] = []
    for pos, (card_type, up) in enumerate(zip(cards, face_up, strict=True)):
        if up:
            actions += _flips_of(pos, card_type, columns[pos], content)
    return tuple(actions)


def perform_exchange(state: Fbs, seat: int, action_id: str, content: Content) -> None:
    """Carry out an `exchange:` (Bank 4:1) or `trade:` (exchange card 4:2) action."""
    k = content.constants
    kind, _, direction = action_id.partition(":")
    give, get = (k.bank_rate, 1) if kind == "exchange" else (k.trade_give, k.trade_get)
    if direction[0].isdigit():  # a mix: `exchange:<grain>-<money>:<kind received>`
        mix, _, received = direction.partition(":")
        grain, money = (int(n) for n in mix.split("-"))
        transfer(state, seat, -grain + (received == "grain"), -money + (received == "money"))
        state.note(f"{state.name(seat)} exchanges {grain} grain and {money} money for 1 {received}")
    elif direction == "grain-money":
        transfer(state, seat, -give, get)
        state.note(f"{state.name(seat)} exchanges {give} grain for {get} money")
    else:
        transfer(state, seat, get, -give)
        state.note(f"{state.name(seat)} exchanges {give} money for {get} grain")


def perform_flip(state: Fbs, seat: int, action: Action, content: Content) -> None:
    """Flip a face-up card face down for 2 resources; it can never be flipped back (8.4)."""
    pos = action.payload["position"]
    grain = action.payload["grain"]
    state.face_up[seat][pos] = False
    state.columns[seat][pos] = CLASSES.index(action.payload["column"])
    state.known[seat][pos] = PUBLIC  # it was face up: everyone saw it, spectators too
    reward = content.constants.flip_reward
    transfer(state, seat, grain, reward - grain)
    name = content.cards[state.cards[seat][pos]].name
    state.note(f"{state.name(seat)} flips {name} face down for {_split_label(grain, reward)}")
    check_all_face_down(state, seat)


def check_all_face_down(state: Fbs, seat: int) -> None:
    """Special situations: a player whose cards are now all face down receives as many
    Resources as the current round (after flipping the last card or taking one face down)."""
    if state.cards[seat] and not any(state.face_up[seat]):
        state.reward[seat] += state.round


def split_actions(verb: str, amount: int, why: str) -> list[Action]:
    """One action per way of taking `amount` resources as grain and money ("resources of
    their choice"): `<verb>:<grain>`."""
    return list(_splits(verb, amount, why))


@cache
def _splits(verb: str, amount: int, why: str) -> tuple[Action, ...]:
    return tuple(
        Action(f"{verb}:{grain}", f"Take {_split_label(grain, amount)} {why}", {"kind": verb, "grain": grain})
        for grain in range(amount + 1)
    )


def reward_actions(state: Fbs, seat: int) -> list[Action]:
    return split_actions("reward", state.reward[seat], "(all your cards are face down)")


def perform_reward(state: Fbs, seat: int, action: Action) -> None:
    grain = action.payload["grain"]
    transfer(state, seat, grain, state.reward[seat] - grain)
    state.note(f"{state.name(seat)} takes {_split_label(grain, state.reward[seat])}: every card face down")
    state.reward[seat] = 0


_OPEN = Action("market", "Exchange resources or flip a card face down...")
_CLOSE = Action("close", "Done exchanging and flipping")


def market_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    """Inside the at-any-time menu: exchanges, flips, and closing the menu."""
    return [
        *exchange_actions(state, seat, content),
        *flip_actions(state, seat, content),
        _CLOSE,
    ]


def open_market_action(state: Fbs, seat: int, content: Content) -> list[Action]:
    """The entry to the at-any-time menu, offered where the main choice is something else, and
    not again to a seat that closed it without doing anything (until that seat's next action):
    opening and closing the menu changes nothing, so offering it again would let a seat (a
    search bot) open and close it for ever instead of making its choice."""
    if state.market_idle >> seat & 1:
        return []
    if any(state.face_up[seat]) or can_exchange(state, seat, content):
        return [_OPEN]
    return []


def note_market(state: Fbs, seat: int, verb: str) -> None:
    """Keep `market_idle`: a seat that opens the menu is idle in it until it does anything else
    than closing it (an exchange, a flip, its bid, pick or placement)."""
    if verb == "market":
        state.market_idle |= 1 << seat
    elif state.market_idle and verb != "close":
        state.market_idle &= ~(1 << seat)
