"""The solo opponent, "the Magistrate" (our design: the rulebook names a solo NPC, 3
Overview, but gives no rules for it; see docs/rules/four-big-strata.md).

The Magistrate keeps no resources: it bids a number drawn from its difficulty's range,
takes the face-up card that lifts its lowest class the most, and never pays upkeep.
Tribute it is owed is paid to the Bank; tribute it owes is paid by the Bank.
"""

from meeple.games.four_big_strata.content import CLASSES, EMPRESS, Content, NpcLevel
from meeple.games.four_big_strata.scoring import base_scores
from meeple.games.four_big_strata.state import Fbs


def npc_bid(state: Fbs, level: NpcLevel) -> int:
    """A bid uniformly in [bid_min, bid_max], drawn when the bids are revealed."""
    return level.bid_min + state.rng.below(level.bid_max - level.bid_min + 1)


def npc_pick(state: Fbs, npc: int, content: Content) -> None:
    """Take the face-up card that raises the lowest class score most (an Empress counts for
    the lowest class), ties to higher points then the leftmost slot; with no face-up card
    left, take the leftmost face-down one face down under the lowest class."""
    scores = base_scores(state, npc, content)
    lowest = min(range(len(CLASSES)), key=lambda c: (scores[c], c))
    best, best_key = -1, None
    for slot, (card_type, up) in enumerate(zip(state.display, state.display_up, strict=True)):
        if card_type < 0 or not up:
            continue
        card = content.cards[card_type]
        column = lowest if card.column == EMPRESS else card.column
        raised = scores[:]
        raised[column] += card.points
        key = (sorted(raised), card.points, -slot)
        if best_key is None or key > best_key:
            best, best_key = slot, key
    if best >= 0:
        card_type = state.display[best]
        state.display[best] = -1
        place(state, npc, card_type, content.cards[card_type].column, True, state.all_seats_mask())
        state.note(f"The Magistrate takes {content.cards[card_type].name} ({content.cards[card_type].cls})")
        return
    slot = next(s for s, t in enumerate(state.display) if t >= 0)
    known = (1 << state.start) if state.start < state.players else 0
    card_type = state.display[slot]
    state.display[slot] = -1
    place(state, npc, card_type, lowest, False, known)
    state.note(f"The Magistrate takes the face-down card from slot {slot + 1}, face down under {CLASSES[lowest]}s")


def place(state: Fbs, seat: int, card_type: int, column: int, up: bool, known: int) -> None:
    """Put a card into a Personal Display column (8.2.4)."""
    state.cards[seat].append(card_type)
    state.columns[seat].append(column)
    state.face_up[seat].append(up)
    state.known[seat].append(known)
