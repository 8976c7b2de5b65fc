"""Fast heuristics for Four Big Strata: the playout policy of search bots and the
`heuristic` agent. They read only what the deciding seat may see (its own cards, face-up
cards, public resources), never a hidden face.

The rules of thumb: keep the weakest class rising (the lowest class is the score, 9), keep
the grain and money flows from going negative (8.3.1), bid only what the best card is worth
over the next one, exchange before flipping, and flip the least useful card when forced.
"""

from functools import cache, lru_cache
from typing import NamedTuple

from meeple.engine import Action, Rng
from meeple.games.four_big_strata.auction import shown_display
from meeple.games.four_big_strata.content import CLASSES, EMPRESS, Content
from meeple.games.four_big_strata.production import feeding_demand
from meeple.games.four_big_strata.scoring import tableau_scores
from meeple.games.four_big_strata.state import BID, PICK, Fbs


def net_flows(state: Fbs, seat: int, content: Content) -> tuple[int, int]:
    """Grain and money a player gains per round from face-up cards, less feeding (8.3.1: 1 grain
    a card and the face-up cards' own upkeep; sets ignored)."""
    return tableau_flows(tuple(state.cards[seat]), tuple(state.face_up[seat]), content)


@lru_cache(maxsize=1 << 14)
def tableau_flows(cards: tuple[int, ...], face_up: tuple[bool, ...], content: Content) -> tuple[int, int]:
    """`net_flows` of a tableau given as tuples, worked out once per tableau."""
    grain = -content.constants.feed_per_card * len(cards)
    money = 0
    flows = _card_terms(content)
    for card_type, up in zip(cards, face_up, strict=True):
        if up:
            terms = flows[card_type]
            grain += terms.grain
            money += terms.money
    return grain, money


class _Terms(NamedTuple):
    """What one card type brings to the rules of thumb, worked out once per content."""

    column: int
    points: int
    ends: float  # 1.2 * the end-of-game bonuses
    end_class: float  # 0.6 * the points given to a named class
    extras: float  # influence, set bonuses and the exchange
    grain: int  # its grain production less its grain upkeep
    money: int  # its money production less its money upkeep


@cache
def _card_terms(content: Content) -> tuple[_Terms, ...]:
    """Each card type's `_Terms`, by card type (content-keyed, read only)."""
    return tuple(
        _Terms(
            card.column,
            card.points,
            1.2 * (card.end_each + card.end_any),
            0.6 * card.end_class_points,
            0.4 * card.influence + 0.8 * (card.set_grain + card.set_money) + (0.8 if card.trade else 0.0),
            card.grain - card.feed_grain,
            card.money - card.feed_money,
        )
        for card in content.cards
    )


def _flow_worth(net: int) -> float:
    """Per round: a deficit hurts (it costs flips); a small surplus helps, a large one is capped at 10."""
    return 1.5 * net if net < 0 else 0.3 * min(net, 3)


def _weights(scores: tuple[int, ...]) -> tuple[float, ...]:
    low = min(scores)
    return tuple([2.0 if score <= low else 1.2 if score <= low + 2 else 0.5 for score in scores])


class _Context(NamedTuple):
    """A seat's situation for the rules of thumb: class weights, the flows and what they are worth."""

    weights: tuple[float, ...]
    grain: int
    money: int
    grain_worth: float  # _flow_worth(grain)
    money_worth: float  # _flow_worth(money)
    lowest: int  # the column of the weakest class (the first of the highest weights)
    terms: tuple[_Terms, ...]  # _card_terms(content)


def _back_worth(column: int, ctx: _Context, content: Content) -> float:
    """What a face-down card under `column` adds: the back's points, and one more grain to eat."""
    return ctx.weights[column] * content.backs[column] + _flow_worth(ctx.grain - 1) - ctx.grain_worth


def _card_worth(card_type: int, ctx: _Context, content: Content) -> float:
    """What a face-up card adds: its points where they are needed, and its effect on the flows."""
    weights, grain, money, grain_worth, money_worth, lowest, terms = ctx
    column, points, ends, end_class, extras, card_grain, card_money = terms[card_type]
    worth = weights[lowest if column == EMPRESS else column] * points + ends
    worth += end_class
    worth += extras
    flows = _flow_worth(grain + card_grain - 1) - grain_worth + _flow_worth(money + card_money) - money_worth
    return worth + flows


def _context(state: Fbs, seat: int, content: Content) -> _Context:
    """Class weights and the flows, with the grain that the cards still to come will eat."""
    return _make_context(*_standing(state, seat, content), content)


def _standing(state: Fbs, seat: int, content: Content) -> tuple[tuple[float, ...], int, int]:
    """What a `_Context` is made of: the class weights and the net grain and money flows, the
    grain less what the cards still to come will eat."""
    weights, net_grain, net_money = _tableau_standing(
        tuple(state.cards[seat]), tuple(state.columns[seat]), tuple(state.face_up[seat]), content
    )
    return weights, net_grain - (content.constants.rounds - state.round) // 2, net_money


@lru_cache(maxsize=1 << 12)
def _make_context(weights: tuple[float, ...], grain: int, money: int, content: Content) -> _Context:
    """The `_Context` of class weights and flows: the flows' worth, the weakest class (the first
    of the highest weights) and the card terms follow from them (made once per standing, read
    only)."""
    return _Context(
        weights, grain, money, _flow_worth(grain), _flow_worth(money), weights.index(max(weights)), _card_terms(content)
    )


@lru_cache(maxsize=1 << 14)
def _tableau_standing(
    cards: tuple[int, ...], columns: tuple[int, ...], face_up: tuple[bool, ...], content: Content
) -> tuple[tuple[float, ...], int, int]:
    """The class weights and the net flows of a tableau, worked out once per tableau."""
    return (_weights(tableau_scores(cards, columns, face_up, content)), *tableau_flows(cards, face_up, content))


def _display_worths(state: Fbs, seat: int, content: Content) -> tuple[float | None, ...]:
    """What taking each Public Display slot is worth to `seat` (None: an empty slot)."""
    return _worths_of(shown_display(state), *_standing(state, seat, content), content)


@lru_cache(maxsize=1 << 14)
def _worths_of(
    shown: tuple[int, ...], weights: tuple[float, ...], grain: int, money: int, content: Content
) -> tuple[float | None, ...]:
    """`_display_worths` of a display as seen (`shown_display`) by a seat standing at `weights`,
    `grain` and `money` (`_standing`), once per both."""
    ctx = _make_context(weights, grain, money, content)
    back = _back_worth(ctx.lowest, ctx, content)
    return tuple(
        [
            None if shown_type == -2 else back if shown_type == -1 else _card_worth(shown_type, ctx, content)
            for shown_type in shown
        ]
    )


def _bid(state: Fbs, seat: int, legal: list[Action], rng: Rng, content: Content) -> Action:
    """Bid about the gap between the best and the second-best card, keeping upkeep money."""
    worths = sorted(
        [worth for worth in _display_worths(state, seat, content) if worth is not None],
        reverse=True,
    )
    gap = worths[0] - worths[1] if len(worths) > 1 else 0.0
    _, need_money = feeding_demand(state, seat, content)
    spare = max(0, state.money[seat] - need_money - content.constants.face_up_cost)
    amount = min(spare, max(0, int(gap + rng.random())))
    return legal[min(amount, len(legal) - 1)]


def _take(state: Fbs, seat: int, legal: list[Action], content: Content) -> Action:
    worths = _display_worths(state, seat, content)
    takes = [a for a in legal if a.id.startswith("take:")]
    return max(takes, key=lambda a: worths[a.payload["slot"]])  # type: ignore[arg-type,return-value]


def _place(state: Fbs, seat: int, legal: list[Action], content: Content) -> Action:
    """Pay 2 to show a card when it is worth more face up than face down under the weakest class."""
    ctx = _context(state, seat, content)
    column = ctx.lowest
    down = next(a for a in legal if a.id == f"facedown:{CLASSES[column]}")
    if legal[0].id != "faceup" or state.money[seat] < 3:
        return down
    up_worth = _card_worth(state.holding, ctx, content) - 1.0
    return legal[0] if up_worth > _back_worth(column, ctx, content) else down


def _pay(state: Fbs, seat: int, legal: list[Action], content: Content) -> Action:
    """Short of resources: an exchange that does not leave the other resource short, else flip
    the least useful card (a card with upkeep stops costing it) for what is missing."""
    k = content.constants
    need_grain, need_money = feeding_demand(state, seat, content)
    short_grain = max(0, need_grain - state.grain[seat])
    short_money = max(0, need_money - state.money[seat])
    spare_grain = state.grain[seat] - need_grain
    spare_money = state.money[seat] - need_money
    wanted = []
    if short_grain:
        wanted += [("trade:money-grain", k.trade_give, spare_money), ("exchange:money-grain", k.bank_rate, spare_money)]
    if short_money:
        wanted += [("trade:grain-money", k.trade_give, spare_grain), ("exchange:grain-money", k.bank_rate, spare_grain)]
    for action_id, give, spare in wanted:
        if spare >= give:
            for action in legal:
                if action.id == action_id:
                    return action
    flips = [a for a in legal if a.id.startswith("flip:")]
    if not flips:
        return next((action for action in legal if action.id == "waive"), legal[0])
    ctx = _context(state, seat, content)
    grain_wanted = min(2, short_grain) if short_grain >= short_money else 2 - min(2, short_money)
    worth = {}
    for pos in {action.payload["position"] for action in flips}:
        card = content.cards[state.cards[seat][pos]]
        worth[pos] = _card_worth(state.cards[seat][pos], ctx, content) - 1.5 * (card.feed_grain + card.feed_money)
    return min(flips, key=lambda a: (worth[a.payload["position"]], abs(a.payload["grain"] - grain_wanted)))


def _split(legal: list[Action], state: Fbs, seat: int, content: Content) -> Action:
    """Rewards and extra resources: lean towards the resource whose flow is worse."""
    net_grain, net_money = net_flows(state, seat, content)
    return legal[-1] if net_grain <= net_money else legal[0]


def playout_action(state: Fbs, seat: int, legal: list[Action], rng: Rng, content: Content) -> Action:
    """A sensible move at once, for search playouts and the heuristic agent."""
    verb = legal[0].id.partition(":")[0]
    if verb in ("reward", "extra", "gain"):
        return _split(legal, state, seat, content)
    if state.market[seat]:
        return next(a for a in legal if a.id == "close")
    if state.phase == BID and verb == "bid":
        return _bid(state, seat, legal, rng, content)
    if state.phase == PICK and verb == "take":
        return _take(state, seat, legal, content)
    if verb in ("faceup", "facedown"):
        return _place(state, seat, legal, content)
    if verb == "discard":
        discards = [a for a in legal if a.id.startswith("discard:")]
        net_grain, net_money = net_flows(state, seat, content)
        return discards[0] if net_grain < net_money else discards[-1]
    if verb == "demand":
        net_grain, net_money = net_flows(state, seat, content)
        return legal[0] if net_grain <= net_money else legal[1]
    if verb == "feed":
        return legal[0]  # the bill can be met: pay it (flips are for shortfalls)
    if verb in ("exchange", "trade", "flip", "waive"):
        return _pay(state, seat, legal, content)
    return legal[rng.below(len(legal))]
