"""Fast heuristics for Four Big Strata: the playout policy of search bots and the
`heuristic` agent. They read only what the deciding seat may see."""

from meeple.engine import Action, Rng
from meeple.games.four_big_strata.content import EMPRESS, Content
from meeple.games.four_big_strata.scoring import base_scores
from meeple.games.four_big_strata.state import BID, PICK, Fbs


def _lowest_class(state: Fbs, seat: int, content: Content) -> int:
    scores = base_scores(state, seat, content)
    return min(range(len(scores)), key=lambda c: (scores[c], c))


def _card_value(state: Fbs, seat: int, card_type: int, content: Content, lowest: int) -> float:
    """How much a face-up card helps: points where they are needed, and its economy."""
    card = content.cards[card_type]
    column = lowest if card.column == EMPRESS else card.column
    value = card.points * (2.0 if column == lowest else 1.0)
    value += 0.6 * (card.grain + card.money) + 0.5 * card.influence - 0.8 * (card.feed_grain + card.feed_money)
    return value + 1.5 * (card.end_each + card.end_any + card.end_class_points / 3)


def playout_action(state: Fbs, seat: int, legal: list[Action], rng: Rng, content: Content) -> Action:
    """A sensible move at once: modest bids, the card that lifts the weakest class, exchanges
    only when short, flips only when forced, discards of the more plentiful resource."""
    first = legal[0].id
    verb = first.partition(":")[0]
    if state.phase == BID and not state.market[seat] and verb == "bid":
        bids = [a for a in legal if a.id.startswith("bid:")]
        return bids[min(len(bids) - 1, rng.below(3))]
    if state.phase == PICK and verb == "take":
        lowest = _lowest_class(state, seat, content)
        up = [a for a in legal if a.id.startswith("take:") and state.display_up[a.payload["slot"]]]
        if not up:
            return legal[0]
        return max(up, key=lambda a: _card_value(state, seat, state.display[a.payload["slot"]], content, lowest))
    if verb in ("faceup", "facedown"):
        lowest = _lowest_class(state, seat, content)
        if verb == "faceup" and state.money[seat] >= 4:
            return legal[0]
        return next(a for a in legal if a.id == f"facedown:{('scholar', 'peasant', 'artisan', 'merchant')[lowest]}")
    if verb == "discard":
        discards = [a for a in legal if a.id.startswith("discard:")]
        more_grain = state.grain[seat] >= state.money[seat]
        return discards[-1] if more_grain else discards[0]
    if verb == "demand":
        return legal[0] if state.grain[seat] <= state.money[seat] else legal[1]
    if verb in ("reward", "extra", "gain"):
        return legal[len(legal) // 2]
    if state.market[seat]:
        return next(a for a in legal if a.id == "close")
    for action in legal:
        if action.id.startswith(("exchange:", "trade:")):
            short_grain = state.grain[seat] < state.money[seat]
            if action.id.endswith("money-grain") == short_grain:
                return action
    return legal[rng.below(len(legal))]
